import {MEASURES} from '../derive/report.js'

/**
 * The downloads of a report page: its points as CSV (one row per point) and
 * its data as JSON. Numbers keep the text they were recorded with.
 */

/** Columns of the CSV, after subject, version, workload, threads and clients. */
const EXTRA = ['repeats', 'spread', 'error']

/**
 * @param {import('../types/report.js').Report} report  schema-valid report data
 * @param {import('../derive/report.js').SourceOf} sourceOf
 */
export function reportCsv(report, sourceOf) {
  const versionOf = new Map(report.subjects.map((s) => [s.id, s.version]))
  const header = ['report', 'subject', 'version', 'workload', 'threads', 'clients', ...MEASURES, ...EXTRA]
  const planClients = report.plan.clients ?? 1
  const rows = (report.results ?? []).map((p, i) => {
    const fields = /** @type {Record<string, unknown>} */ (/** @type {unknown} */ (p))
    const value = (/** @type {string} */ key) => (fields[key] == null ? '' : sourceOf(['results', i, key]) ?? String(fields[key]))
    return [report.id, p.subject, versionOf.get(p.subject) ?? '', p.workload, String(p.threads), String(p.clients ?? planClients), ...MEASURES.map(value), ...EXTRA.map(value)]
  })
  return [header, ...rows].map((row) => row.map(csvField).join(',')).join('\r\n') + '\r\n'
}

/**
 * RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled.
 * @param {string} field
 */
export function csvField(field) {
  return /[",\r\n]/.test(field) ? `"${field.replace(/"/g, '""')}"` : field
}

/**
 * Where a report's downloads are served: points, data, each language's Vega-Lite spec and Markdown export (LANG).
 * @param {string} id
 */
export function downloadPaths(id) {
  return {csv: `downloads/${id}/${id}.csv`, json: `downloads/${id}/${id}.json`, spec: `downloads/${id}/${id}.LANG.vl.json`, markdown: `downloads/${id}/${id}.LANG.md`}
}
