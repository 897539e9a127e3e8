import {agrees, decimalsOf, headlineChange, percentChange} from './change.js'

/**
 * @typedef {Record<string, any>} Report  a report as validated against schemas/report.schema.json
 * @typedef {(path: Array<string | number>) => string | undefined} SourceOf
 * @typedef {{value: number | null, decimals: number}} Figure
 * @typedef {'qps' | 'tps' | 'latency_avg' | 'latency_p95' | 'latency_max' | 'errors' | 'reconnects'} MeasureKey
 */

/** Measures of a point, in the order result tables show them. */
export const MEASURES = /** @type {MeasureKey[]} */ ([
  'qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects'
])

/** Decimals a derived % is shown with. */
export const CHANGE_DECIMALS = 2

/**
 * The subject others are compared with; null for a single-subject report.
 * @param {Report} report
 * @returns {string | null}
 */
export function baselineOf(report) {
  if (report.kind !== 'comparison') return null
  return report.baseline ?? report.subjects[0]?.id ?? null
}

/**
 * The throughput measure % changes are computed from: the report's `metric`,
 * else `tps` when every point has it, else `qps`.
 * @param {Report} report
 * @returns {'qps' | 'tps'}
 */
export function metricOf(report) {
  if (report.metric) return report.metric
  const points = report.results ?? []
  return points.length > 0 && points.every((/** @type {any} */ p) => p.tps != null) ? 'tps' : 'qps'
}

/**
 * Key of a point's coordinates within its workload (today threads × clients):
 * a comparison pairs a point only with the baseline point of the same key.
 * Every comparison keys cells through this one function.
 * @param {{threads: number, clients?: number}} point
 * @param {number} planClients
 */
export function coordinatesKey(point, planClients) {
  return `${point.threads}|${point.clients ?? planClients}`
}

/**
 * Key of a point: the same key twice in one report is a duplicate.
 * @param {{subject: string, workload: string, threads: number, clients?: number}} point
 * @param {number} planClients
 */
export function pointKey(point, planClients) {
  return `${point.subject}|${point.workload}|${coordinatesKey(point, planClients)}`
}

/**
 * Every derived figure of a report: per workload the rows of its result table
 * with each subject's measures and % change over the baseline, and the
 * headline (mean of the per-point changes) next to the stated one.
 *
 * @param {Report} report
 * @param {SourceOf} [sourceOf]  source text of a scalar, to keep the recorded precision
 */
export function deriveReport(report, sourceOf = () => undefined) {
  const baseline = baselineOf(report)
  const metric = metricOf(report)
  const planClients = report.plan.clients ?? 1
  const subjects = /** @type {string[]} */ (report.subjects.map((/** @type {any} */ s) => s.id))
  const compared = baseline ? subjects.filter((s) => s !== baseline) : []
  const results = /** @type {any[]} */ (report.results ?? [])

  /** @param {number} index @param {MeasureKey} key @returns {Figure} */
  const figure = (index, key) => {
    const value = results[index][key] ?? null
    const written = sourceOf(['results', index, key])
    return {value, decimals: value == null ? 0 : decimalsOf(written ?? value)}
  }

  const workloads = /** @type {any[]} */ (report.plan.workloads).map((w) => {
    /** @type {Map<string, {threads: number, clients: number, points: Record<string, number>}>} */
    const rows = new Map()
    results.forEach((p, index) => {
      if (p.workload !== w.name) return
      const clients = p.clients ?? planClients
      const key = coordinatesKey(p, planClients)
      if (!rows.has(key)) rows.set(key, {threads: p.threads, clients, points: {}})
      const row = /** @type {any} */ (rows.get(key))
      row.points[p.subject] = index
    })
    const order = w.threads ?? []
    const sorted = [...rows.values()].sort(
      (a, b) => rank(order, a.threads) - rank(order, b.threads) || a.threads - b.threads || a.clients - b.clients
    )
    const measures = MEASURES.filter((m) => results.some((p) => p.workload === w.name && p[m] != null))
    const tableRows = sorted.map((row) => {
      /** @type {Record<string, Record<string, Figure> & {error?: string}>} */
      const cells = {}
      for (const s of subjects) {
        const index = row.points[s]
        if (index === undefined) continue
        cells[s] = Object.fromEntries(measures.map((m) => [m, figure(index, m)]))
        if (results[index].error) cells[s].error = results[index].error
      }
      /** @type {Record<string, Figure>} */
      const change = {}
      if (baseline) {
        const base = row.points[baseline]
        for (const s of compared) {
          const index = row.points[s]
          const value =
            index === undefined || base === undefined ? null : percentChange(results[index][metric], results[base][metric])
          change[s] = {value, decimals: CHANGE_DECIMALS}
        }
      }
      return {key: coordinatesKey(row, planClients), threads: row.threads, clients: row.clients, total_threads: row.threads * row.clients, cells, change}
    })
    const headlines = compared.map((/** @type {string} */ s) => {
      const derived = baseline ? headlineChange(tableRows.map((r) => r.change[s]?.value ?? null)) : null
      const statedIndex = (report.headlines ?? []).findIndex(
        (/** @type {any} */ h) => h.workload === w.name && (h.subject ?? compared[0]) === s
      )
      const stated = statedIndex < 0 ? null : report.headlines[statedIndex]
      const statedDecimals = stated ? decimalsOf(sourceOf(['headlines', statedIndex, 'change']) ?? stated.change) : 0
      return {
        subject: s,
        metric: stated?.metric ?? metric,
        derived: {value: derived, decimals: CHANGE_DECIMALS},
        stated: stated ? {value: stated.change, decimals: statedDecimals} : null,
        stated_index: statedIndex < 0 ? null : statedIndex,
        agrees: stated && derived != null ? agrees(stated.change, derived, statedDecimals) : null
      }
    })
    return {name: w.name, threads: w.threads ?? [], options: w.options ?? {}, measures, rows: tableRows, headlines}
  })

  return {baseline, compared, metric, workloads}
}

/**
 * @param {number[]} order
 * @param {number} threads
 */
function rank(order, threads) {
  const i = order.indexOf(threads)
  return i < 0 ? Number.MAX_SAFE_INTEGER : i
}
