/**
 * Errors that carry the exit code the CLI ends with. A plain Error reaching the
 * top-level handler is a bug: only then is a stack trace printed.
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
