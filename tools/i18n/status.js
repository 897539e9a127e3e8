import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {checkNarratives} from './narratives.js'

/**
 * The state of every report's translations, as a table: one row per report
 * (every file in data/reports/ and every narrative folder), one column per
 * language, each cell `source`, `ok`, `missing`, `stale (n sections)` or
 * `unstamped`.
 *
 * @param {string} root
 * @param {string[]} languages
 * @returns {string}
 */
export function statusTable(root, languages) {
  const {statuses} = checkNarratives(root, languages)
  const dataDir = join(root, 'data', 'reports')
  const data = existsSync(dataDir) ? readdirSync(dataDir).filter((f) => /\.ya?ml$/.test(f)).map((f) => f.replace(/\.ya?ml$/, '')) : []
  const ids = [...new Set([...data, ...statuses.keys()])].sort()
  const rows = ids.map((id) => [id, ...languages.map((lang) => cell(statuses.get(id)?.[lang]))])
  return table([['report', ...languages], ...rows])
}

/** @param {import('./narratives.js').Status | undefined} status */
function cell(status) {
  if (!status) return 'missing'
  if (status.kind === 'stale') return `stale (${status.sections} section${status.sections === 1 ? '' : 's'})`
  return status.kind
}

/**
 * Columns padded to their widest cell, two spaces apart.
 * @param {string[][]} rows
 */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n'
}
