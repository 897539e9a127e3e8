import {figureTableHtml} from './figure-table-html.js'

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
 * The tables of figures were most of a page's work for Hugo (a report page
 * prints about 270 cells, and each field a template looks up and each
 * function it calls costs Hugo a reflective call and allocations): they come
 * to Hugo as their HTML in each language, written by figure-table-html.js
 * from the same cells and labels, and the template prints it.
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
 * @typedef {{languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>}} Site  the site's languages (the default first) and their labels
 */

/**
 * @param {ViewModel} model  the view model, with its charts
 * @param {Site} site
 * @returns {string}  compact JSON
 */
export function hugoModelJson(model, site) {
  return JSON.stringify(hugoModel(model, site))
}

/**
 * The view model as Hugo reads it.
 * @param {ViewModel} model  the view model, with its charts
 * @param {Site} site
 * @param {{keepNodeOnly?: boolean}} [options]  keep what only Node reads (for a test that Hugo does not read it)
 * @returns {Record<string, unknown>}
 */
export function hugoModel(model, site, {keepNodeOnly = false} = {}) {
  const page = keepNodeOnly ? {...model} : withoutNodeOnly(model)
  if (model.by_lang && !keepNodeOnly) page.by_lang = Object.fromEntries(Object.entries(model.by_lang).map(([lang, fields]) => [lang, withoutNodeOnly(fields)]))
  const {overview, results, narrative} = model
  // a narrative as the pages print it: its sections' HTML and whether it is stale, not their Markdown
  if (narrative && !keepNodeOnly) page.narrative = Object.fromEntries(Object.entries(narrative).map(([lang, n]) => [lang, n && {stale: n.stale, html: n.html}]))
  if (overview) page.overview = {...overview, table: hugoTable(overview.table, site), latency: hugoTable(overview.latency, site)}
  if (results) page.results = {...results, workloads: results.workloads.map((w) => ({...w, table: hugoTable(w.table, site), details: hugoTable(w.details, site)}))}
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
 * A table of figures (figure-table.js) as Hugo prints it: its class, and
 * its head and rows as HTML in each language (figure-table-html.js).
 * @param {FigureTable | null | undefined} table
 * @param {Site} site
 */
function hugoTable(table, site) {
  return table ? {class: table.class, html: figureTableHtml(table, site)} : table
}
export {goNumberText} from './label-html.js'
