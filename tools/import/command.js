import {lstatSync} from 'node:fs'
import {join, relative, resolve} from 'node:path'
import {writeFilesAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {isFolder} from '../lib/input.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {plural} from '../lib/english.js'
import {formatProblem, hasErrors, sortProblems} from '../lib/problems.js'
import {siteLanguages} from '../i18n/labels.js'
import {reportsRootOrHere} from '../lib/root.js'
import {groupImports} from './group.js'
import {readInputs} from './inputs.js'
import {planGroup} from './write-group.js'

export const HELP = `Usage: benchdoc import FILE.md|DIR... [options]

Import published Markdown benchmark reports: each becomes a report data file
(<data>/<id>.yaml) and a narrative file per language
(<narrative>/<id>/<lang>.md).

A folder is searched for the sysbench reports under it (Markdown files that
mention sysbench; the rest are not read further). The same report published
in several languages and doc-version folders (v6.0/, v5.4/, …) is told by its
figures and written once: its data from the newest English file (else the
first language found), each other language's narrative and data text from
its newest file, and every other file recorded as an alias in the data's
\`source.aliases\`. Reports with the same title and versions but other
figures stay apart, with a warning naming both. With no date in its text or
front matter, a report takes the month of its first commit when the files
are in a git checkout. A report whose data file exists already is a
translation: its numbers are checked against the data, and its narrative and
data text are added.

Options:
  --lang LANG        language of the files, one of the site's (default: en, zh
                     or ja, detected from the text)
  --id ID            report id (default: <product>-<newest>-vs-<baseline>, e.g. tidb-v6.0.0-vs-v5.4.0)
  --data DIR         folder of report data (default: data/reports)
  --narrative DIR    folder of narratives (default: content/narrative)
  --dry-run          print the data and narratives to stdout, write nothing
  --force            replace an existing narrative file of the same language
  -h, --help         show this help

Prints what each folder held, what was grouped and why, a summary per file
read (sections mapped, tables, points, warnings), and each problem as
file:line:col: warning|error: message [rule]. Exit 0 when every report
imported without error, 1 when one did not (nothing is written for it), 2 on
wrong usage.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    lang: {type: 'string'},
    id: {type: 'string'},
    data: {type: 'string'},
    narrative: {type: 'string'},
    'dry-run': {type: 'boolean'},
    force: {type: 'boolean'}
  })
  if (positionals.length === 0) throw new UsageError('Missing FILE.md, expected at least one report to import')
  const lang = values.lang
  const root = reportsRootOrHere(io)
  const languages = siteLanguages(root)
  if (lang !== undefined && !languages.includes(lang)) throw new UsageError(`Unexpected --lang \`${lang}\`, expected one of the site's languages: ${languages.join(', ')}`)
  if (values.id !== undefined && !/^[a-z0-9][a-z0-9.-]*$/.test(values.id)) throw new UsageError(`Unexpected --id \`${values.id}\`, expected lowercase letters, digits, \`.\` and \`-\``)
  const dataDir = values.data === undefined ? join(root, 'data', 'reports') : resolve(io.cwd, values.data)
  const narrativeDir = values.narrative === undefined ? join(root, 'content', 'narrative') : resolve(io.cwd, values.narrative)
  const shown = (/** @type {string} */ p) => relative(io.cwd, p) || p
  for (const [option, dir] of [['--data', dataDir], ['--narrative', narrativeDir]]) {
    if (lstatSync(dir, {throwIfNoEntry: false}) && !isFolder(dir)) throw new UsageError(`${option} ${shown(dir)}: is not a folder, expected a folder to write into`)
  }

  const {members, failed, folders} = readInputs(positionals, {cwd: io.cwd, lang, id: values.id, root})
  for (const f of folders) printFolder(f, io)
  for (const f of failed) {
    for (const p of sortProblems(f.problems)) io.err(`${formatProblem(p)}\n`)
    io.err(`${f.shown}: not imported, nothing written\n`)
  }
  const {groups, problems} = groupImports(members, languages, values.id)
  if (values.id !== undefined && groups.length > 1) throw new UsageError(`Unexpected --id \`${values.id}\` for ${groups.length} reports (files with different figures), expected one report`)
  for (const p of problems) io.err(`${formatProblem(p)}\n`)
  let ok = failed.length === 0 && folders.every((f) => f.reports > 0)
  for (const group of groups) {
    if (!writeGroup(group, {dataDir, narrativeDir, cwd: io.cwd, force: Boolean(values.force), root}, Boolean(values['dry-run']), io)) ok = false
  }
  return ok ? 0 : 1
}

/**
 * What a folder held: Markdown files, reports, and the files that are no report, each with why.
 * @param {import('./inputs.js').Folder} f
 * @param {import('../lib/io.js').Io} io
 */
function printFolder(f, io) {
  const skipped = f.skipped.length > 0 ? `; skipped ${f.skipped.length} that mention sysbench but are no report` : ''
  io.err(`${f.shown}: ${plural(f.markdown, 'Markdown file')}, ${plural(f.reports, 'sysbench report')}${skipped}\n`)
  for (const s of f.skipped) io.err(`  ${s.shown}: ${s.reason}\n`)
  if (f.reports === 0) io.err(`${formatProblem({file: f.shown, line: 1, col: 1, severity: 'error', rule: 'no-report', message: 'No sysbench report in this folder, expected Markdown reports with result tables or stated figures'})}\n`)
}

/**
 * Plan, print and write one group of files with the same results: all or, on an error, none.
 * @param {import('./group.js').Group} group
 * @param {import('./write-group.js').Targets} targets
 * @param {boolean} dryRun
 * @param {import('../lib/io.js').Io} io
 * @returns {boolean}  written (or, dry, writable) without error
 */
function writeGroup(group, targets, dryRun, io) {
  const shown = (/** @type {string} */ p) => relative(io.cwd, p) || p
  if (group.members.length > 1) io.err(`${groupLine(group)}\n`)
  const plan = planGroup(group, targets)
  const problems = sortProblems([...plan.readers.flatMap((m) => m.problems), ...plan.problems])
  for (const p of problems) io.err(`${formatProblem(p)}\n`)
  if (plan.date) io.err(`${group.id}: date ${plan.date.date} from the ${plan.date.from}\n`)
  const failed = hasErrors(problems)
  if (!failed && dryRun) for (const [, content] of plan.files) io.out(`${content}\n`)
  else if (!failed) writeFilesAtomic(plan.files, shown)
  const written = new Set(plan.files.map(([f]) => f))
  for (const m of plan.readers) {
    // one file read: every problem is its own; several: each file's
    const mine = plan.readers.length === 1 ? problems : problems.filter((p) => p.file === m.shown)
    const warnings = mine.filter((p) => p.severity === 'warning').length
    const {stats} = m.result
    const summary = `${stats.mapped}/${stats.sections} sections mapped, ${plural(stats.tables, 'table')}, ${plural(stats.points, 'point')}, ${plural(warnings, 'warning')}`
    io.err(`${m.shown}: ${group.id} (${m.result.lang}): ${summary}; ${failed ? 'not imported, nothing written' : doneText(m, plan, written, shown, dryRun)}\n`)
  }
  for (const m of group.aliases) io.err(`${m.shown}: ${group.id} (${m.result.lang}${m.docVersion ? `, ${m.docVersion}` : ''}): the same results as ${group.primary.shown}; ${failed ? 'not imported' : 'recorded as an alias'}\n`)
  return !failed
}

/**
 * `tidb-x: 6 files with the same 15 points (en, zh, ja; doc versions v9.1, v8.5)`.
 * @param {import('./group.js').Group} group
 */
function groupLine(group) {
  const langs = [...new Set(group.members.map((m) => m.result.lang))]
  const versions = [...new Set(group.members.map((m) => m.docVersion).filter((v) => v !== null))]
  const figures = group.figures > 0 ? `the same ${plural(group.figures, 'point')}` : 'the same stated figures'
  return `${group.id}: ${group.members.length} files with ${figures} (${langs.join(', ')}${versions.length > 0 ? `; doc version${versions.length === 1 ? '' : 's'} ${versions.join(', ')}` : ''}): one report`
}

/**
 * What was done for a file read: data and narrative written, a translation checked, data text added.
 * @param {import('./group.js').Member} m
 * @param {import('./write-group.js').Plan} plan
 * @param {Set<string>} written
 * @param {(p: string) => string} shown
 * @param {boolean} dryRun
 */
function doneText(m, plan, written, shown, dryRun) {
  const data = shown(plan.dataFile)
  const narrative = plan.files.find(([f]) => f.endsWith(`${m.result.lang}.md`) && written.has(f))?.[0]
  const texts = plan.texts.get(m.result.lang)
  /** @type {string[]} */
  const did = []
  if (m === plan.readers[0] && !plan.existing) did.push(data)
  if (narrative) did.push(shown(narrative))
  const wrote = did.length === 0 ? 'nothing new to write' : `${dryRun ? 'dry run, would have written' : 'wrote'} ${did.join(' and ')}`
  const checked = plan.existing ? `translation checked against ${data}; ` : ''
  return `${checked}${wrote}${texts ? ` (${plural(texts, 'data text')} in ${m.result.lang} added to ${data})` : ''}`
}
