import {figureTableHtml} from './figure-table-html.js'
import {factTableHtml, factsHtml} from './fact-table-html.js'
import {i18nOf, sentencesText} from '../i18n/label-text.js'

/**
 * A report's view model as Hugo reads it: without the parts only Node reads (half of its bytes), and
 * its tables as HTML in each language, which cost Hugo least to print (a page has about 270 cells).
 */

/**
 * The parts no template reads, at the top and in `by_lang`: the export's, and facts shown from page-ready
 * forms (`plan_page`…) or not at all. A repository's layout that reads one must have it put back here.
 */
export const NODE_ONLY = /** @type {const} */ ([
  'workloads', 'summary', 'export',
  'plan', 'environment', 'topology', 'dimensions', 'subject_labels', 'date_full', 'has_components', 'aliases', 'kind', 'place', 'author', 'title', 'source'
])

/**
 * @typedef {import('../types/view-model.js').ViewModel} ViewModel
 * @typedef {import('./fact-table-html.js').Site} Site  the site's languages (the default first), their labels and names
 */

/**
 * The view model as Hugo reads it.
 * @param {ViewModel} model  the view model, with its charts
 * @param {Site} site
 * @returns {Record<string, unknown>}
 */
export function hugoModel(model, site) {
  // a language that names subjects or writes counts its own way has its own tables, in its language only
  const page = withTables(withoutNodeOnly(model), site, site.languages.filter((lang) => !model.by_lang?.[lang]))
  if (model.by_lang) {
    page.by_lang = Object.fromEntries(Object.entries(model.by_lang).map(([lang, fields]) => [lang, withTables(withoutNodeOnly(fields), site, [lang])]))
  }
  if (model.environment_page) page.environment_page = hugoEnvironment(model.environment_page, site)
  const {narrative} = model
  // a narrative as the pages print it: its sections' HTML, whether it is stale and which show the source's text, not their Markdown
  if (narrative) page.narrative = Object.fromEntries(Object.entries(narrative).map(([lang, n]) => [lang, n && {stale: n.stale, html: n.html, untranslated: n.untranslated}]))
  return page
}

/**
 * Fields with their tables, stated facts and chart captions as Hugo prints them, in `languages`.
 * @param {Record<string, unknown> & Partial<Pick<ViewModel, 'overview' | 'results' | 'plan_page'>>} fields  the model's, or a language's `by_lang`
 * @param {Site} site
 * @param {string[]} languages
 */
function withTables(fields, site, languages) {
  const {overview, results} = fields
  // a table of figures as Hugo prints it: its class, and its rows as HTML in each language
  const table = (/** @type {import('../types/view-model.js').FigureTable | null | undefined} */ t) => (t ? {class: t.class, html: figureTableHtml(t, site, languages)} : t)
  const i18n = languages.map((lang) => /** @type {const} */ ([lang, i18nOf(site.labels, lang, site.languages[0])]))
  const sentences = (/** @type {import('../types/view-model.js').Label[]} */ list) => Object.fromEntries(i18n.map(([lang, t]) => [lang, sentencesText(list, t)]))
  /** @type {Record<string, unknown>} */
  const out = {...fields}
  if (overview) out.overview = {...overview, table: table(overview.table), latency: table(overview.latency)}
  if (Array.isArray(fields.version)) out.version = hugoFacts(fields.version, site, languages)
  if (fields.plan_page) out.plan_page = {...fields.plan_page, settings: hugoFacts(fields.plan_page.settings, site, languages)}
  if (results) {
    out.results = {
      ...results,
      workloads: results.workloads.map((w) => ({
        ...w, table: table(w.table), details: table(w.details),
        stated: w.stated.length > 0 ? sentences(w.stated) : null,
        charts: w.charts.map((c) => ({...c, caption: sentences(c.caption)}))
      }))
    }
  }
  return out
}

/**
 * The environment section with its tables of facts as HTML in each language.
 * @param {ViewModel['environment_page']} e
 * @param {Site} site
 */
function hugoEnvironment(e, site) {
  const table = (/** @type {import('../types/view-model.js').FactTable} */ t) => ({html: factTableHtml(t, site)})
  return {
    ...e,
    cloud: hugoFacts(e.cloud, site, site.languages),
    software: hugoFacts(e.software, site, site.languages),
    hardware: e.hardware.map(table),
    client: e.client && table(e.client),
    software_table: e.software_table && table(e.software_table),
    components: e.components.map((c) => ({...c, table: table(c.table)}))
  }
}

/**
 * A list of facts as HTML in `languages`, or, with no fact, as it is (printed as nothing).
 * @param {import('../types/view-model.js').Fact[]} facts
 * @param {Site} site
 * @param {string[]} languages
 */
function hugoFacts(facts, site, languages) {
  return facts.length > 0 ? {html: factsHtml(facts, site, languages)} : facts
}

/** @param {object} fields @returns {Record<string, unknown>} */
function withoutNodeOnly(fields) {
  /** @type {Record<string, unknown>} */
  const kept = {...fields}
  for (const key of NODE_ONLY) delete kept[key]
  return kept
}
