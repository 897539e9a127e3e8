import {existsSync} from 'node:fs'
import {relative, resolve} from 'node:path'
import {readTextInput} from '../lib/input.js'
import {plural} from '../lib/english.js'
import {reportsRoot} from '../lib/root.js'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {validateReportText} from '../validate/index.js'
import {checkAgainstPrevious} from '../validate/suspicious.js'
import {compareNarrative, compareReports} from './compare.js'
import {driftOf} from './drift.js'
import {formatReview} from './format.js'
import {baseAndPaths, changedFiles, forkPoint, gitIn, showAt} from './git.js'
import {reviewJson} from './json.js'
import {exitCode, summarise} from './summary.js'
import {compareVerdicts} from './verdicts.js'

export const HELP = `Usage: benchdoc review [BASE] [--format markdown|github|text|json] [--fail-on error|regression|never] [paths...]

Compare the report data and narratives of the working tree with git revision
BASE (default: origin/main if it exists, else main), from where this branch
left it (the merge base), as a pull request's diff does. Summary first:
verdicts of the comparison cells the change touches (faster, slower,
equivalent, inconclusive, single run), one line per changed workload (its
headline old → new and verdict; flips of sign or verdict called out), and what
looks wrong: validation problems of the new versions (suspicious figures
included), narrative figures the data no longer has and translations this
change leaves stale, incomplete or unfaithful, each with file:line. Then per
report, folded: points changed (better or worse for the measure), added and
removed, cell verdicts, headlines, fields and narrative sections changed.

Compares data/reports/*.yaml and content/narrative/<id>/<lang>.md of the
reports repository; paths (files or folders) narrow that down.

Options:
  --format markdown|github|text|json
                 markdown (default), github (Markdown for a pull-request
                 comment, with a hidden marker line so a workflow can update
                 one comment), text, or json (schemas/review.schema.json)
  --fail-on error|regression|never
                 exit 1 on an error (default: invalid data, an unfaithful
                 translation), on an error or a regression (a changed cell
                 now slower), or never
  -h, --help     show this help

The review goes to stdout, a one-line count to stderr. Exit 0 as --fail-on
allows (also when nothing changed), 1 when it fails, 2 on wrong usage or when
BASE cannot be found (shallow clone, no main): the message says how to fetch it.
`

const FORMATS = ['markdown', 'github', 'text', 'json']
const FAIL_ON = ['error', 'regression', 'never']

/**
 * @typedef {import('./format.js').ReportReview} ReportReview
 */

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    format: {type: 'string'},
    'fail-on': {type: 'string'}
  })
  const format = /** @type {import('./format.js').Format | 'json'} */ (oneOf('format', values.format ?? 'markdown', FORMATS))
  const failOn = /** @type {import('./summary.js').FailOn} */ (oneOf('fail-on', values['fail-on'] ?? 'error', FAIL_ON))
  const root = reportsRoot(io)
  const git = gitIn(root)
  if (git(['rev-parse', '--is-inside-work-tree']).stdout.trim() !== 'true') {
    throw new UsageError(`Not inside a git work tree: ${root} (review compares the working tree with a git revision)`)
  }
  // paths given from a folder below the repository's are taken from there
  const given = positionals.map((p) => (root !== io.cwd && existsSync(resolve(io.cwd, p)) ? relative(root, resolve(io.cwd, p)) || '.' : p))
  const named = baseAndPaths(given, git, root)
  const {base, commit, label} = forkPoint(git, named.base)
  const {data, narratives} = changedFiles(git, base, named.paths)

  const ids = [...new Set([...data.keys(), ...narratives.keys()])].sort()
  /** @param {import('./git.js').ChangedFile} file */
  const texts = (file) => ({
    old: file.status === 'added' ? null : showAt(git, base, file.path),
    // through the input layer: a changed file may be a link out of the project, a FIFO, binary
    now: file.status === 'removed' || !existsSync(resolve(root, file.path)) ? null : readTextInput(resolve(root, file.path), {shown: file.path, root, what: 'changed file'})
  })
  /** @type {ReportReview[]} */
  const reports = ids.map((id) => {
    /** @type {ReportReview} */
    const review = {id, data: null, problems: null, narratives: []}
    const file = data.get(id)
    if (file) Object.assign(review, reviewData(file.path, texts(file), label))
    review.narratives = (narratives.get(id) ?? []).map(({lang, file: f}) => ({lang, change: compareNarrative(texts(f).old, texts(f).now)}))
    return review
  })
  const present = ids.filter((id) => existsSync(resolve(root, 'data', 'reports', `${id}.yaml`)))
  const drift = driftOf(root, git, base, present)
  const summary = summarise(reports, drift)
  const code = exitCode(summary, failOn)
  const review = {base: label, commit, reports, drift, summary}
  io.out(format === 'json' ? reviewJson(review, failOn, code) : formatReview(review, format))
  // the errors also on stderr, `file:line:col: error: …` as validate prints them, for a CI log
  for (const p of reports.flatMap((r) => r.problems ?? []).filter((p) => p.severity === 'error')) io.err(`${formatProblem(p)}\n`)
  if (reports.length > 0) {
    const {errors, warnings} = summary.problems
    io.err(`${plural(reports.length, 'report')} compared with ${label}: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}, ${plural(summary.regressions, 'regression')}, ${drift.length} drift\n`)
  }
  return code
}

/**
 * @param {string} option
 * @param {string} value
 * @param {string[]} allowed
 */
function oneOf(option, value, allowed) {
  if (allowed.includes(value)) return value
  throw new UsageError(`Unexpected ${option} \`${value}\`, expected ${allowed.map((a) => `\`${a}\``).join(', ').replace(/, ([^,]*)$/, ' or $1')}`)
}

/**
 * Validate the new version of a data file and compare it with the old one. A side
 * that is not valid YAML or breaks the schema is not compared: every comparison
 * trusts the schema's shape.
 *
 * @param {string} path
 * @param {{old: string | null, now: string | null}} texts
 * @param {string} label  what BASE is called in messages
 * @returns {Pick<ReportReview, 'data' | 'problems' | 'notCompared' | 'verdicts'>}
 */
function reviewData(path, {old, now}, label) {
  const status = old == null ? 'added' : now == null ? 'removed' : 'changed'
  const after = now == null ? null : validateReportText(path, now)
  const before = old == null ? null : validateReportText(path, old)
  const broken = (/** @type {typeof after} */ v) => v != null && v.problems.some((p) => p.rule === 'yaml-syntax' || p.rule.startsWith('schema/'))
  /** @param {NonNullable<typeof after>} v @returns {import('./compare.js').Side} */
  const side = (v) => ({report: /** @type {import('../types/report.js').Report} */ (v.doc.data), sourceOf: v.doc.sourceOf})
  /** @type {import('./compare.js').ReportChange} */
  const empty = {status, summary: null, points: {changed: [], added: [], removed: []}, headlines: [], fields: []}
  if (broken(after)) {
    return {problems: after ? sortProblems(after.problems) : null, data: empty, notCompared: 'the new version is not valid report data'}
  }
  if (broken(before)) {
    return {problems: after ? sortProblems(after.problems) : null, data: empty, notCompared: `the version in ${label} is not valid report data`}
  }
  const problems = after ? [...after.problems] : null
  if (after && before && problems) {
    const {doc} = after
    checkAgainstPrevious(side(after).report, side(before).report, label, (rule, at, message) =>
      problems.push({file: doc.file, ...doc.placeOf(at), severity: 'warning', message, rule}))
  }
  return {
    problems: problems && sortProblems(problems),
    data: compareReports(before && side(before), after && side(after)),
    verdicts: compareVerdicts(before && side(before).report, after && side(after).report)
  }
}
