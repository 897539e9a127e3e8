/**
 * A regular expression that matches `message` whole: `toThrow` with a string
 * passes when the message merely contains it, this only when it is the message.
 * Not a test file.
 * @param {string} message
 */
export function exactly(message) {
  return new RegExp(`^${message.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`)
}
