/**
 * Errors carrying the CLI's exit code; a plain Error reaching the top is a bug, printed with its stack.
 */

/** The data or input is invalid (exit 1). */
export class InvalidError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'InvalidError'
    this.exitCode = 1
  }
}

/** The command was called wrongly (exit 2). */
export class UsageError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message)
    this.name = 'UsageError'
    this.exitCode = 2
  }
}
