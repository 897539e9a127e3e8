import {CHANGE_DECIMALS} from '../derive/report.js'
import {LOWER_IS_BETTER} from '../derive/verdict.js'
import {DEFAULT_STYLE, changeText, formatNumber} from './format.js'
import {label} from './figure-table.js'

/**
 * Verdicts as the pages show them: tools/derive/verdict.js's figures with the decimals to show, and a
 * mark beside the verdict's text (never the only signal).
 *
 * @typedef {import('../derive/verdict.js').Cell} Cell
 */

/** Decimals of an interval's bounds. */
export const INTERVAL_DECIMALS = 1

/** A mark per verdict, shown before its translated text. */
export const VERDICT_MARKS = Object.freeze({faster: '▲', slower: '▼', equivalent: '=', inconclusive: '?', single_run: '·'})

/**
 * How a verdict shows beside a change, or null (a single run has no verdict): the mark follows the
 * change's sign (▲ up, ▼ down), the page's one convention; the word says whether that is better (a p95
 * that fell is `verdict_latency_faster`, "lower"). Equivalent and inconclusive read alike for every measure.
 * @param {string | null | undefined} verdict
 * @param {string} measure
 * @param {number | null} change
 * @returns {import('../types/view-model.js').VerdictMark | null}
 */
export function verdictMark(verdict, measure, change) {
  if (!verdict || verdict === 'single_run') return null
  if (verdict === 'equivalent' || verdict === 'inconclusive') return {verdict, mark: VERDICT_MARKS[verdict], word: `verdict_${verdict}`}
  if (verdict !== 'faster' && verdict !== 'slower') return null
  const kind = LOWER_IS_BETTER.has(measure) ? 'latency' : 'throughput'
  return {verdict, mark: (change ?? 0) >= 0 ? '▲' : '▼', word: `verdict_${kind}_${verdict}`}
}

/**
 * A change cell of a result table: with a verdict's interval, the verdict's change (a ratio of geometric
 * means), interval and mark, and the repeats of both sides with their CV; measured once, the point's own
 * change (for p95, the verdict's: no other source).
 * @param {{value: number | null, decimals: number} | null} own  the row's change, null for p95
 * @param {Cell | null} c  its verdict
 * @param {string} measure
 * @param {import('./format.js').NumberStyle} [style]
 * @param {{level?: string}} [level]  the interval's confidence, when not 95 % (overview-model.js `levelOf`)
 * @returns {import('../types/view-model.js').Cell}
 */
export function changeCell(own, c, measure, style = DEFAULT_STYLE, level = {}) {
  if (!c || c.low == null) {
    const shown = own ?? (c && {value: c.change, decimals: CHANGE_DECIMALS})
    return {kind: 'change', text: shown ? changeText(shown, style) : null}
  }
  const mark = verdictMark(c.verdict, measure, c.change)
  const bound = (/** @type {number | null} */ value) => changeText({value, decimals: INTERVAL_DECIMALS}, style) ?? ''
  const text = changeText({value: c.change, decimals: CHANGE_DECIMALS}, style)
  const notes = c.cv == null ? [] : [label('verdict_cell_repeats', {n: c.n, n_baseline: c.n_baseline, cv: formatNumber(c.cv * 100, 1, style)})]
  return {kind: 'change', text, ...(mark ? {verdict: mark} : {}), interval: {low: bound(c.low), high: bound(c.high), ...level}, ...(notes.length ? {notes} : {})}
}
