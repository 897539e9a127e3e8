/**
 * The one shape of every table of figures a report page prints (overview,
 * result tables, their details, the latency summary): header rows of cells
 * with spans, then rows of cells, each cell written as the page prints it.
 * layouts/_partials/report/figure-table.html lays it out and decides
 * nothing: which columns there are is decided here, once.
 *
 * Labels are i18n keys with their arguments (`{key, args}`), resolved by the
 * template in the page's language; `keys` are arguments that are themselves
 * labels (a metric's name), `unit` a unit label written after the label in
 * the language's way (`label_unit`), `text` a literal (a subject's label).
 * The shapes are schemas/view-model.schema.json's (tools/types/view-model.d.ts).
 *
 * @typedef {import('../types/view-model.js').Label} Label
 * @typedef {import('../types/view-model.js').HeadCell} HeadCell
 * @typedef {import('../types/view-model.js').VerdictMark} VerdictMark
 * @typedef {import('../types/view-model.js').Cell} Cell
 * @typedef {import('../types/view-model.js').FigureTable} FigureTable
 */

/**
 * A label from an i18n key.
 * @param {string} key
 * @param {Record<string, string | number>} [args]
 * @param {Record<string, string>} [keys]
 * @returns {Label}
 */
export function label(key, args, keys) {
  return {key, ...(args ? {args} : {}), ...(keys ? {keys} : {})}
}

/**
 * A literal label (a subject's name).
 * @param {string} text
 * @returns {Label}
 */
export function literal(text) {
  return {text}
}

/**
 * The header of a table whose columns come in groups (a subject's measures,
 * the change per compared subject): a group of one column with no sub-label,
 * or a leading column, spans both header rows. With no group of more than
 * one column the header is one row.
 * @param {Array<{label: Label, columns?: Label[]}>} groups  in column order; without `columns`, a single column
 * @returns {HeadCell[][]}
 */
export function groupedHead(groups) {
  const twoRows = groups.some((g) => g.columns && g.columns.length > 0)
  if (!twoRows) return [groups.map((g) => ({label: g.label, scope: 'col'}))]
  /** @type {HeadCell[]} */
  const top = []
  /** @type {HeadCell[]} */
  const below = []
  for (const g of groups) {
    if (!g.columns) {
      top.push({label: g.label, rowspan: 2, scope: 'col'})
      continue
    }
    top.push({label: g.label, colspan: g.columns.length, scope: 'colgroup'})
    below.push(...g.columns.map((c) => /** @type {HeadCell} */ ({label: c, scope: 'col'})))
  }
  return [top, below]
}
