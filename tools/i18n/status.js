import {checkDataTexts} from './data-check.js'
import {checkNarratives} from './narratives.js'
import {plural} from '../lib/english.js'

/**
 * The state of every report's translations: a row per report, a column per language.
 *
 * @param {string} root
 * @param {string[]} languages  site languages
 * @param {string[]} [only]  only these languages' columns
 */
export function statusTable(root, languages, only) {
  const {statuses} = checkNarratives(root, languages, {only})
  const {untranslated} = checkDataTexts(root, only ?? languages)
  const ids = [...new Set([...untranslated.keys(), ...statuses.keys()])].sort()
  const columns = only ?? languages
  const rows = ids.map((id) => [id, ...columns.map((lang) => cell(statuses.get(id)?.[lang], untranslated.get(id)?.[lang] ?? 0))])
  return table([['report', ...columns], ...rows])
}

/**
 * @param {import('./narratives.js').Status | undefined} status
 * @param {number} texts  untranslated data texts
 */
function cell(status, texts) {
  const state = !status ? 'missing'
    : status.kind === 'stale' ? `stale (${plural(status.sections, 'section')})`
    : status.kind === 'error' ? `error (${plural(status.errors, 'error')})`
    : status.kind
  return texts > 0 ? `${state} + ${plural(texts, 'data text')}` : state
}

/**
 * Columns padded to their widest cell, two spaces apart.
 * @param {string[][]} rows
 */
function table(rows) {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => r[i].length)))
  return rows.map((r) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ')).join('\n') + '\n'
}
