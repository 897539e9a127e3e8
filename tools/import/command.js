import {existsSync, lstatSync} from 'node:fs'
import {join, relative, resolve} from 'node:path'
import {writeFilesAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {InputError, isFolder, readTextInput} from '../lib/input.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {formatProblem, hasErrors, sortProblems} from '../lib/problems.js'
import {MAX_BYTES, importMarkdown} from './import.js'
import {siteLanguages} from '../i18n/labels.js'
import {reportsRoot} from '../lib/root.js'
import {compareWithData} from './merge.js'

export const HELP = `Usage: benchdoc import FILE.md... [options]

Import published Markdown benchmark reports: each becomes a report data file
(<data>/<id>.yaml) and a narrative file for its language
(<narrative>/<id>/<lang>.md). A file whose versions match a report already in
data is a translation: its numbers are checked against the data, and only its
narrative is added.

Options:
  --lang LANG        language of the files, one of the site's (default: en, zh
                     or ja, detected from the text)
  --id ID            report id (default: <product>-<newest>-vs-<baseline>, e.g. tidb-v6.0.0-vs-v5.4.0)
  --data DIR         folder of report data (default: data/reports)
  --narrative DIR    folder of narratives (default: content/narrative)
  --dry-run          print the data and narrative to stdout, write nothing
  --force            replace an existing narrative file of the same language
  -h, --help         show this help

Prints a summary per file (sections mapped, tables, points, warnings) and each
problem as file:line:col: warning|error: message [rule]. Exit 0 when every file
imported without error, 1 when one did not (nothing is written for it), 2 on
wrong usage.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    help: {type: 'boolean', short: 'h'},
    lang: {type: 'string'},
    id: {type: 'string'},
    data: {type: 'string'},
    narrative: {type: 'string'},
    'dry-run': {type: 'boolean'},
    force: {type: 'boolean'}
  })
  if (values.help) {
    io.out(HELP)
    return 0
  }
  if (positionals.length === 0) throw new UsageError('Missing FILE.md, expected at least one report to import')
  const lang = values.lang
  const root = reportsRoot(io)
  const languages = siteLanguages(root)
  if (lang !== undefined && !languages.includes(lang)) throw new UsageError(`Unexpected --lang \`${lang}\`, expected one of the site's languages: ${languages.join(', ')}`)
  if (values.id !== undefined && !/^[a-z0-9][a-z0-9.-]*$/.test(values.id)) throw new UsageError(`Unexpected --id \`${values.id}\`, expected lowercase letters, digits, \`.\` and \`-\``)
  const dataDir = values.data === undefined ? join(root, 'data', 'reports') : resolve(io.cwd, values.data)
  const narrativeDir = values.narrative === undefined ? join(root, 'content', 'narrative') : resolve(io.cwd, values.narrative)
  const shown = (/** @type {string} */ p) => relative(io.cwd, p) || p
  for (const [option, dir] of [['--data', dataDir], ['--narrative', narrativeDir]]) {
    if (lstatSync(dir, {throwIfNoEntry: false}) && !isFolder(dir)) throw new UsageError(`${option} ${shown(dir)}: is not a folder, expected a folder to write into`)
  }

  let failed = false
  for (const input of positionals) {
    const path = resolve(io.cwd, input)
    if (!lstatSync(path, {throwIfNoEntry: false})) throw new UsageError(`No such file: ${input}`)
    const name = shown(path)
    const size = lstatSync(path).size
    if (size > MAX_BYTES && lstatSync(path).isFile()) {
      io.err(`${formatProblem({file: name, line: 1, col: 1, severity: 'error', rule: 'size-limit', message: `File is ${(size / 1024 / 1024).toFixed(1)} MB, over the ${MAX_BYTES / 1024 / 1024} MB limit for one report; expected a single Markdown report`})}\n`)
      io.err(`${name}: not imported, nothing written\n`)
      failed = true
      continue
    }
    /** @type {string} */
    let text
    try {
      text = readTextInput(path, {shown: name, what: 'Markdown report', maxBytes: MAX_BYTES})
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      io.err(`${formatProblem(error.toProblem())}\n${name}: not imported, nothing written\n`)
      failed = true
      continue
    }
    const {result, problems} = importMarkdown(text, {path: name, lang, id: values.id})
    if (result) {
      const dataFile = join(dataDir, `${result.id}.yaml`)
      const narrativeFile = join(narrativeDir, result.id, `${result.lang}.md`)
      const translation = existsSync(dataFile)
      const existing = (/** @type {string} */ file) => readTextInput(file, {shown: shown(file), root: io.cwd, what: file === dataFile ? 'data file' : 'narrative'})
      if (translation) problems.push(...compareWithData(result, name, shown(dataFile), existing(dataFile)))
      if (!values.force && lstatSync(narrativeFile, {throwIfNoEntry: false}) && existing(narrativeFile) !== result.narrative) {
        problems.push({file: name, line: 1, col: 1, severity: 'error', rule: 'narrative-exists', message: `Unexpected existing ${shown(narrativeFile)} with other content; not overwritten (use --force to replace it)`})
      }
      const sorted = sortProblems(problems)
      for (const p of sorted) io.err(`${formatProblem(p)}\n`)
      const warnings = sorted.filter((p) => p.severity === 'warning').length
      const summary = `${result.stats.mapped}/${result.stats.sections} sections mapped, ${result.stats.tables} table${result.stats.tables === 1 ? '' : 's'}, ${result.stats.points} point${result.stats.points === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`
      if (hasErrors(sorted)) {
        io.err(`${name}: ${result.id} (${result.lang}): ${summary}; not imported, nothing written\n`)
        failed = true
        continue
      }
      if (values['dry-run']) {
        io.out(translation ? `# ${shown(dataFile)} exists: unchanged\n` : result.yaml)
        io.out(`\n${result.narrative}`)
      } else {
        // both or neither: a narrative path that cannot be written leaves no data file behind
        writeFilesAtomic([...(translation ? [] : /** @type {Array<[string, string]>} */ ([[dataFile, result.yaml]])), [narrativeFile, result.narrative]], shown)
      }
      const what = translation ? `translation checked against ${shown(dataFile)}; wrote ${shown(narrativeFile)}` : `wrote ${shown(dataFile)} and ${shown(narrativeFile)}`
      io.err(`${name}: ${result.id} (${result.lang}): ${summary}; ${values['dry-run'] ? `dry run, would have ${what.replace(/^wrote /, 'written ')}` : what}\n`)
    } else {
      for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
      io.err(`${name}: not imported, nothing written\n`)
      failed = true
    }
  }
  return failed ? 1 : 0
}
