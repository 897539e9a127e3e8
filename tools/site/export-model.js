import {coordinatesOf, pointKey} from '../derive/report.js'
import {pointIn} from './verdict-index.js'
import {MAX_CHART_POINTS} from '../charts/spec.js'
import {downloadPaths} from './downloads.js'
import {DEFAULT_STYLE, changeText, figureText} from './format.js'

/**
 * Each workload's points as the charts and the Markdown export read them: every figure as printed, each
 * point's intervals and where its charts are (the page's tables, which the export prints too: results-model.js).
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 */

/**
 * @param {{report: Report, derived: Derived, subjectIds: string[], labelOf: Record<string, string>, style?: import('./format.js').NumberStyle,
 *   dimensionOf: Record<string, import('../types/report.js').Dimension>}} ctx
 */
export function exportWorkloads({report, derived, subjectIds, labelOf, style = DEFAULT_STYLE, dimensionOf}) {
  const planClients = report.plan.clients ?? 1
  const results = report.results ?? []
  /**
   * A measure's figure, built as one literal (a spread was most of its cost).
   * @param {string} measure @param {{value: number | null, decimals: number}} f
   */
  const fig = (measure, f) => ({measure, value: f.value, decimals: f.decimals, text: figureText(f, style)})
  return derived.workloads.map((w) => {
    const points = results.filter((p) => p.workload === w.name)
    return {
      name: w.name,
      anchor: `workload-${w.name}`,
      note_id: `workload-${w.name}`,
      measures: w.measures,
      has_points: w.rows.length > 0,
      // (as the chart labels read them: a label's fields)
      dimensions: w.dimensions.map((name) => /** @type {import('../types/report.js').Dimension & Record<string, string>} */ (dimensionOf[name])),
      rows: w.rows.map((row) => ({
        coordinates: coordinatesOf(row, planClients),
        threads: row.threads,
        clients: row.clients,
        cells: subjectIds.map((id) => ({
          subject: labelOf[id],
          figures: row.cells[id] ? w.measures.map((m) => fig(m, row.cells[id][m] ?? NO_FIGURE)) : null,
          // 95 % intervals of the point's geometric mean, for the chart's error bars
          intervals: {
            throughput: pointIn(derived.verdicts, {subject: id, workload: w.name, key: row.key, measure: derived.metric}),
            p95: pointIn(derived.verdicts, {subject: id, workload: w.name, key: row.key, measure: 'latency_p95'})
          },
          error: row.cells[id]?.error ?? null
        }))
      })),
      // above the limit the table stands alone (the validator warns)
      chart: w.rows.length > 0 && points.length <= MAX_CHART_POINTS ? `charts/${report.id}/LANG/${w.name}.svg` : null,
      timeseries: points.some((p) => p.intervals?.length) ? `charts/${report.id}/LANG/${w.name}-time.svg` : null,
      spec: w.rows.length > 0 ? downloadPaths(report.id).spec : null
    }
  })
}

/**
 * A report's points by key (derive/report.js pointKey), for every table of every language.
 * @param {Report} report
 */
export function pointsByKey(report) {
  const planClients = report.plan.clients ?? 1
  return new Map((report.results ?? []).map((p) => [pointKey(p, planClients), p]))
}

/** A measure a point lacks. */
const NO_FIGURE = Object.freeze({value: null, decimals: 0})

/**
 * The figures the authors stated, per workload and compared subject, for the export's summary table
 * (the page's overview shows each workload's change: overview-model.js).
 * @param {Derived} derived @param {Record<string, string>} labelOf @param {import('./format.js').NumberStyle} style
 */
export function exportSummary(derived, labelOf, style) {
  return derived.workloads.flatMap((w) => w.headlines.flatMap((h) => (h.stated ? [{workload: w.name, subject: labelOf[h.subject], stated: changeText(h.stated, style) ?? ''}] : [])))
}
