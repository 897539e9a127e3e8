import {parseArgs} from 'node:util'
import {UsageError} from './errors.js'

/**
 * `node:util` parseArgs with positionals allowed and its errors turned into
 * usage errors (exit 2). Every subcommand parses its arguments with this.
 *
 * @template {NonNullable<import('node:util').ParseArgsConfig['options']>} O
 * @param {string[]} args
 * @param {O} options
 */
export function parseArgsOrUsage(args, options) {
  try {
    return parseArgs({args, options, allowPositionals: true, strict: true})
  } catch (error) {
    throw new UsageError(/** @type {Error} */ (error).message)
  }
}
