/**
 * Vega-Lite specs for a workload's chart: throughput and p95 latency against
 * thread count, one line per subject. Pure: data and labels in, spec out.
 *
 * @typedef {{throughput: string, latency: string, threads: string, subject: string, description: string, locale: string | string[]}} ChartLabels
 *   `locale` (BCP 47) writes the axis numbers; several give number tokens (`axisNumbers`)
 * @typedef {{
 *   subject: string, x: string, order: number, throughput: number | null, p95: number | null,
 *   throughput_low?: number | null, throughput_high?: number | null, p95_low?: number | null, p95_high?: number | null
 * }} ChartRow  `_low`/`_high`: the 95 % interval of a point measured with repeats
 */

import {AXIS_TICKS, axisNumbersExpression} from './numbers.js'
import {withLongestWords} from './labels.js'

/** Most points one chart draws (Vega's layout overflows the stack near 10,000): more are a table only, with a warning. */
export const MAX_CHART_POINTS = 2000

/** Fixed size and palette, so every report's charts look alike. */
const WIDTH = 300
const HEIGHT = 200
const PALETTE = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989']

/** Every chart's look: a new object each time, since a caller may change a spec. */
export const chartConfig = () => ({
  // the result table beside the chart is the accessible form of its data; ARIA labels would triple the SVG
  aria: false,
  font: 'sans-serif',
  view: {stroke: null},
  axis: {grid: true, gridColor: '#e5e7eb', labelFontSize: 12, titleFontSize: 13}
})

/**
 * @param {ChartRow[]} rows  one row per subject × thread count
 * @param {string[]} subjects  subject labels in legend order
 * @param {ChartLabels} labels
 * @param {Record<string, string[]>} [words]  the texts each label token of the rows stands for (a subject named in each language its way)
 * @returns {import('./job.js').ChartSpec}
 */
export function workloadChartSpec(rows, subjects, labels, words) {
  const {data, ...view} = workloadView(rows, subjects, labels, '')
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: labels.description,
    ...(words ? {usermeta: {words}} : {}),
    data,
    // resize: the size is worked out again for every data set a re-used view gets
    autosize: {type: 'pad', resize: true},
    config: chartConfig(),
    ...view
  }
}

/**
 * A report's workload charts in one Vega-Lite spec, one below the other: a language's download.
 * @param {Array<{title: string, rows: ChartRow[], subjects: string[], labels: ChartLabels}>} charts
 */
export function reportChartsSpec(charts) {
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    config: chartConfig(),
    vconcat: charts.map(({title, rows, subjects, labels}, i) => ({title, description: labels.description, ...workloadView(rows, subjects, labels, `concat_${i}_`)})),
    // each workload's lines and legend are its own, as on its page
    resolve: {scale: {color: 'independent'}, legend: {color: 'independent'}}
  }
}

/**
 * A workload chart's data and views: throughput and latency side by side (throughput alone without latency).
 * @param {ChartRow[]} rows @param {string[]} subjects @param {ChartLabels} labels
 * @param {string} scales  what Vega-Lite puts before the panels' scale names: '' alone, `concat_<i>_` as the i-th of a concat
 */
function workloadView(rows, subjects, labels, scales) {
  // order and legend come from the rows (`order`, `rank`), not lists in the spec: charts of one shape share
  // one spec, compiled once (render.js); sorted by field, since a re-used view keeps the order it drew before
  const ranks = new Map(subjects.map((subject, i) => [subject, i]))
  // a missing figure is left out, not written as null: the filters below treat both alike
  const values = rows.map((r) => withoutNulls(r, ranks.get(r.subject) ?? -1)).sort((a, b) => a.rank - b.rank || a.order - b.order)
  /** @param {'throughput' | 'p95'} field @param {string} title @param {number} index  in the hconcat */
  const panel = (field, title, index) => {
    const x = {field: 'x', type: 'ordinal', sort: {field: 'order', op: 'min'}, title: labels.threads, axis: {labelAngle: 0}}
    const color = {
      field: 'subject',
      type: 'nominal',
      title: labels.subject,
      sort: {field: 'rank', op: 'min'},
      scale: {range: PALETTE},
      // one legend, above both panels, for the pair
      legend: subjects.length > 1 ? {orient: 'top', direction: 'horizontal', labelFontSize: 13, titleFontSize: 13, labelLimit: 360} : null
    }
    const line = {
      mark: {type: 'line', point: true},
      transform: [{filter: `datum.${field} != null`}],
      encoding: {x, y: {field, type: 'quantitative', title, axis: axisNumbers(labels.locale, `${scales}concat_${index}_y`)}, color}
    }
    // error bars only where repeats give an interval; a chart of single runs stays as it was
    if (!rows.some((r) => r[`${field}_low`] != null)) return {width: WIDTH, height: HEIGHT, ...line}
    const bars = {
      mark: {type: 'errorbar', ticks: {size: 8}, thickness: 1.5},
      transform: [{filter: `datum.${field}_low != null`}],
      encoding: {x, y: {field: `${field}_low`, type: 'quantitative', title}, y2: {field: `${field}_high`}, color}
    }
    return {width: WIDTH, height: HEIGHT, layer: [bars, line]}
  }
  return {
    data: {values},
    // no latency panel for a workload that recorded none (a custom script's): it would be an empty frame
    hconcat: [panel('throughput', labels.throughput, 0), ...(rows.some((r) => r.p95 != null) ? [panel('p95', labels.latency, 1)] : [])],
    resolve: {scale: {color: 'shared'}}
  }
}

/**
 * A workload chart's row as drawn: its figures without the missing ones, and its subject's place in the legend.
 * @param {ChartRow} row @param {number} rank
 * @returns {ChartRow & {rank: number}}
 */
function withoutNulls(row, rank) {
  /** @type {Record<string, unknown>} */
  const kept = {}
  // a loop, not entries/fromEntries: every row of every chart and download passes here
  for (const key in row) if (row[/** @type {keyof ChartRow} */ (key)] !== null) kept[key] = row[/** @type {keyof ChartRow} */ (key)]
  kept.rank = rank
  return /** @type {ChartRow & {rank: number}} */ (kept)
}

/**
 * Throughput over time within each point (sysbench's interval reports), a line per subject × thread count.
 * @param {Array<{series: string, t: number, throughput: number | null}>} rows
 * @param {string[]} series  series labels in legend order
 * @param {{throughput: string, time: string, series: string, description: string, locale: string | string[]}} labels
 * @param {Record<string, string[]>} [words]  as for workloadChartSpec
 * @returns {import('./job.js').ChartSpec}
 */
export function timeSeriesChartSpec(rows, series, labels, words) {
  // the legend's order is each row's `rank`, not a list in the spec: one shape per legend layout
  const ranks = new Map(series.map((s, i) => [s, i]))
  return {
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: labels.description,
    ...(words ? {usermeta: {words}} : {}),
    data: {values: rows.map((r) => ({...r, rank: ranks.get(r.series) ?? -1}))},
    config: chartConfig(),
    width: WIDTH * 2 + 60,
    height: HEIGHT,
    mark: {type: 'line', strokeWidth: 1.5},
    transform: [{filter: 'datum.throughput != null'}],
    encoding: {
      x: {field: 't', type: 'quantitative', title: labels.time},
      y: {field: 'throughput', type: 'quantitative', title: labels.throughput, axis: axisNumbers(labels.locale, 'y')},
      // full labels (no labelLimit), in as many columns as fit the chart's width, a token as its longest text
      color: {field: 'series', type: 'nominal', title: labels.series, sort: {field: 'rank', op: 'min'}, legend: {orient: 'top', ...legendLayout(series.map((s) => withLongestWords(s, (token) => words?.[token])), WIDTH * 2 + 60), labelFontSize: 12, titleFontSize: 12, labelLimit: 0}}
    }
  }
}

/**
 * A legend of full `labels` in as many columns as fit in `width` px (1 to 4): Vega estimates text at
 * 0.8 em a character, and the padding makes up for a full-width character's 1 em.
 * @param {string[]} labels @param {number} width
 * @returns {{columns: number, columnPadding: number}}
 */
export function legendLayout(labels, width) {
  const wide = (/** @type {string} */ l) => [...l].filter((c) => (c.codePointAt(0) ?? 0) >= 0x2e80).length
  const estimated = Math.max(0, ...labels.map((l) => [...l].length * 9.6))
  const columnPadding = 10 + Math.ceil(Math.max(0, ...labels.map((l) => wide(l) * 2.4)))
  const entry = estimated + 21 + columnPadding
  return {columns: Math.max(1, Math.min(4, Math.floor(width / entry))), columnPadding}
}

/**
 * Axis labels in the locale's compact numbers (numbers.js): for one locale an
 * expression of Vega's own functions, for several number tokens (labels.js)
 * that each language's copy fills, so that one rendering serves them all.
 * @param {string | string[]} locale
 * @param {string} scale  as Vega-Lite names it: `y`, or `concat_<i>_y` in the i-th view of a concat
 */
export function axisNumbers(locale, scale) {
  const domain = `domain(${JSON.stringify(scale)})`
  // the ticks the numbers' unit is chosen for, whatever the chart's height
  if (Array.isArray(locale)) return {tickCount: AXIS_TICKS, labelExpr: `numberToken(datum.value, ${JSON.stringify(locale.join(' '))}, ${domain})`}
  return {tickCount: AXIS_TICKS, labelExpr: axisNumbersExpression(locale, domain)}
}
