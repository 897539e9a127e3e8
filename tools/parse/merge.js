import {MEASURES} from '../domain/index.js'
import {problemOf} from './problems.js'
import {round} from './statistics.js'

/**
 * The figures of one point from the parsed output of its sysbench processes,
 * each rule written once: throughput is the sum over clients; the average
 * latency total latency over total events; latencies keep sysbench's 2
 * decimals; the p95 comes from the clients' histograms merged bucket by
 * bucket, by sysbench's rule, never as a mean of percentiles; warm-up
 * intervals are left out; with repeats, each figure is the median over
 * repeats, the spread (max − min) / median of the throughput, in %.
 *
 * @typedef {import('./sysbench-output.js').SysbenchOutput} SysbenchOutput
 * @typedef {import('./sysbench-output.js').Bucket} Bucket
 * @typedef {{t: number, qps?: number | null, tps?: number | null, latency_p95?: number | null}} SeriesEntry
 * @typedef {{
 *   qps: number | null, tps: number | null,
 *   latency_avg: number | null, latency_p95: number | null, latency_max: number | null,
 *   errors: number | null, reconnects: number | null,
 *   intervals: SeriesEntry[], error?: string, refused?: boolean
 * }} Figures
 *   error: why there are no figures; refused: the output is no OLTP run at all
 */

/** Most entries a point's time-series keeps, so a report stays small. */
export const MAX_INTERVALS = 120

/**
 * The value below which `percentile` % of the events fall, by sysbench's rule
 * (sb_histogram.c): the first bucket where the count reaches floor(n × pct / 100 + 0.5).
 *
 * @param {Bucket[]} buckets  sorted by value
 * @param {number} percentile
 */
export function histogramPercentile(buckets, percentile) {
  const total = buckets.reduce((n, b) => n + b.count, 0)
  const wanted = Math.floor((total * percentile) / 100 + 0.5)
  if (total === 0 || wanted === 0) return null
  let seen = 0
  for (const bucket of buckets) {
    seen += bucket.count
    if (seen >= wanted) return bucket.value
  }
  return buckets[buckets.length - 1].value
}

/**
 * Add histograms bucket by bucket: every sysbench process has the same
 * bucket boundaries, so equal printed values are the same bucket.
 * @param {Bucket[][]} histograms
 * @returns {Bucket[]}
 */
export function mergeHistograms(histograms) {
  /** @type {Map<number, number>} */
  const counts = new Map()
  for (const h of histograms) for (const b of h) counts.set(b.value, (counts.get(b.value) ?? 0) + b.count)
  return [...counts].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({value, count}))
}

/**
 * One point's figures from the outputs of its parallel clients.
 * @param {SysbenchOutput[]} clients
 * @param {{warmup?: number, complete?: boolean, lineOffsets?: number[]}} [options]
 *   warmup: seconds to leave out when the output has no checkpoint marking it;
 *   complete: each output is all a process printed (a user's log may be an
 *   excerpt); lineOffsets: where each output starts in its file, for messages
 * @returns {Figures}
 */
export function mergeClients(clients, {warmup, complete = true, lineOffsets} = {}) {
  if (clients.length === 0) return {...emptyFigures(), error: 'sysbench printed nothing'}
  const problems = clients.map((c, i) => problemOf(c, {threadsKnown: complete, complete, lineOffset: lineOffsets?.[i] ?? 0})).filter((p) => p !== null)
  if (problems.length > 0) {
    const refused = problems.some((p) => p.kind === 'refused')
    return {...emptyFigures(), error: [...new Set(problems.filter((p) => p.kind === (refused ? 'refused' : 'failed')).map((p) => p.message))].join('\n'), ...(refused ? {refused} : {})}
  }
  const stats = clients.map((c) => /** @type {import('./sysbench-output.js').Statistics} */ (c.statistics))
  const events = stats.map((s) => s.events ?? s.transactions ?? 0)
  const totalEvents = events.reduce((a, b) => a + b, 0)
  // total latency over total events: sysbench's sum is more precise than its 2-decimal average
  const sums = stats.map((s, i) => s.latency_sum ?? (s.latency_avg == null ? null : s.latency_avg * events[i]))
  const latencyAvg = totalEvents > 0 && sums.every((a) => a != null)
    ? round(/** @type {number[]} */ (sums).reduce((a, b) => a + b, 0) / totalEvents, 2)
    : null
  const histograms = clients.map((c) => c.histogram)
  /** @type {number | null} */
  let p95 = null
  if (histograms.every((h) => h && h.length > 0)) {
    // to 2 decimals, as sysbench prints its own percentile
    const value = histogramPercentile(mergeHistograms(/** @type {Bucket[][]} */ (histograms)), 95)
    p95 = value == null ? null : round(value, 2)
  } else if (clients.length === 1 && clients[0].percentile === 95) {
    p95 = stats[0].latency_pct
  }
  const maxes = stats.map((s) => s.latency_max).filter((m) => m != null)
  return {
    qps: sum(stats.map((s) => s.qps)),
    tps: sum(stats.map((s) => s.tps)),
    latency_avg: latencyAvg,
    latency_p95: p95,
    latency_max: maxes.length === stats.length ? Math.max(.../** @type {number[]} */ (maxes)) : null,
    errors: sum(stats.map((s) => s.errors_per_sec)),
    reconnects: sum(stats.map((s) => s.reconnects_per_sec)),
    intervals: downsample(mergeIntervals(clients, warmup), MAX_INTERVALS)
  }
}

/**
 * The clients' interval lines summed per second, warm-up left out, only the seconds
 * every client reported (no dip where one ends early); the p95 is the highest: an upper bound.
 *
 * @param {SysbenchOutput[]} clients
 * @returns {SeriesEntry[]}
 */
export function mergeIntervals(clients, warmup = 0) {
  /** @type {Map<number, {n: number, qps: number | null, tps: number | null, p95: number | null}>} */
  const byTime = new Map()
  for (const c of clients) {
    const skip = c.checkpoints.length > 0 ? c.checkpoints[0] : warmup
    for (const i of c.intervals) {
      if (i.t <= skip) continue
      // rounding is costly over tens of thousands of lines: only a fractional warm-up needs it
      const t = Number.isInteger(skip) ? i.t - skip : round(i.t - skip, 3)
      const e = byTime.get(t) ?? {n: 0, qps: null, tps: null, p95: null}
      e.n++
      e.qps = add(e.qps, i.qps)
      e.tps = add(e.tps, i.tps)
      // another percentile (--percentile=99) is never shown as the p95
      e.p95 = i.latency_pct == null || i.percentile !== 95 ? e.p95 : Math.max(e.p95 ?? 0, i.latency_pct)
      byTime.set(t, e)
    }
  }
  return [...byTime]
    .filter(([, e]) => e.n === clients.length)
    .sort((a, b) => a[0] - b[0])
    .map(([t, e]) => ({t, qps: e.qps == null || e.n === 1 ? e.qps : round(e.qps, 2), tps: e.tps == null || e.n === 1 ? e.tps : round(e.tps, 2), latency_p95: e.p95}))
}

/**
 * At most `max` entries: consecutive entries are averaged in equal groups
 * (p95 takes the group's highest), each stamped with its group's last time.
 *
 * @param {SeriesEntry[]} series
 * @param {number} max
 */
export function downsample(series, max) {
  if (series.length <= max) return series
  const size = Math.ceil(series.length / max)
  /** @type {SeriesEntry[]} */
  const out = []
  for (let i = 0; i < series.length; i += size) {
    const group = series.slice(i, i + size)
    const mean = (/** @type {'qps' | 'tps'} */ k) => {
      const known = group.map((e) => e[k]).filter((v) => v != null)
      return known.length === group.length ? round(/** @type {number[]} */ (known).reduce((a, b) => a + b, 0) / known.length, 2) : null
    }
    const p95s = /** @type {number[]} */ (group.map((e) => e.latency_p95).filter((v) => v != null))
    out.push({t: group[group.length - 1].t, qps: mean('qps'), tps: mean('tps'), latency_p95: p95s.length > 0 ? Math.max(...p95s) : null})
  }
  return out
}

/**
 * A point measured several times: each figure's median, the throughput's spread, the median repeat's series.
 *
 * @param {Figures[]} repeats
 * @returns {Figures & {spread: number | null, repeats: number}}
 */
export function medianOfRepeats(repeats) {
  const ok = repeats.filter((r) => !r.error)
  if (ok.length === 0) return {...emptyFigures(), error: repeats.map((r) => r.error).join('\n'), spread: null, repeats: repeats.length}
  /** @param {'qps' | 'tps' | 'latency_avg' | 'latency_p95' | 'latency_max' | 'errors' | 'reconnects'} k */
  const med = (k) => median(ok.map((r) => r[k]))
  const metric = ok.every((r) => r.tps != null) && ok.some((r) => r.tps !== 0) ? 'tps' : 'qps'
  const values = /** @type {number[]} */ (ok.map((r) => r[metric]).filter((v) => v != null))
  const mid = median(values)
  const spread = ok.length > 1 && mid ? round(((Math.max(...values) - Math.min(...values)) / mid) * 100, 2) : null
  const representative = ok.reduce((best, r) => (Math.abs((r[metric] ?? 0) - (mid ?? 0)) < Math.abs((best[metric] ?? 0) - (mid ?? 0)) ? r : best))
  return {
    qps: med('qps'),
    tps: med('tps'),
    latency_avg: med('latency_avg'),
    latency_p95: med('latency_p95'),
    latency_max: med('latency_max'),
    errors: med('errors'),
    reconnects: med('reconnects'),
    intervals: representative.intervals,
    spread,
    repeats: repeats.length
  }
}

/**
 * Every measured repeat's own figures (`samples`) and position when known; none for fewer than two, but one whose
 * position is known (a first round of subjects taking turns, recorded before the next: run --resume goes on from it).
 * @param {Figures[]} repeats
 * @param {number[]} [orders]  position of each repeat in the whole run
 * @returns {Array<Record<string, number>> | undefined}
 */
export function samplesOf(repeats, orders) {
  const ok = repeats.map((r, i) => ({r, order: orders?.[i]})).filter(({r}) => !r.error)
  if (ok.length < (ok[0]?.order ? 1 : 2)) return undefined
  return ok.map(({r, order}) => ({...(order ? {order} : {}), ...sampleOf(r)}))
}

/** One repeat's known measures, as a point's `samples` keep them. @param {{[m in import('../domain/measures.js').Measure]?: number | null}} r @returns {Record<string, number>} */
export const sampleOf = (r) => Object.fromEntries(MEASURES.filter((m) => r[m] != null).map((m) => [m, /** @type {number} */ (r[m])]))

/**
 * Median of the known values; the mean of the middle two for an even count.
 * @param {Array<number | null>} values
 */
export function median(values) {
  const known = /** @type {number[]} */ (values.filter((v) => v != null)).sort((a, b) => a - b)
  if (known.length === 0) return null
  const mid = Math.floor(known.length / 2)
  return known.length % 2 === 1 ? known[mid] : round((known[mid - 1] + known[mid]) / 2, 3)
}

/** @returns {Figures} */
function emptyFigures() {
  return {qps: null, tps: null, latency_avg: null, latency_p95: null, latency_max: null, errors: null, reconnects: null, intervals: []}
}

/** @param {Array<number | null>} values */
function sum(values) {
  if (values.some((v) => v == null)) return null
  return round(/** @type {number[]} */ (values).reduce((a, b) => a + b, 0), 2)
}

/** @param {number | null} a @param {number | null} b */
function add(a, b) {
  return b == null ? a : (a ?? 0) + b
}
