import {withinRunNoise} from '../derive/within-run.js'
import {cellIn} from './verdict-index.js'
import {changeCell} from './verdict-view.js'
import {levelOf} from './overview-model.js'
import {countText, figureText, formatNumber, threadsText} from './format.js'
import {groupedHead, label, literal} from './figure-table.js'

/**
 * A workload's result tables, each fitting the text column: the main table
 * holds per subject the metric and p95, then the change per compared subject;
 * the other measures go to a details table. A column, dimension, client or
 * repeat count the same in every row is stated once above the tables.
 *
 * @typedef {import('../derive/report.js').MeasureKey} MeasureKey
 * @typedef {import('../types/view-model.js').Cell} Cell
 * @typedef {import('./figure-table.js').Label} Label
 * @typedef {import('../types/view-model.js').FigureTable} FigureTable
 * @typedef {ReturnType<typeof import('../derive/report.js').deriveReport>} Derived
 * @typedef {Derived['workloads'][number]} DerivedWorkload
 * @typedef {DerivedWorkload['rows'][number]} DerivedRow
 * @typedef {{
 *   derived: Derived, subjectIds: string[], labelOf: Record<string, string>, style: import('./format.js').NumberStyle,
 *   dimensionOf: Record<string, {name: string, label: string, unit: string, component?: string}>,
 *   pointOf: (id: string, row: DerivedRow) => import('../types/report.js').Point | undefined,
 *   shown?: import('../types/view-model.js').ExportWorkload
 * }} TableContext
 *   `shown`: the workload as the view model's export has it (export-model.js), whose figures are written already
 */

/** The measures of the main table: the report's metric, then p95. */
const PRIMARY = ['latency_p95']

/**
 * @param {TableContext} ctx
 * @param {DerivedWorkload} w
 * @returns {{stated: Label[], table: FigureTable | null, details: FigureTable | null}}
 */
export function workloadTables(ctx, w) {
  if (w.rows.length === 0) return {stated: [], table: null, details: null}
  const {derived} = ctx
  const primary = [derived.metric, ...PRIMARY].filter((m) => w.measures.includes(/** @type {MeasureKey} */ (m)))
  const others = w.measures.filter((m) => !primary.includes(m))
  const constant = others.map((m) => ({m, value: constantOf(ctx, w, m)})).filter((c) => c.value !== undefined)
  const rest = others.filter((m) => !constant.some((c) => c.m === m))
  const clients = new Set(w.rows.map((r) => r.clients))
  const oneClients = clients.size === 1 ? w.rows[0].clients : null
  const repeats = new Set(w.rows.flatMap((r) => ctx.subjectIds.map((id) => r.repeats[id]?.repeats ?? 1)))
  const oneRepeats = repeats.size === 1 ? [...repeats][0] : null
  const measuredOnce = !derived.verdicts.cells.some((c) => c.workload === w.name && c.low != null)
  /** @type {Label[]} */
  const stated = [
    // what the overview's mean runs over, where it is more than the thread count
    ...(derived.compared.length > 0 && measuredOnce && w.compared_at.length > 1 ? [meanOver(ctx, w)] : []),
    ...fixedDimensions(ctx, w),
    ...(oneClients && oneClients > 1 ? [label('result_clients_each', {clients: oneClients})] : []),
    ...(oneRepeats && oneRepeats > 1 ? [label('result_repeats_each', {repeats: oneRepeats})] : []),
    ...constant.map((c) => label('result_constant', {value: /** @type {string} */ (c.value)}, {measure: `result_${c.m}`}))
  ]
  const shape = {showClients: oneClients === null, showRepeats: oneRepeats === null}
  return {
    stated,
    table: mainTable(ctx, w, primary, shape),
    details: rest.length > 0 ? detailsTable(ctx, w, rest, shape) : null
  }
}

/**
 * The text every point shows for `m` when it is one and the same (errors at 0), else undefined.
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {string} m
 */
function constantOf(ctx, w, m) {
  const texts = new Set()
  w.rows.forEach((row, r) => ctx.subjectIds.forEach((id, s) => {
    if (row.cells[id] && !row.cells[id].error) texts.add(textOf(ctx, w, {row, r}, {id, s}, m))
  }))
  // a column of one figure is no column of one value in every row
  if (w.rows.length < 2 || texts.size !== 1) return undefined
  const [text] = texts
  return text ?? undefined
}

/**
 * A subject's figure of a row as the page prints it, from the export's model when there is one.
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {{row: DerivedRow, r: number}} at  the row and its index
 * @param {{id: string, s: number}} subject  its id and index @param {string} m
 */
function textOf(ctx, {measures}, {row, r}, {id, s}, m) {
  const figures = ctx.shown?.rows[r]?.cells[s]?.figures
  if (figures) return figures[measures.indexOf(/** @type {MeasureKey} */ (m))].text
  return figureText(row.cells[id][m] ?? {value: null, decimals: 0}, ctx.style)
}

/**
 * The coordinates the headline's mean of per-point changes runs over (`thread count × TiDB nodes`).
 * @param {TableContext} ctx @param {DerivedWorkload} w @returns {Label}
 */
function meanOver(ctx, w) {
  const parts = w.compared_at.map((name) => {
    const d = ctx.dimensionOf[name]
    return d ? {key: d.label, ...(d.component ? {args: {component: d.component}} : {})} : label(`coordinate_${name}`)
  })
  return {key: 'result_mean_over', labels: {coordinates: {parts, sep: ' × '}}}
}

/** @param {TableContext} ctx @param {DerivedWorkload} w @returns {Label[]} */
function fixedDimensions(ctx, w) {
  return Object.entries(w.rows[0]?.dimensions ?? {})
    .filter(([name]) => !w.dimensions.includes(name))
    .map(([name, value]) => {
      const d = ctx.dimensionOf[name]
      return label('result_fixed_dimension', {value: countText(value, ctx.style), ...(d.component ? {component: d.component} : {})}, {dimension: d.label, unit: `unit_${d.unit}`})
    })
}

/**
 * The columns before the figures: each varying dimension, then threads.
 * @param {TableContext} ctx @param {DerivedWorkload} w
 * @returns {Array<{label: Label}>}
 */
function leadingHead(ctx, w) {
  return [
    ...w.dimensions.map((name) => {
      const d = ctx.dimensionOf[name]
      return {label: {key: d.label, ...(d.component ? {args: {component: d.component}} : {}), unit: `unit_${d.unit}`}}
    }),
    {label: label('result_threads')}
  ]
}

/**
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {DerivedRow} row @param {{showClients: boolean}} shape
 * @returns {Cell[]}
 */
function leadingCells(ctx, w, row, {showClients}) {
  return [
    // null where the row's scenario has no such dimension (the page prints the missing mark)
    ...w.dimensions.map((name) => {
      const v = row.dimensions[name]
      return /** @type {Cell} */ (v == null ? {text: null, row_header: true} : {text: countText(v, ctx.style), value: v, row_header: true})
    }),
    {text: threadsText(row.threads, showClients ? row.clients : 1, ctx.style), value: row.total_threads, row_header: true}
  ]
}

/**
 * Columns of `measures` per subject, under the subject's name when there are several.
 * @param {TableContext} ctx @param {string[]} measures
 */
function subjectGroups(ctx, measures) {
  const columns = measures.map((m) => label(`result_${m}`))
  if (ctx.subjectIds.length === 1) return columns.map((c) => ({label: c}))
  return ctx.subjectIds.map((id) => ({label: literal(ctx.labelOf[id]), columns}))
}

/**
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {string[]} primary @param {{showClients: boolean, showRepeats: boolean}} shape
 * @returns {FigureTable}
 */
function mainTable(ctx, w, primary, shape) {
  const {derived} = ctx
  const latency = derived.verdicts.cells.some((c) => c.workload === w.name && c.measure === 'latency_p95')
  const changes = [derived.metric, ...(latency ? ['latency_p95'] : [])]
  const changeGroups = derived.compared.length === 0 ? [] : changes.map((m) => {
    const head = label(m === derived.metric ? 'result_change' : 'result_latency_change', {}, {metric: `result_${derived.metric}`})
    return derived.compared.length === 1 ? {label: head} : {label: head, columns: derived.compared.map((id) => literal(ctx.labelOf[id]))}
  })
  const head = groupedHead([...leadingHead(ctx, w), ...subjectGroups(ctx, primary), ...changeGroups])
  const rows = w.rows.map((row, r) => [
    ...leadingCells(ctx, w, row, shape),
    ...ctx.subjectIds.flatMap((id, s) => figureCells(ctx, w, {row, r}, {id, s}, primary, shape)),
    ...changes.flatMap((m) => derived.compared.map((id) => {
      const v = cellIn(derived.verdicts, {subject: id, workload: w.name, key: row.key, measure: m})
      return changeCell(m === derived.metric ? row.change[id] ?? null : null, v, m, ctx.style, levelOf(derived, ctx.style))
    }))
  ])
  return {head, rows, class: 'results'}
}

/**
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {string[]} measures @param {{showClients: boolean, showRepeats: boolean}} shape
 * @returns {FigureTable}
 */
function detailsTable(ctx, w, measures, shape) {
  const head = groupedHead([...leadingHead(ctx, w), ...subjectGroups(ctx, measures)])
  const rows = w.rows.map((row, r) => [
    ...leadingCells(ctx, w, row, shape),
    ...ctx.subjectIds.flatMap((id, s) => figureCells(ctx, w, {row, r}, {id, s}, measures, {...shape, notes: false}))
  ])
  return {head, rows, class: 'results details'}
}

/**
 * One subject's cells of a row: its figures, the metric's with how many runs
 * and their spread, or how steady its one run was; a failed point spans them.
 * @param {TableContext} ctx @param {DerivedWorkload} w @param {{row: DerivedRow, r: number}} at  the row and its index
 * @param {{id: string, s: number}} subject  its id and index @param {string[]} measures
 * @param {{showRepeats: boolean, notes?: boolean}} shape
 * @returns {Cell[]}
 */
function figureCells(ctx, w, at, subject, measures, {showRepeats, notes = true}) {
  const {row} = at
  const {id} = subject
  const cell = row.cells[id]
  if (cell?.error) return [{text: null, failed: cell.error, colspan: measures.length}]
  if (!cell) return measures.map(() => ({text: null, kind: 'num'}))
  return measures.map((m) => {
    const f = cell[m] ?? {value: null, decimals: 0}
    const text = textOf(ctx, w, at, subject, m)
    // literals, not spreads: every figure of every table passes here
    const shown = /** @type {Cell} */ (f.value != null ? {kind: 'num', text, value: f.value} : {kind: 'num', text})
    if (!notes || m !== ctx.derived.metric) return shown
    const r = row.repeats[id]
    /** @type {Label[]} */
    const cellNotes = []
    if (r && r.repeats > 1 && showRepeats) cellNotes.push(label('result_runs', {repeats: r.repeats}))
    if (r?.spread?.value != null) cellNotes.push(label('result_spread', {spread: formatNumber(r.spread.value, 1, ctx.style)}))
    const point = ctx.pointOf(id, row)
    const noise = !r && point && !point.error ? withinRunNoise(point, ctx.derived.metric) : null
    if (noise) cellNotes.push(label('result_within_run', {cv: formatNumber(noise.cv * 100, 1, ctx.style)}))
    if (cellNotes.length === 0) return shown
    return /** @type {Cell} */ (f.value != null ? {kind: 'num', text, value: f.value, notes: cellNotes} : {kind: 'num', text, notes: cellNotes})
  })
}
