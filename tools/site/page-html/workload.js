import {escapeHtml} from './context.js'
import {figureTableHtml} from './figure-table.js'
import {chartHtml} from './chart.js'
import {workloadNameHtml} from './workload-name.js'

/**
 * report/workload.html: one workload of the results — the narrative's note,
 * what holds for every point, its table of figures, the other measures
 * folded under it, and its charts.
 * @param {import('./context.js').PageContext} ctx
 * @param {import('./context.js').HugoFields} w  a workload of the model's `results.workloads`
 */
export function workloadHtml(ctx, w) {
  const {lang, i18n, t} = ctx
  const name = i18n(`workload_${w.name}`) || w.name
  const note = ctx.narrative?.html?.notes?.[w.note_id]
  const parts = [`\n<section id="${escapeHtml(w.anchor)}" class="workload">\n<h3>${workloadNameHtml(ctx, w.name)}</h3>\n`]
  if (note) parts.push(`<div class="prose">${note}</div>`)
  parts.push('\n')
  if (isFull(w.stated)) parts.push(`<p class="stated">${escapeHtml(w.stated[lang] ?? '')}</p>`)
  parts.push('\n')
  if (w.table) parts.push(figureTableHtml(ctx, {table: w.table, caption: name}))
  parts.push('\n')
  if (w.details) {
    const caption = `${name}${i18n('punct_colon')}${i18n('result_details')}`
    parts.push(`\n<details class="details">\n<summary>${t('result_details')}</summary>\n${figureTableHtml(ctx, {table: w.details, caption})}\n</details>\n`)
  }
  parts.push('\n')
  for (const c of w.charts ?? []) parts.push(`\n${chartHtml(ctx, {path: c.path, caption: c.caption?.[lang], spec: c.spec})}\n`)
  parts.push('\n</section>\n')
  return parts.join('')
}

/** What a template's `with` takes as set: a non-empty map. @param {unknown} x */
function isFull(x) {
  return x != null && typeof x === 'object' && Object.keys(x).length > 0
}
