import {overviewOf} from '../derive/overview.js'
import {DEFAULT_STYLE, changeText, directionOf, figureText} from './format.js'
import {INTERVAL_DECIMALS} from './verdict-view.js'

/**
 * The overview at the top of a report page and its latency summary, with
 * subjects named by their labels (figures come from tools/derive/overview.js)
 * and every figure written as the page prints it (`text`, null for the
 * missing mark). Cells the table shows per subject come in the table's
 * column order: `changes` per compared subject, `best_cells` per subject,
 * null where there is none.
 *
 * @param {ReturnType<typeof import('../derive/report.js').deriveReport>} derived
 * @param {string[]} subjectIds
 * @param {Record<string, string>} labelOf
 * @param {(workload: string, subject: string) => import('../derive/verdict.js').Headline | null} [verdictOf]
 * @param {import('./format.js').NumberStyle} [style]
 */
export function overviewModel(derived, subjectIds, labelOf, verdictOf, style = DEFAULT_STYLE) {
  /** @param {{value: number | null, decimals: number}} f */
  const fig = (f) => ({...f, text: figureText(f, style)})
  /** @param {number | null} value */
  const ci = (value) => changeText({value, decimals: INTERVAL_DECIMALS}, style)
  const rows = overviewOf(derived, subjectIds, verdictOf).map((o) => {
    const headlines = o.headlines.map((h) => ({
      ...h,
      subject: labelOf[h.subject],
      change: {...h.change, text: changeText(h.change, style), direction: directionOf(h.change.value)},
      verdict: h.verdict && {...h.verdict, ci: h.verdict.low != null && h.verdict.high != null ? {low: ci(h.verdict.low), high: ci(h.verdict.high)} : null}
    }))
    const best = o.best.map((b) => ({
      ...b,
      subject: labelOf[b.subject],
      throughput: fig(b.throughput),
      threads_text: b.clients > 1 ? `${b.threads} × ${b.clients}` : String(b.threads),
      p95_text: b.p95?.value != null ? figureText(b.p95, style) : null
    }))
    return {
      workload: o.workload,
      anchor: `workload-${o.workload}`,
      headlines,
      changes: derived.compared.map((id) => headlines[o.headlines.findIndex((h) => h.subject === id)] ?? null),
      best,
      best_cells: subjectIds.map((id) => best[o.best.findIndex((b) => b.subject === id)] ?? null),
      latency: o.latency.map((l) => ({
        ...l,
        subject: labelOf[l.subject],
        lowest: l.lowest && fig(l.lowest),
        highest: l.highest && fig(l.highest),
        change: l.change && {...l.change, text: changeText(l.change, style)}
      }))
    }
  })
  return {
    rows,
    // a report published as charts only has stated changes and nothing else
    stated_only: rows.every((r) => r.best.length === 0 && r.headlines.every((h) => h.stated)),
    has_best: rows.some((r) => r.best.length > 0),
    has_latency: rows.some((r) => r.latency.some((l) => l.lowest)),
    has_verdict: rows.some((r) => r.headlines.some((h) => h.verdict))
  }
}
