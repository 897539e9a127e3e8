import {mean, tQuantile} from '../tools/derive/stats.js'

/**
 * The overhead benchmarks' one figure: how much throughput a way of running
 * keeps against a reference, from rounds that each measured both.
 *
 * The estimate is the ratio of the totals, R = Σ tested ÷ Σ reference, so a
 * round where both sides ran fast weighs more than a slow one (a mean of the
 * per-round ratios would weigh a round of 13,000 QPS like one of 23,000).
 * Its confidence interval is the ratio estimator's t-interval from the paired
 * rounds: SE(R) = sd(tested_i − R·reference_i) ÷ (√n · mean reference), with
 * n − 1 degrees of freedom. Pairing a round's two sides removes what moves
 * both (the machine's load drifting between rounds) from the interval.
 *
 * @typedef {{reference: number, tested: number}} Pair
 * @typedef {{n: number, ratio: number, low: number | null, high: number | null, min: number, max: number}} PairedRatio
 *   low/high: null with fewer than 2 rounds; min/max: of the per-round ratios
 */

/**
 * @param {Pair[]} pairs
 * @returns {PairedRatio}  with a two-sided 95 % interval
 */
export function pairedRatio(pairs) {
  if (pairs.length === 0) throw new RangeError('pairedRatio: no rounds')
  const n = pairs.length
  const ratio = sum(pairs.map((p) => p.tested)) / sum(pairs.map((p) => p.reference))
  const perRound = pairs.map((p) => p.tested / p.reference)
  const range = {min: Math.min(...perRound), max: Math.max(...perRound)}
  if (n < 2) return {n, ratio, low: null, high: null, ...range}
  const residuals = pairs.map((p) => p.tested - ratio * p.reference)
  const sd = Math.sqrt(residuals.reduce((a, e) => a + e * e, 0) / (n - 1))
  const se = sd / (Math.sqrt(n) * mean(pairs.map((p) => p.reference)))
  const half = tQuantile(0.975, n - 1) * se
  return {n, ratio, low: ratio - half, high: ratio + half, ...range}
}

/**
 * A target of the form ratio ≥ `target`, judged on the estimate and its
 * interval: met when the whole interval is at or above it, not met when the
 * whole interval is below, else undecided (more or longer rounds decide).
 *
 * @param {PairedRatio} r
 * @param {number} target
 * @returns {'met' | 'NOT met' | 'undecided'}
 */
export function judgeRatio(r, target) {
  if (r.low === null || r.high === null) return r.ratio >= target ? 'met' : 'NOT met'
  if (r.low >= target) return 'met'
  if (r.high < target) return 'NOT met'
  return 'undecided'
}

/**
 * One line: `ratio of the totals 0.9912 (95 % CI 0.9801–1.0023, ±1.12 %; per round 0.9612–1.0401, n 10)`;
 * the half-width is in % of the estimate.
 * @param {PairedRatio} r
 */
export function formatRatio(r) {
  const ci = r.low === null || r.high === null ? 'no CI with 1 round' : `95 % CI ${r.low.toFixed(4)}–${r.high.toFixed(4)}, ±${(((r.high - r.low) / 2 / r.ratio) * 100).toFixed(2)} %`
  return `ratio of the totals ${r.ratio.toFixed(4)} (${ci}; per round ${r.min.toFixed(4)}–${r.max.toFixed(4)}, n ${r.n})`
}

/** @param {number[]} values */
function sum(values) {
  return values.reduce((a, b) => a + b, 0)
}
