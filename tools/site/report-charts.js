import {join} from 'node:path'
import {renderChart} from '../charts/pool.js'
import {labelTokens} from '../charts/labels.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {compactNumbers} from '../charts/numbers.js'
import {chartRows, timeSeriesRows} from './view-model.js'

/**
 * A report's charts, one SVG per workload (and time series) per language,
 * under .benchdoc/assets/charts/. A chart is rendered once per way of writing
 * its axis numbers (600K, 60万), with tokens for its labels, and each language
 * that writes them so gets it with its own labels filled in: a language
 * changes no mark of a chart, only its words.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 */

const WORKLOAD_TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const TIME_TOKENS = labelTokens({throughput: '', time: '', series: '', description: ''})

/**
 * Languages grouped by how their locales write this chart's axis numbers, so
 * that each group shares one rendering: zh-CN and ja both write 60万, and
 * differ only from 10⁸ on (亿, 億). Axis ticks are multiples of 1, 2 or 5 ×
 * 10ᵏ up to the largest value, so writing each power of ten and a half of it
 * up to there tells locales apart.
 * @param {Record<string, string>} locales  locale by language
 * @param {number} largest  the chart's largest value
 * @returns {Map<string, {locale: string, langs: string[]}>}  by the numbers' signature
 */
function byNumbers(locales, largest) {
  const top = Math.max(1, Math.ceil(Math.log10(Math.max(largest, 1))) + 1)
  const probes = Array.from({length: top + 2}, (_, k) => [10 ** (k - 1), 1.5 * 10 ** (k - 1)]).flat()
  /** @type {Map<string, {locale: string, langs: string[]}>} */
  const groups = new Map()
  for (const [lang, locale] of Object.entries(locales)) {
    const format = compactNumbers(locale)
    const signature = probes.map((p) => format.format(p)).join('|')
    const group = groups.get(signature) ?? {locale, langs: []}
    group.langs.push(lang)
    groups.set(signature, group)
  }
  return groups
}

/** @param {Array<Record<string, number | string | null>>} rows @param {string[]} fields */
const largestOf = (rows, fields) => Math.max(0, ...rows.flatMap((r) => fields.map((f) => Number(r[f] ?? 0))))

/**
 * @param {{
 *   report: import('../types/report.js').Report, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   chartDir: string, cacheDir: string, counts: {rendered: number, cached: number}, specDir?: string
 * }} options
 *   `labels` and `locales` by language; `counts` is added to; each workload chart's
 *   Vega-Lite spec, with its labels, goes under `specDir` for download
 */
export async function writeReportCharts({report, model, labels, locales, chartDir, cacheDir, counts, specDir}) {
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
    const largest = Math.max(largestOf(rows, ['throughput', 'p95']), time ? largestOf(time.rows, ['throughput']) : 0)
    for (const {locale, langs} of byNumbers(locales, largest).values()) {
      const chart = {spec: workloadChartSpec(rows, lines, {...WORKLOAD_TOKENS, locale}), cacheDir, copies: /** @type {import('../charts/job.js').ChartCopy[]} */ ([]), files: /** @type {Array<[string, string]>} */ ([])}
      const timeChart = time ? {spec: timeSeriesChartSpec(time.rows, time.series, {...TIME_TOKENS, locale}), cacheDir, copies: /** @type {import('../charts/job.js').ChartCopy[]} */ ([])} : null
      for (const lang of langs) {
        const l = labels[lang]
        const metric = l[`result_${model.metric}`]
        const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(', ')}
        const dimension = axis ? fillLabel(l[axis.label] ?? axis.name, axis) : ''
        const xTitle = axis ? `${dimension} (${l[`unit_${axis.unit}`] ?? axis.unit})` : l.chart_threads
        const alt = axis ? fillLabel(l.chart_scaling_alt, {...fields, dimension}) : fillLabel(l.chart_alt, fields)
        chart.copies.push({file: chartFile(w.chart, lang), labels: {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject}, alt})
        if (specDir && w.spec) {
          const labelled = {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject, description: alt, locale}
          chart.files.push([join(specDir, w.spec.replace('LANG', lang)), JSON.stringify(workloadChartSpec(rows, model.subject_labels, labelled), null, 1)])
        }
        if (timeChart && w.timeseries) {
          timeChart.copies.push({file: chartFile(w.timeseries, lang), labels: {throughput: metric, time: l.chart_time, series: l.chart_series}, alt: fillLabel(l.chart_time_alt, fields)})
        }
      }
      jobs.push(chart, ...(timeChart ? [timeChart] : []))
    }
  }
  // Every chart of the report is sent before any is awaited, in one fixed
  // order: the pool renders them side by side, and each chart shape sees its
  // charts in the same order on every build (see charts/pool.js).
  const results = await Promise.all(jobs.map(renderChart))
  for (const {cached} of results) counts[cached ? 'cached' : 'rendered']++
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
