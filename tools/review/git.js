import {spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {relative, resolve} from 'node:path'
import {UsageError} from '../lib/errors.js'

/**
 * The git side of a review: the revision to compare with, and the report files that
 * differ from it. Never compared with itself: a BASE not found is a usage error.
 *
 * @typedef {{path: string, status: 'added' | 'removed' | 'changed'}} ChangedFile
 * @typedef {(args: string[]) => {status: number | null, stdout: string, stderr: string}} Git
 */

/** Where report data and narratives live, relative to the current folder. */
const DATA_FILE = /^data\/reports\/([^/]+)\.ya?ml$/
const NARRATIVE_FILE = /^content\/narrative\/([^/]+)\/([^/]+)\.md$/
const DEFAULT_PATHS = ['data/reports', 'content/narrative']
export const DEFAULT_BASES = ['origin/main', 'main']

/**
 * What to run when a branch is missing; actions/checkout needs `fetch-depth: 0`.
 * @param {string} branch
 */
const fetchHint = (branch) =>
  `fetch it with \`git fetch origin ${branch}:refs/remotes/origin/${branch}\` (in a shallow clone: \`git fetch --unshallow origin\`; with actions/checkout: \`fetch-depth: 0\`)`
const FETCH_HINT = `${fetchHint('main')}, or name BASE`

/**
 * @param {string} cwd
 * @returns {Git}
 */
export function gitIn(cwd) {
  return (args) => {
    const result = spawnSync('git', args, {cwd, encoding: 'utf8', maxBuffer: 256 * 1024 * 1024})
    if (result.error) throw new UsageError(`Cannot run git (${result.error.message}); review needs git`)
    return {status: result.status, stdout: result.stdout, stderr: result.stderr}
  }
}

/**
 * BASE is the first positional when it names a commit; every other positional is a path.
 *
 * @param {string[]} positionals
 * @param {Git} git
 * @param {string} cwd
 */
export function baseAndPaths(positionals, git, cwd) {
  const [first, ...rest] = positionals
  const given = first !== undefined && isRevision(git, first)
  const base = given ? first : DEFAULT_BASES.find((b) => isRevision(git, b))
  if (base === undefined) {
    if (first !== undefined && !existsSync(resolve(cwd, first))) throw new UsageError(notRevision(first))
    throw new UsageError(`No BASE to compare with: neither ${DEFAULT_BASES.join(' nor ')} is a commit here${shallowNote(git)}; ${FETCH_HINT}`)
  }
  const paths = (given ? rest : positionals).map((p) => relative(cwd, resolve(cwd, p)) || '.')
  for (const [i, p] of paths.entries()) {
    if (existsSync(resolve(cwd, p)) || git(['cat-file', '-e', `${base}:./${p}`]).status === 0) continue
    throw new UsageError(i === 0 && !given ? notRevision(positionals[0]) : `No such file or folder, here or in ${base}: ${p}`)
  }
  return {base, paths}
}

/**
 * The commit to compare with: the merge base of BASE and HEAD, else BASE; without a
 * merge base (a shallow clone) BASE's later changes would show as this branch's: refused.
 *
 * @param {Git} git
 * @param {string} base
 * @returns {{base: string, commit: string, label: string}}
 */
export function forkPoint(git, base) {
  const commit = git(['rev-parse', '--verify', '--quiet', `${base}^{commit}`]).stdout.trim()
  const mergeBase = git(['merge-base', base, 'HEAD'])
  const fork = mergeBase.status === 0 ? mergeBase.stdout.trim() : ''
  if (!fork) {
    throw new UsageError(`No common history of ${base} and HEAD${shallowNote(git)}, so the changes of this branch cannot be told apart; ${FETCH_HINT}`)
  }
  if (fork === commit) return {base, commit, label: base}
  return {base: fork, commit: fork, label: `${base} (merge base ${fork.slice(0, 7)})`}
}

/** @param {Git} git @param {string} rev */
function isRevision(git, rev) {
  return git(['rev-parse', '--verify', '--quiet', '--end-of-options', `${rev}^{commit}`]).status === 0
}

/** @param {Git} git */
function shallowNote(git) {
  return git(['rev-parse', '--is-shallow-repository']).stdout.trim() === 'true' ? ' (this clone is shallow)' : ''
}

/** @param {string} arg */
function notRevision(arg) {
  return `Unexpected \`${arg}\`, expected a git revision (BASE) or a file or folder: it is neither; if it is a branch of origin, ${fetchHint(arg.replace(/^origin\//, ''))}`
}

/**
 * Report data files and narratives that differ from BASE (untracked ones added), by report id.
 * @param {Git} git
 * @param {string} base
 * @param {string[]} paths
 */
export function changedFiles(git, base, paths) {
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
export function showAt(git, base, path) {
  const result = git(['show', `${base}:./${path}`])
  return result.status === 0 ? result.stdout : null
}
