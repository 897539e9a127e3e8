/**
 * A report's view model as Hugo reads it: without the parts only Node reads,
 * and with its tables of figures in the shape that costs Hugo least to lay out.
 * `workloads` and `summary` are the Markdown export's tables and `export` its
 * facts (tools/export/); the pages lay out `results` and `overview`. A whole
 * build loads every report's model into Hugo at once: these parts were half
 * of its bytes, and Hugo's memory is mostly the models (1,000 reports: 81 MB
 * of JSON held as Go maps). The whole model stays beside the exports for
 * `benchdoc export` (export-files.js). A test builds the bundled site from
 * both and finds every page the same (test/site/hugo-model.test.js).
 *
 * The cells of the tables of figures are most of a page's work for Hugo (a
 * report page prints about 270): every field a template looks up and every
 * function it calls costs Hugo a reflective call, so a cell comes to Hugo
 * with what figure-table.html prints and nothing it would have to test for:
 * `class` (its kind and verdict, the same words the template wrote), `value`
 * as the text Hugo would have printed for the number (a string is tested
 * with `with`, a number 0 could not be), and its verdict, interval and notes
 * under `extra`, present only when it has one of them.
 */

/**
 * The view model's parts no template reads, at its top and in each language's
 * `by_lang`: the export's, and the report's facts the pages show from their
 * page-ready forms (`plan_page`, `environment_page`, `topology_rows`, `version`,
 * `date_text`) or not at all. A layout of a reports repository that reads one
 * of them must have it put back here.
 */
export const NODE_ONLY = /** @type {const} */ ([
  'workloads', 'summary', 'export',
  'plan', 'environment', 'topology', 'dimensions', 'subject_labels', 'date_full', 'has_components', 'aliases', 'kind', 'place', 'author', 'title', 'source'
])

/**
 * @typedef {import('../types/view-model.js').ViewModel} ViewModel
 * @typedef {import('../types/view-model.js').FigureTable} FigureTable
 * @typedef {import('../types/view-model.js').Cell} Cell
 */

/**
 * @param {ViewModel} model  the view model, with its charts
 * @returns {string}  compact JSON
 */
export function hugoModelJson(model) {
  return JSON.stringify(hugoModel(model))
}

/**
 * The view model as Hugo reads it.
 * @param {ViewModel} model  the view model, with its charts
 * @param {{keepNodeOnly?: boolean}} [options]  keep what only Node reads (for a test that Hugo does not read it)
 * @returns {Record<string, unknown>}
 */
export function hugoModel(model, {keepNodeOnly = false} = {}) {
  const page = keepNodeOnly ? {...model} : withoutNodeOnly(model)
  if (model.by_lang && !keepNodeOnly) page.by_lang = Object.fromEntries(Object.entries(model.by_lang).map(([lang, fields]) => [lang, withoutNodeOnly(fields)]))
  const {overview, results, narrative} = model
  // a narrative as the pages print it: its sections' HTML and whether it is stale, not their Markdown
  if (narrative && !keepNodeOnly) page.narrative = Object.fromEntries(Object.entries(narrative).map(([lang, n]) => [lang, n && {stale: n.stale, html: n.html}]))
  if (overview) page.overview = {...overview, table: hugoTable(overview.table), latency: hugoTable(overview.latency)}
  if (results) page.results = {...results, workloads: results.workloads.map((w) => ({...w, table: hugoTable(w.table), details: hugoTable(w.details)}))}
  return page
}

/** @param {object} fields @returns {Record<string, unknown>} */
function withoutNodeOnly(fields) {
  /** @type {Record<string, unknown>} */
  const kept = {...fields}
  for (const key of NODE_ONLY) delete kept[key]
  return kept
}

/**
 * A table of figures (figure-table.js) with its cells as Hugo lays them out.
 * @param {FigureTable | null | undefined} table
 */
function hugoTable(table) {
  return table ? {...table, rows: table.rows.map((row) => row.map(hugoCell))} : table
}

/**
 * @param {Cell} cell
 * @returns {Record<string, unknown>}
 */
function hugoCell(cell) {
  const {kind, value, verdict, interval, notes, ...rest} = cell
  /** @type {Record<string, unknown>} */
  const out = {...rest}
  if (value != null) out.value = goNumberText(value)
  if (cell.row_header || cell.failed) return out
  out.class = verdict ? `${kind} verdict-${verdict.verdict}` : kind
  if (verdict || interval || notes) out.extra = {...(verdict ? {verdict} : {}), ...(interval ? {interval} : {}), ...(notes ? {notes} : {})}
  return out
}

/**
 * A number as Go prints a float64 (`%v`, which Hugo uses for a number read
 * from JSON): the shortest digits that read back as the number, as
 * `1.234567e+06` from an exponent of 6 up or below -4.
 * @param {number} x
 * @returns {string}
 */
export function goNumberText(x) {
  if (Object.is(x, -0)) return '-0'
  if (!Number.isFinite(x)) return x > 0 ? '+Inf' : x < 0 ? '-Inf' : 'NaN'
  const [digits, exp] = x.toExponential().split('e')
  const e = Number(exp)
  if (e >= -4 && e < 6) return String(x)
  return `${digits}e${e < 0 ? '-' : '+'}${String(Math.abs(e)).padStart(2, '0')}`
}
