import {createHash} from 'node:crypto'
import {join, relative} from 'node:path'
import {renderChart} from '../charts/pool.js'
import {labelTokens} from '../charts/labels.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {compactNumbers} from '../charts/numbers.js'
import {chartRows, timeSeriesRows} from './view-model.js'

/**
 * A report's charts, one SVG file per workload (and time series) per language,
 * under .benchdoc/static/charts/, which pages show as images: Hugo copies
 * them, and neither parses nor scans them as it would inline SVG. A chart is
 * rendered once per way of writing its axis numbers (600K, 60万), with tokens
 * for its labels, and each language that writes them so gets it with its own
 * labels filled in: a language changes no mark of a chart, only its words.
 * Languages whose words are the same too share one file.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 * @typedef {{file: string, version: string, width: number, height: number, alt: string}} ChartImage
 *   a language's chart: its file under static/, a version that changes with its content (so that
 *   no browser shows an old copy), its size in px and its text alternative
 * @typedef {Record<string, Record<string, ChartImage>>} RenderedCharts
 *   by the model's chart path (`charts/<id>/LANG/<workload>.svg`), then by language
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
 *   staticDir: string, cacheDir: string, counts: {rendered: number, cached: number}
 * }} options
 *   `labels` and `locales` by language; `counts` is added to; charts go under
 *   `staticDir`/charts/, and each workload chart's Vega-Lite spec, with its
 *   labels, under `staticDir` at the model's `spec` path, for download
 * @returns {Promise<RenderedCharts>}
 */
export async function writeReportCharts({report, model, labels, locales, staticDir, cacheDir, counts}) {
  /** @type {Array<import('../charts/job.js').ChartJob & {version: string}>} */
  const jobs = []
  /** @type {Array<{path: string, lang: string, job: number, image: Omit<ChartImage, 'width' | 'height'>}>} */
  const images = []
  for (const {named, lang: namedIn, locales: theirs} of bySubjectNames(model, locales)) {
    for (const w of named.workloads) workloadJobs(w, named, namedIn, theirs)
  }

  /**
   * Give a language its copy of a chart, or the copy of a language before it
   * whose words are the same.
   * @param {import('../charts/job.js').ChartJob & {version: string}} job
   * @param {number} index  the job's in `jobs`
   * @param {string} path  the model's chart path
   * @param {string} lang
   * @param {Record<string, string>} words  the chart's labels
   * @param {string} alt
   */
  function addCopy(job, index, path, lang, words, alt) {
    const same = job.copies.findIndex((c) => c.alt === alt && JSON.stringify(c.labels) === JSON.stringify(words))
    const file = same >= 0 ? relative(staticDir, job.copies[same].file) : path.replace('LANG', lang)
    if (same < 0) job.copies.push({file: join(staticDir, file), labels: words, alt})
    const version = createHash('sha256').update(`${job.version}\0${JSON.stringify(words)}\0${alt}`).digest('hex').slice(0, 12)
    images.push({path, lang, job: index, image: {file, version, alt}})
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
      const chart = newJob(workloadChartSpec(rows, lines, {...WORKLOAD_TOKENS, locale}), cacheDir)
      const timeChart = time ? newJob(timeSeriesChartSpec(time.rows, time.series, {...TIME_TOKENS, locale}), cacheDir) : null
      const at = jobs.length
      for (const lang of langs) {
        const l = labels[lang]
        const metric = l[`result_${model.metric}`]
        const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(', ')}
        const xTitle = axis ? `${l[axis.label] ?? axis.name} (${l[`unit_${axis.unit}`] ?? axis.unit})` : l.chart_threads
        const alt = axis ? fillLabel(l.chart_scaling_alt, {...fields, dimension: l[axis.label] ?? axis.name}) : fillLabel(l.chart_alt, fields)
        addCopy(chart, at, w.chart, lang, {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject}, alt)
        if (w.spec) {
          const labelled = {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l.chart_subject, description: alt, locale}
          chart.files?.push([join(staticDir, w.spec.replace('LANG', lang)), JSON.stringify(workloadChartSpec(rows, model.subject_labels, labelled), null, 1)])
        }
        if (timeChart && w.timeseries) {
          addCopy(timeChart, at + 1, w.timeseries, lang, {throughput: metric, time: l.chart_time, series: l.chart_series}, fillLabel(l.chart_time_alt, fields))
        }
      }
      jobs.push(chart, ...(timeChart ? [timeChart] : []))
    }
  }
  // Every chart of the report is sent before any is awaited, in one fixed
  // order: the pool renders them side by side, and each chart shape sees its
  // charts in the same order on every build (see charts/pool.js).
  const results = await Promise.all(jobs.map(({version, ...job}) => renderChart(job)))
  for (const {cached} of results) counts[cached ? 'cached' : 'rendered']++
  /** @type {RenderedCharts} */
  const rendered = {}
  for (const {path, lang, job, image} of images) {
    const {width, height} = results[job]
    ;(rendered[path] ??= {})[lang] = {...image, width, height}
  }
  return rendered
}

/**
 * A chart job with no copies yet, and a version of its spec that changes with it.
 * @param {Record<string, any>} spec
 * @param {string} cacheDir
 * @returns {import('../charts/job.js').ChartJob & {version: string}}
 */
function newJob(spec, cacheDir) {
  return {spec, cacheDir, copies: [], files: [], version: createHash('sha256').update(JSON.stringify(spec)).digest('hex')}
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
