/**
 * Vega-Lite specs of the versions page: a product's change per release and workload, and its throughput
 * per release on one environment. Every point links to its report; a line joins the medians.
 *
 * @typedef {{x: string, order: number, workload: string, value: number | null, href: string}} VersionRow
 *   `y`: the axis title, or its lines (`titleLines`); several `locale`s give number tokens (spec.js `axisNumbers`)
 * @typedef {VersionRow & {key: string, color: string, step: number, i: number}} DrawnRow
 *   as drawn: its workload's legend key and colour (`workloadKey`), its step's place on the axis, its own place in the rows
 */
import {axisNumbers, chartConfig} from './spec.js'

/** The plot's height in px: an axis title longer than this is split (`titleLines`). */
export const HEIGHT = 240

/** More reports than this on one step of a workload are drawn as a bar from the lowest value to the highest: hundreds of squares hide one another. */
export const MOST_POINTS = 10

const PALETTE = ['#1f6feb', '#d1242f', '#1a7f37', '#9a6700', '#8250df', '#bf3989', '#0a7d8c', '#6e7781']

/**
 * @param {VersionRow[]} rows
 * @param {string[]} workloads  legend order
 * @param {{x: string, y: string | string[], workload: string, description: string, locale: string | string[]}} labels
 * @param {{percent?: boolean, words?: Record<string, string[]>}} [options]  a % change axis gets a zero line;
 *   `words`: the texts each label token stands for, as `usermeta`, for render.js to make room for the widest
 * @returns {import('./job.js').ChartSpec}
 */
export function versionsChartSpec(rows, workloads, labels, {percent = false, words} = {}) {
  // a step's place: that of its last row (steps of one label may be apart in the rows)
  const places = new Map(rows.map((r) => [r.x, r.order]))
  const step = new Map([...places].sort((a, b) => a[1] - b[1]).map(([x], i) => [x, i]))
  const steps = step.size
  // what differs between charts is in the rows, not the spec: every chart of a size shares one compiled shape (render.js)
  /** @type {DrawnRow[]} */
  const keyed = rows.map((r, i) => ({...r, ...workloadKey(workloads, r.workload), step: step.get(r.x) ?? 0, i}))
  // the legend names only workloads with a point here (the rows left once those without a value are left out),
  // each in its colour of the page's other charts; Vega-Lite warns when more than one layer says where colours come from
  const color = {field: 'key', type: 'nominal', title: labels.workload}
  const lineColor = {...color, scale: {range: {field: 'color'}}, legend: {orient: 'top', columns: 3, labelFontSize: 12, titleFontSize: 12, labelLimit: 0, labelExpr: `slice(datum.label, ${KEY_DIGITS})`}}
  // every release is labelled while they fit (a hidden middle label reads as a gap); only a long series thins them
  const x = {field: 'x', type: 'ordinal', sort: {field: 'step', op: 'min'}, title: labels.x, axis: {labelAngle: steps > 3 ? -30 : 0, labelLimit: 0, grid: false, ticks: steps <= 12, labelOverlap: steps > 12 ? 'greedy' : false}}
  const dense = denseSteps(rows)
  // with bars, the steps are bands, the bars side by side in each (the line and the points at its middle)
  const xAt = dense ? {...x, scale: {type: 'band', paddingInner: 0.4}} : x
  const y = {field: 'value', type: 'quantitative', title: Array.isArray(labels.y) ? labels.y : titleLines(labels.y, HEIGHT), axis: percent ? {format: '+~r', labelExpr: "datum.value == 0 ? '0' : datum.label"} : axisNumbers(labels.locale, 'y')}
  // drawn in the rows' order (`i`): a re-used view would append a point its filter lets in again, and draw it last
  const order = {field: 'i', type: 'quantitative'}
  const points = {mark: {type: 'point', shape: 'square', filled: true, size: 40, opacity: 1}, encoding: {x: xAt, y, color, href: {field: 'href'}, order}}
  const zero = percent ? [{data: {values: [{}]}, mark: {type: 'rule', color: '#8c959f'}, encoding: {y: {datum: 0}}}] : []
  /** @param {object[]} values */
  const top = (values) => ({
    $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
    description: labels.description,
    ...(words ? {usermeta: {words}} : {}),
    data: {values},
    config: chartConfig(),
    width: Math.max(480, Math.min(800, steps * 70)),
    height: HEIGHT
  })
  if (dense) {
    // summed up here, not by Vega: an edit that moves no median, lowest or highest value leaves the spec, and its
    // drawing in the cache, as they were; one data set (render.js keeps a view per spec without its data)
    const {medians, ranges, sparse} = summary(keyed)
    const only = (/** @type {string} */ kind) => [{filter: `datum.kind == '${kind}'`}]
    return {
      ...top([...medians.map((r) => ({kind: 'median', ...r})), ...ranges.map((r) => ({kind: 'range', ...r})), ...sparse.map((r) => ({kind: 'point', ...r}))]),
      layer: [...zero, {transform: only('median'), mark: {type: 'line'}, encoding: {x: xAt, y, color: lineColor}}, {transform: only('range'), ...bars(xAt, y, color, order)}, {transform: only('point'), ...points}]
    }
  }
  return {
    ...top(keyed),
    transform: [{filter: 'datum.value != null'}],
    layer: [
      ...zero,
      // a workload's median per release: a trend, not a zigzag through every report's value
      {transform: [{aggregate: [{op: 'median', field: 'value', as: 'value'}], groupby: ['x', 'step', 'key', 'color']}], mark: {type: 'line'}, encoding: {x: xAt, y, color: lineColor}},
      points
    ]
  }
}

/** Digits of a workload's place before its name in `key`. */
const KEY_DIGITS = 3

/**
 * A workload's colour and legend key: its place in the product's list, then its name (the legend's order, and
 * the label once the place is cut off); the colour of that place, which it keeps on the page's other charts.
 * @param {string[]} workloads @param {string} workload
 */
function workloadKey(workloads, workload) {
  const i = workloads.indexOf(workload)
  return {key: `${String(i).padStart(KEY_DIGITS, '0')}${workload}`, color: i < PALETTE.length ? PALETTE[i] : `hsl(${(i * 47) % 360},60%,38%)`}
}

/**
 * By step and workload: each group's median, the range of each of more than MOST_POINTS, the others' rows.
 * @param {DrawnRow[]} rows
 */
function summary(rows) {
  /** @type {Map<string, Map<string, DrawnRow[]>>} by step, by workload */
  const groups = new Map()
  /** @type {DrawnRow[][]} */
  const order = []
  for (const r of rows) {
    if (r.value == null) continue
    let step = groups.get(r.x)
    if (!step) groups.set(r.x, (step = new Map()))
    let group = step.get(r.workload)
    if (!group) step.set(r.workload, (group = [])), order.push(group)
    group.push(r)
  }
  const values = (/** @type {VersionRow[]} */ g) => g.map((r) => /** @type {number} */ (r.value))
  const dense = order.filter((g) => g.length > MOST_POINTS)
  return {
    medians: order.map((g) => ({x: g[0].x, step: g[0].step, workload: g[0].workload, key: g[0].key, color: g[0].color, value: median(values(g))})),
    ranges: dense.map((g) => ({i: g[0].i, x: g[0].x, step: g[0].step, workload: g[0].workload, key: g[0].key, color: g[0].color, low: Math.min(...values(g)), high: Math.max(...values(g))})),
    sparse: rows.filter((r) => r.value != null && /** @type {VersionRow[]} */ (groups.get(r.x)?.get(r.workload)).length <= MOST_POINTS)
  }
}

/**
 * The median as Vega's aggregate works it out (d3's quantileSorted of the sorted values at 0.5), to the last bit.
 * @param {number[]} values  at least one
 */
function median(values) {
  const sorted = Float64Array.from(values).sort()
  if (sorted.length < 2) return sorted[0]
  const i = (sorted.length - 1) * 0.5
  const i0 = Math.floor(i)
  return sorted[i0] + (sorted[i0 + 1] - sorted[i0]) * (i - i0)
}

/**
 * Whether more than MOST_POINTS reports measured one step of a workload.
 * @param {VersionRow[]} rows
 */
function denseSteps(rows) {
  /** @type {Map<string, Map<string, number>>} by step, by workload (no key made per row) */
  const counts = new Map()
  for (const r of rows) {
    if (r.value == null) continue
    let step = counts.get(r.x)
    if (!step) counts.set(r.x, (step = new Map()))
    const n = (step.get(r.workload) ?? 0) + 1
    if (n > MOST_POINTS) return true
    step.set(r.workload, n)
  }
  return false
}

/**
 * Whether a spec of versionsChartSpec draws bars (denseSteps).
 * @param {import('./job.js').ChartSpec} spec
 */
export function drawsBars(spec) {
  const layers = /** @type {{layer?: Array<{encoding?: {y2?: unknown}}>}} */ (spec).layer ?? []
  return layers.some((l) => l.encoding?.y2 !== undefined)
}

/**
 * The layer of bars from `low` to `high` (summary), each workload's beside the others' within its step.
 * @param {object} x @param {object} y @param {object} color @param {object} order
 */
function bars(x, y, color, order) {
  return {
    mark: {type: 'rule', strokeWidth: 4},
    encoding: {x, xOffset: {field: 'key', scale: {padding: 0}}, y: {...y, field: 'low'}, y2: {field: 'high'}, color, order}
  }
}

/**
 * An axis title in two lines when, rotated, it would be longer than the plot
 * is tall (Vega then pads the whole chart), or `always`: split at the space
 * or comma nearest its middle (a full-width character 13 px wide, others 7).
 * @param {string} title  @param {number} length  px @param {boolean} [always]
 * @returns {string | string[]}  the title as it is when it has nowhere to split
 */
export function titleLines(title, length, always = false) {
  const chars = [...title]
  const widths = chars.map((c) => (c.codePointAt(0) ?? 0) >= 0x2e80 ? 13 : 7)
  const total = widths.reduce((a, b) => a + b, 0)
  if (total <= length && !always) return title
  let best = -1
  let bestDistance = Infinity
  let before = 0
  for (const [i, c] of chars.entries()) {
    const at = before + (c === ' ' ? 0 : widths[i])
    if ((c === ' ' || c === ',' || c === '，' || c === '、') && Math.abs(total / 2 - at) < bestDistance) {
      best = i
      bestDistance = Math.abs(total / 2 - at)
    }
    before += widths[i]
  }
  if (best < 0) return title
  return [chars.slice(0, best + (chars[best] === ' ' ? 0 : 1)).join('').trimEnd(), chars.slice(best + 1).join('').trimStart()]
}
