import {benjaminiHochberg, mean, pooledVariance, tCdf, tQuantile} from './stats.js'
import {LATENCIES} from '../domain/index.js'

/**
 * The verdict on every comparison cell, written once (docs/statistics.md, "Verdicts").
 *
 * A cell is a compared subject × workload × coordinates (threads, clients …)
 * against the baseline point at the same coordinates, for one measure: the
 * report's throughput metric (higher is better) and the p95 latency (lower is
 * better). From each side's per-repeat figures (`samples`, else the point's
 * one figure):
 *
 *   d = mean(log x_subject) − mean(log x_baseline)        ratio = e^d
 *   se = s · √(1/n_subject + 1/n_baseline)
 *   95 % CI of d: d ± t(0.975, df) · se                    change = (e^d − 1) · 100 %
 *
 * where s² is the residual variance of log x pooled over every point of the
 * workload (df = Σ(n − 1)), or, with `verdict: {pool: false}`, over the two
 * points of the cell only. Against the margin δ (`verdict.margin`, in %,
 * default 2): the interval above +δ is a gain, below −δ a loss, inside ±δ
 * equivalent, else inconclusive. A gain or loss is only claimed when it also
 * passes Benjamini–Hochberg at q = 0.05 over all cells of the report for that
 * measure (p: the two-sided p-value of exceeding the margin). A gain in
 * throughput or a loss in latency is "faster". A side with one sample gives
 * "single run" and no interval.
 *
 * The workload headline is the same for the mean of d over the workload's
 * coordinates (the geometric mean of the ratios), with the pooled variance:
 * se = s/k · √Σ(1/n_subject + 1/n_baseline).
 *
 * @typedef {'faster' | 'slower' | 'equivalent' | 'inconclusive' | 'single_run'} Verdict
 * @typedef {{margin: number, pool: boolean, confidence: number, q: number}} VerdictSettings
 * @typedef {{
 *   subject: string, workload: string, key: string, threads: number, clients: number, dimensions: Record<string, number>, measure: string,
 *   n: number, n_baseline: number, cv: number | null, change: number, low: number | null, high: number | null,
 *   df: number | null, p: number | null, verdict: Verdict
 * }} Cell  cv: the noise of the cell's two points' repeats (`noiseOf`), as the page shows it beside the verdict
 * @typedef {{
 *   subject: string, workload: string, measure: string, cells: number,
 *   change: number, low: number | null, high: number | null, df: number | null, p: number | null, verdict: Verdict
 * }} Headline
 * @typedef {{subject: string, workload: string, key: string, measure: string, mean: number, low: number, high: number}} PointInterval
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {import('../domain/measures.js').Measure} Measure
 * @typedef {Map<string, Map<string, {point: Point, logs: number[]}>>} Logs
 * @typedef {{baseline: string | null, metric: 'qps' | 'tps', keyOf: (point: Point) => string}} VerdictContext
 *   what deriveReport knows: the baseline, the throughput metric and the coordinates key of a point
 */

/** Measures where a lower value is better. */
export const LOWER_IS_BETTER = new Set(/** @type {readonly string[]} */ (LATENCIES))

/** Defaults of a report's `verdict` field. */
export const VERDICT_DEFAULTS = Object.freeze({margin: 2, pool: true, confidence: 0.95, q: 0.05})

/**
 * The report's settings; measured under a stopping rule (`plan.repeats`), the rule's margin unless the
 * report sets one, and the interval of `sequentialConfidence`, valid however the rule stopped.
 * @param {Report} report
 * @returns {VerdictSettings}
 */
export function verdictSettings(report) {
  const rule = report.plan?.repeats
  const settings = {...VERDICT_DEFAULTS, ...(rule ? {margin: rule.margin} : {}), ...(report.verdict ?? {})}
  return rule ? {...settings, confidence: sequentialConfidence(rule, settings.confidence)} : settings
}

/**
 * The confidence of each look of a stopping rule (docs/statistics.md, "Repeats that stop"): the error
 * 1 − confidence split evenly over the rule's max − min + 1 looks (Bonferroni), so the intervals of all
 * looks hold at once with the confidence asked, whichever look the rule stops at.
 * @param {{min: number, max: number}} rule
 */
export const sequentialConfidence = ({min, max}, /** @type {number} */ confidence) => 1 - (1 - confidence) / (max - min + 1)

/** An interval's confidence in % as reports write it, rounded down to 0.1 (98.3 for 0.98333…): never overstated. @param {number} confidence */
export const confidencePercent = (confidence) => Math.floor(confidence * 1000) / 10

/**
 * A point's per-repeat values of a measure: its samples, else its one figure.
 * Values ≤ 0 have no logarithm and are left out (the validator reports them).
 * @param {Point} point
 * @param {Measure} measure
 * @returns {number[]}
 */
export function sampleValues(point, measure) {
  const values = point.samples?.length ? point.samples.map((s) => s[measure]) : [point[measure]]
  return /** @type {number[]} */ (values.filter((v) => typeof v === 'number' && v > 0))
}

/**
 * Every cell's and headline's verdict of a report, and each workload's pooled noise.
 *
 * @param {import('./report.js').Report} report  schema-valid report data
 * @param {VerdictContext} context
 */
export function deriveVerdicts(report, {baseline, metric, keyOf}) {
  const settings = verdictSettings(report)
  /** @type {Measure[]} */
  const measures = [metric, 'latency_p95']
  /** @type {Cell[]} */
  const cells = []
  /** @type {Headline[]} */
  const headlines = []
  /** @type {Array<{name: string, measure: string, variance: number | null, df: number, cv: number | null}>} */
  const noise = []
  /** @type {PointInterval[]} */
  const points = []
  for (const w of report.plan.workloads) {
    for (const measure of measures) {
      const logs = logsOf(report, w.name, measure, keyOf)
      if (logs.size === 0) continue
      const pooled = noiseOf([...logs.values()].flatMap((m) => [...m.values()].map((x) => x.logs)))
      noise.push({name: w.name, measure, ...pooled})
      // a point's own interval (the charts' error bars) is no verdict: 95 % even under a stopping rule
      points.push(...pointIntervals(logs, pooled, {workload: w.name, measure}, {...settings, confidence: VERDICT_DEFAULTS.confidence}))
      const part = baseline ? workloadCells(logs, pooled, {workload: w.name, measure, baseline, planClients: report.plan.clients ?? 1}, settings) : null
      if (!part) continue
      cells.push(...part.cells)
      headlines.push(...part.headlines)
    }
  }
  for (const measure of measures) {
    decide(cells.filter((c) => c.measure === measure), settings)
    decide(headlines.filter((h) => h.measure === measure), settings)
  }
  return {settings, baseline, metric, measures, cells, headlines, noise, points}
}

/** Run-to-run noise: the variance of log values pooled over groups (a workload's points, or one point's repeats), its df, and the CV √(e^{s²} − 1). @param {number[][]} logGroups */
export function noiseOf(logGroups) {
  const pooled = pooledVariance(logGroups)
  return {...pooled, cv: pooled.variance == null ? null : Math.sqrt(Math.expm1(pooled.variance))}
}

/**
 * The headline verdict of a subject in a workload, or null.
 * @param {ReturnType<typeof deriveVerdicts>} verdicts
 * @param {{subject: string, workload: string, measure: string}} where
 */
export function headlineOf(verdicts, {subject, workload, measure}) {
  return verdicts.headlines.find((h) => h.subject === subject && h.workload === workload && h.measure === measure) ?? null
}

/**
 * Log values of one workload and measure: subject → coordinates key → point and logs.
 * @param {Report} report
 * @param {string} workload
 * @param {Measure} measure
 * @param {(point: Point) => string} keyOf
 * @returns {Logs}
 */
function logsOf(report, workload, measure, keyOf) {
  /** @type {Logs} */
  const bySubject = new Map()
  for (const p of report.results ?? []) {
    if (p.workload !== workload || p.error) continue
    const logs = sampleValues(p, measure).map(Math.log)
    if (logs.length === 0) continue
    if (!bySubject.has(p.subject)) bySubject.set(p.subject, new Map())
    bySubject.get(p.subject)?.set(keyOf(p), {point: p, logs})
  }
  return bySubject
}

/**
 * Each point's geometric mean with its 95 % interval, for the charts' error
 * bars: exp(mean log ± t · s / √n), s pooled over the workload.
 * @param {Logs} bySubject
 * @param {{variance: number | null, df: number}} pooled
 * @param {{workload: string, measure: string}} where
 * @param {VerdictSettings} settings
 * @returns {PointInterval[]}
 */
function pointIntervals(bySubject, pooled, {workload, measure}, settings) {
  /** @type {PointInterval[]} */
  const out = []
  if (pooled.variance == null) return out
  const t = tQuantile(1 - (1 - settings.confidence) / 2, pooled.df)
  for (const [subject, points] of bySubject) {
    for (const [key, {logs}] of points) {
      if (logs.length < 2) continue
      const m = mean(logs)
      const half = t * Math.sqrt(/** @type {number} */ (pooled.variance) / logs.length)
      out.push({subject, workload, key, measure, mean: Math.exp(m), low: Math.exp(m - half), high: Math.exp(m + half)})
    }
  }
  return out
}

/**
 * The cells and headlines of one workload and measure, before the verdicts.
 * @param {Logs} bySubject
 * @param {{variance: number | null, df: number}} pooled  the workload's pooled residual variance
 * @param {{workload: string, measure: string, baseline: string, planClients: number}} where
 * @param {VerdictSettings} settings
 */
function workloadCells(bySubject, pooled, {workload, measure, baseline, planClients}, settings) {
  const base = bySubject.get(baseline)
  if (!base) return null
  /** @type {Cell[]} */
  const cells = []
  /** @type {Headline[]} */
  const headlines = []
  for (const [subject, points] of bySubject) {
    if (subject === baseline) continue
    /** @type {Array<{d: number, weight: number}>} */
    const pairs = []
    for (const [key, {point, logs}] of points) {
      const b = base.get(key)
      if (!b) continue
      const d = mean(logs) - mean(b.logs)
      const weight = 1 / logs.length + 1 / b.logs.length
      pairs.push({d, weight})
      const single = logs.length < 2 || b.logs.length < 2
      const own = settings.pool ? pooled : pooledVariance([logs, b.logs])
      const spread = single || own.variance == null ? null : {se: Math.sqrt(own.variance * weight), df: own.df}
      cells.push({
        subject, workload, key, threads: point.threads, clients: point.clients ?? planClients, dimensions: point.dimensions ?? {}, measure,
        n: logs.length, n_baseline: b.logs.length, cv: noiseOf([logs, b.logs]).cv, ...interval(d, spread, settings)
      })
    }
    if (pairs.length === 0) continue
    const d = mean(pairs.map((x) => x.d))
    const k = pairs.length
    const spread = pooled.variance == null ? null : {se: Math.sqrt(pooled.variance * pairs.reduce((s, x) => s + x.weight, 0)) / k, df: pooled.df}
    headlines.push({subject, workload, measure, cells: k, ...interval(d, spread, settings)})
  }
  return {cells, headlines}
}

/**
 * The change, its interval and the p-value of exceeding the margin (`decide`
 * sets the verdict once every p-value of the family is known).
 *
 * @param {number} d  difference of mean logs
 * @param {{se: number, df: number} | null} spread
 * @param {VerdictSettings} settings
 * @returns {{change: number, low: number | null, high: number | null, df: number | null, p: number | null, verdict: Verdict}}
 */
function interval(d, spread, settings) {
  const change = Math.expm1(d) * 100
  if (!spread) return {change, low: null, high: null, df: null, p: null, verdict: 'single_run'}
  const {se, df} = spread
  const half = tQuantile(1 - (1 - settings.confidence) / 2, df) * se
  const up = Math.log1p(settings.margin / 100)
  const down = Math.log1p(-settings.margin / 100)
  // two-sided p-value of "the change exceeds the margin" in the direction of the estimate
  const p = se === 0 ? (d > up || d < down ? 0 : 1) : Math.min(1, 2 * Math.min(1 - tCdf((d - up) / se, df), tCdf((d - down) / se, df)))
  return {change, low: Math.expm1(d - half) * 100, high: Math.expm1(d + half) * 100, df, p, verdict: 'inconclusive'}
}

/**
 * Set the verdicts of one family (one measure's cells, or its headlines):
 * a gain or loss beyond the margin must pass Benjamini–Hochberg.
 * @param {Array<Cell | Headline>} family
 * @param {VerdictSettings} settings
 */
function decide(family, settings) {
  const rejected = benjaminiHochberg(family.map((c) => c.p), settings.q)
  family.forEach((c, i) => {
    if (c.low == null || c.high == null) return
    const better = LOWER_IS_BETTER.has(c.measure) ? -1 : 1
    const m = settings.margin
    if (rejected[i] && c.low > m) c.verdict = better > 0 ? 'faster' : 'slower'
    else if (rejected[i] && c.high < -m) c.verdict = better > 0 ? 'slower' : 'faster'
    else if (c.low >= -m && c.high <= m) c.verdict = 'equivalent'
    else c.verdict = 'inconclusive'
  })
}
