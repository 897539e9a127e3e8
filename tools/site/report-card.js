import {fillLabel} from '../i18n/labels.js'

/**
 * What the lists show of a report (titles, date, subjects, headline figures):
 * every build reads every card, but a report's model only for its own pages.
 *
 * @param {import('../types/view-model.js').ViewModel} model  a report's view model (view-model.js)
 * @param {Record<string, import('../i18n/labels.js').Labels>} labels  by language, the first the site's default
 */
export function reportCard(model, labels) {
  return {
    ...named(model),
    titles: Object.fromEntries(Object.keys(labels).map((lang) => [lang, reportTitle(model, lang, labels)])),
    date: model.date,
    date_text: model.date_text,
    date_full: model.date_full,
    metric: model.metric,
    // with the date and subjects, what tells it from a report of the same title (index-html.js)
    service: model.environment.cloud?.service ?? null,
    workloads: model.results.workloads.map((w) => w.name),
    source: /** @type {{file?: string} | null} */ (model.source)?.file ?? `data/reports/${model.id}.yaml`,
    ...(model.by_lang ? {by_lang: Object.fromEntries(Object.entries(model.by_lang).map(([lang, m]) => [lang, named(m)]))} : {})
  }
}

/**
 * A report's title in `lang`: its narrative's, else the data's, else one made of the product and subjects.
 * @param {import('../types/view-model.js').ViewModel} model @param {string} lang @param {Record<string, import('../i18n/labels.js').Labels>} labels
 */
export function reportTitle(model, lang, labels) {
  const own = model.narrative?.[lang]?.title
  if (own) return own
  const data = typeof model.title === 'string' ? model.title : /** @type {Record<string, {text: string}> | null} */ (model.title)?.[lang]?.text
  if (data) return data
  // Hugo's i18n falls back to the default language's label
  const label = (/** @type {string} */ key) => labels[lang]?.[key] ?? Object.values(labels)[0]?.[key] ?? ''
  const named = model.by_lang?.[lang] ?? model
  const subjects = /** @type {string[]} */ (named.subject_labels ?? model.subject_labels)
  if (subjects.length === 1) return fillLabel(label('report_title_single'), {product: model.product, subjects: subjects[0]})
  // newest first, against the baseline: `v1.2.0, v1.1.0 vs v1.0.0`, never a flat list of three (ja: `v1.0.0 に対する v1.2.0・v1.1.0 の比較`)
  const baseline = named.baseline ?? subjects[0]
  const others = subjects.filter((s) => s !== baseline).reverse()
  return fillLabel(label('report_title'), {product: model.product, subjects: others.join(label('report_list')), baseline})
}

/**
 * The fields that name subjects, and the headline figures that use them.
 * @param {Pick<import('../types/view-model.js').ViewModel, 'version' | 'baseline' | 'compared' | 'overview'>} m
 */
function named(m) {
  return {
    // as the version line names them: versions, or the subjects' labels where they are not versions
    subjects: (m.version[0]?.items ?? []).map((item) => ({named: item.text ?? ''})),
    baseline: m.baseline,
    compared: m.compared,
    headlines: m.overview.card
  }
}
