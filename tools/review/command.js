import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {readTextInput} from '../lib/input.js'
import {relative, resolve} from 'node:path'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {hasErrors, sortProblems} from '../lib/problems.js'
import {validateReportText} from '../validate/index.js'
import {compareNarrative, compareReports} from './compare.js'
import {formatReview} from './format.js'

export const HELP = `Usage: benchdoc review [BASE] [--format markdown|text] [paths...]

Compare the report data and narratives of the working tree with git revision
BASE (default: origin/main if it exists, else main, else HEAD), for reviewers
of a pull request. Per changed report it prints: points changed (each measure
old → new with its % change), added and removed; derived and stated headlines
old → new; changed fields of subjects, environment, plan and parameters as
path: old → new; which narrative sections changed; and the validation
problems of the new version.

Compares data/reports/*.yaml and content/narrative/<id>/<lang>.md under the
current folder; paths (files or folders) narrow that down.

Options:
  --format markdown|text  output format (default: markdown, to paste as a
                          pull-request comment)
  -h, --help              show this help

The review goes to stdout. Exit 0 when every changed report is valid (also
when nothing changed), 1 when one is invalid, 2 on wrong usage.
`

/** Where report data and narratives live, relative to the current folder. */
const DATA_FILE = /^data\/reports\/([^/]+)\.ya?ml$/
const NARRATIVE_FILE = /^content\/narrative\/([^/]+)\/([^/]+)\.md$/
const DEFAULT_PATHS = ['data/reports', 'content/narrative']
const DEFAULT_BASES = ['origin/main', 'main', 'HEAD']

/**
 * @typedef {import('./format.js').ReportReview} ReportReview
 * @typedef {import('./compare.js').Side} Side
 * @typedef {{path: string, status: 'added' | 'removed' | 'changed'}} ChangedFile
 * @typedef {(args: string[]) => {status: number | null, stdout: string, stderr: string}} Git
 */

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    help: {type: 'boolean', short: 'h'},
    format: {type: 'string'}
  })
  if (values.help) {
    io.out(HELP)
    return 0
  }
  const format = values.format ?? 'markdown'
  if (format !== 'markdown' && format !== 'text') {
    throw new UsageError(`Unexpected format \`${format}\`, expected \`markdown\` or \`text\``)
  }
  const git = gitIn(io.cwd)
  if (git(['rev-parse', '--is-inside-work-tree']).stdout.trim() !== 'true') {
    throw new UsageError(`Not inside a git work tree: ${io.cwd} (review compares the working tree with a git revision)`)
  }
  const named = baseAndPaths(positionals, git, io.cwd)
  const paths = named.paths
  // Compare with where this branch left BASE, as a pull request's diff does:
  // changes made on BASE since then are not this branch's to review.
  const {base, label} = forkPoint(git, named.base)
  const {data, narratives} = changedFiles(git, base, paths)

  const ids = [...new Set([...data.keys(), ...narratives.keys()])].sort()
  /** @param {ChangedFile} file */
  const texts = (file) => ({
    old: file.status === 'added' ? null : showAt(git, base, file.path),
    // through the input layer: a changed file may be a link out of the project, a FIFO, binary
    now: file.status === 'removed' || !existsSync(resolve(io.cwd, file.path)) ? null : readTextInput(resolve(io.cwd, file.path), {shown: file.path, root: io.cwd, what: 'changed file'})
  })

  /** @type {ReportReview[]} */
  const reports = ids.map((id) => {
    /** @type {ReportReview} */
    const review = {id, data: null, problems: null, narratives: []}
    const file = data.get(id)
    if (file) Object.assign(review, reviewData(file.path, texts(file), base))
    review.narratives = (narratives.get(id) ?? []).map(({lang, file: f}) => {
      const {old, now} = texts(f)
      return {lang, change: compareNarrative(old, now)}
    })
    return review
  })

  io.out(formatReview({base: label, reports}, format))
  const problems = reports.flatMap((r) => r.problems ?? [])
  if (reports.length > 0) {
    const errors = problems.filter((p) => p.severity === 'error').length
    const warnings = problems.length - errors
    io.err(
      `${reports.length} report${reports.length === 1 ? '' : 's'} compared with ${label}: ${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}\n`
    )
  }
  return hasErrors(problems) ? 1 : 0
}

/**
 * Validate the new version of a data file and compare it with the old one.
 * A side that is not valid YAML or breaks the schema is not compared: every
 * comparison trusts the schema's shape.
 *
 * @param {string} path
 * @param {{old: string | null, now: string | null}} texts
 * @param {string} base
 * @returns {Pick<ReportReview, 'data' | 'problems' | 'notCompared'>}
 */
function reviewData(path, {old, now}, base) {
  const status = old == null ? 'added' : now == null ? 'removed' : 'changed'
  const after = now == null ? null : validateReportText(path, now)
  const before = old == null ? null : validateReportText(path, old)
  const problems = after ? sortProblems(after.problems) : null
  const broken = (/** @type {typeof after} */ v) => v != null && v.problems.some((p) => p.rule === 'yaml-syntax' || p.rule.startsWith('schema/'))
  /** @param {NonNullable<typeof after>} v @returns {Side} */
  const side = (v) => ({report: /** @type {any} */ (v.doc.data), sourceOf: v.doc.sourceOf})
  const empty = {status, summary: null, points: {changed: [], added: [], removed: []}, headlines: [], fields: []}
  if (broken(after)) {
    return {problems, data: /** @type {any} */ (empty), notCompared: 'the new version is not valid report data'}
  }
  if (broken(before)) {
    return {problems, data: /** @type {any} */ (empty), notCompared: `the version in ${base} is not valid report data`}
  }
  return {problems, data: compareReports(before && side(before), after && side(after))}
}

/**
 * BASE is the first positional when it names a commit; otherwise every
 * positional is a path, which must exist in the working tree or in BASE.
 *
 * @param {string[]} positionals
 * @param {Git} git
 * @param {string} cwd
 */
function baseAndPaths(positionals, git, cwd) {
  const isRevision = (/** @type {string} */ rev) => git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]).status === 0
  const [first, ...rest] = positionals
  const given = first !== undefined && isRevision(first)
  const base = given ? first : DEFAULT_BASES.find(isRevision)
  if (base === undefined) {
    if (first !== undefined && !existsSync(resolve(cwd, first))) throw new UsageError(notRevision(first))
    throw new UsageError(`No revision to compare with: none of ${DEFAULT_BASES.join(', ')} is a git commit here; commit first or name BASE`)
  }
  const paths = (given ? rest : positionals).map((p) => relative(cwd, resolve(cwd, p)) || '.')
  for (const [i, p] of paths.entries()) {
    if (existsSync(resolve(cwd, p)) || git(['cat-file', '-e', `${base}:./${p}`]).status === 0) continue
    throw new UsageError(i === 0 && !given ? notRevision(positionals[0]) : `No such file or folder, here or in ${base}: ${p}`)
  }
  return {base, paths}
}

/**
 * The commit to compare with: the merge base of BASE and HEAD when BASE has
 * moved on since this branch left it, else BASE itself.
 *
 * @param {Git} git
 * @param {string} base
 * @returns {{base: string, label: string}}
 */
function forkPoint(git, base) {
  const mergeBase = git(['merge-base', base, 'HEAD'])
  const baseCommit = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]).stdout.trim()
  const fork = mergeBase.status === 0 ? mergeBase.stdout.trim() : ''
  if (!fork || fork === baseCommit) return {base, label: base}
  return {base: fork, label: `${base} (merge base ${fork.slice(0, 7)})`}
}

/** @param {string} arg */
function notRevision(arg) {
  return `Unexpected \`${arg}\`, expected a git revision (BASE) or a file or folder: it is neither`
}

/**
 * Report data files and narratives that differ between BASE and the working
 * tree (untracked ones count as added), by report id.
 *
 * @param {Git} git
 * @param {string} base
 * @param {string[]} paths
 */
function changedFiles(git, base, paths) {
  const specs = paths.length > 0 ? paths : DEFAULT_PATHS
  const diff = git(['diff', '--name-status', '--no-renames', '--relative', '-z', base, '--', ...specs])
  if (diff.status !== 0) throw new Error(`git diff failed: ${diff.stderr.trim()}`)
  const untracked = git(['ls-files', '--others', '--exclude-standard', '-z', '--', ...specs])
  /** @type {ChangedFile[]} */
  const files = []
  const fields = diff.stdout.split('\0')
  for (let i = 0; i + 1 < fields.length; i += 2) {
    const letter = fields[i]
    files.push({path: fields[i + 1], status: letter === 'A' ? 'added' : letter === 'D' ? 'removed' : 'changed'})
  }
  for (const path of untracked.stdout.split('\0')) if (path) files.push({path, status: 'added'})

  /** @type {Map<string, ChangedFile>} */
  const data = new Map()
  /** @type {Map<string, Array<{lang: string, file: ChangedFile}>>} */
  const narratives = new Map()
  for (const file of files) {
    const d = DATA_FILE.exec(file.path)
    if (d) data.set(d[1], file)
    const n = NARRATIVE_FILE.exec(file.path)
    if (n) narratives.set(n[1], [...(narratives.get(n[1]) ?? []), {lang: n[2], file}])
  }
  for (const list of narratives.values()) list.sort((a, b) => a.lang.localeCompare(b.lang))
  return {data, narratives}
}

/**
 * A file's text at a revision; null when it is not there.
 * @param {Git} git
 * @param {string} base
 * @param {string} path  relative to the current folder
 */
function showAt(git, base, path) {
  const result = git(['show', `${base}:./${path}`])
  return result.status === 0 ? result.stdout : null
}

/**
 * @param {string} cwd
 * @returns {Git}
 */
function gitIn(cwd) {
  return (args) => {
    const result = spawnSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024})
    if (result.error) throw new UsageError(`Cannot run git (${result.error.message}); review needs git`)
    return {status: result.status, stdout: result.stdout, stderr: result.stderr}
  }
}
