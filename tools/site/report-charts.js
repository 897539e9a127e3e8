import {join} from 'node:path'
import {fillLabels, labelSvg, labelTokens, renderSvgCached} from '../charts/render.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../charts/spec.js'
import {fillLabel} from '../i18n/labels.js'
import {chartRows, timeSeriesRows} from './view-model.js'
import {writeIfChanged} from './write.js'

/**
 * A report's charts, one SVG per workload (and time series) per language,
 * under .benchdoc/assets/charts/. Each chart is rendered once, with tokens for
 * its labels, and each language gets it with its own labels filled in: the
 * language changes no mark of a chart, only its words.
 *
 * @typedef {import('../i18n/labels.js').Labels} Labels
 * @typedef {ReturnType<typeof import('./view-model.js').reportViewModel>} Model
 */

const WORKLOAD_TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const TIME_TOKENS = labelTokens({throughput: '', time: '', series: '', description: ''})

/**
 * @param {{
 *   report: Record<string, any>, model: Model, labels: Record<string, Labels>,
 *   chartDir: string, cacheDir: string, counts: {rendered: number, cached: number}
 * }} options
 *   `labels` by language; `counts` is added to
 */
export async function writeReportCharts({report, model, labels, chartDir, cacheDir, counts}) {
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
    const svg = await render(workloadChartSpec(chartRows(w, model.metric), model.subject_labels, WORKLOAD_TOKENS))
    const time = w.timeseries ? timeSeriesRows(report, w.name, model.metric) : null
    const timeSvg = time ? await render(timeSeriesChartSpec(time.rows, time.series, TIME_TOKENS)) : null
    for (const [lang, l] of Object.entries(labels)) {
      const metric = l[`result_${model.metric}`]
      const fields = {metric, workload: w.name, subjects: model.subject_labels.join(', ')}
      const filled = fillLabels(svg, {throughput: metric, latency: l.chart_latency, threads: l.chart_threads, subject: l.chart_subject})
      write(w.chart, lang, filled, fillLabel(l.chart_alt, fields))
      if (w.timeseries && timeSvg) {
        write(w.timeseries, lang, fillLabels(timeSvg, {throughput: metric, time: l.chart_time, series: l.chart_series}), fillLabel(l.chart_time_alt, fields))
      }
    }
  }
}
