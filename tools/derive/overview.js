import {headlineChange, percentChange} from './change.js'
import {CHANGE_DECIMALS} from './report.js'
import {headlineFigures} from './headline.js'

/**
 * The figures a reader wants first, per workload, from a report's derivation: each
 * compared subject's headline, each subject's best point (highest throughput, its p95),
 * and each subject's p95 range and p95 headline (`headlineFigures`, as for throughput).
 *
 * @typedef {import('./report.js').Figure} Figure
 * @typedef {ReturnType<typeof import('./report.js').deriveReport>['workloads'][number]} DerivedWorkload
 * @typedef {{subject: string, threads: number, clients: number, throughput: Figure, p95: Figure | null}} Best
 * @typedef {{subject: string, lowest: Figure | null, highest: Figure | null, change: Headline | null}} LatencyRange
 * @typedef {import('./verdict.js').Headline} VerdictHeadline
 * @typedef {{
 *   subject: string, change: Figure, basis: import('./headline.js').Basis, stated: boolean,
 *   beside: import('./headline.js').BesideFigure[], verdict: {verdict: string, low: number | null, high: number | null} | null
 * }} Headline
 */

/**
 * @typedef {(workload: string, subject: string, measure: string) => VerdictHeadline | null} VerdictOf
 *   the verdict on a workload's headline for a measure, from tools/derive/verdict.js
 */

/**
 * @param {ReturnType<typeof import('./report.js').deriveReport>} derived
 * @param {string[]} subjects  subject ids in the report's order
 * @param {VerdictOf} [verdictOf]
 */
export function overviewOf(derived, subjects, verdictOf = () => null) {
  return derived.workloads.map((w) => ({
    workload: w.name,
    headlines: w.headlines.flatMap((h) => headlineOf(h.subject, h, verdictOf(w.name, h.subject, derived.metric)) ?? []),
    best: subjects.map((s) => bestPoint(w, s, derived.metric)).filter((b) => b !== null),
    latency: w.measures.includes('latency_p95') ? subjects.map((s) => latencyRange(w, s, derived.baseline, verdictOf)) : []
  }))
}

/**
 * A subject's headline as the overview shows it (`headlineFigures`), or null when it has no figure.
 * @param {string} subject
 * @param {import('./headline.js').DerivedHeadline} h
 * @param {VerdictHeadline | null} v
 * @returns {Headline | null}
 */
function headlineOf(subject, h, v) {
  const figures = headlineFigures(h, v)
  if (!figures) return null
  const {headline, beside} = figures
  return {
    subject,
    change: headline.change,
    basis: headline.basis,
    stated: headline.basis === 'stated',
    beside,
    verdict: headline.verdict ? {verdict: headline.verdict, low: headline.low, high: headline.high} : null
  }
}

/**
 * The row where `subject` reached its highest throughput; a tie goes to the fewer threads.
 * @param {DerivedWorkload} w
 * @param {string} subject
 * @param {'qps' | 'tps'} metric
 */
export function bestPoint(w, subject, metric) {
  /** @type {Best | null} */
  let best = null
  for (const row of w.rows) {
    const cell = row.cells[subject]
    const value = cell?.[metric]?.value
    if (value == null || (best && best.throughput.value != null && value <= best.throughput.value)) continue
    best = {subject, threads: row.threads, clients: row.clients, throughput: cell[metric], p95: cell.latency_p95 ?? null}
  }
  return best
}

/**
 * @param {DerivedWorkload} w
 * @param {string} subject
 * @param {string | null} baseline
 * @param {VerdictOf} verdictOf
 * @returns {LatencyRange}
 */
function latencyRange(w, subject, baseline, verdictOf) {
  const figures = w.rows.map((r) => r.cells[subject]?.latency_p95).filter((f) => f != null && f.value != null)
  const byValue = [...figures].sort((a, b) => /** @type {number} */ (a.value) - /** @type {number} */ (b.value))
  /** @returns {Headline | null} */
  const change = () => {
    if (!baseline || subject === baseline) return null
    const mean = headlineChange(w.rows.map((r) => percentChange(r.cells[subject]?.latency_p95?.value, r.cells[baseline]?.latency_p95?.value)))
    return headlineOf(subject, {derived: {value: mean, decimals: CHANGE_DECIMALS}, stated: null}, verdictOf(w.name, subject, 'latency_p95'))
  }
  return {subject, lowest: byValue[0] ?? null, highest: byValue.at(-1) ?? null, change: change()}
}
