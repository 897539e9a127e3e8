import {escapeHtml} from '../lib/escape-html.js'
import {i18nOf, labelText} from '../i18n/label-text.js'
import {memo} from '../lib/memo.js'

/**
 * A table of figures (figure-table.js) as the HTML of its rows, once per language, for figure-table.html
 * to print inside its <table>: laying out their few hundred cells was most of Hugo's work per page.
 *
 * @typedef {import('../types/view-model.js').FigureTable} FigureTable
 * @typedef {import('../i18n/label-text.js').I18n} I18n
 */

/**
 * The table's HTML in each language of the site.
 * @param {FigureTable} table
 * @param {{languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>}} site  languages in the site's order (the first is the default)
 * @param {string[]} [only]  the languages to write it in, when not all
 * @returns {Record<string, string>}  by language
 */
export function figureTableHtml(table, {languages, labels}, only = languages) {
  const shared = sharedParts(table)
  return Object.fromEntries(only.map((lang) => [lang, tableHtml(table, i18nOf(labels, lang, languages[0]), shared)]))
}

/**
 * Each cell's `data-value` attribute and escaped text (null: missing), the same in every language.
 * @param {FigureTable} table
 * @returns {Shared}
 * @typedef {{values: string[][], texts: Array<Array<string | null>>}} Shared
 */
function sharedParts(table) {
  return {
    values: table.rows.map((row) => row.map((c) => (c.value != null ? ` data-value="${escapeHtml(String(c.value))}"` : ''))),
    texts: table.rows.map((row) => row.map((c) => (c.text ? escapeHtml(c.text) : null)))
  }
}

/**
 * The table's head and body in one language, from the newline before
 * `<thead>` to the one before `</tbody>`'s end tag's indent.
 * @param {FigureTable} table
 * @param {I18n} i18n
 * @param {Shared} [shared]  its cells' parts in every language (`sharedParts`)
 */
export function tableHtml(table, i18n, shared = sharedParts(table)) {
  const missing = escapeHtml(i18n('result_missing'))
  const workloadName = memo((/** @type {string} */ id) => {
    const name = i18n(`workload_${id}`)
    return `${name ? `${escapeHtml(name)} ` : ''}<code>${escapeHtml(id)}</code>`
  })
  const head = table.head.map((row) => `\n    <tr>${row.map((h) => headCell(h, i18n)).join('')}</tr>`).join('')
  const page = {i18n, missing, workloadName}
  let rows = ''
  table.rows.forEach((row, r) => {
    rows += '\n    <tr>'
    for (let i = 0; i < row.length; i++) rows += cellHtml(row[i], page, shared.values[r][i], shared.texts[r][i])
    rows += '</tr>'
  })
  return `\n  <thead>${head}\n  </thead>\n  <tbody>${rows}\n  </tbody>`
}

/** @param {import('../types/view-model.js').HeadCell} h @param {I18n} i18n */
function headCell(h, i18n) {
  const span = `${h.colspan ? ` colspan="${String(h.colspan)}"` : ''}${h.rowspan ? ` rowspan="${String(h.rowspan)}"` : ''}`
  return `<th scope="${escapeHtml(h.scope)}"${span}>${escapeHtml(labelText(h.label, i18n))}</th>`
}

/**
 * A cell: a figure (neither a row's header nor failed, and with a kind), a row's header, or a failed point.
 * @param {import('../types/view-model.js').Cell} c
 * @param {{i18n: I18n, missing: string, workloadName: (id: string) => string}} page
 * @param {string} value  its `data-value` attribute (`sharedParts`)
 * @param {string | null} shown  its escaped text, null for the missing mark
 */
function cellHtml(c, {i18n, missing, workloadName}, value, shown) {
  const text = shown ?? missing
  if (!c.row_header && !c.failed && c.kind) {
    const cls = c.verdict ? `${c.kind} verdict-${c.verdict.verdict}` : c.kind
    let extra = ''
    if (c.verdict) extra += ` <span class="verdict"><span class="mark" aria-hidden="true">${escapeHtml(c.verdict.mark)}</span> ${escapeHtml(i18n(c.verdict.word))}</span>`
    if (c.interval) extra += ` <small class="ci">${escapeHtml(i18n(c.interval.level ? 'verdict_interval_level' : 'verdict_interval', c.interval))}</small>`
    for (const note of c.notes ?? []) extra += ` <small class="note">${escapeHtml(labelText(note, i18n))}</small>`
    return `<td class="${escapeHtml(cls)}"${value}>${text}${extra}</td>`
  }
  if (c.row_header) {
    if (c.workload) return `<th scope="row" class="workload"${value}><a href="#${encodeURIComponent(c.anchor ?? '')}">${workloadName(c.workload)}</a></th>`
    return `<th scope="row" class="num"${value}>${text}</th>`
  }
  const colspan = c.colspan != null ? escapeHtml(String(c.colspan)) : ''
  return `<td class="failed" colspan="${colspan}">${escapeHtml(i18n('result_failed'))}${escapeHtml(i18n('punct_colon'))}${escapeHtml(c.failed ?? '')}</td>`
}
