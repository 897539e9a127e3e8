import {decimalsOf} from '../derive/change.js'
import {overviewOf} from '../derive/overview.js'
import {confidencePercent} from '../derive/verdict.js'
import {DEFAULT_STYLE, changeText, figureText, threadsText} from './format.js'
import {groupedHead, label, literal} from './figure-table.js'
import {INTERVAL_DECIMALS, verdictMark} from './verdict-view.js'

/**
 * The overview at the top of a report page and its latency summary, as tables
 * (figure-table.js) of tools/derive/overview.js's figures: per workload a
 * headline per compared subject; what that figure is, and the second method's
 * figures, are stated once under the table, never beside it.
 *
 * @typedef {import('../types/view-model.js').Cell} Cell
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 * @typedef {import('../derive/overview.js').Headline} Headline
 */

/**
 * @param {Derived} derived
 * @param {string[]} subjectIds
 * @param {Record<string, string>} labelOf
 * @param {import('../derive/overview.js').VerdictOf} [verdictOf]
 * @param {import('./format.js').NumberStyle} [style]
 */
export function overviewModel(derived, subjectIds, labelOf, verdictOf, style = DEFAULT_STYLE) {
  const overview = overviewOf(derived, subjectIds, verdictOf)
  const several = derived.compared.length > 1
  /** @param {Headline | null | undefined} h @param {string} measure @returns {Cell} */
  const changeCellOf = (h, measure) => {
    if (!h) return {text: null, kind: 'change'}
    const v = h.verdict
    const mark = v && v.low != null ? verdictMark(v.verdict, measure, h.change.value) : null
    const interval = v && v.low != null && v.high != null ? {low: ci(v.low, style), high: ci(v.high, style), ...levelOf(derived, style)} : null
    return {text: changeText(h.change, style), kind: 'change', ...(mark ? {verdict: mark} : {}), ...(interval ? {interval} : {})}
  }
  const rows = overview.map((o) => ({
    workload: o.workload,
    anchor: `workload-${o.workload}`,
    changes: derived.compared.map((id) => o.headlines.find((h) => h.subject === id) ?? null),
    best: subjectIds.map((id) => o.best.find((b) => b.subject === id) ?? null),
    latency: o.latency
  }))
  const hasBest = rows.some((r) => r.best.some((b) => b))
  const statedOnly = overview.every((o) => o.best.length === 0 && o.headlines.every((h) => h.stated))
  const metric = `result_${derived.metric}`
  const baseline = derived.baseline ? labelOf[derived.baseline] : ''

  const changeHead = label('overview_change', {baseline}, {metric})
  const head = groupedHead([
    {label: label('summary_workload')},
    ...(derived.compared.length === 0 ? [] : [several ? {label: changeHead, columns: derived.compared.map((id) => literal(labelOf[id]))} : {label: changeHead}]),
    ...(hasBest ? [subjectIds.length > 1 ? {label: label('overview_best', {}, {metric}), columns: subjectIds.map((id) => literal(labelOf[id]))} : {label: label('overview_best', {}, {metric})}] : [])
  ])
  const table = {
    class: 'overview',
    head,
    rows: rows.map((r) => [
      /** @type {Cell} */ ({text: null, row_header: true, workload: r.workload, anchor: r.anchor, kind: 'text'}),
      ...r.changes.map((h) => changeCellOf(h, derived.metric)),
      ...(hasBest ? r.best.map((b) => bestCell(b, style)) : [])
    ])
  }
  const headlines = rows.flatMap((r) => r.changes.filter((h) => h !== null).map((h) => ({workload: r.workload, h: /** @type {Headline} */ (h)})))
  const bases = [...new Set(headlines.map(({h}) => h.basis))]
  /** @type {(basis: string) => Array<{workload: string, subject: string | null, change: string}>} */
  const besideOf = (basis) =>
    headlines.flatMap(({workload, h}) => h.beside.filter((b) => b.basis === basis).map((b) => ({workload, subject: several ? labelOf[h.subject] : null, change: changeText(b.change, style) ?? ''})))
  return {
    table: rows.length > 0 ? table : null,
    // what the figures are, once: the basis of the changes, and the verdicts' legend
    bases: statedOnly ? [] : bases,
    confidence: levelOf(derived, style).level ?? '95',
    legend: headlines.some(({h}) => h.verdict?.low != null) ? {margin: marginText(derived, style)} : null,
    beside: {mean_of_points: besideOf('mean_of_points'), stated: besideOf('stated')},
    stated_only: statedOnly,
    latency: latencyTable(derived, subjectIds, labelOf, rows, changeCellOf, style),
    // what the index (report-card.js) and the Markdown export's summary show of each workload: a change per compared subject, a best throughput per subject
    card: rows.map((r) => ({
      workload: r.workload,
      changes: r.changes.map((h) => (h ? {text: changeText(h.change, style), verdict: h.verdict?.low != null ? h.verdict.verdict : null, basis: h.basis} : null)),
      best: r.best.map((b) => (b ? {text: figureText(b.throughput, style)} : null))
    }))
  }
}

/**
 * The verdicts' margin as the legend and the method state it ("2").
 * @param {Derived} derived @param {import('./format.js').NumberStyle} style
 */
export function marginText(derived, style) {
  const margin = derived.verdicts.settings.margin
  return figureText({value: margin, decimals: decimalsOf(margin)}, style) ?? ''
}

/**
 * An interval's confidence in %, for its label, when not the usual 95 % (99.4 under a stopping rule of 9 looks).
 * @param {Derived} derived @param {import('./format.js').NumberStyle} style
 * @returns {{level?: string}}
 */
export function levelOf({verdicts: {settings}}, style) {
  return settings.confidence === 0.95 ? {} : {level: figureText({value: confidencePercent(settings.confidence), decimals: 1}, style) ?? ''}
}

/**
 * A bound of an interval, signed, with the interval's decimals.
 * @param {number} value @param {import('./format.js').NumberStyle} style
 */
function ci(value, style) {
  return changeText({value, decimals: INTERVAL_DECIMALS}, style) ?? ''
}

/**
 * A subject's best throughput, with the threads and the p95 of that point.
 * @param {import('../derive/overview.js').Best | null} b @param {import('./format.js').NumberStyle} style
 * @returns {Cell}
 */
function bestCell(b, style) {
  if (!b) return {text: null, kind: 'num'}
  const threads = threadsText(b.threads, b.clients, style)
  const p95 = b.p95?.value != null ? figureText(b.p95, style) : null
  return {
    text: figureText(b.throughput, style),
    kind: 'num',
    ...(b.throughput.value != null ? {value: b.throughput.value} : {}),
    notes: [p95 ? label('overview_best_point', {threads, p95}) : label('overview_best_at', {threads})]
  }
}

/**
 * The latency summary: per workload each subject's lowest and highest p95, and the p95 headlines.
 * @param {Derived} derived @param {string[]} subjectIds @param {Record<string, string>} labelOf
 * @param {Array<{workload: string, anchor: string, latency: import('../derive/overview.js').LatencyRange[]}>} rows
 * @param {(h: Headline | null | undefined, measure: string) => Cell} changeCellOf
 * @param {import('./format.js').NumberStyle} style
 * @returns {import('../types/view-model.js').FigureTable | null}
 */
function latencyTable(derived, subjectIds, labelOf, rows, changeCellOf, style) {
  const shown = rows.filter((r) => r.latency.some((l) => l.lowest))
  if (shown.length === 0) return null
  const range = [label('latency_lowest'), label('latency_highest')]
  const baseline = derived.baseline ? labelOf[derived.baseline] : ''
  const changeHead = label('latency_change', {baseline})
  const head = groupedHead([
    {label: label('summary_workload')},
    ...(subjectIds.length > 1 ? subjectIds.map((id) => ({label: literal(labelOf[id]), columns: range})) : range.map((l) => ({label: l}))),
    ...(derived.compared.length === 0 ? [] : [derived.compared.length > 1 ? {label: changeHead, columns: derived.compared.map((id) => literal(labelOf[id]))} : {label: changeHead}])
  ])
  /** @param {import('../derive/report.js').Figure | null} f @returns {Cell} */
  const fig = (f) => ({text: f ? figureText(f, style) : null, kind: 'num'})
  return {
    class: 'latency',
    head,
    rows: shown.map((r) => [
      /** @type {Cell} */ ({text: null, row_header: true, workload: r.workload, anchor: r.anchor, kind: 'text'}),
      ...subjectIds.flatMap((id) => {
        const l = r.latency.find((x) => x.subject === id)
        return [fig(l?.lowest ?? null), fig(l?.highest ?? null)]
      }),
      ...derived.compared.map((id) => changeCellOf(r.latency.find((x) => x.subject === id)?.change, 'latency_p95'))
    ])
  }
}
