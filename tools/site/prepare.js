import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {basename, join} from 'node:path'
import {labelSvg, renderSvgCached} from '../charts/render.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel, loadLabels, siteLanguages} from '../i18n/labels.js'
import {readLanguages} from '../i18n/languages.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {reportFiles, validateFiles} from '../validate/index.js'
import {readNarratives} from '../narrative/index.js'
import {checkNarratives} from '../i18n/narratives.js'
import {figuresOf} from '../i18n/figures.js'
import {chartRows, reportViewModel, timeSeriesRows} from './view-model.js'

/**
 * Everything Hugo reads, derived from data/ into .benchdoc/: one JSON view
 * model per report (data/reports/<id>.json), the report order for the index,
 * and one SVG chart per report × language × workload. Data flows one way:
 * nothing here reads back what Hugo wrote.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 */

/**
 * @param {{root: string, out?: string}} options
 * @returns {Promise<{problems: Problem[], reports: number, charts: {rendered: number, cached: number}}>}
 */
export async function prepareSite({root, out = join(root, '.benchdoc')}) {
  const languages = siteLanguages(root)
  const results = validateFiles(reportFiles([], root), root)
  /** @type {Problem[]} */
  const problems = results.flatMap((r) => r.problems)
  const byId = new Map(results.map((r) => [basename(r.path).replace(/\.ya?ml$/, ''), r]))
  const {reports: narrativeReports, problems: narrativeProblems} = readNarratives(root, languages, {reportIds: new Set(byId.keys())})
  problems.push(...narrativeProblems)
  /** @type {Map<string, Record<string, import('../narrative/parse.js').Narrative>>} */
  const allNarratives = new Map(
    narrativeReports.map((r) => [r.id, Object.fromEntries(Object.entries(r.files).map(([lang, f]) => [lang, f.narrative]))])
  )
  /** @param {string} id */
  const figures = (id) => {
    const derived = byId.get(id)?.derived
    return derived ? figuresOf(derived, join('data', 'reports', `${id}.yaml`)) : null
  }
  // Translation lint is shown, but only `benchdoc i18n check` fails on it: a
  // published translation that is not word-for-word faithful must still build,
  // since the data, not the prose, is the source of every figure. A stale
  // translation also gets a notice on its page.
  const translations =
    narrativeProblems.length === 0
      ? checkNarratives(root, languages, {reports: narrativeReports, figuresOf: figures})
      : {problems: [], statuses: new Map()}
  problems.push(
    ...translations.problems
      .filter((p) => p.rule !== 'missing-translation')
      .map((p) => ({...p, severity: /** @type {const} */ ('warning')}))
  )
  const charts = {rendered: 0, cached: 0}
  if (problems.some((p) => p.severity === 'error')) return {problems, reports: results.length, charts}

  const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(root, lang)]))
  const locales = Object.fromEntries(readLanguages(root).map((l) => [l.code, l.locale]))
  const dataDir = join(out, 'data', 'reports')
  const chartDir = join(out, 'assets', 'charts')
  const cacheDir = join(out, 'cache', 'charts')
  mkdirSync(dataDir, {recursive: true})
  /** @type {Array<{id: string, date: string | null}>} */
  const index = []
  const written = new Set()

  /**
   * Render a chart (cached by spec) to its place under .benchdoc/assets.
   * @param {Record<string, any>} spec @param {string} path @param {string} lang @param {string} alt
   */
  const renderChart = async (spec, path, lang, alt) => {
    const {svg, cached} = await renderSvgCached(spec, cacheDir)
    charts[cached ? 'cached' : 'rendered']++
    writeIfChanged(join(chartDir, path.replace(/^charts\//, '').replace('LANG', lang)), labelSvg(svg, alt))
  }

  for (const {doc, derived} of results) {
    const report = /** @type {any} */ (doc.data)
    if (!derived) continue // only when the data has an error, which stopped the build above
    const narratives = allNarratives.get(report.id) ?? {}
    const model = reportViewModel(report, derived, narratives, languages, translations.statuses.get(report.id) ?? {})
    writeIfChanged(join(dataDir, `${report.id}.json`), JSON.stringify(model, null, 1))
    written.add(`${report.id}.json`)
    index.push({id: report.id, date: model.date})

    for (const lang of languages) {
      const l = labels[lang]
      for (const w of model.workloads) {
        if (!w.chart) continue
        const metric = l[`result_${model.metric}`]
        const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(', ')}
        const spec = workloadChartSpec(chartRows(w, model.metric), model.subject_labels, {
          throughput: metric,
          latency: l.chart_latency,
          threads: l.chart_threads,
          subject: l.chart_subject,
          description: fillLabel(l.chart_alt, fields),
          locale: locales[lang]
        })
        await renderChart(spec, w.chart, lang, fillLabel(l.chart_alt, fields))
        if (w.timeseries) {
          const {series, rows} = timeSeriesRows(report, w.name, model.metric)
          const alt = fillLabel(l.chart_time_alt, fields)
          const timeSpec = timeSeriesChartSpec(rows, series, {throughput: metric, time: l.chart_time, series: l.chart_series, description: alt, locale: locales[lang]})
          await renderChart(timeSpec, w.timeseries, lang, alt)
        }
      }
    }
  }
  // Newest first; undated reports last, by id, so the order is stable.
  index.sort((a, b) => (b.date ?? '').localeCompare(a.date ?? '') || a.id.localeCompare(b.id))
  writeIfChanged(join(out, 'data', 'index.json'), JSON.stringify({reports: index.map((r) => r.id)}))
  for (const f of readdirSync(dataDir)) if (!written.has(f)) rmSync(join(dataDir, f))
  return {problems, reports: results.length, charts}
}

/**
 * Write only when the content differs, so Hugo's watcher and cache see no
 * change for an unchanged report.
 * @param {string} file
 * @param {string} content
 */
function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return
  writeFileAtomic(file, content)
}
