/**
 * The one shape of every table of figures a report page prints: header rows of cells with spans, then
 * rows of cells written as printed; the columns are decided here, once. Labels are i18n keys with their
 * arguments (i18n/label-text.js `labelText`); the shapes are schemas/view-model.schema.json's.
 *
 * @typedef {import('../types/view-model.js').Label} Label
 * @typedef {import('../types/view-model.js').HeadCell} HeadCell
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
 * The header of a table whose columns come in groups: a column without
 * sub-labels spans both header rows; with no group of columns, one row.
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
