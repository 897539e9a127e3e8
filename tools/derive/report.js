import {agrees, decimalsOf, headlineChange, percentChange} from './change.js'
import {deriveVerdicts} from './verdict.js'
import {MEASURES} from '../domain/index.js'

/**
 * @typedef {import('../types/report.js').Report} Report  a report as validated against schemas/report.schema.json
 * @typedef {import('../types/report.js').Plan['workloads'][number]} Workload
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {(path: Array<string | number>) => string | undefined} SourceOf
 * @typedef {{value: number | null, decimals: number}} Figure
 * @typedef {import('../domain/measures.js').Measure} MeasureKey
 * @typedef {{repeats: number, spread?: Figure, samples: Array<Record<string, Figure>>}} Repeats
 *   a point's repeats as recorded: their number, the spread (absent when not recorded) and each
 *   repeat's figures (`order` and measures), every number with its recorded decimals
 */

/** Measures of a point (tools/domain), here for the modules that imported them from here. */
export {MEASURES}

/** Decimals a derived % is shown with. */
export const CHANGE_DECIMALS = 2

/**
 * The subject others are compared with; null for a single-subject report.
 * @param {Report} report
 */
export function baselineOf(report) {
  if (report.kind !== 'comparison') return null
  return report.baseline ?? report.subjects[0]?.id ?? null
}

/**
 * The throughput measure % changes use: the report's `metric`, else `tps` if every point has it, else `qps`.
 * @param {Report} report
 * @returns {'qps' | 'tps'}
 */
export function metricOf(report) {
  if (report.metric) return report.metric
  const points = report.results ?? []
  return points.length > 0 && points.every((p) => p.tps != null) ? 'tps' : 'qps'
}

/**
 * Where a point sits in its workload's result table: what tells two points of one
 * subject and workload apart. The one place that knows what a coordinate is.
 *
 * @typedef {{threads: number, clients: number, dimensions: Record<string, number>}} Coordinates
 * @typedef {{threads: number, clients?: number, dimensions?: Record<string, number>}} PointCoordinates
 */

/**
 * @param {PointCoordinates} point
 * @param {number} planClients  the plan's clients, for points that leave theirs out
 * @returns {Coordinates}
 */
export function coordinatesOf(point, planClients) {
  return {threads: point.threads, clients: point.clients ?? planClients, dimensions: point.dimensions ?? {}}
}

/**
 * Key of a point's coordinates: equal keys are the same row of a result table.
 * @param {PointCoordinates} point
 * @param {number} planClients
 */
export function coordinatesKey(point, planClients) {
  const {threads, clients, dimensions} = coordinatesOf(point, planClients)
  const dims = Object.keys(dimensions).sort().map((name) => `${name}=${dimensions[name]}`)
  return [threads, clients, ...dims].join('|')
}

/**
 * Key of a point: subject, workload and coordinates. The same key twice is a
 * duplicate; a point is compared with the baseline's point of the same coordinates.
 * @param {PointCoordinates & {subject: string, workload: string}} point
 * @param {number} planClients
 */
export function pointKey(point, planClients) {
  return `${point.subject}|${point.workload}|${coordinatesKey(point, planClients)}`
}

/**
 * Coordinates as messages name them: `150×3 threads (table_size 1000000)`.
 * @param {PointCoordinates} point
 * @param {number} planClients
 */
export function coordinateText(point, planClients) {
  const {threads, clients, dimensions} = coordinatesOf(point, planClients)
  const dims = Object.entries(dimensions).map(([name, value]) => `${name} ${value}`)
  return `${threads}${clients > 1 ? `×${clients}` : ''} threads${dims.length > 0 ? ` (${dims.join(', ')})` : ''}`
}

/**
 * Names of the declared dimensions, in declaration order.
 * @param {Report} report
 */
export function dimensionNames(report) {
  return (report.dimensions ?? []).map((d) => d.name)
}

/**
 * What a workload's headline mean runs over, for its wording: threads, clients when they
 * differ between rows, and each dimension that varies (one that does not is stated above).
 *
 * @param {Coordinates[]} rows
 * @param {string[]} varying  names of the dimensions that vary between rows
 * @returns {string[]}  `threads`, `clients`, dimension names
 */
export function comparedAt(rows, varying) {
  return ['threads', ...(new Set(rows.map((r) => r.clients)).size > 1 ? ['clients'] : []), ...varying]
}

/**
 * Every derived figure of a report: per workload its result table's rows (measures, %
 * change over the baseline) and headlines (the mean of the rows' changes); the verdicts.
 *
 * @param {Report} report
 * @param {SourceOf} [sourceOf]  source text of a scalar, to keep the recorded precision
 */
export function deriveReport(report, sourceOf = () => undefined) {
  const {baseline, compared, metric, workloads} = deriveWorkloads(report, sourceOf)
  const planClients = report.plan.clients ?? 1
  const verdicts = deriveVerdicts(report, {baseline, metric, keyOf: (p) => coordinatesKey(p, planClients)})
  return {baseline, compared, metric, workloads, verdicts}
}

/**
 * `deriveReport` without the verdicts, at a fraction of the cost, for `benchdoc validate`.
 *
 * @param {Report} report
 * @param {SourceOf} [sourceOf]
 */
export function deriveWorkloads(report, sourceOf = () => undefined) {
  const baseline = baselineOf(report)
  const subjects = report.subjects.map((s) => s.id)
  const results = report.results ?? []
  /** @type {Derivation} */
  const d = {
    report,
    results,
    baseline,
    metric: metricOf(report),
    planClients: report.plan.clients ?? 1,
    subjects,
    compared: baseline ? subjects.filter((s) => s !== baseline) : [],
    declared: dimensionNames(report),
    read: figureReader(results, sourceOf),
    sourceOf
  }
  const workloads = report.plan.workloads.map((w) => deriveWorkload(w, d))
  return {baseline, compared: d.compared, metric: d.metric, workloads}
}

/**
 * @typedef {{
 *   report: Report, results: Point[], baseline: string | null, metric: 'qps' | 'tps', planClients: number,
 *   subjects: string[], compared: string[], declared: string[], read: ReturnType<typeof figureReader>, sourceOf: SourceOf
 * }} Derivation  what every workload's derivation shares: `compared` are the subjects
 *   compared with the baseline; `declared` the report's dimension names
 */

/**
 * Figures of the points as recorded, each with the decimals it was written with.
 * @param {Point[]} results
 * @param {SourceOf} sourceOf
 */
function figureReader(results, sourceOf) {
  /** @param {Array<string | number>} path  below the point @param {number} index @returns {Figure} */
  const figureAt = (path, index) => {
    const value = /** @type {number | null} */ (path.reduce((/** @type {unknown} */ node, k) => /** @type {Record<string | number, unknown> | undefined} */ (node)?.[k], results[index]) ?? null)
    const written = sourceOf(['results', index, ...path])
    return {value, decimals: value == null ? 0 : decimalsOf(written ?? value)}
  }
  return {
    /** @param {number} index @param {MeasureKey} key @returns {Figure} */
    figure: (index, key) => figureAt([key], index),
    /** @param {number} index @returns {Repeats | null} */
    repeatsOf(index) {
      const p = results[index]
      if (p.repeats == null) return null
      return {
        repeats: p.repeats,
        ...(p.spread !== undefined ? {spread: figureAt(['spread'], index)} : {}),
        samples: (p.samples ?? []).map((s, j) =>
          Object.fromEntries(Object.keys(s).map((k) => [k, figureAt(['samples', j, k], index)])))
      }
    }
  }
}

/**
 * One workload: its table's rows in order, the measures and varying dimensions it shows, its headlines.
 * @param {Workload} w  a workload of the plan
 * @param {Derivation} d
 */
function deriveWorkload(w, d) {
  const sorted = rowsOf(w, d)
  // Dimensions whose value changes from row to row get a table column and a chart axis.
  const varying = d.declared.filter((name) => new Set(sorted.map((r) => r.dimensions[name])).size > 1)
  const measures = MEASURES.filter((m) => d.results.some((p) => p.workload === w.name && p[m] != null))
  const tableRows = sorted.map((row) => tableRow(row, measures, d))
  const headlines = d.compared.map((s) => headlineOf(w, s, tableRows, d))
  return {name: w.name, threads: w.threads ?? [], options: w.options ?? {}, measures, dimensions: varying, compared_at: comparedAt(sorted, varying), rows: tableRows, headlines}
}

/**
 * A workload's rows: its points by coordinates, by dimensions, plan thread order, threads, clients.
 * @param {Workload} w
 * @param {Derivation} d
 */
function rowsOf(w, {results, planClients, declared}) {
  /** @type {Map<string, Coordinates & {points: Record<string, number>}>} */
  const rows = new Map()
  results.forEach((p, index) => {
    if (p.workload !== w.name) return
    const key = coordinatesKey(p, planClients)
    if (!rows.has(key)) rows.set(key, {...coordinatesOf(p, planClients), points: {}})
    const row = /** @type {Coordinates & {points: Record<string, number>}} */ (rows.get(key))
    row.points[p.subject] = index
  })
  const order = rankOf(w.threads ?? [])
  const byDimensions = (/** @type {Coordinates} */ a, /** @type {Coordinates} */ b) => {
    for (const name of declared) {
      const diff = (a.dimensions[name] ?? 0) - (b.dimensions[name] ?? 0)
      if (diff !== 0) return diff
    }
    return 0
  }
  return [...rows.values()].sort(
    (a, b) => byDimensions(a, b) || rank(order, a.threads) - rank(order, b.threads) || a.threads - b.threads || a.clients - b.clients
  )
}

/**
 * A row of a workload's table: each subject's figures and repeats, and % change against the baseline.
 * @param {Coordinates & {points: Record<string, number>}} row
 * @param {MeasureKey[]} measures
 * @param {Derivation} d
 */
function tableRow(row, measures, {results, subjects, baseline, compared, metric, planClients, read}) {
  /** @type {Record<string, Record<string, Figure> & {error?: string}>} */
  const cells = {}
  /** @type {Record<string, Repeats>} */
  const repeats = {}
  for (const s of subjects) {
    const index = row.points[s]
    if (index === undefined) continue
    cells[s] = Object.fromEntries(measures.map((m) => [m, read.figure(index, m)]))
    if (results[index].error) cells[s].error = results[index].error
    const r = read.repeatsOf(index)
    if (r) repeats[s] = r
  }
  /** @type {Record<string, Figure>} */
  const change = {}
  if (baseline) {
    const base = row.points[baseline]
    for (const s of compared) {
      const index = row.points[s]
      const value = index === undefined || base === undefined ? null : percentChange(results[index][metric], results[base][metric])
      change[s] = {value, decimals: CHANGE_DECIMALS}
    }
  }
  return {key: coordinatesKey(row, planClients), threads: row.threads, clients: row.clients, total_threads: row.threads * row.clients, dimensions: row.dimensions, cells, repeats, change}
}

/**
 * A compared subject's headline: the mean of its per-row changes, beside the stated one.
 * @param {Workload} w
 * @param {string} s  the compared subject
 * @param {Array<{change: Record<string, Figure>}>} tableRows
 * @param {Derivation} d
 */
function headlineOf(w, s, tableRows, {report, baseline, compared, metric, sourceOf}) {
  const derived = baseline ? headlineChange(tableRows.map((r) => r.change[s]?.value ?? null)) : null
  const statedIndex = (report.headlines ?? []).findIndex((h) => h.workload === w.name && (h.subject ?? compared[0]) === s)
  const stated = statedIndex < 0 ? null : (report.headlines ?? [])[statedIndex]
  const statedDecimals = stated ? decimalsOf(sourceOf(['headlines', statedIndex, 'change']) ?? stated.change) : 0
  return {
    subject: s,
    metric: stated?.metric ?? metric,
    derived: {value: derived, decimals: CHANGE_DECIMALS},
    stated: stated ? {value: stated.change, decimals: statedDecimals} : null,
    stated_index: statedIndex < 0 ? null : statedIndex,
    agrees: stated && derived != null ? agrees(stated.change, derived, statedDecimals) : null
  }
}

/**
 * Each planned thread count's place in the plan (a map: a plan may list 10,000 thread counts).
 * @param {number[]} threads
 */
function rankOf(threads) {
  /** @type {Map<number, number>} */
  const order = new Map()
  threads.forEach((t, i) => {
    if (!order.has(t)) order.set(t, i)
  })
  return order
}

/**
 * @param {Map<number, number>} order
 * @param {number} threads
 */
function rank(order, threads) {
  return order.get(threads) ?? Number.MAX_SAFE_INTEGER
}
