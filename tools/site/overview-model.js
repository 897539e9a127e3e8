import {overviewOf} from '../derive/overview.js'

/**
 * The overview at the top of a report page and its latency summary, with
 * subjects named by their labels (figures come from tools/derive/overview.js).
 *
 * @param {ReturnType<typeof import('../derive/report.js').deriveReport>} derived
 * @param {string[]} subjectIds
 * @param {Record<string, string>} labelOf
 * @param {(workload: string, subject: string) => import('../derive/verdict.js').Headline | null} [verdictOf]
 */
export function overviewModel(derived, subjectIds, labelOf, verdictOf) {
  const rows = overviewOf(derived, subjectIds, verdictOf).map((o) => ({
    workload: o.workload,
    anchor: `workload-${o.workload}`,
    headlines: o.headlines.map((h) => ({...h, subject: labelOf[h.subject]})),
    best: o.best.map((b) => ({...b, subject: labelOf[b.subject]})),
    latency: o.latency.map((l) => ({...l, subject: labelOf[l.subject]}))
  }))
  return {
    rows,
    // a report published as charts only has stated changes and nothing else
    stated_only: rows.every((r) => r.best.length === 0 && r.headlines.every((h) => h.stated)),
    has_best: rows.some((r) => r.best.length > 0),
    has_latency: rows.some((r) => r.latency.some((l) => l.lowest)),
    has_verdict: rows.some((r) => r.headlines.some((h) => h.verdict))
  }
}
