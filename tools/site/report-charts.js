import {join} from 'node:path'
import {renderChart} from '../charts/pool.js'
import {labelTokens} from '../charts/labels.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {chartRows, timeSeriesRows} from './view-model.js'

/**
 * A report's charts, one SVG per workload (and time series) per language,
 * under .benchdoc/assets/charts/. A chart is rendered once for every
 * language, with tokens for its labels and its axis numbers, and each
 * language gets it with its own words and numbers (600K, 60万) filled in: a
 * language changes no mark of a chart, only its words.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 */

const WORKLOAD_TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const TIME_TOKENS = labelTokens({throughput: '', time: '', series: '', description: ''})

/**
 * @param {{
 *   report: import('../types/report.js').Report, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   chartDir: string, cacheDir: string, counts: {rendered: number, cached: number}, specDir?: string
 * }} options
 *   `labels` and `locales` by language; `counts` is added to; each workload chart's
 *   Vega-Lite spec, with its labels, goes under `specDir` for download
 */
export async function writeReportCharts({counts, ...options}) {
  // Every chart of the report is sent before any is awaited: the pool renders them side by side.
  const results = await Promise.all(reportChartJobs(options).map(renderChart))
  for (const {cached} of results) counts[cached ? 'cached' : 'rendered']++
}

/**
 * The chart jobs of a report (see `writeReportCharts`).
 * Pure: nothing is rendered or written.
 * @param {{
 *   report: import('../types/report.js').Report, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   chartDir: string, cacheDir: string, specDir?: string
 * }} options
 * @returns {import('../charts/job.js').ChartJob[]}
 */
export function reportChartJobs({report, model, labels, locales, chartDir, cacheDir, specDir}) {
  /** @param {string} path @param {string} lang */
  const chartFile = (path, lang) => join(chartDir, path.replace(/^charts\//, '').replace('LANG', lang))
  /** @type {import('../charts/job.js').ChartJob[]} */
  const jobs = []
  for (const {named, lang: namedIn, locales: theirs} of bySubjectNames(model, locales)) {
    for (const w of named.workloads) workloadJobs(w, named, namedIn, theirs)
  }

  /**
   * The jobs of one workload's charts for the languages that name subjects alike.
   * @param {Model['workloads'][number]} w
   * @param {Model} model  with subjects named in `namedIn`
   * @param {string | undefined} namedIn
   * @param {Record<string, string>} locales  of those languages
   */
  function workloadJobs(w, model, namedIn, locales) {
    if (!w.chart) return
    const time = w.timeseries ? timeSeriesRows(report, w.name, model.metric, namedIn) : null
    const rows = chartRows(w, model.metric)
    // lines in the order they first appear: subjects, or subject × coordinates on a scaling chart
    const lines = [...new Set(rows.map((r) => r.subject))]
    const axis = w.dimensions[0]
    // one rendering for all these languages: its axis numbers are tokens that each copy fills in its locale
    const shared = Object.values(locales)
    const chart = {spec: workloadChartSpec(rows, lines, {...WORKLOAD_TOKENS, locale: shared}), cacheDir, copies: /** @type {import('../charts/job.js').ChartCopy[]} */ ([]), files: /** @type {Array<[string, string]>} */ ([])}
    const timeChart = time ? {spec: timeSeriesChartSpec(time.rows, time.series, {...TIME_TOKENS, locale: shared}), cacheDir, copies: /** @type {import('../charts/job.js').ChartCopy[]} */ ([])} : null
    for (const [lang, locale] of Object.entries(locales)) {
      const l = labels[lang]
      const metric = l[`result_${model.metric}`]
      const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(', ')}
      // a nodes dimension's label names its component (`{{ .component }} nodes`)
      const dimension = axis ? fillLabel(l[axis.label] ?? axis.name, axis) : ''
      const xTitle = axis ? `${dimension} (${l[`unit_${axis.unit}`] ?? axis.unit})` : l.chart_threads
      const alt = axis ? fillLabel(l.chart_scaling_alt, {...fields, dimension}) : fillLabel(l.chart_alt, fields)
      chart.copies.push({file: chartFile(w.chart, lang), labels: {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject}, alt, locale})
      if (specDir && w.spec) {
        const labelled = {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject, description: alt, locale}
        chart.files.push([join(specDir, w.spec.replace('LANG', lang)), JSON.stringify(workloadChartSpec(rows, model.subject_labels, labelled), null, 1)])
      }
      if (timeChart && w.timeseries) {
        timeChart.copies.push({file: chartFile(w.timeseries, lang), labels: {throughput: metric, time: l.chart_time, series: l.chart_series}, alt: fillLabel(l.chart_time_alt, fields), locale})
      }
    }
    jobs.push(chart, ...(timeChart ? [timeChart] : []))
  }
  return jobs
}

/**
 * Languages grouped by how they name the subjects: one group, unless a
 * variant is written in several languages (the model's `by_lang`), since a
 * chart's legend and series carry the names.
 * @param {Model} model
 * @param {Record<string, string>} locales  locale by language
 * @returns {Array<{named: Model, lang: string | undefined, locales: Record<string, string>}>}
 */
function bySubjectNames(model, locales) {
  /** @type {Map<string, {named: Model, lang: string | undefined, locales: Record<string, string>}>} */
  const groups = new Map()
  for (const [lang, locale] of Object.entries(locales)) {
    const own = model.by_lang?.[lang]
    const named = own ? {...model, ...own} : model
    const key = JSON.stringify(named.subject_labels)
    const group = groups.get(key) ?? {named, lang: own ? lang : undefined, locales: {}}
    group.locales[lang] = locale
    groups.set(key, group)
  }
  return [...groups.values()]
}
