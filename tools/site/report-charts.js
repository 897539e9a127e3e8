import {createHash} from 'node:crypto'
import {join, relative} from 'node:path'
import {renderCharts} from '../charts/pool.js'
import {cacheKeyOf} from '../charts/job.js'
import {labelTokens} from '../charts/labels.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {writeIfChanged} from '../lib/atomic-write.js'
import {chartRows, timeSeriesRows} from './view-model.js'
import {siteNumberStyle} from './format.js'

/**
 * A report's charts, an SVG file per workload (and time series) under
 * .benchdoc/static/charts/, shown as images (Hugo neither parses nor scans
 * them). A chart is rendered once, with tokens for its words, and its file
 * holds every language's (charts/languages.js); only languages that name the
 * subjects differently get a rendering and a file of their own.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 * @typedef {{file: string, version: string, width: number, height: number, alt: string}} ChartImage
 *   a language's chart: its file under static/, a version that changes with it (no stale copy), size, text alternative
 * @typedef {Record<string, Record<string, ChartImage>>} RenderedCharts
 *   by the model's chart path (`charts/<id>/LANG/<workload>.svg`), then by language
 * @typedef {import('../charts/job.js').ChartDownload} ChartDownload
 * @typedef {import('../charts/job.js').ChartJob & {
 *   key: string, images: Array<{path: string, lang: string, image: Omit<ChartImage, 'width' | 'height'>}>, download?: ChartDownload
 * }} ReportChartJob
 *   a chart job with its rendering's key (`cacheKeyOf`), what each language's page shows of it, and what its downloads hold of it
 */

const WORKLOAD_TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const TIME_TOKENS = labelTokens({throughput: '', time: '', series: '', description: ''})
// between the parts of a line's name (subject, threads…): each language's own (`punct_series`), filled in as its words are
const {sep: SEPARATOR} = labelTokens({sep: ''})

/**
 * @param {{
 *   report: import('../types/report.js').Report, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   staticDir: string, cacheDir: string, counts: {rendered: number, cached: number}
 * }} options
 *   `labels` and `locales` by language; `counts` is added to; charts go under `staticDir`/charts/,
 *   each language's Vega-Lite spec for download under `staticDir` at the model's `spec` path
 * @returns {Promise<{rendered: RenderedCharts, written: string[], charted: string[]}>}  what each page shows,
 *   every file written, and the keys of the renderings used
 */
export async function writeReportCharts({counts, staticDir, ...options}) {
  const jobs = reportChartJobs({...options, chartDir: join(staticDir, 'charts'), specDir: staticDir})
  const downloads = jobs.flatMap(({download}) => (download ? [download] : []))
  // one batch, to one thread, while the main thread goes on with the next report
  const results = await renderCharts({jobs: jobs.map(({images, download, key, ...job}) => job), downloads})
  for (const {cached} of results) counts[cached ? 'cached' : 'rendered']++
  /** @type {RenderedCharts} */
  const rendered = {}
  for (const [i, {images}] of jobs.entries()) {
    const {width, height} = results[i]
    for (const {path, lang, image} of images) (rendered[path] ??= {})[lang] = {...image, width, height}
  }
  // a report's chart is one shared file (no per-language copies, no other files)
  const written = jobs.flatMap((j) => (j.shared ?? []).map((c) => c.file)).concat([...new Set(downloads.flatMap((d) => d.files.map((f) => f.file)))])
  return {rendered, written, charted: jobs.map((j) => j.key)}
}

/**
 * The chart jobs of a report (see `writeReportCharts`); nothing is rendered or written.
 * @param {{
 *   report: import('../types/report.js').Report, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   chartDir: string, cacheDir: string, specDir?: string
 * }} options
 * @returns {ReportChartJob[]}  each with the file, version and text alternative each language's page shows
 */
export function reportChartJobs({report, model, labels, locales, chartDir, cacheDir, specDir}) {
  /** @type {ReportChartJob[]} */
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
    const style = siteNumberStyle(locales)
    const time = w.timeseries ? timeSeriesRows(report, w.name, model.metric, namedIn, SEPARATOR, style) : null
    const rows = chartRows(w, model.metric, SEPARATOR, style)
    // lines in the order they first appear: subjects, or subject × coordinates on a scaling chart
    const lines = [...new Set(rows.map((r) => r.subject))]
    const axis = w.dimensions[0]
    // a scaling chart with a line per subject and thread count names both in its legend's title
    const legendKey = axis && lines.length > model.subject_labels.length ? 'chart_series' : 'chart_subject'
    // one rendering for all these languages: its axis numbers are tokens that each copy fills in its locale
    const shared = Object.values(locales)
    const chart = newJob(workloadChartSpec(rows, lines, {...WORKLOAD_TOKENS, locale: shared}), cacheDir)
    const timeChart = time ? newJob(timeSeriesChartSpec(time.rows, time.series, {...TIME_TOKENS, locale: shared}), cacheDir) : null
    for (const [lang, locale] of Object.entries(locales)) {
      const l = labels[lang]
      const metric = l[`result_${model.metric}`]
      const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(l.punct_list ?? ', ')}
      // a nodes dimension's label names its component (`{{ .component }} nodes`)
      const dimension = axis ? fillLabel(l[axis.label] ?? axis.name, axis) : ''
      const xTitle = axis ? fillLabel(l.label_unit, {label: dimension, unit: l[`unit_${axis.unit}`] ?? axis.unit}) : l.chart_threads
      const alt = axis ? fillLabel(l.chart_scaling_alt, {...fields, dimension}) : fillLabel(l.chart_alt, fields)
      const sep = l.punct_series
      addLanguage(chart, w.chart, namedIn, {lang, labels: {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l[legendKey], sep}, alt, locale})
      if (specDir && w.spec) {
        const labelled = {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l[legendKey], description: alt, locale}
        const download = (chart.download ??= {title: {}, rows, subjects: model.subject_labels, separator: SEPARATOR, files: []})
        download.title[lang] = fields.workload
        download.files.push({file: join(specDir, w.spec.replace('LANG', lang)), lang, sep, labels: labelled})
      }
      if (timeChart && w.timeseries) {
        addLanguage(timeChart, w.timeseries, namedIn, {lang, labels: {throughput: metric, time: l.chart_time, series: l.chart_series, sep}, alt: fillLabel(l.chart_time_alt, fields), locale})
      }
    }
    jobs.push(withImages(chart), ...(timeChart ? [withImages(timeChart)] : []))
  }
  return jobs

  /**
   * Give a language its words in a chart's one file.
   * @param {ReportChartJob} job
   * @param {string} path  the model's chart path
   * @param {string | undefined} namedIn  the language that names the subjects in this rendering, if not all do alike
   * @param {import('../charts/languages.js').ChartLanguage} language
   */
  function addLanguage(job, path, namedIn, language) {
    const file = join(chartDir, path.replace(/^charts\//, '').replace('LANG/', '').replace(/\.svg$/, namedIn ? `.${namedIn}.svg` : '.svg'))
    const shared = (job.shared ??= [])
    if (shared.length === 0) shared.push({file, languages: []})
    shared[0].languages.push(language)
    job.images.push({path, lang: language.lang, image: {file: relative(join(chartDir, '..'), file), version: '', alt: language.alt}})
  }

  /**
   * The version of each language's image, once the file's every language is known.
   * @param {ReportChartJob} job
   */
  function withImages(job) {
    // the rendering's key hashes the spec: the version hashes that and the words, and each
    // file where it is in the site, not on this disk (a project built in another folder gets the same)
    const shared = (job.shared ?? []).map(({file, languages}) => ({file: relative(chartDir, file), languages}))
    const version = createHash('sha256').update(`${job.key}.svg\0${JSON.stringify(shared)}`).digest('hex').slice(0, 12)
    for (const {image} of job.images) image.version = version
    return job
  }
}

/**
 * A chart job with no copies yet.
 * @param {import('../charts/job.js').ChartSpec} spec  a Vega-Lite spec
 * @param {string} cacheDir
 * @returns {ReportChartJob}
 */
function newJob(spec, cacheDir) {
  return {spec, cacheDir, key: cacheKeyOf(spec), shared: [], images: []}
}

/**
 * Languages grouped by how they name the subjects (a legend carries the names): one without `by_lang`.
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
