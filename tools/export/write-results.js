import {AT, CLIENTS, REPEATS} from './layout.js'
import {escapeFields, escapeText} from './text.js'
import {rowLine, tableLines} from './table.js'
import {narrativeBlock} from './narrative.js'
import {changeWords, overviewChanges} from './summary.js'

/**
 * One workload of the results section, in the order read-results.js reads back from
 * its end (so a table the narrative keeps stays narrative): heading, note, result
 * table, failed points, headlines, chart, every repeat's figures.
 *
 * @typedef {import('./write.js').Context} Context
 * @typedef {import('../types/view-model.js').ExportWorkload} Workload
 */

/**
 * @param {Context} ctx
 * @param {Workload} w  a workload of the view model
 * @returns {string[]}
 */
export function workloadBlocks(ctx, w) {
  const out = [`### ${'`'}${w.name}${'`'} {#${w.anchor}}`]
  out.push(...narrativeBlock(ctx, w.note_id, 1))
  if (w.has_points) {
    out.push(resultTable(ctx, w))
    const errors = errorItems(ctx, w)
    if (errors.length > 0) out.push(errors.join('\n'))
  }
  out.push(...headlines(ctx, w))
  const chart = w.has_points ? ctx.chart(w.name) : null
  if (chart) out.push(`![${escapeText(chart.alt)}](${chart.url})`)
  if (w.samples) out.push(ctx.L('result_samples'), samplesTable(ctx, w.samples))
  return out
}

/**
 * @param {Context} ctx
 * @param {Workload} w
 */
function resultTable(ctx, w) {
  const {model: m, L, missing} = ctx
  const multi = m.subject_labels.length > 1
  const subjects = m.subject_labels.map(escapeText)
  const header = [
    ...m.dimensions.map((d) => L(d.label, escapeFields(d))),
    L('result_threads'),
    ...subjects.flatMap((s) => w.measures.map((x) => `${multi ? `${s} ` : ''}${L(`result_${x}`)}`)),
    ...m.compared.map(() => L('result_change', {metric: L(`result_${m.metric}`)}))
  ]
  const align = [...m.dimensions.map(() => 'right'), 'left', ...subjects.flatMap(() => w.measures.map(() => 'right')), ...m.compared.map(() => 'right')]
  const lines = linesOf(w, missing, () => w.rows.map((row) => rowLine([
    ...row.dimension_plain.map((d) => d ?? missing),
    threadsText(row),
    ...row.cells.flatMap((c) => (c.figures ? c.figures.map((f) => (f.recorded ? f.plain ?? missing : '')) : w.measures.map(() => ''))),
    ...row.change.map((c) => c.text ?? missing)
  ])))
  return tableLines(header, /** @type {Array<'left' | 'right'>} */ (align), lines)
}

/**
 * A table's rows as lines, written once for every language: only the header's
 * words are the language's (a language that names subjects its own way has
 * its own workloads, the model's `by_lang`).
 * @type {WeakMap<object, Map<string, string[]>>}  by the view model's part the rows are made from, then the missing mark
 */
const madeLines = new WeakMap()

/** @param {object} from @param {string} missing @param {() => string[]} make */
function linesOf(from, missing, make) {
  let byMark = madeLines.get(from)
  if (!byMark) madeLines.set(from, (byMark = new Map()))
  let lines = byMark.get(missing)
  if (!lines) byMark.set(missing, (lines = make()))
  return lines
}

/** `128`, or `128 * 3` for 3 clients. @param {{threads: number, clients: number}} row */
export const threadsText = (row) => `${row.threads}${row.clients > 1 ? `${CLIENTS}${row.clients}` : ''}`

/**
 * Failed points: `- v2 at 8 threads failed: <error>`, with any dimension after the threads.
 * @param {Context} ctx @param {Workload} w
 */
function errorItems(ctx, w) {
  const {model: m, L} = ctx
  return w.rows.flatMap((row) =>
    row.cells.flatMap(({subject, error}) => {
      if (error == null) return []
      const dims = m.dimensions.map((d, i) => `${AT}${d.name}=${row.dimension_plain[i] ?? ctx.missing}`).join('')
      return [`- ${L('result_error', {subject: escapeText(subject), threads: `${threadsText(row)}${dims}`, error: escapeText(error)})}`]
    })
  )
}

/**
 * The headline sentences: each compared subject's change as the page's overview prints it (summary.js).
 * @param {Context} ctx @param {Workload} w
 */
function headlines(ctx, w) {
  const {model: m, L} = ctx
  const row = overviewChanges(m).find((r) => r.workload === w.name)
  const metric = L(`result_${m.metric}`)
  const mean = L('result_headline_mean', {coordinates: w.compared_at.map((c) => L(c.label, escapeFields(c))).join(' × ')})
  return m.compared.flatMap((subject, i) => {
    if (!row?.changes[i].text) return []
    const fields = {subject: escapeText(subject), baseline: escapeText(m.baseline ?? ''), metric, change: changeWords(row.changes[i], L)}
    if (row.bases[i] === 'stated') return [L('result_headline_stated', fields)]
    return [L('result_headline', {...fields, basis: row.bases[i] === 'geometric_mean' ? L('headline_basis_geometric_mean') : mean})]
  })
}

/**
 * Every repeat's figures: one row per point measured with repeats.
 * @param {Context} ctx @param {NonNullable<Workload['samples']>} t  the workload's `samples` of the view model (figures written plain)
 */
function samplesTable(ctx, t) {
  const {model: m, L, missing} = ctx
  const plain = (/** @type {string | null} */ f) => f ?? missing
  const header = [
    L('summary_subject'), ...m.dimensions.map((d) => L(d.label, escapeFields(d))), L('result_threads'), L('result_repeats'), L('result_spread_column'),
    ...(t.has_order ? [L('result_order')] : []), ...t.measures.map((x) => L(`result_${x}`))
  ]
  const align = ['left', ...m.dimensions.map(() => 'right'), 'left', 'right', 'right', ...(t.has_order ? ['left'] : []), ...t.measures.map(() => 'left')]
  const lines = linesOf(t, missing, () => t.rows.map((r) => rowLine([
    escapeText(r.subject),
    ...r.dimensions.map(plain),
    threadsText(r),
    String(r.repeats),
    r.spread === undefined ? '' : plain(r.spread),
    ...(t.has_order ? [r.order.map(plain).join(REPEATS)] : []),
    ...r.values.map((figures) => figures.map(plain).join(REPEATS))
  ])))
  return tableLines(header, /** @type {Array<'left' | 'right'>} */ (align), lines)
}
