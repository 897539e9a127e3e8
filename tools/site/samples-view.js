import {MEASURES} from '../derive/report.js'
import {figurePlain} from './format.js'

/**
 * A workload's repeats as the Markdown export lists them, so that an import gives them back: a row per
 * point with repeats, each figure column the repeats' values in the order they ran. Null for none.
 *
 * @param {ReturnType<typeof import('../derive/report.js').deriveReport>['workloads'][number]} w
 * @param {string[]} subjectIds
 * @param {Record<string, string>} labelOf
 * @param {string[]} dimensionNames  every dimension of the report, as the result tables' columns
 */
export function samplesTable(w, subjectIds, labelOf, dimensionNames) {
  const points = w.rows.flatMap((row) => subjectIds.filter((id) => row.repeats[id]).map((id) => ({row, id, r: row.repeats[id]})))
  if (points.length === 0) return null
  const keys = new Set(points.flatMap(({r}) => r.samples.flatMap((s) => Object.keys(s))))
  const measures = MEASURES.filter((m) => keys.has(m))
  const plain = (/** @type {import('../derive/report.js').Figure | undefined} */ f) => (f ? figurePlain(f) : null)
  return {
    measures,
    has_order: keys.has('order'),
    rows: points.map(({row, id, r}) => ({
      subject: labelOf[id],
      dimensions: dimensionNames.map((name) => figurePlain({value: row.dimensions[name] ?? null, decimals: 0})),
      threads: row.threads,
      clients: row.clients,
      repeats: r.repeats,
      // absent when not recorded, null when recorded as unknown
      spread: r.spread ? figurePlain(r.spread) : undefined,
      order: r.samples.map((s) => plain(s.order)),
      values: measures.map((m) => r.samples.map((s) => plain(s[m])))
    }))
  }
}
