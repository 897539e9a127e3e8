import {spawnSync} from 'node:child_process'
import {mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {checkNarratives} from '../i18n/narratives.js'
import {siteLanguages} from '../i18n/labels.js'
import {sortProblems} from '../lib/problems.js'

/**
 * Prose a change leaves behind: narrative percentages no longer a figure of
 * the data, and translations left stale, incomplete or unfaithful. Only
 * problems not found at BASE count: those are the branch's inheritance.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('./git.js').Git} Git
 */

/**
 * @param {string} root  the project folder (the review's current folder)
 * @param {Git} git
 * @param {string} base  commit to compare with
 * @param {string[]} ids  reports whose data or narrative changed and still exist
 * @returns {Problem[]}
 */
export function driftOf(root, git, base, ids) {
  if (ids.length === 0) return []
  const languages = siteLanguages(root)
  const now = checkNarratives(root, languages, {ids}).problems
  if (now.length === 0) return []
  const before = new Set(atRevision(root, git, base, ids, (dir) => checkNarratives(dir, languages, {ids}).problems).map(sameness))
  return sortProblems(now.filter((p) => !before.has(sameness(p))))
}

/**
 * A problem without its place: moved by an edit above it, it is the same problem.
 * @param {Problem} p
 */
function sameness(p) {
  return `${p.file}\0${p.rule}\0${p.message.replace(/\bline \d+/g, 'line')}`
}

/**
 * Run `check` on a copy of the reports as they are at `base`, in a temporary folder.
 *
 * @template T
 * @param {string} root
 * @param {Git} git
 * @param {string} base
 * @param {string[]} ids
 * @param {(dir: string) => T[]} check
 * @returns {T[]}
 */
function atRevision(root, git, base, ids, check) {
  const wanted = ids.flatMap((id) => [`data/reports/${id}.yaml`, `content/narrative/${id}`])
  const listed = git(['ls-tree', '-r', '--name-only', base, '--', ...wanted])
  const files = listed.stdout.split('\n').filter(Boolean)
  if (listed.status !== 0 || files.length === 0) return []
  const dir = mkdtempSync(join(tmpdir(), 'benchdoc-review-base-'))
  try {
    // from a subfolder, git archives that subfolder's tree
    const archive = spawnSync('git', ['archive', '--format=tar', base, '--', ...files], {cwd: root, maxBuffer: 256 * 1024 * 1024})
    const untar = spawnSync('tar', ['-x', '-C', dir], {input: archive.stdout})
    if (archive.status !== 0 || untar.status !== 0) return []
    return check(dir)
  } finally {
    rmSync(dir, {recursive: true, force: true})
  }
}
