/**
 * What the lists show of a report: its title, date, subjects and headline
 * figures, without its tables. Hugo reads every report's card on every build
 * (index.json), but a report's whole view model only when it renders that
 * report's pages, so a build that renders one report reads one model.
 *
 * @param {Record<string, any>} model  a report's view model (view-model.js)
 */
export function reportCard(model) {
  return {
    ...named(model),
    title: model.title,
    date: model.date,
    product: model.product,
    metric: model.metric,
    // only the title of each language's narrative names the report
    narrative: Object.fromEntries(Object.entries(model.narrative ?? {}).map(([lang, n]) => [lang, {title: n?.title ?? null}])),
    ...(model.by_lang ? {by_lang: Object.fromEntries(Object.entries(model.by_lang).map(([lang, m]) => [lang, named(m)]))} : {})
  }
}

/**
 * The fields that name subjects, and the headline figures that use them,
 * as the index prints them (layouts/_partials/report/index-headlines.html).
 * @param {Record<string, any>} m
 */
function named(m) {
  return {
    subjects: m.subjects.map((/** @type {{named: string}} */ s) => ({named: s.named})),
    subject_labels: m.subject_labels,
    compared: m.compared,
    overview: {
      rows: m.overview.rows.map((/** @type {any} */ row) => ({
        workload: row.workload,
        changes: row.changes.map((/** @type {any} */ c) => c && {basis: c.basis, change: {text: c.change.text, direction: c.change.direction}}),
        best: row.best.map((/** @type {any} */ b) => ({throughput: {text: b.throughput.text}}))
      }))
    }
  }
}
