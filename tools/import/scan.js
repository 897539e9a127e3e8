import {execFileSync} from 'node:child_process'
import {lstatSync, readdirSync} from 'node:fs'
import {basename, dirname, join, relative, sep} from 'node:path'
import {readTextInput} from '../lib/input.js'
import {MAX_BYTES} from './import.js'

/**
 * Published reports in a documentation tree, with each one's doc version and first commit.
 *
 * @typedef {{path: string, rel: string, docVersion: string | null}} Found
 *   `rel`: the path under the folder given, with `/`; `docVersion`: `v6.0`, `dev`, or null
 */

/** Folders a documentation tree keeps no reports in. */
const SKIP = new Set(['node_modules', '.git', 'public', 'resources', 'vendor'])

/** A folder named as a documentation version: `v6.0`, `v5.4.1`, `6.1`, `dev`, `stable`. */
const DOC_VERSION = /^(v?\d+\.\d+(?:\.\d+)?|dev|stable|master|main|latest)$/i

/**
 * Every Markdown file under `dir` that mentions sysbench, in path order; links are not followed.
 * @param {string} dir
 * @returns {{found: Found[], markdown: number}}  `markdown`: how many Markdown files were looked at
 */
export function findReports(dir) {
  /** @type {Found[]} */
  const found = []
  let markdown = 0
  /** @param {string} folder */
  const walk = (folder) => {
    const entries = readdirSync(folder, {withFileTypes: true}).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
    for (const entry of entries) {
      const path = join(folder, entry.name)
      if (entry.isDirectory()) {
        if (!SKIP.has(entry.name) && !entry.name.startsWith('.')) walk(path)
        continue
      }
      if (!entry.isFile() || !/\.(md|markdown)$/i.test(entry.name)) continue
      markdown++
      if (lstatSync(path).size > MAX_BYTES || !mentionsSysbench(path)) continue
      const rel = relative(dir, path).split(sep).join('/')
      found.push({path, rel, docVersion: docVersionOf(rel)})
    }
  }
  walk(dir)
  return {found, markdown}
}

/** @param {string} path */
function mentionsSysbench(path) {
  try {
    return /sysbench/i.test(readTextInput(path, {shown: path, what: 'Markdown report', maxBytes: MAX_BYTES}))
  } catch {
    // a file that cannot be read is reported when it is imported, not here
    return true
  }
}

/**
 * The innermost folder named like a doc version (`en/v6.0/benchmark/x.md` → `v6.0`).
 * @param {string} rel
 */
export function docVersionOf(rel) {
  const folders = rel.split('/').slice(0, -1)
  return folders.reverse().find((f) => DOC_VERSION.test(f)) ?? null
}

/**
 * When git first saw a file (`YYYY-MM-DD` and the commit), or null; not `--follow`,
 * which takes a copy in another doc-version folder for its original.
 * @param {string} path
 * @returns {{date: string, commit: string} | null}
 */
export function firstCommitted(path) {
  try {
    const out = execFileSync('git', ['log', '--diff-filter=A', '--format=%H %as', '--', basename(path)], {
      cwd: dirname(path),
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
      timeout: 10000
    })
    const last = out.trim().split('\n').at(-1) ?? ''
    const m = /^([0-9a-f]{40}) (\d{4}-\d{2}-\d{2})$/.exec(last)
    return m ? {date: m[2], commit: m[1]} : null
  } catch {
    return null
  }
}
