import {join} from 'node:path'
import {fillLabels, labelSvg, labelTokens, renderSvgCached} from '../charts/render.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {chartRows, timeSeriesRows} from './view-model.js'
import {writeIfChanged} from './write.js'

/**
 * A report's charts, one SVG per workload (and time series) per language,
 * under .benchdoc/assets/charts/. A chart is rendered once per locale (which
 * writes its axis numbers: 600K, 60万), with tokens for its labels, and each
 * language of that locale gets it with its own labels filled in: a language
 * changes no mark of a chart, only its words.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 */

const WORKLOAD_TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const TIME_TOKENS = labelTokens({throughput: '', time: '', series: '', description: ''})

/**
 * Languages grouped by locale, so that each group shares one rendering.
 * @param {Record<string, string>} locales  locale by language
 * @returns {Map<string, string[]>}
 */
function byLocale(locales) {
  /** @type {Map<string, string[]>} */
  const groups = new Map()
  for (const [lang, locale] of Object.entries(locales)) groups.set(locale, [...(groups.get(locale) ?? []), lang])
  return groups
}

/**
 * @param {{
 *   report: Record<string, any>, model: Model, labels: Record<string, Labels>, locales: Record<string, string>,
 *   chartDir: string, cacheDir: string, counts: {rendered: number, cached: number}
 * }} options
 *   `labels` and `locales` by language; `counts` is added to
 */
export async function writeReportCharts({report, model, labels, locales, chartDir, cacheDir, counts}) {
  /** @param {Record<string, any>} spec */
  const render = async (spec) => {
    const {svg, cached} = await renderSvgCached(spec, cacheDir)
    counts[cached ? 'cached' : 'rendered']++
    return svg
  }
  /** @param {string} path @param {string} lang @param {string} svg @param {string} alt */
  const write = (path, lang, svg, alt) => writeIfChanged(join(chartDir, path.replace(/^charts\//, '').replace('LANG', lang)), labelSvg(svg, alt))

  for (const w of model.workloads) {
    if (!w.chart) continue
    const time = w.timeseries ? timeSeriesRows(report, w.name, model.metric) : null
    for (const [locale, langs] of byLocale(locales)) {
      const svg = await render(workloadChartSpec(chartRows(w, model.metric), model.subject_labels, {...WORKLOAD_TOKENS, locale}))
      const timeSvg = time ? await render(timeSeriesChartSpec(time.rows, time.series, {...TIME_TOKENS, locale})) : null
      for (const lang of langs) {
        const l = labels[lang]
        const metric = l[`result_${model.metric}`]
        const fields = {metric, workload: l[`workload_${w.name}`] || w.name, subjects: model.subject_labels.join(', ')}
        const filled = fillLabels(svg, {throughput: metric, latency: l.chart_latency, threads: l.chart_threads, subject: l.chart_subject})
        write(w.chart, lang, filled, fillLabel(l.chart_alt, fields))
        if (w.timeseries && timeSvg) {
          write(w.timeseries, lang, fillLabels(timeSvg, {throughput: metric, time: l.chart_time, series: l.chart_series}), fillLabel(l.chart_time_alt, fields))
        }
      }
    }
  }
}
