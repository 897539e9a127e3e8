import {pointKey} from '../derive/report.js'
import {didYouMean} from './workload-names.js'
import {FIGURES, LATENCIES, SYSBENCH_WORKLOADS} from '../domain/index.js'
import {plural} from '../lib/english.js'

/**
 * Data that fits the schema but looks wrong, each a warning at its place: the figures
 * may be real, a person decides. Pure.
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {(rule: string, path: Array<string | number>, message: string) => void} Warn
 */

/** A figure this many times off what it is compared with is suspicious. */
export const OUTLIER_FACTOR = 3

/** Latencies this many times off the report's others look like another unit (seconds as ms: 1000×). */
export const UNIT_FACTOR = 300

/** Measures that are checked: throughput and latencies (errors and reconnects may well jump). */
const CHECKED = FIGURES

/**
 * @param {Report} report  schema-valid report data
 * @param {Warn} warn
 */
export function checkSuspicious(report, warn) {
  const results = report.results ?? []
  const unitFlagged = checkLatencyUnits(results, warn)
  checkCurves(results, report.plan?.clients ?? 1, unitFlagged, warn)
  if (results.length > 0) checkPlanned(report, results, warn)
}

/**
 * A point's figure at least OUTLIER_FACTOR× off the same point in the previous version (the review's BASE).
 *
 * @param {Report} report
 * @param {Report} previous
 * @param {string} label  what the previous version is called, e.g. `main`
 * @param {Warn} warn
 */
export function checkAgainstPrevious(report, previous, label, warn) {
  const planClients = report.plan?.clients ?? 1
  /** @type {Map<string, Point>} */
  const before = new Map()
  for (const p of previous.results ?? []) before.set(pointKey(p, previous.plan?.clients ?? 1), p)
  ;(report.results ?? []).forEach((p, i) => {
    const was = before.get(pointKey(p, planClients))
    if (!was) return
    for (const m of CHECKED) {
      const f = factor(p[m], was[m])
      if (f === null || Math.abs(Math.log(f)) < Math.log(OUTLIER_FACTOR)) continue
      warn('suspicious-change', ['results', i, m],
        `Suspicious ${m} ${p[m]} for ${pointName(p, planClients)}: ${times(f)} its previous value ${was[m]} in ${label}, expected within ${OUTLIER_FACTOR}×; check the figure`)
    }
  })
}

/**
 * A figure OUTLIER_FACTOR× above (or below) both its neighbours on its curve
 * (subject × workload × clients, by threads). An end point, whose one
 * neighbour may rightly differ, only on a curve of three or more, the factor
 * widened by the thread ratio, and not beside a suspicious neighbour.
 *
 * @param {Point[]} results
 * @param {number} planClients
 * @param {Set<string>} skip  `index|measure` already reported
 * @param {Warn} warn
 */
function checkCurves(results, planClients, skip, warn) {
  /** @type {Map<string, number[]>} */
  const curves = new Map()
  results.forEach((p, i) => {
    const key = `${p.subject}|${p.workload}|${p.clients ?? planClients}`
    const curve = curves.get(key)
    if (curve) curve.push(i)
    else curves.set(key, [i])
  })
  for (const indexes of curves.values()) {
    const curve = [...indexes].sort((a, b) => results[a].threads - results[b].threads)
    for (const m of CHECKED) {
      const points = curve.filter((i) => positive(results[i][m]) && (skip.size === 0 || !skip.has(`${i}|${m}`)))
      const interior = new Set()
      for (let k = 1; k + 1 < points.length; k++) {
        const prev = results[points[k - 1]]
        const at = results[points[k]]
        const next = results[points[k + 1]]
        const a = factor(at[m], prev[m])
        const b = factor(at[m], next[m])
        if (surelyWithin(a) || surelyWithin(b)) continue
        if (a === null || b === null || Math.sign(Math.log(a)) !== Math.sign(Math.log(b))) continue
        if (Math.min(Math.abs(Math.log(a)), Math.abs(Math.log(b))) < Math.log(OUTLIER_FACTOR)) continue
        interior.add(points[k])
        warn('suspicious-outlier', ['results', points[k], m],
          `Suspicious ${m} ${at[m]} for ${pointName(at, planClients)}: at least ${times(Math.abs(Math.log(a)) < Math.abs(Math.log(b)) ? a : b)} its neighbours on the curve (${prev[m]} at ${prev.threads}, ${next[m]} at ${next.threads} threads), expected within ${OUTLIER_FACTOR}×; check the figure`)
      }
      if (points.length < 3) continue
      for (const [end, near] of [[0, 1], [points.length - 1, points.length - 2]]) {
        if (interior.has(points[near])) continue
        const at = results[points[end]]
        const by = results[points[near]]
        const f = factor(at[m], by[m])
        if (surelyWithin(f)) continue
        const widened = OUTLIER_FACTOR * Math.max(at.threads / by.threads, by.threads / at.threads)
        if (f === null || Math.abs(Math.log(f)) < Math.log(widened)) continue
        warn('suspicious-outlier', ['results', points[end], m],
          `Suspicious ${m} ${at[m]} for ${pointName(at, planClients)}: ${times(f)} its neighbour on the curve (${by[m]} at ${by.threads} threads), expected within ${round(widened)}× (${OUTLIER_FACTOR}× the thread ratio); check the figure`)
      }
    }
  }
}

/**
 * Latencies about 1000× off the report's others (seconds typed as ms, or µs): a
 * subject × workload group in the minority whose median is UNIT_FACTOR× off the
 * others' (on a tie, the lower: seconds as ms is the usual slip); one warning a group.
 *
 * @param {Point[]} results
 * @param {Warn} warn
 * @returns {Set<string>}  `index|measure` of the latencies reported
 */
function checkLatencyUnits(results, warn) {
  /** @type {Set<string>} */
  const flagged = new Set()
  // most reports' latencies all lie within UNIT_FACTOR of each other, so no two medians can be that far apart
  const spread = LATENCIES.filter((m) => !withinFactor(results, m, UNIT_FACTOR * 0.95))
  if (spread.length === 0) return flagged
  // the points of each subject × workload, once for every measure
  /** @type {Map<string, number[]>} */
  const byCurve = new Map()
  results.forEach((p, i) => {
    const key = `${p.subject}|${p.workload}`
    const group = byCurve.get(key)
    if (group) group.push(i)
    else byCurve.set(key, [i])
  })
  for (const m of spread) {
    // grouped points have this latency, a positive number
    const value = (/** @type {number} */ i) => /** @type {number} */ (results[i][m])
    const groups = [...byCurve.values()].map((list) => list.filter((i) => positive(results[i][m]))).filter((list) => list.length > 0)
    // every group's median is compared with the median of all the others: sorted once
    const all = Float64Array.from(groups.flatMap((list) => list.map(value))).sort()
    for (const indexes of groups) {
      const others = all.length - indexes.length
      if (others === 0 || indexes.length > others) continue
      const mine = Float64Array.from(indexes, value).sort()
      const theirs = medianWithout(all, mine)
      const f = medianOfSorted(mine) / theirs
      if (Math.abs(Math.log(f)) < Math.log(UNIT_FACTOR) || (indexes.length === others && f > 1)) continue
      for (const i of indexes) flagged.add(`${i}|${m}`)
      const p = results[indexes[0]]
      const n = indexes.length
      warn('suspicious-latency-unit', ['results', indexes[0], m],
        `Suspicious ${m} of ${p.subject} × ${p.workload}: ${plural(n, 'point')} about ${times(f)} the report's other latencies (median ${round(medianOfSorted(mine))} against ${round(theirs)} ms); latencies are in ms: typed in ${f < 1 ? 'seconds' : 'µs'}?`)
    }
  }
  return flagged
}

/**
 * Whether every positive value of a measure is less than `limit` times the smallest.
 * @param {Point[]} results @param {typeof LATENCIES[number]} m @param {number} limit
 */
function withinFactor(results, m, limit) {
  let min = Infinity
  let max = 0
  for (const p of results) {
    const v = p[m]
    if (!positive(v)) continue
    if (v < min) min = v
    if (v > max) max = v
  }
  return max < min * limit
}

/**
 * What the plan promises and the results lack (unless a run is partial), and
 * a stated headline whose workload has no point to check it against.
 *
 * @param {Report} report
 * @param {Point[]} results
 * @param {Warn} warn
 */
function checkPlanned(report, results, warn) {
  const stated = new Set((report.headlines ?? []).map((h) => h.workload))
  // A run that stopped says so itself (`run.status: partial`, `--resume` goes on).
  const partial = report.subjects.some((s) => s.run?.status === 'partial')
  if (!partial) checkPlannedPoints(report, results, stated, warn)
  ;(report.headlines ?? []).forEach((h, i) => {
    if (results.some((p) => p.workload === h.workload)) return
    warn('headline-without-points', ['headlines', i],
      `Stated ${h.workload} headline ${h.change} % has no points to check it against, expected ${h.workload} results (were they removed?)`)
  })
}

/**
 * @param {Report} report
 * @param {Point[]} results
 * @param {Set<string>} stated  workloads with a stated headline
 * @param {Warn} warn
 */
function checkPlannedPoints(report, results, stated, warn) {
  report.plan.workloads.forEach((w, i) => {
    const points = results.filter((p) => p.workload === w.name)
    // a Set: a plan may list 10,000 thread counts
    const threads = new Set(points.map((p) => p.threads))
    if (points.length === 0) {
      // a stated headline says it better; a typo is reported once, by the workload-name check
      if (!stated.has(w.name) && !isTypo(w.name, report)) {
        warn('planned-without-result', ['plan', 'workloads', i, 'name'],
          `Planned workload \`${w.name}\` has no result, expected its points (or remove it from the plan)`)
      }
      return
    }
    ;(w.threads ?? []).forEach((t, j) => {
      if (threads.has(t)) return
      warn('planned-without-result', ['plan', 'workloads', i, 'threads', j],
        `Planned ${w.name} × ${t} threads has no result, expected a point of each subject (or remove ${t} from the plan)`)
    })
  })
}

/**
 * A planned name that is no sysbench workload and one slip from one (or from
 * a name the results use) is a typo, reported by `checkWorkloadNames`.
 * @param {string} name
 * @param {Report} report
 */
function isTypo(name, report) {
  if (/** @type {readonly string[]} */ (SYSBENCH_WORKLOADS).includes(name)) return false
  const known = [...SYSBENCH_WORKLOADS, ...(report.results ?? []).map((p) => p.workload)]
  return didYouMean(name, known) !== null
}

/**
 * A factor well inside OUTLIER_FACTOR either way: most figures are, and need no logarithm.
 * @param {number | null} f
 */
function surelyWithin(f) {
  return f !== null && f < SURELY_WITHIN && f > 1 / SURELY_WITHIN
}
const SURELY_WITHIN = OUTLIER_FACTOR * 0.95

/** @param {unknown} v @returns {v is number} */
function positive(v) {
  return typeof v === 'number' && v > 0
}

/**
 * Ratio of a to b; null unless both are positive numbers.
 * @param {unknown} a
 * @param {unknown} b
 */
function factor(a, b) {
  return positive(a) && positive(b) ? a / b : null
}

/** @param {ArrayLike<number>} s  sorted, not empty */
function medianOfSorted(s) {
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}

/**
 * The median of sorted `all` without the values of `some`, in one pass, without making that list.
 * @param {ArrayLike<number>} all  sorted @param {ArrayLike<number>} some  sorted, each value in `all`; fewer than `all`
 */
function medianWithout(all, some) {
  const count = all.length - some.length
  const mid = count >> 1
  // the values at rest positions mid - 1 and mid
  let below = 0
  let rest = 0
  let j = 0
  for (let i = 0; i < all.length; i++) {
    const v = all[i]
    if (j < some.length && v === some[j]) {
      j++
      continue
    }
    if (rest === mid) return count % 2 ? v : (below + v) / 2
    below = v
    rest++
  }
  throw new Error('medianWithout: `some` is not part of `all`')
}

/**
 * A factor as written in messages: `10.2× above`, `1000× below`.
 * @param {number} f
 */
function times(f) {
  return f >= 1 ? `${round(f)}× above` : `${round(1 / f)}× below`
}

/** @param {number} x  3 significant digits, no trailing zeros */
function round(x) {
  return String(Number(x.toPrecision(3)))
}

/**
 * @param {Point} p
 * @param {number} planClients
 */
function pointName(p, planClients) {
  const clients = p.clients ?? planClients
  return `${p.subject} × ${p.workload} × ${p.threads} threads${clients === 1 ? '' : ` × ${clients} clients`}`
}
