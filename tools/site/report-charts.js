import {createHash} from 'node:crypto'
import {join, relative} from 'node:path'
import {renderCharts} from '../charts/pool.js'
import {cacheKeyOf} from '../charts/job.js'
import {labelTokens, wordToken} from '../charts/labels.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {chartRows, latencyKey, timeSeriesRows} from './view-model.js'
import {countStyle, siteNumberStyle} from './format.js'

/**
 * A report's charts, an SVG file per workload (and time series) under
 * .benchdoc/static/charts/, shown as images (Hugo neither parses nor scans
 * them). A chart is rendered once, with tokens for its words (a subject's name
 * too, where languages name it differently), and its file holds every
 * language's (charts/languages.js).
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 * @typedef {{file: string, version: string, width: number, height: number, alt: string}} ChartImage
 *   a language's chart: its file under static/, a version that changes with it (no stale copy), size, text alternative
 * @typedef {Record<string, Record<string, ChartImage>>} RenderedCharts
 *   by the model's chart path (`charts/<id>/LANG/<workload>.svg`), then by language
 * @typedef {import('../charts/job.js').ChartJob & {
 *   key: string, images: Array<{path: string, lang: string, image: Omit<ChartImage, 'width' | 'height'>}>, download?: import('../charts/job.js').ChartDownload
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
  const names = subjectTokens(model, Object.keys(locales))
  // one rendering for every language: its axis numbers and its words are tokens that each language's words fill
  const style = siteNumberStyle(locales)
  const shared = Object.values(locales)
  for (const w of model.workloads) workloadJobs(w)

  /** @param {Model['workloads'][number]} w */
  function workloadJobs(w) {
    if (!w.chart) return
    const time = w.timeseries ? timeSeriesRows(report, w.name, model.metric, SEPARATOR, style, names.nameOf) : null
    const rows = chartRows(w, model.metric, SEPARATOR, style, names.nameOf)
    const {ticks, seriesOf} = countedRows(rows, time, shared, (s) => ({rows: chartRows(w, model.metric, SEPARATOR, s, names.nameOf), series: time ? timeSeriesRows(report, w.name, model.metric, SEPARATOR, s, names.nameOf).series : []}), style)
    const words = {...names.words, ...ticks.words}
    const used = Object.keys(words).length > 0 ? words : undefined
    // lines in the order they first appear: subjects, or subject × coordinates on a scaling chart
    const lines = [...new Set(rows.map((r) => r.subject))]
    const axis = w.dimensions[0]
    const {legendKey, seriesKey} = legendKeysOf(model, Boolean(axis) && lines.length > model.subject_labels.length)
    const chart = newJob(workloadChartSpec(rows, lines, {...WORKLOAD_TOKENS, locale: shared}, used), cacheDir)
    const timeRows = time ? time.rows.map((r) => ({...r, series: seriesOf(r.series)})) : []
    const timeChart = time ? newJob(timeSeriesChartSpec(timeRows, time.series.map(seriesOf), {...TIME_TOKENS, locale: shared}, used), cacheDir) : null
    for (const [k, [lang, locale]] of Object.entries(locales).entries()) {
      const l = labels[lang]
      const metric = l[`result_${model.metric}`]
      const subjects = names.labelsIn(lang)
      const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: subjects.join(l.punct_list ?? ', ')}
      // a nodes dimension's label names its component (`{{ .component }} nodes`)
      const dimension = axis ? fillLabel(l[axis.label] ?? axis.name, axis) : ''
      const xTitle = axis ? fillLabel(l.label_unit, {label: dimension, unit: l[`unit_${axis.unit}`] ?? axis.unit}) : l.chart_threads
      const alt = fillLabel(l[`${axis ? 'chart_scaling_alt' : 'chart_alt'}${latencyKey(w)}`], {...fields, dimension})
      const sep = l.punct_series
      const named = {...names.in(lang), ...ticks.in(k)}
      addLanguage(chart, w.chart, {lang, labels: {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l[legendKey], sep, ...named}, alt, locale})
      if (specDir && w.spec) {
        const labelled = {throughput: metric, latency: l.chart_latency, threads: xTitle, subject: l[legendKey], description: alt, locale}
        const download = (chart.download ??= {title: {}, rows, separator: SEPARATOR, files: []})
        download.title[lang] = fields.workload
        download.files.push({file: join(specDir, w.spec.replace('LANG', lang)), lang, sep, labels: labelled, subjects, names: named})
      }
      if (timeChart && w.timeseries) {
        addLanguage(timeChart, w.timeseries, {lang, labels: {throughput: metric, time: l.chart_time, series: l[seriesKey], sep, ...named}, alt: fillLabel(l.chart_time_alt, fields), locale})
      }
    }
    jobs.push(withImages(chart), ...(timeChart ? [withImages(timeChart)] : []))
  }
  return jobs

  /**
   * Give a language its words in a chart's one file.
   * @param {ReportChartJob} job
   * @param {string} path  the model's chart path
   * @param {import('../charts/languages.js').ChartLanguage} language
   */
  function addLanguage(job, path, language) {
    const file = join(chartDir, path.replace(/^charts\//, '').replace('LANG/', ''))
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
 * A count each language writes its way (`1200`, `1000 万` in zh) as a token: an x axis's text, or a part
 * of a line's name; `rows` get their tokens, and `seriesOf` gives a time series' name its token.
 * @param {ReturnType<typeof chartRows>} rows @param {ReturnType<typeof timeSeriesRows> | null} time @param {string[]} locales
 * @param {(style: import('./format.js').NumberStyle) => {rows: ReturnType<typeof chartRows>, series: string[]}} textsIn  the rows and series in a style
 * @param {import('./format.js').NumberStyle} style  the site's
 */
function countedRows(rows, time, locales, textsIn, style) {
  const texts = (/** @type {{rows: ReturnType<typeof chartRows>, series: string[]}} */ own) => [...own.rows.map((r) => r.x), ...own.rows.map((r) => r.subject), ...own.series]
  // the site style's texts are `rows` and `time` themselves: only the other styles are written again
  const ticks = countTokens(texts({rows, series: time?.series ?? []}), locales.map((locale) => texts(textsIn(countStyle(style, locale)))))
  rows.forEach((r, i) => Object.assign(r, {x: ticks.tokens[i], subject: ticks.tokens[rows.length + i]}))
  const series = new Map(time?.series.map((name, i) => [name, ticks.tokens[2 * rows.length + i]]))
  return {ticks, seriesOf: (/** @type {string} */ name) => series.get(name) ?? name}
}

/**
 * The legend's title: a scaling chart with a line per subject and thread count (`scaling`) names both; lines
 * of plain versions (the version facts list versions first, tools/site/facts-model.js) are titled as versions.
 * @param {Model} model @param {boolean} scaling
 */
function legendKeysOf(model, scaling) {
  const [subjectKey, seriesKey] = model.version[0]?.label === 'field_versions' ? ['chart_version', 'chart_version_series'] : ['chart_subject', 'chart_series']
  return {legendKey: scaling ? seriesKey : subjectKey, seriesKey}
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
 * How the charts name each subject: by its label where every language names it alike, else
 * by a token that each language's copy fills with its name (a variant written in several
 * languages), so that the chart is drawn once for every language all the same.
 * @param {Model} model
 * @param {string[]} languages
 */
function subjectTokens(model, languages) {
  const base = model.subject_labels
  const labelsIn = (/** @type {string} */ lang) => model.by_lang?.[lang]?.subject_labels ?? base
  const {tokens, words, in: textsIn} = wordTokens('sn_', base, languages.map(labelsIn))
  return {
    nameOf: (/** @type {string} */ name) => tokens[base.indexOf(name)] ?? name,
    /** @param {string} lang @returns {Record<string, string>} each token's text in `lang` */
    in: (lang) => textsIn(languages.indexOf(lang)),
    labelsIn,
    words: Object.keys(words).length > 0 ? words : undefined
  }
}

/**
 * `wordTokens` of a chart's counts (`texts`: each language's), its x axis's and its lines' names', a token for each
 * part of a name (subject, thread count, dimension) that the languages write differently: `v5.1.4‹sep›‹tx_…›` (`1,200`, `1200` in zh).
 * @param {string[]} base @param {string[][]} texts
 */
function countTokens(base, texts) {
  const parts = (/** @type {string[]} */ t) => t.flatMap((text) => text.split(SEPARATOR))
  const counts = wordTokens('tx_', parts(base), texts.map(parts))
  let i = 0
  return {...counts, tokens: base.map((text) => text.split(SEPARATOR).map(() => counts.tokens[i++]).join(SEPARATOR))}
}

/**
 * Texts (`base`, as the chart's rows hold them) as a chart is drawn with them: each as it is where every language writes
 * it so (`texts`: each language's), else a token that each language's copy fills (a subject's name, a thread count).
 * @param {string} prefix  of the tokens' names @param {string[]} base @param {string[][]} texts
 */
function wordTokens(prefix, base, texts) {
  const keys = base.map((text, i) => (texts.every((t) => t[i] === text) ? null : wordToken(prefix, texts.map((t) => t[i]))))
  return {
    tokens: base.map((text, i) => (keys[i] ? `\u2039${keys[i]}\u203a` : text)),
    words: Object.fromEntries(keys.flatMap((key, i) => (key ? [[`\u2039${key}\u203a`, [...new Set(texts.map((t) => t[i]))]]] : []))),
    /** @param {number} k  a language's index in `texts` @returns {Record<string, string>} each token's text in it */
    in: (k) => Object.fromEntries(keys.flatMap((key, i) => (key ? [[key, texts[k][i]]] : [])))
  }
}
