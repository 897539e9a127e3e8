import {parseArgs} from 'node:util'
import {UsageError} from './errors.js'

/**
 * `node:util` parseArgs with positionals, its errors as usage errors (exit 2), for every subcommand.
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
