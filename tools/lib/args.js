import {parseArgs} from 'node:util'
import {UsageError} from './errors.js'

/**
 * `node:util` parseArgs with positionals, its errors as usage errors (exit 2), for every subcommand.
 * A string option given twice is refused, unless it is `multiple` (`--lang`: see languageList).
 *
 * @template {NonNullable<import('node:util').ParseArgsConfig['options']>} O
 * @param {string[]} args
 * @param {O} options
 */
export function parseArgsOrUsage(args, options) {
  try {
    const parsed = parseArgs({args, options, allowPositionals: true, strict: true, tokens: true})
    const given = parsed.tokens.flatMap((t) => (t.kind === 'option' && options[t.name].type === 'string' && !options[t.name].multiple ? [t.name] : []))
    const twice = given.find((name, i) => given.indexOf(name) !== i)
    if (twice) throw new Error(`Option \`--${twice}\` given twice, expected it once`)
    return parsed
  } catch (error) {
    throw new UsageError(/** @type {Error} */ (error).message)
  }
}

/**
 * The languages of a `multiple` --lang, each a list: `--lang en,zh --lang ja` is en, zh and ja.
 * @param {string[] | undefined} given
 */
export const languageList = (given) => given?.flatMap((l) => l.split(',')).map((l) => l.trim())
