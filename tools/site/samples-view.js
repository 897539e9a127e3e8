import {MEASURES} from '../derive/report.js'

/**
 * A workload's repeats as the Markdown export lists them, so an import gives
 * back every repeat's figures (`samples`), `repeats` and `spread`: one row per
 * point measured with repeats, each figure column holding the repeats' values
 * in the order they ran. Null when no point of the workload has repeats.
 *
 * @typedef {import('../derive/report.js').Figure} Figure
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
  const missing = /** @type {Figure} */ ({value: null, decimals: 0})
  return {
    measures,
    has_order: keys.has('order'),
    rows: points.map(({row, id, r}) => ({
      subject: labelOf[id],
      dimensions: dimensionNames.map((name) => row.dimensions[name] ?? null),
      threads: row.threads,
      clients: row.clients,
      repeats: r.repeats,
      spread: r.spread ?? null,
      order: r.samples.map((s) => s.order ?? missing),
      values: measures.map((m) => r.samples.map((s) => s[m] ?? missing))
    }))
  }
}
