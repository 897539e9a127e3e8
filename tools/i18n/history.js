import {execFileSync} from 'node:child_process'
import {sectionDigest} from './digest.js'
import {parseNarrative} from '../narrative/index.js'

/**
 * The text a source section had when a translation was stamped, found by its
 * digest in the file's git history: the stamp keeps only digests.
 *
 * @param {string} root  the project folder (a git work tree)
 * @param {string} rel  the source narrative, relative to root
 * @param {string} id  section id
 * @param {string} digest  the digest recorded in the stamp
 * @returns {string | null}  the section's Markdown then, or null when not found
 */
export function sectionThen(root, rel, id, digest) {
  const git = (/** @type {string[]} */ args) => execFileSync('git', args, {cwd: root, encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'], maxBuffer: 64 << 20})
  let commits
  try {
    commits = git(['log', '--format=%H', '--', rel]).split('\n').filter(Boolean)
  } catch {
    return null
  }
  for (const commit of commits.slice(0, 200)) {
    let text
    try {
      text = git(['show', `${commit}:${rel}`])
    } catch {
      continue
    }
    const section = parseNarrative(text).sections[id]
    if (section && sectionDigest(section.markdown) === digest) return section.markdown
  }
  return null
}

/**
 * A line diff (`-`, `+`, ` ` lines) of two texts, from their longest common subsequence.
 * @param {string} then
 * @param {string} now
 */
export function lineDiff(then, now) {
  const a = then.trim().split('\n')
  const b = now.trim().split('\n')
  /** @type {number[][]} */
  const lcs = Array.from({length: a.length + 1}, () => new Array(b.length + 1).fill(0))
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) lcs[i][j] = a[i] === b[j] ? lcs[i + 1][j + 1] + 1 : Math.max(lcs[i + 1][j], lcs[i][j + 1])
  }
  /** @type {string[]} */
  const out = []
  let i = 0
  let j = 0
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      out.push(`  ${a[i]}`)
      i++
      j++
    } else if (i < a.length && (j === b.length || lcs[i + 1][j] >= lcs[i][j + 1])) out.push(`- ${a[i++]}`)
    else out.push(`+ ${b[j++]}`)
  }
  return out
}
