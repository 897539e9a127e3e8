/**
 * A report's view model as Hugo reads it: without the parts only Node reads.
 * `workloads` and `summary` are the Markdown export's tables and `export` its
 * facts (tools/export/); the pages lay out `results` and `overview`. A whole
 * build loads every report's model into Hugo at once: these parts were half
 * of its bytes, and Hugo's memory is mostly the models (1,000 reports: 81 MB
 * of JSON held as Go maps). The whole model stays beside the exports for
 * `benchdoc export` (export-files.js). A test builds the bundled site from
 * both and finds every page the same (test/site/hugo-model.test.js).
 */

/** The view model's parts no template reads, at its top and in each language's `by_lang`. */
export const NODE_ONLY = /** @type {const} */ (['workloads', 'summary', 'export'])

/**
 * @param {{by_lang?: Record<string, object>, [field: string]: unknown}} model  the view model, with its charts
 * @returns {string}  compact JSON
 */
export function hugoModelJson(model) {
  const page = withoutNodeOnly(model)
  if (model.by_lang) page.by_lang = Object.fromEntries(Object.entries(model.by_lang).map(([lang, fields]) => [lang, withoutNodeOnly(fields)]))
  return JSON.stringify(page)
}

/** @param {object} fields @returns {Record<string, unknown>} */
function withoutNodeOnly(fields) {
  const kept = /** @type {Record<string, unknown>} */ ({...fields})
  for (const key of NODE_ONLY) delete kept[key]
  return kept
}
