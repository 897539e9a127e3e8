import {UsageError} from '../lib/errors.js'
import {languageList, parseArgsOrUsage} from '../lib/args.js'
import {plural} from '../lib/english.js'
import {formatProblem, hasErrors, sortProblems} from '../lib/problems.js'
import {siteLanguages} from './labels.js'
import {addLanguage} from './add-language.js'
import {checkI18n} from './check.js'
import {initTranslation} from './init.js'
import {formatStale, staleSections} from './stale.js'
import {stampAll, stampTranslation} from './stamp.js'
import {statusTable} from './status.js'
import {reportsRoot} from '../lib/root.js'

export const HELP = `Usage: benchdoc i18n check [report-id...] [--lang LANG]
       benchdoc i18n stamp <report-id> <lang> [--force]
       benchdoc i18n stamp --all [--lang LANG] [--force]
       benchdoc i18n status [--lang LANG]
       benchdoc i18n init <report-id> <lang>
       benchdoc i18n add-language <code> [--name NAME]

Keep translations complete, current and faithful, in the reports repository.

check         Check the labels in i18n/ (same keys and {{ .field }}
              placeholders in every language, none empty or identical to the
              source's, product names kept, no machine-translation damage),
              each translated narrative in content/narrative/ against its
              source (the same sections, translated, a translated_from stamp
              that matches the source, and per section the same numbers,
              inline code, link URLs and product names), and the data text of
              data/reports/ (each language written, no plain prose). Prints
              each problem as path:line:col: error|warning: message [rule],
              then each stale section's source text then and now as a diff.
              With report ids, checks only those reports.
stamp         After updating a translation, record in its front matter the
              digests of the source sections it now translates and of its own
              sections (translated_from). Refused while the translation has
              errors, or when a stale section was not edited since the last
              stamp; --force stamps anyway. --all stamps every translation
              without a stamp.
status        Print a table of report × language: source, ok, missing,
              error (n), stale (n sections) or unstamped, and + n data texts
              when data text lacks the language.
init          Start a translation: the source's sections with their ids and
              the source text in comments to replace.
add-language  Add a site language: i18n/<code>.yaml (labels to translate)
              and its config.toml entry.

Options:
  --lang LANG   only these languages: en, or en,zh (every subcommand but init
                and add-language)
  --force       stamp even when the translation has errors or unedited stale sections
  --name NAME   the new language's name in itself (default: from Intl)

Exit 0 when there is no error, 1 when there is one, 2 on wrong usage.
`

const SUBCOMMANDS = ['check', 'stamp', 'status', 'init', 'add-language']

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    all: {type: 'boolean'},
    force: {type: 'boolean'},
    lang: {type: 'string', multiple: true},
    name: {type: 'string'}
  })
  const [sub, ...args] = positionals
  if (!sub) throw new UsageError(`Missing subcommand, expected one of: ${SUBCOMMANDS.join(', ')}`)
  if (!SUBCOMMANDS.includes(sub)) throw new UsageError(`Unknown subcommand \`${sub}\`, expected one of: ${SUBCOMMANDS.join(', ')}`)
  /** @param {string} option @param {boolean} given @param {string[]} subs */
  const onlyFor = (option, given, subs) => {
    if (given && !subs.includes(sub)) throw new UsageError(`Unexpected \`--${option}\` for \`${sub}\`, expected it only with \`${subs.join('` or `')}\``)
  }
  onlyFor('all', Boolean(values.all), ['stamp'])
  onlyFor('force', Boolean(values.force), ['stamp'])
  onlyFor('name', values.name !== undefined, ['add-language'])
  onlyFor('lang', values.lang !== undefined, ['check', 'stamp', 'status'])
  const root = reportsRoot(io)

  if (sub === 'add-language') {
    if (args.length !== 1) throw new UsageError('Unexpected arguments, expected `add-language <code>`')
    const {written, name} = addLanguage(root, args[0], {name: values.name})
    for (const file of written) io.err(`${file}: ${args[0]} (${name}) added\n`)
    const labels = written.length > 1 ? `translate i18n/${args[0]}.yaml, then ` : '' // else the package's labels serve
    io.err(`Next: ${labels}\`benchdoc i18n init <report-id> ${args[0]}\` for each narrative; \`benchdoc i18n status --lang ${args[0]}\` shows what is left\n`)
    return 0
  }
  const languages = siteLanguages(root)
  const only = languageList(values.lang)
  for (const lang of only ?? []) if (!languages.includes(lang)) throw new UsageError(`Unknown language \`${lang}\`, expected one of: ${languages.join(', ')}`)

  if (sub === 'check') {
    const ids = args.length > 0 ? args : undefined
    const {problems, reports, labels} = checkI18n(root, languages, ids, only)
    for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
    for (const s of staleSections(root, languages, ids, only)) io.err(formatStale(s))
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
    if (!values.all && only) throw new UsageError('Unexpected `--lang` with `stamp <report-id> <lang>`, expected it only with `stamp --all`')
    const force = Boolean(values.force)
    const {stamped, refused} = values.all ? stampAll(root, languages, {force, only}) : {stamped: [stampTranslation(root, languages, args[0], args[1], {force})], refused: []}
    for (const s of stamped) {
      io.err(`${s.path}: ${s.changed ? 'stamped' : 'already stamped'} from ${s.from}.md (${plural(s.sections.length, 'section')})\n`)
    }
    for (const reason of refused) io.err(`${reason}\n`)
    if (stamped.length === 0 && refused.length === 0) io.err('Every translation has a stamp already\n')
    return refused.length > 0 ? 1 : 0
  }
  if (sub === 'init') {
    if (args.length !== 2) throw new UsageError('Unexpected arguments, expected `init <report-id> <lang>`')
    const made = initTranslation(root, languages, args[0], args[1])
    io.err(`${made.path}: ${plural(made.sections, 'section')} of ${made.from}.md to translate; replace each comment, then \`benchdoc i18n stamp ${args[0]} ${args[1]}\`\n`)
    return 0
  }
  if (args.length > 0) throw new UsageError('Unexpected arguments, expected `status` alone')
  io.out(statusTable(root, languages, only))
  return 0
}
