import {CHANGE_DECIMALS} from './report.js'

/**
 * The headline of a compared subject in a workload, and the figures shown
 * beside it, each saying what it is (docs/statistics.md, "Verdicts"). One function, so
 * the overview, the index, the summary and the workload's sentences agree:
 *
 * - measured with repeats (the verdict on the headline has an interval): the
 *   headline is the verdict's change, the ratio of the geometric means
 *   (`geometric_mean`), with its 95 % interval and verdict. Beside it: the
 *   mean of the per-point changes (`mean_of_points`), the method of the
 *   published reports, and the authors' stated figure when the data has one;
 * - measured once per point: the headline is the mean of the per-point
 *   changes (`mean_of_points`), the figure the published reports state
 *   (the summary table sets the authors' own figure beside it);
 * - published as charts only: the authors' stated figure (`stated`).
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
 * The same rules decide the p95 latency's headline (the latency summary):
 * with repeats the verdict's change, else the mean of the per-point changes.
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
