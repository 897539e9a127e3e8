import {formatCommand, sysbenchArgs} from '../derive/commands.js'
import {pointKey} from '../derive/report.js'
import {exportFacts} from './export-facts.js'
import {renderNarrativeHtml} from '../narrative/render.js'
import {MAX_CHART_POINTS} from '../charts/spec.js'
import {localizeReport} from '../i18n/data-text.js'

/**
 * What a report page shows, derived from the report data: every figure is
 * computed here (by tools/derive) so the Hugo templates only format.
 *
 * @typedef {import('../narrative/parse.js').Narrative} Narrative
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 */

/**
 * @param {Record<string, any>} report  schema-valid report data
 * @param {Derived} derived  the report's one derivation (made by the validator)
 * @param {Record<string, Narrative>} narratives  by language
 * @param {string[]} languages  every language the site renders
 * @param {Record<string, import('../i18n/narratives.js').Status>} [translations]  state of each language's narrative
 */
export function reportViewModel(report, derived, narratives, languages, translations = {}) {
  // Localised data text becomes what each language's page shows (tools/i18n/data-text.js).
  const local = localizeReport(report, languages)
  /** @type {Record<string, string>} */
  const labelOf = Object.fromEntries(report.subjects.map((/** @type {any} */ s) => [s.id, s.label ?? s.id]))
  const subjectIds = /** @type {string[]} */ (report.subjects.map((/** @type {any} */ s) => s.id))
  const labels = (/** @type {string[] | undefined} */ ids) => (ids ?? subjectIds).map((id) => labelOf[id] ?? id)

  const parameters = (local.parameters ?? []).map((/** @type {any} */ p) => ({
    component: p.component,
    format: p.format,
    content: p.content.replace(/\n$/, ''),
    // a code fence longer than any backtick run in the content, which cannot close it early
    fence: '`'.repeat(Math.max(3, ...[...p.content.matchAll(/`+/g)].map((m) => m[0].length + 1))),
    note: p.note ?? null,
    subjects: p.subjects ? labels(p.subjects) : null,
    workloads: p.workloads ?? null
  }))

  const planClients = report.plan.clients ?? 1
  /** @type {Map<string, any>} */
  const pointOf = new Map((report.results ?? []).map((/** @type {any} */ p) => [pointKey(p, planClients), p]))
  /** Whether a point records a measure at all (`null` is recorded, absent is not). */
  const recorded = (/** @type {string} */ id, /** @type {string} */ workload, /** @type {any} */ row, /** @type {string} */ m) =>
    m in (pointOf.get(pointKey({subject: id, workload, threads: row.threads, clients: row.clients}, planClients)) ?? {})

  const workloads = derived.workloads.map((w) => ({
    name: w.name,
    anchor: `workload-${w.name}`,
    threads: w.threads,
    measures: w.measures,
    has_points: w.rows.length > 0,
    rows: w.rows.map((row) => ({
      threads: row.threads,
      clients: row.clients,
      total_threads: row.total_threads,
      cells: subjectIds.map((/** @type {string} */ id) => ({
        subject: labelOf[id],
        figures: row.cells[id] ? w.measures.map((m) => ({measure: m, ...row.cells[id][m], recorded: recorded(id, w.name, row, m)})) : null,
        error: row.cells[id]?.error ?? null
      })),
      change: derived.compared.map((id) => ({subject: labelOf[id], ...row.change[id]}))
    })),
    headlines: w.headlines.map((h) => ({...h, subject: labelOf[h.subject]})),
    // above the limit the table stands alone (the validator warns)
    chart: w.rows.length > 0 && (report.results ?? []).filter((/** @type {any} */ p) => p.workload === w.name).length <= MAX_CHART_POINTS ? `charts/${report.id}/LANG/${w.name}.svg` : null,
    timeseries: (report.results ?? []).some((/** @type {any} */ p) => p.workload === w.name && p.intervals?.length)
      ? `charts/${report.id}/LANG/${w.name}-time.svg`
      : null,
    note_id: `workload-${w.name}`
  }))

  const narrative = Object.fromEntries(
    languages.map((lang) => {
      const n = narratives[lang]
      if (!n) return [lang, null]
      const notes = Object.fromEntries(
        Object.entries(n.sections).filter(([id]) => id.startsWith('workload-')).map(([id, s]) => [id, s.markdown])
      )
      const section = (/** @type {string} */ id) => n.sections[id]?.markdown ?? null
      const state = translations[lang]
      const source = Object.entries(translations).find(([, t]) => t.kind === 'source')?.[0] ?? null
      return [
        lang,
        {
          // a translation older than its source says so on its page, with a link to the source
          stale: state?.kind === 'stale' ? {sections: state.sections, source} : null,
          title: n.front.title ?? null,
          intro: section('intro'),
          purpose: section('purpose'),
          conclusions: section('conclusions'),
          problems: section('problems'),
          advice: section('advice'),
          unmapped: section('unmapped'),
          notes,
          // what the pages print: rendered and sanitized here, no shortcode or raw HTML runs
          html: narrativeHtml({intro: section('intro'), purpose: section('purpose'), conclusions: section('conclusions'), problems: section('problems'), advice: section('advice'), unmapped: section('unmapped'), notes})
        }
      ]
    })
  )

  return {
    id: report.id,
    title: local.title ?? null,
    kind: report.kind,
    date: report.date ?? null,
    place: local.place ?? null,
    author: local.author ?? null,
    product: report.product ?? report.subjects[0].product,
    source: report.source ?? null,
    subjects: report.subjects.map((/** @type {any} */ s) => ({...s, label: labelOf[s.id]})),
    subject_labels: subjectIds.map((/** @type {string} */ id) => labelOf[id]),
    baseline: derived.baseline ? labelOf[derived.baseline] : null,
    compared: derived.compared.map((id) => labelOf[id]),
    metric: derived.metric,
    has_components: report.subjects.some((/** @type {any} */ s) => (s.components ?? []).length > 0),
    environment: local.environment ?? {},
    topology: report.topology ?? [],
    parameters,
    plan: local.plan,
    commands: {
      prepare: formatCommand(sysbenchArgs(report.plan, {step: 'prepare'})),
      run: formatCommand(sysbenchArgs(report.plan, {step: 'run'}))
    },
    has_points: (report.results ?? []).length > 0,
    workloads,
    summary: workloads.flatMap((w) =>
      w.headlines
        .filter((h) => h.derived.value != null || h.stated != null)
        .map((h) => ({workload: w.name, anchor: w.anchor, ...h}))
    ),
    narrative,
    export: exportFacts(report, derived),
    narrative_languages: languages.filter((lang) => narrative[lang])
  }
}

/**
 * Rows for a workload's chart, in the chart module's shape.
 * @param {ReturnType<typeof reportViewModel>['workloads'][number]} workload
 * @param {'qps' | 'tps'} metric
 */
export function chartRows(workload, metric) {
  return workload.rows.flatMap((row, order) =>
    row.cells
      .filter((cell) => cell.figures)
      .map((cell) => {
        const value = (/** @type {string} */ m) => cell.figures?.find((f) => f.measure === m)?.value ?? null
        return {
          subject: cell.subject,
          x: row.clients > 1 ? `${row.threads}×${row.clients}` : String(row.threads),
          order,
          throughput: value(metric),
          p95: value('latency_p95')
        }
      })
  )
}

/**
 * Rows for a workload's time-series chart: each point's interval throughput.
 * @param {Record<string, any>} report
 * @param {string} workload
 * @param {'qps' | 'tps'} metric
 */
export function timeSeriesRows(report, workload, metric) {
  /** @type {Record<string, string>} */
  const labelOf = Object.fromEntries(report.subjects.map((/** @type {any} */ s) => [s.id, s.label ?? s.id]))
  const points = (report.results ?? []).filter((/** @type {any} */ p) => p.workload === workload && p.intervals?.length)
  const series = points.map((/** @type {any} */ p) => `${labelOf[p.subject]} · ${p.threads}${(p.clients ?? 1) > 1 ? `×${p.clients}` : ''}`)
  const rows = points.flatMap((/** @type {any} */ p, /** @type {number} */ i) =>
    p.intervals.map((/** @type {any} */ x) => ({series: series[i], t: x.t, throughput: x[metric] ?? null}))
  )
  return {series, rows}
}

/**
 * @param {{notes: Record<string, string>} & Record<string, string | null | Record<string, string>>} sections
 * @returns {Record<string, string | null | Record<string, string>>}
 */
function narrativeHtml({notes, ...sections}) {
  const html = (/** @type {string | null} */ md) => (md ? renderNarrativeHtml(md) : null)
  return {
    ...Object.fromEntries(Object.entries(sections).map(([id, md]) => [id, html(/** @type {string | null} */ (md))])),
    notes: Object.fromEntries(Object.entries(notes).map(([id, md]) => [id, renderNarrativeHtml(md)]))
  }
}
