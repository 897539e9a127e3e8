import {CHANGE_DECIMALS} from './report.js'

/**
 * The headline of a compared subject in a workload and the figures beside it, each
 * saying what it is (docs/statistics.md, "Verdicts"), in one function so every place
 * agrees: with repeats the verdict's ratio of geometric means, beside the mean of the
 * per-point changes and any stated figure; measured once, that mean; charts only, the stated.
 *
 * @typedef {import('./report.js').Figure} Figure
 * @typedef {'geometric_mean' | 'mean_of_points' | 'stated'} Basis
 * @typedef {{basis: Basis, change: Figure, low: number | null, high: number | null, verdict: string | null}} HeadlineFigure
 * @typedef {{basis: Basis, change: Figure}} BesideFigure
 * @typedef {{derived: Figure, stated: Figure | null}} DerivedHeadline  the mean of the per-point changes
 *   (`headlineChange`) and the authors' stated figure: a workload headline of `deriveReport`, or the
 *   same for the p95 latency (tools/derive/overview.js), which has no stated figure
 */

/**
 * The same rules decide the p95 latency's headline.
 *
 * @param {DerivedHeadline} h  a workload headline of `deriveReport` (or its p95 counterpart)
 * @param {import('./verdict.js').Headline | null} v  the verdict on it, for the same measure
 * @returns {{headline: HeadlineFigure, beside: BesideFigure[]} | null}  null when there is no figure at all
 */
export function headlineFigures(h, v) {
  const verdict = v ? {verdict: v.verdict, low: v.low, high: v.high} : {verdict: null, low: null, high: null}
  /** @type {BesideFigure[]} */
  const stated = h.stated ? [{basis: 'stated', change: h.stated}] : []
  if (v && v.low != null && h.derived.value != null) {
    return {
      headline: {basis: 'geometric_mean', change: {value: v.change, decimals: CHANGE_DECIMALS}, ...verdict},
      beside: [{basis: 'mean_of_points', change: h.derived}, ...stated]
    }
  }
  if (h.derived.value != null) return {headline: {basis: 'mean_of_points', change: h.derived, ...verdict}, beside: []}
  if (h.stated) return {headline: {basis: 'stated', change: h.stated, verdict: null, low: null, high: null}, beside: []}
  return null
}
