import {headlineOf as verdictHeadlineOf} from '../derive/verdict.js'
import {subjectNames, subjectVersion, variantText} from '../derive/subjects.js'
import {withinRunNoise} from '../derive/within-run.js'
import {localizeReport} from '../i18n/data-text.js'
import {dateText, fullDate} from './dates.js'
import {downloadPaths} from './downloads.js'
import {exportFacts} from '../export/facts.js'
import {fenceFor} from '../export/text.js'
import {exportSummary, exportWorkloads, pointsByKey} from './export-model.js'
import {commandsOf, environmentModel, partialOf, planModel, versionFacts} from './facts-model.js'
import {label} from './figure-table.js'
import {DEFAULT_STYLE, countStyle, countText, threadsText} from './format.js'
import {CLOSING_SECTIONS} from '../domain/index.js'
import {narrativeModel} from './narrative-model.js'
import {levelOf, marginText, overviewModel} from './overview-model.js'
import {workloadTables} from './results-model.js'

/**
 * What a report page receives: every figure derived (tools/derive) and written as printed, every table
 * with the columns it shows, the sections in order, so the templates only lay out strings. Its shape is
 * schemas/view-model.schema.json.
 *
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {{
 *   report: Report, derived: Derived, narratives: Record<string, import('../narrative/parse.js').Narrative>, languages: string[],
 *   translations?: Record<string, import('../i18n/narratives.js').Status>, style?: import('./format.js').NumberStyle,
 *   labels?: Record<string, import('../i18n/labels.js').Labels>, locales?: Record<string, string>, sourceOf?: import('../derive/report.js').SourceOf
 * }} ModelInput  `labels` and `locales` by language write dates; without them a date is written as recorded;
 *   `sourceOf`: the data's text of each number, which the export's sidecar keeps (`13.70`)
 * @typedef {{
 *   report: Report, local: Report, derived: Derived, languages: string[], style: import('./format.js').NumberStyle,
 *   subjectIds: string[], dimensionOf: Record<string, import('../types/report.js').Dimension>, dates: Record<string, string> | null,
 *   pointOf: Map<string, import('../types/report.js').Point>, plan: import('../types/view-model.js').ViewModel['plan']
 * }} Context
 *   `pointOf`: the points by key, found once for every language's tables (export-model.js pointsByKey)
 */

/**
 * @param {ModelInput} input
 * @returns {import('../types/view-model.js').ViewModel}
 */
export function reportViewModel({report, derived, narratives, languages, translations = {}, style = DEFAULT_STYLE, labels = {}, locales = {}, sourceOf}) {
  // data texts become {lang: {text, lang}} maps (tools/i18n/data-text.js), passed through: typed as the data
  const local = /** @type {Report} */ (localizeReport(report, languages))
  /** @type {Context} */
  const ctx = {
    report,
    local,
    derived,
    languages,
    style,
    subjectIds: report.subjects.map((s) => s.id),
    dimensionOf: Object.fromEntries((report.dimensions ?? []).map((d) => [d.name, d])),
    // subjects with their own sysbench driver: the plan's stands for none of them alone
    plan: report.subjects.some((s) => s.db_driver !== undefined)
      ? {...local.plan, db_driver: [...new Set(report.subjects.map((s) => s.db_driver ?? report.plan.db_driver))].join(', ')}
      : local.plan,
    pointOf: pointsByKey(report),
    dates: report.date ? Object.fromEntries(languages.map((lang) => [lang, labels[lang] ? dateText(/** @type {string} */ (report.date), labels[lang], locales[lang] ?? lang) : /** @type {string} */ (report.date)])) : null
  }
  const model = {
    ...reportFacts(ctx, sourceOf),
    ...namedModel(ctx),
    narrative: narrativeModel(narratives, languages, translations)
  }
  // a language that names subjects (a variant) or writes counts (`1200` in zh) its own way gets its own named fields
  const source = JSON.stringify(subjectNames(report))
  /** @type {Record<string, import('../types/view-model.js').Named>} */
  const byLang = {}
  for (const lang of languages) {
    const counted = countStyle(style, locales[lang] ?? lang)
    if (counted === style && JSON.stringify(subjectNames(report, lang)) === source) continue
    // everything namedModel names, and nothing else (the schema's `named`)
    byLang[lang] = namedModel({...ctx, style: counted}, lang)
  }
  return {
    ...model,
    sections: sectionsOf(model),
    narrative_languages: languages.filter((lang) => model.narrative[lang]),
    ...(Object.keys(byLang).length > 0 ? {by_lang: byLang} : {})
  }
}

/**
 * What does not name subjects: identity, dates, environment, topology, downloads.
 * @param {Context} ctx @param {import('../derive/report.js').SourceOf} [sourceOf]
 */
function reportFacts({report, local, derived, dates, plan}, sourceOf) {
  const results = report.results ?? []
  const date = report.date ?? null
  return {
    id: report.id,
    title: local.title ?? null,
    kind: report.kind,
    product: report.product ?? report.subjects[0].product,
    source: report.source ?? null,
    // earlier addresses of the published report by language, for the Markdown export's front matter
    aliases: report.aliases ?? {},
    metric: derived.metric,
    date,
    date_text: dates,
    date_full: date ? fullDate(date) : null,
    place: local.place ?? null,
    author: local.author ?? null,
    environment: local.environment ?? {},
    environment_page: environmentModel(local.environment ?? {}, report.subjects),
    plan,
    topology: report.topology ?? [],
    topology_rows: (report.topology ?? []).map((h) => ({hosts: h.hosts, instances: h.instances.map((n) => ({component: n.component, count: n.count ?? 1}))})),
    dimensions: report.dimensions ?? [],
    has_points: results.length > 0,
    has_components: report.subjects.some((s) => (s.components ?? []).length > 0),
    downloads: downloadPaths(report.id),
    export: exportFacts(report, sourceOf)
  }
}

/**
 * The fields that name subjects or write counts, as a page in `lang` names them (without `lang`:
 * variants in their source language) and `ctx.style` writes counts.
 * @param {Context} ctx
 * @param {string} [lang]
 */
function namedModel(ctx, lang) {
  const {report, local, derived, style, subjectIds, plan} = ctx
  const labelOf = subjectNames(report, lang)
  const workloads = exportWorkloads({report, derived, subjectIds, labelOf, style, dimensionOf: ctx.dimensionOf})
  const verdictOf = (/** @type {string} */ workload, /** @type {string} */ subject, /** @type {string} */ measure) =>
    verdictHeadlineOf(derived.verdicts, {subject, workload, measure})
  return {
    subjects: report.subjects.map(({variant, label, ...s}) => {
      const shown = variantText({...s, variant}, lang)
      return {...s, ...(shown !== undefined ? {variant: shown} : {}), label: labelOf[s.id], named: subjectVersion({...s, variant}, lang), partial: partialOf(report, s, style)}
    }),
    subject_labels: subjectIds.map((id) => labelOf[id]),
    baseline: derived.baseline ? labelOf[derived.baseline] : null,
    compared: derived.compared.map((id) => labelOf[id]),
    version: versionFacts(local, labelOf, {lang, dates: ctx.dates}),
    plan_page: planModel(plan, style),
    overview: overviewModel(derived, subjectIds, labelOf, verdictOf, style),
    results: resultsModel(ctx, labelOf, workloads),
    parameters: parametersOf(local, labelOf),
    commands: commandsOf(report, labelOf),
    // for the Markdown export and the charts
    workloads,
    summary: exportSummary(derived, labelOf, style)
  }
}

/**
 * The results section: what its figures are, said once, and per workload its tables and charts.
 * @param {Context} ctx
 * @param {Record<string, string>} labelOf
 * @param {ReturnType<typeof exportWorkloads>} charts  each workload's chart paths
 */
function resultsModel(ctx, labelOf, charts) {
  const {report, derived, style, subjectIds, pointOf} = ctx
  const tableCtx = {derived, subjectIds, labelOf, style, dimensionOf: ctx.dimensionOf}
  const withIntervals = derived.verdicts.cells.some((c) => c.low != null)
  const metric = `result_${derived.metric}`
  const baseline = derived.baseline ? labelOf[derived.baseline] : ''
  const hasPoints = (report.results ?? []).length > 0
  /** @type {import('./figure-table.js').Label[]} */
  const method = !hasPoints
    ? (derived.compared.length > 0 ? [label('result_no_points')] : [])
    : [
        ...(derived.compared.length > 0 ? [label(withIntervals ? 'result_method_repeats' : 'result_method', {baseline}, {metric})] : []),
        // a report of one subject has no change for the sentence to speak of
        ...(withIntervals || derived.compared.length === 0 ? [] : [label('result_measured_once')]),
        ...((report.results ?? []).some((p) => !p.error && p.repeats == null && withinRunNoise(p, derived.metric)) ? [label('result_within_run_note')] : []),
        ...(withIntervals && report.plan.repeats ? [label('verdict_sequential', {min: report.plan.repeats.min, max: report.plan.repeats.max, ...levelOf(derived, style)})] : [])
      ]
  return {
    method,
    // how the verdicts were reached: only where there are intervals to read
    howto: withIntervals
      ? label('verdict_howto', {margin: marginText(derived, style)}, {noise: derived.verdicts.settings.pool ? 'verdict_noise_pooled' : 'verdict_noise_cell'})
      : null,
    workloads: derived.workloads.map((w, i) => {
      const c = charts[i]
      const name = {workload: `workload_${w.name}`, metric}
      const axis = w.dimensions[0] ? ctx.dimensionOf[w.dimensions[0]] : null
      const hasIntervals = derived.verdicts.points.some((p) => p.workload === w.name)
      return {
        name: w.name,
        anchor: `workload-${w.name}`,
        note_id: `workload-${w.name}`,
        has_points: w.rows.length > 0,
        // planned and listed in the overview, but no point measured: its block says so, rather than a row of dashes alone
        unmeasured: w.rows.length === 0 && hasPoints,
        ...workloadTables({...tableCtx, pointOf: (id, row) => pointOf.get(`${id}|${w.name}|${row.key}`), shown: c}, w),
        charts: [
          ...(c.chart
            ? [{
                path: c.chart,
                spec: c.spec,
                caption: [
                  axis
                    ? label(`chart_scaling_caption${latencyKey(c)}`, {workload: w.name, ...(axis.component ? {component: axis.component} : {})}, {...name, dimension: axis.label})
                    : label(`chart_caption${latencyKey(c)}`, {workload: w.name}, name),
                  ...(hasIntervals ? [label('chart_interval_note')] : [])
                ]
              }]
            : []),
          ...(c.timeseries ? [{path: c.timeseries, spec: null, caption: [label('chart_time_caption', {workload: w.name}, name)]}] : [])
        ]
      }
    })
  }
}

/**
 * The parameter blocks, with the subjects each applies to named.
 * @param {Report} local @param {Record<string, string>} labelOf
 */
function parametersOf(local, labelOf) {
  const appliesTo = (/** @type {NonNullable<Report['parameters']>[number]} */ p) => JSON.stringify([p.component, p.subjects ?? null, p.workloads ?? null])
  return (local.parameters ?? []).map((p, i, all) => ({
    // a block of the same component for the same subjects as the one before (options planned, then variables
    // read at run time) goes under that block's heading, its note telling the two apart: no heading twice in a row
    heading: i === 0 || appliesTo(all[i - 1]) !== appliesTo(p),
    component: p.component,
    format: p.format,
    content: p.content.replace(/\n$/, ''),
    fence: fenceFor(p.content),
    note: p.note ?? null,
    subjects: p.subjects ? p.subjects.map((id) => labelOf[id] ?? id) : null,
    workloads: p.workloads ?? null
  }))
}

/**
 * The sections a page shows, in order, per language (the closing ones those its narrative shows): page.html
 * renders them and toc.html links them, from this one list.
 * @param {{version: Array<{label?: string}>, environment_page: Record<string, unknown>, parameters: unknown[], topology: unknown[], overview: {latency: unknown}, narrative: Record<string, {html: Record<string, unknown>} | null>}} model
 * @returns {Record<string, Array<{id: string, title: string, partial: string}>>}
 */
function sectionsOf(model) {
  // no heading over nothing: a report without environment data has no environment section
  const environment = Object.values(model.environment_page).some((v) => (Array.isArray(v) ? v.length > 0 : v != null))
  const data = [
    'purpose', 'version',
    ...(environment ? ['environment'] : []),
    ...(model.parameters.length > 0 ? ['parameters'] : []),
    ...(model.topology.length > 0 ? ['topology'] : []),
    'plan', 'results',
    ...(model.overview.latency ? ['latency'] : [])
  ].map((id) => ({id, title: id === 'latency' ? 'latency_title' : id === 'version' ? versionTitle(model.version) : `section_${id}`, partial: id}))
  return Object.fromEntries(
    Object.entries(model.narrative).map(([lang, n]) => [
      lang,
      [...data, ...CLOSING_SECTIONS.filter((id) => n?.html[id]).map((id) => ({id, title: `section_${id}`, partial: 'narrative-section'}))]
    ])
  )
}

/**
 * The version section's heading names what the section holds: a date, a place, both (`section_version`) or neither (`section_version_only`).
 * @param {Array<{label?: string}>} facts
 */
function versionTitle(facts) {
  const has = (/** @type {string} */ field) => facts.some((f) => f.label === `field_${field}`)
  return has('date') ? (has('place') ? 'section_version' : 'section_version_date') : has('place') ? 'section_version_place' : 'section_version_only'
}

/**
 * Rows for a workload's chart. The x axis is the thread count, or a varying
 * dimension (a scaling chart), and then the coordinates that still vary go
 * into each line's name, so no two points share a line and an x.
 * @param {ReturnType<typeof reportViewModel>['workloads'][number]} workload
 * @param {'qps' | 'tps'} metric
 * @param {string} separator  between the parts of a line's name (the language's `punct_series`, or its token)
 * @param {import('./format.js').NumberStyle} [style]  the site's numbers
 * @param {(subject: string) => string} [nameOf]  a subject's name in a line's (its label, or a token for it)
 */
export function chartRows(workload, metric, separator, style = DEFAULT_STYLE, nameOf = (subject) => subject) {
  const [axis] = workload.dimensions
  // as the table writes them: clients only when they differ between rows (else stated once above it)
  const showClients = new Set(workload.rows.map((row) => row.clients)).size > 1
  const threadsOf = (/** @type {{threads: number, clients: number}} */ row) => threadsText(row.threads, showClients ? row.clients : 1, style)
  // a row of another scenario may lack a dimension (table size there, cluster size here): `–`; a count as the tables write it (`1000 万` in zh)
  const dimensionOf = (/** @type {typeof workload.rows[number]} */ row, /** @type {string} */ name) => (row.coordinates.dimensions[name] == null ? '–' : countText(row.coordinates.dimensions[name], style))
  const xOf = (/** @type {typeof workload.rows[number]} */ row) => (axis ? dimensionOf(row, axis.name) : threadsOf(row))
  const others = axis ? workload.rows.map((row) => [threadsOf(row), ...workload.dimensions.slice(1).map((d) => dimensionOf(row, d.name))]) : []
  const varies = others[0]?.map((_, i) => new Set(others.map((o) => o[i])).size > 1) ?? []
  const order = [...new Set(workload.rows.map(xOf))]
  return workload.rows.flatMap((row, r) =>
    row.cells
      .filter((cell) => cell.figures)
      .map((cell) => {
        const rest = axis ? others[r].filter((_, i) => varies[i]) : []
        return {
          subject: [nameOf(cell.subject), ...rest].join(separator),
          x: xOf(row),
          order: order.indexOf(xOf(row)),
          throughput: figureValue(cell, metric),
          p95: figureValue(cell, 'latency_p95'),
          throughput_low: cell.intervals.throughput?.low ?? null,
          throughput_high: cell.intervals.throughput?.high ?? null,
          p95_low: cell.intervals.p95?.low ?? null,
          p95_high: cell.intervals.p95?.high ?? null
        }
      })
  )
}

/**
 * What the keys of a chart's caption and alt text end in: `_no_latency` where no point has a latency to draw
 * (the p95 chartRows would give each row), read from the workload, not from rows made for it.
 * @param {Parameters<typeof chartRows>[0]} workload
 */
export const latencyKey = (workload) =>
  (workload.rows.some((row) => row.cells.some((cell) => figureValue(cell, 'latency_p95') !== null)) ? '' : '_no_latency')

/**
 * A cell's figure of a measure, or null: what a chart draws of it.
 * @param {Parameters<typeof chartRows>[0]['rows'][number]['cells'][number]} cell @param {string} measure
 */
const figureValue = (cell, measure) => cell.figures?.find((f) => f.measure === measure)?.value ?? null

/**
 * Rows for a workload's time-series chart: each point's interval throughput.
 * @param {Report} report
 * @param {string} workload
 * @param {'qps' | 'tps'} metric
 * @param {string} separator  between the parts of a line's name (the language's `punct_series`, or its token)
 * @param {import('./format.js').NumberStyle} [style]  the site's numbers
 * @param {(subject: string) => string} [nameOf]  a subject's name in a line's (its label, or a token for it)
 */
export function timeSeriesRows(report, workload, metric, separator, style = DEFAULT_STYLE, nameOf = (subject) => subject) {
  const names = subjectNames(report)
  const labelOf = (/** @type {string} */ id) => nameOf(names[id])
  const points = (report.results ?? []).filter((p) => p.workload === workload && p.intervals?.length)
  const showClients = new Set(points.map((p) => p.clients ?? 1)).size > 1
  const series = points.map((p) =>
    [labelOf(p.subject), threadsText(p.threads, showClients ? (p.clients ?? 1) : 1, style), ...Object.values(p.dimensions ?? {}).map((v) => countText(v, style))].join(separator)
  )
  const rows = points.flatMap((p, i) => (p.intervals ?? []).map((x) => ({series: series[i], t: x.t, throughput: x[metric] ?? null})))
  return {series, rows}
}
