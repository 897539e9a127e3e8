import {labelText, sentencesText} from '../i18n/label-text.js'
import {escapeText, workloadName} from './text.js'
import {tableMarkdown} from './table.js'
import {narrativeBlock} from './narrative.js'
import {changeWords, overviewChanges} from './summary.js'

/**
 * One workload of the results section, in the order read-results.js reads back from
 * its end (so a table the narrative keeps stays narrative): heading, note, the page's
 * result table and what it states for every point, headlines, chart. Every measure and
 * repeat stays in the downloads and the sidecar (facts.js).
 *
 * @typedef {import('./write.js').Context} Context
 * @typedef {import('../types/view-model.js').ExportWorkload} Workload
 */

/**
 * @param {Context} ctx
 * @param {Workload} w  a workload of the view model
 * @param {number} i  its index
 * @returns {string[]}
 */
export function workloadBlocks(ctx, w, i) {
  const out = [`### ${workloadName(w.name, ctx.L)} {#${w.anchor}}`]
  out.push(...narrativeBlock(ctx, w.note_id, 1))
  const {table, stated = []} = ctx.model.results.workloads[i] ?? {}
  // what holds for every point, which the page states above the table: below it, where the reader knows it is no note
  if (table) out.push(pageTable(ctx, table), ...(stated.length > 0 ? [escapeText(sentencesText(stated, ctx.i18n))] : []))
  out.push(...headlines(ctx, w))
  const chart = w.has_points ? ctx.chart(w.name) : null
  if (chart) out.push(`![${escapeText(chart.alt)}](${chart.url})`)
  return out
}

/** The line under the results heading that links the page's downloads. @param {Context} ctx */
export function downloadsLine(ctx) {
  const link = (/** @type {'csv' | 'json'} */ kind) => `[${ctx.L(`download_${kind}`)}](/${ctx.model.downloads[kind]})`
  // the repeats' figures only where some point has repeats
  const key = ctx.model.export.results?.some((p) => (p.repeats ?? 1) > 1) ? 'export_downloads' : 'export_downloads_once'
  return ctx.model.has_points ? [ctx.L(key, {csv: link('csv'), json: link('json')})] : []
}

/**
 * A workload's result table as its page prints it (tools/site/results-model.js): the page's two header
 * rows made one (`v2 TPS`), each cell's figure, notes, verdict and interval; a failed point in its first cell.
 * @param {Context} ctx @param {import('../types/view-model.js').FigureTable} table
 */
function pageTable(ctx, table) {
  const {L, i18n, missing, list, colon} = ctx
  const text = (/** @type {import('../types/view-model.js').Label} */ l) => escapeText(labelText(l, i18n))
  const [top, below = []] = table.head
  let at = 0
  // the subject first, whichever row names it (`v2 TPS`, `v2 TPS change (%)`)
  const header = top.flatMap((h) => (h.colspan ? below.slice(at, (at += h.colspan)).map((c) => (c.label.text != null && h.label.text == null ? [c, h] : [h, c]).map((x) => text(x.label)).join(' ')) : [text(h.label)]))
  const rows = table.rows.map((row) => row.flatMap((c) => {
    if (c.failed != null) return [`${L('result_failed')}${colon}${escapeText(c.failed)}`, ...Array(Math.max(0, (c.colspan ?? 1) - 1)).fill('')]
    const notes = (c.notes ?? []).map(text).join(list)
    // a verdict's notes stand in its brackets (`export_change_verdict`), others in their own
    const inside = c.kind === 'change' && c.interval && c.verdict
    const shown = !c.text ? missing : c.kind === 'change' ? changeWords(c, L, inside ? notes : '') : escapeText(c.text)
    return [`${shown}${notes && !inside ? L('punct_aside', {text: notes}) : ''}`]
  }))
  return tableMarkdown(header, header.map(() => 'right'), rows)
}

/**
 * The headline sentences: each compared subject's change as the page's overview prints it (summary.js).
 * @param {Context} ctx @param {Workload} w
 */
function headlines(ctx, w) {
  const {model: m, L} = ctx
  const row = overviewChanges(m).find((r) => r.workload === w.name)
  const metric = L(`result_${m.metric}`)
  return m.compared.flatMap((subject, i) => {
    if (!row?.changes[i].text) return []
    const fields = {subject: escapeText(subject), baseline: escapeText(m.baseline ?? ''), metric, change: changeWords(row.changes[i], L)}
    if (row.bases[i] === 'stated') return [L('result_headline_stated', fields)]
    // the basis in the front matter's words (summary.js): one wording of a figure in the whole file
    return [L('result_headline', {...fields, basis: L(`headline_basis_${row.bases[i]}`)})]
  })
}
