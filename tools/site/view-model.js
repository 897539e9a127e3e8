import {coordinatesOf, pointKey} from '../derive/report.js'
import {decimalsOf} from '../derive/change.js'
import {formatCommand, sysbenchArgs} from '../derive/commands.js'
import {subjectNames, subjectVersion, variantText} from '../derive/subjects.js'
import {pendingPoints} from '../derive/pending.js'
import {exportFacts} from '../export/facts.js'
import {downloadPaths} from './downloads.js'
import {overviewModel} from './overview-model.js'
import {headlineOf as verdictHeadlineOf, pointIntervalOf} from '../derive/verdict.js'
import {headlineFigures} from '../derive/headline.js'
import {withinRunNoise} from '../derive/within-run.js'
import {samplesTable} from './samples-view.js'
import {changeCell, headlineVerdicts, rowVerdicts, statementArgs} from './verdict-view.js'
import {DEFAULT_STYLE, changeText, directionOf, figurePlain, figureText, formatNumber} from './format.js'
import {renderNarrativeHtml} from '../narrative/render.js'
import {MAX_CHART_POINTS} from '../charts/spec.js'
import {localizeReport} from '../i18n/data-text.js'

/**
 * What a report page shows, derived from the report data: every figure is
 * computed here (by tools/derive) and written as the page prints it
 * (format.js: `text` for pages, `plain` for the Markdown export, null for the
 * language's missing mark), so the Hugo templates only lay out strings.
 *
 * @typedef {import('../narrative/parse.js').Narrative} Narrative
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 * @typedef {import('../types/report.js').Report} Report
 */

/**
 * @param {Report} report  schema-valid report data
 * @param {Derived} derived  the report's one derivation (made by the validator)
 * @param {Record<string, Narrative>} narratives  by language
 * @param {string[]} languages  every language the site renders
 * @param {Record<string, import('../i18n/narratives.js').Status>} [translations]  state of each language's narrative
 * @param {import('./format.js').NumberStyle} [style]  how the site's languages write numbers
 */
export function reportViewModel(report, derived, narratives, languages, translations = {}, style = DEFAULT_STYLE) {
  const model = namedModel(report, derived, narratives, languages, translations, style)
  // A variant in several languages names its subject differently per language:
  // each such language gets the fields that name subjects, as its pages merge
  // them over the model (layouts/_partials/compute/report.html).
  const source = JSON.stringify(subjectNames(report))
  /** @type {Record<string, ReturnType<typeof namedFields>>} */
  const byLang = {}
  for (const lang of languages) {
    if (JSON.stringify(subjectNames(report, lang)) === source) continue
    byLang[lang] = namedFields(namedModel(report, derived, narratives, languages, translations, style, lang))
  }
  return {...model, ...(Object.keys(byLang).length > 0 ? {by_lang: byLang} : {})}
}

/**
 * The fields of the model that name subjects.
 * @param {ReturnType<typeof namedModel>} m
 */
function namedFields(m) {
  const {subjects, subject_labels, baseline, compared, workloads, summary, overview, commands} = m
  return {subjects, subject_labels, baseline, compared, workloads, summary, overview, commands}
}

/**
 * The model with subjects named as a page in `lang` names them (without
 * `lang`: variants in their source language).
 * @param {Report} report
 * @param {Derived} derived
 * @param {Record<string, Narrative>} narratives
 * @param {string[]} languages
 * @param {Record<string, import('../i18n/narratives.js').Status>} translations
 * @param {import('./format.js').NumberStyle} style
 * @param {string} [lang]
 */
function namedModel(report, derived, narratives, languages, translations, style, lang) {
  // Localised data text becomes what each language's page shows (tools/i18n/data-text.js).
  const local = localizeReport(report, languages)
  const labelOf = subjectNames(report, lang)
  /** @type {Record<string, any>} */
  const dimensionOf = Object.fromEntries((report.dimensions ?? []).map((/** @type {any} */ d) => [d.name, d]))
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
    m in (pointOf.get(pointKey({subject: id, workload, ...row}, planClients)) ?? {})

  /** A figure with its page and export texts. @param {{value: number | null, decimals: number}} f */
  const fig = (f) => ({...f, text: figureText(f, style), plain: figurePlain(f)})
  /** A % change with its text and direction. @param {{value: number | null, decimals: number}} f */
  const chg = (f) => ({...f, text: changeText(f, style), direction: directionOf(f.value)})
  const margin = fig({value: derived.verdicts.settings.margin, decimals: decimalsOf(derived.verdicts.settings.margin)})

  const hasLatencyChange = (/** @type {string} */ workload) => derived.verdicts.cells.some((c) => c.workload === workload && c.measure === 'latency_p95')

  /**
   * One subject's cell of a result row: its figures, their intervals (for the chart's error bars), error and repeats.
   * @param {string} id @param {string} workload @param {Derived['workloads'][number]['rows'][number]} row @param {string[]} measures
   */
  const cellOf = (id, workload, row, measures) => {
    const point = pointOf.get(pointKey({subject: id, workload, threads: row.threads, clients: row.clients}, planClients))
    const repeats = repeatsOf(point)
    const within = withinFigure(point, derived.metric)
    return {
      subject: labelOf[id],
      figures: row.cells[id]
        ? measures.map((m) => ({
          measure: m, ...fig(row.cells[id][m] ?? {value: null, decimals: 0}), recorded: recorded(id, workload, row, m),
          spread: Boolean(repeats.repeats) && m === derived.metric,
          // a point measured once: how steady its run was (tools/derive/within-run.js)
          within: within && m === derived.metric ? fig(within).text : null
        }))
        : null,
      // 95 % intervals of the point's geometric mean, for the chart's error bars
      intervals: {
        throughput: pointIntervalOf(derived.verdicts, {subject: id, workload, key: row.key, measure: derived.metric}),
        p95: pointIntervalOf(derived.verdicts, {subject: id, workload, key: row.key, measure: 'latency_p95'})
      },
      error: row.cells[id]?.error ?? null,
      ...repeats,
      spread_text: formatNumber(repeats.spread ?? 0, 1, style)
    }
  }

  /**
   * A workload's headline with its texts and verdicts (and their statements).
   * @param {string} workload @param {Derived['workloads'][number]['headlines'][number]} h
   */
  const headlineOf = (workload, h) => {
    const {verdict, latency_verdict} = headlineVerdicts(derived, workload, h.subject)
    const withStatement = (/** @type {typeof verdict} */ v) => v && {...v, statement: statementArgs(v, margin, style)}
    return {
      ...h,
      subject: labelOf[h.subject],
      // what the workload's headline is: the verdict's change (with repeats) or the mean of the per-point changes
      basis: headlineFigures(h, verdictHeadlineOf(derived.verdicts, {subject: h.subject, workload, measure: derived.metric}))?.headline.basis ?? null,
      derived: chg(h.derived),
      stated: h.stated && chg(h.stated),
      verdict: withStatement(verdict),
      latency_verdict: withStatement(latency_verdict)
    }
  }

  const workloads = derived.workloads.map((w) => ({
    name: w.name,
    anchor: `workload-${w.name}`,
    threads: w.threads,
    measures: w.measures,
    has_points: w.rows.length > 0,
    // a column per dimension that varies; one that does not is stated once above the table
    dimensions: w.dimensions.map((name) => dimensionOf[name]),
    fixed_dimensions: Object.entries(w.rows[0]?.dimensions ?? {})
      .filter(([name]) => !w.dimensions.includes(name))
      .map(([name, value]) => ({...dimensionOf[name], value, text: formatNumber(value, 0, style)})),
    rows: w.rows.map((row) => ({
      // null where the row's scenario has no such dimension (the page prints the missing mark)
      dimensions: w.dimensions.map((name) => ({value: row.dimensions[name] ?? null, text: row.dimensions[name] == null ? null : formatNumber(row.dimensions[name], 0, style)})),
      // every dimension of the report, as the export's table writes it
      dimension_plain: (report.dimensions ?? []).map((/** @type {any} */ d) => figurePlain({value: row.dimensions[d.name] ?? null, decimals: 0})),
      coordinates: coordinatesOf(row, planClients),
      threads: row.threads,
      clients: row.clients,
      total_threads: row.total_threads,
      cells: subjectIds.map((/** @type {string} */ id) => cellOf(id, w.name, row, w.measures)),
      change: derived.compared.map((id) => ({subject: labelOf[id], ...chg(row.change[id] ?? {value: null, decimals: 0})})),
      // the change columns as printed: the metric's, then p95's where any point has a verdict on it
      change_cells: [
        ...derived.compared.map((id) => changeCell(row.change[id] ?? {}, rowVerdicts(derived, w.name, row.key, id).throughput, style)),
        ...(hasLatencyChange(w.name) ? derived.compared.map((id) => changeCell({}, rowVerdicts(derived, w.name, row.key, id).latency, style)) : [])
      ]
    })),
    has_latency_change: hasLatencyChange(w.name),
    // with repeats, each change in the table is the verdict's: a ratio of geometric means
    change_geometric: derived.verdicts.cells.some((c) => c.workload === w.name && c.low != null),
    has_intervals: derived.verdicts.points.some((c) => c.workload === w.name),
    headlines: w.headlines.map((h) => headlineOf(w.name, h)),
    // i18n keys of what the headline's mean runs over (`threads` × each varying dimension)
    // label keys with their fields (a nodes dimension names its component)
    compared_at: w.compared_at.map((name) => (dimensionOf[name] ? {label: dimensionOf[name].label, component: dimensionOf[name].component} : {label: `coordinate_${name}`})),
    // above the limit the table stands alone (the validator warns)
    chart: w.rows.length > 0 && (report.results ?? []).filter((/** @type {any} */ p) => p.workload === w.name).length <= MAX_CHART_POINTS ? `charts/${report.id}/LANG/${w.name}.svg` : null,
    timeseries: (report.results ?? []).some((/** @type {any} */ p) => p.workload === w.name && p.intervals?.length)
      ? `charts/${report.id}/LANG/${w.name}-time.svg`
      : null,
    spec: w.rows.length > 0 ? `${downloadPaths(report.id).spec}${w.name}.vl.json` : null,
    has_spread: (report.results ?? []).some((/** @type {any} */ p) => p.workload === w.name && p.repeats != null),
    // every repeat's figures, for the Markdown export
    samples: samplesTable(w, subjectIds, labelOf, (report.dimensions ?? []).map((/** @type {any} */ d) => d.name)),
    note_id: `workload-${w.name}`
  }))

  const summary = workloads.flatMap((w) =>
    w.headlines.filter((h) => h.derived.value != null || h.stated != null).map((h) => ({workload: w.name, anchor: w.anchor, ...h}))
  )

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
    // earlier addresses of the published report by language, for the Markdown export's front matter
    aliases: report.aliases ?? {},
    subjects: report.subjects.map((/** @type {any} */ s) => ({...s, ...(s.variant !== undefined ? {variant: variantText(s, lang)} : {}), label: labelOf[s.id], named: subjectVersion(s, lang), partial: partialOf(report, s)})),
    subject_labels: subjectIds.map((/** @type {string} */ id) => labelOf[id]),
    baseline: derived.baseline ? labelOf[derived.baseline] : null,
    compared: derived.compared.map((id) => labelOf[id]),
    metric: derived.metric,
    has_components: report.subjects.some((/** @type {any} */ s) => (s.components ?? []).length > 0),
    environment: local.environment ?? {},
    topology: report.topology ?? [],
    parameters,
    // subjects with their own sysbench driver: the plan's stands for none of them alone
    plan: report.subjects.some((/** @type {any} */ s) => s.db_driver !== undefined)
      ? {...local.plan, db_driver: [...new Set(report.subjects.map((/** @type {any} */ s) => s.db_driver ?? report.plan.db_driver))].join(', ')}
      : local.plan,
    dimensions: report.dimensions ?? [],
    commands: commandsOf(report, labelOf),
    has_points: (report.results ?? []).length > 0,
    has_within: (report.results ?? []).some((/** @type {any} */ p) => !p.error && withinRunNoise(p, derived.metric)),
    // how the verdicts were reached, for the page's "how to read this" note
    verdicts: {
      margin,
      pool: derived.verdicts.settings.pool,
      has_cells: derived.verdicts.cells.length > 0,
      has_intervals: derived.verdicts.cells.some((c) => c.low != null)
    },
    workloads,
    summary,
    // the summary table's optional columns: a change derived from the points, the authors' stated one, a verdict
    summary_columns: {
      derived: summary.some((h) => h.derived.value != null),
      stated: summary.some((h) => h.stated),
      verdict: summary.some((h) => h.verdict)
    },
    overview: overviewModel(derived, subjectIds, labelOf, overviewVerdicts(derived, derived.metric), style),
    downloads: downloadPaths(report.id),
    narrative,
    export: exportFacts(report, derived),
    narrative_languages: languages.filter((lang) => narrative[lang])
  }
}

/**
 * A subject whose run is partial (stopped, or still going): what it has not
 * measured yet, thread counts written as the page shows them; null for a
 * complete run or a subject not measured by `benchdoc run`.
 * @param {Report} report @param {any} subject
 * @returns {{pending: Array<{workload: string, threads: string}>} | null}
 */
function partialOf(report, subject) {
  if (subject.run?.status !== 'partial') return null
  return {pending: pendingPoints(report, subject.id).map((p) => ({workload: p.workload, threads: p.threads.join(', ')}))}
}

/**
 * The prepare and run commands the page shows: one pair for every subject
 * when the subjects name their own sysbench driver (MariaDB against
 * PostgreSQL: `--db-driver=pgsql --pgsql-host=…`), else one pair for all.
 * @param {Record<string, any>} report
 * @param {Record<string, string>} labelOf
 * @returns {Array<{subject: string | null, prepare: string, run: string}>}
 */
function commandsOf(report, labelOf) {
  const pair = (/** @type {import('../types/report.js').Plan} */ plan, /** @type {string | null} */ subject) => ({
    subject,
    prepare: formatCommand(sysbenchArgs(plan, {step: 'prepare'})),
    run: formatCommand(sysbenchArgs(plan, {step: 'run'}))
  })
  const own = report.subjects.filter((/** @type {any} */ s) => s.db_driver !== undefined)
  if (own.length === 0) return [pair(report.plan, null)]
  return report.subjects.map((/** @type {any} */ s) => pair({...report.plan, db_driver: s.db_driver ?? report.plan.db_driver}, labelOf[s.id]))
}

/**
 * The verdict of each workload's headline on the report's metric, from
 * tools/derive/verdict.js, looked up by workload and subject id.
 * @param {Derived} derived
 * @param {string} metric
 */
function overviewVerdicts(derived, metric) {
  const {headlines} = derived.verdicts
  return (/** @type {string} */ workload, /** @type {string} */ subject) =>
    headlines.find((h) => h.workload === workload && h.subject === subject && h.measure === metric) ?? null
}

/**
 * A point's within-run noise (tools/derive/within-run.js) as a % figure, or null.
 * @param {import('../types/report.js').Point | undefined} point
 * @param {'qps' | 'tps'} metric
 */
function withinFigure(point, metric) {
  const noise = point && !point.error ? withinRunNoise(point, metric) : null
  return noise ? {value: noise.cv * 100, decimals: 1} : null
}

/**
 * Repeats and spread of a point, where `benchdoc run` recorded them.
 * @param {Record<string, any> | undefined} point
 */
function repeatsOf(point) {
  return {repeats: point?.repeats ?? null, spread: point?.spread ?? null}
}

/**
 * Rows for a workload's chart, in the chart module's shape. The x axis is the
 * thread count, or, when a dimension varies, that dimension (a scaling chart:
 * throughput against nodes); the coordinates that still vary then go into
 * each line's name, so no two points share a line and an x.
 * @param {ReturnType<typeof reportViewModel>['workloads'][number]} workload
 * @param {'qps' | 'tps'} metric
 */
export function chartRows(workload, metric) {
  const [axis] = workload.dimensions
  const threadsOf = (/** @type {{threads: number, clients: number}} */ row) => (row.clients > 1 ? `${row.threads}×${row.clients}` : String(row.threads))
  // a row of another scenario may lack a dimension (table size there, cluster size here): `–`
  const dimensionOf = (/** @type {typeof workload.rows[number]} */ row, /** @type {string} */ name) => row.coordinates.dimensions[name]?.toLocaleString('en') ?? '–'
  const xOf = (/** @type {typeof workload.rows[number]} */ row) => (axis ? dimensionOf(row, axis.name) : threadsOf(row))
  const others = axis ? workload.rows.map((row) => [threadsOf(row), ...workload.dimensions.slice(1).map((d) => dimensionOf(row, d.name))]) : []
  const varies = others[0]?.map((_, i) => new Set(others.map((o) => o[i])).size > 1) ?? []
  const order = [...new Set(workload.rows.map(xOf))]
  return workload.rows.flatMap((row, r) =>
    row.cells
      .filter((cell) => cell.figures)
      .map((cell) => {
        const value = (/** @type {string} */ m) => cell.figures?.find((f) => f.measure === m)?.value ?? null
        const rest = axis ? others[r].filter((_, i) => varies[i]) : []
        return {
          subject: [cell.subject, ...rest].join(' · '),
          x: xOf(row),
          order: order.indexOf(xOf(row)),
          throughput: value(metric),
          p95: value('latency_p95'),
          throughput_low: cell.intervals.throughput?.low ?? null,
          throughput_high: cell.intervals.throughput?.high ?? null,
          p95_low: cell.intervals.p95?.low ?? null,
          p95_high: cell.intervals.p95?.high ?? null
        }
      })
  )
}

/**
 * Rows for a workload's time-series chart: each point's interval throughput.
 * @param {Report} report
 * @param {string} workload
 * @param {'qps' | 'tps'} metric
 * @param {string} [lang]  the language the subjects are named in
 */
export function timeSeriesRows(report, workload, metric, lang) {
  const labelOf = subjectNames(report, lang)
  const points = (report.results ?? []).filter((/** @type {any} */ p) => p.workload === workload && p.intervals?.length)
  const series = points.map((/** @type {any} */ p) =>
    [`${labelOf[p.subject]} · ${p.threads}${(p.clients ?? 1) > 1 ? `×${p.clients}` : ''}`, ...Object.values(p.dimensions ?? {})].join(' · ')
  )
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
