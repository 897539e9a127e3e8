import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {formatProblem, hasErrors, sortProblems} from '../lib/problems.js'
import {siteLanguages} from './labels.js'
import {checkI18n} from './check.js'
import {stampAll, stampTranslation} from './stamp.js'
import {statusTable} from './status.js'

export const HELP = `Usage: benchdoc i18n check [report-id...]
       benchdoc i18n stamp <report-id> <lang> | --all
       benchdoc i18n status

Keep translations complete, current and faithful. Run in the project folder.

check   Check the labels in i18n/ (same keys and {{ .field }} placeholders in
        every language, none empty, product names kept, no machine-translation
        damage) and each translated narrative in content/narrative/ against
        its source: the same sections, a translated_from stamp that matches
        the source, and per section the same numbers, inline code, link URLs
        and product names. Prints each problem as
        path:line:col: error|warning: message [rule]. With report ids, checks
        only those reports' narratives.
stamp   After updating a translation, record in its front matter the digests
        of the source sections it now translates (translated_from). Only the
        front matter changes. --all stamps every translation without a stamp.
status  Print a table of report × language: source, ok, missing,
        stale (n sections) or unstamped.

Exit 0 when there is no error, 1 when there is one, 2 on wrong usage.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    help: {type: 'boolean', short: 'h'},
    all: {type: 'boolean'}
  })
  if (values.help) {
    io.out(HELP)
    return 0
  }
  const [sub, ...args] = positionals
  if (!sub) throw new UsageError('Missing subcommand, expected one of: check, stamp, status')
  if (values.all && sub !== 'stamp') throw new UsageError(`Unexpected \`--all\` for \`${sub}\`, expected it only with \`stamp\``)
  const root = io.cwd
  if (!existsSync(join(root, 'i18n'))) throw new UsageError(`No i18n/ folder in ${root}, expected to run in the project folder`)
  const languages = siteLanguages(root)

  if (sub === 'check') {
    const {problems, reports, labels} = checkI18n(root, languages, args.length > 0 ? args : undefined)
    for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
    const errors = problems.filter((p) => p.severity === 'error').length
    const warnings = problems.length - errors
    const what = [labels > 0 ? plural(labels, 'label file') : '', plural(reports, 'report')].filter(Boolean).join(' and ')
    io.err(`${what} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`)
    return hasErrors(problems) ? 1 : 0
  }
  if (sub === 'stamp') {
    if (values.all ? args.length > 0 : args.length !== 2) {
      throw new UsageError('Unexpected arguments, expected `stamp <report-id> <lang>` or `stamp --all`')
    }
    const stamped = values.all ? stampAll(root, languages) : [stampTranslation(root, languages, args[0], args[1])]
    for (const s of stamped) {
      io.err(`${s.path}: ${s.changed ? 'stamped' : 'already stamped'} from ${s.from}.md (${plural(s.sections.length, 'section')})\n`)
    }
    if (stamped.length === 0) io.err('Every translation has a stamp already\n')
    return 0
  }
  if (sub === 'status') {
    if (args.length > 0) throw new UsageError('Unexpected arguments, expected `status` alone')
    io.out(statusTable(root, languages))
    return 0
  }
  throw new UsageError(`Unknown subcommand \`${sub}\`, expected one of: check, stamp, status`)
}

/** @param {number} n @param {string} word */
function plural(n, word) {
  return `${n} ${word}${n === 1 ? '' : 's'}`
}
