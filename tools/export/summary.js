import {fillLabel} from '../i18n/labels.js'

/**
 * The export's `summary`: a sentence per compared version with its headline change
 * in each workload (one version: its highest throughput), as the page shows first.
 * @param {import('../types/view-model.js').ViewModel} model  a report's view model
 * @param {string} lang
 * @param {Record<string, string>} labels  of `lang`
 * @returns {string}  empty when the report has no figure to state
 */
export function summarySentence(model, lang, labels) {
  const m = model.by_lang?.[lang] ? {...model, ...model.by_lang[lang]} : model
  const L = (/** @type {string} */ key, /** @type {import('./write.js').Fields} */ fields = {}) => fillLabel(labels[key] ?? key, fields)
  const metric = L(`result_${m.metric}`)
  const name = (/** @type {string} */ workload) => labels[`workload_${workload}`] || workload
  // per workload, a change per compared subject and a best throughput per subject (tools/site/overview-model.js)
  const rows = m.overview.card
  const list = L('export_summary_list')
  if (m.compared.length > 0) {
    return m.compared.map((subject, i) => {
      const found = rows.flatMap((r) => (r.changes[i] ? [{workload: r.workload, h: r.changes[i]}] : []))
      if (found.length === 0) return ''
      const basis = [...new Set(found.map(({h}) => L(`headline_basis_${h.basis}`)))].join(list)
      const changes = found.map(({workload, h}) => `${name(workload)} ${h.text}`).join(list)
      return L('export_summary_change', {subject, baseline: m.baseline, metric, basis, changes})
    }).filter(Boolean).join(' ').replace(/([\u3002\uff01\uff1f]) /g, '$1')
  }
  const best = rows.flatMap((r) => r.best.filter((b) => b !== null).slice(0, 1).map((b) => `${name(r.workload)} ${b.text}`))
  return best.length > 0 ? L('export_summary_best', {subject: m.subjects[0]?.named ?? '', metric, figures: best.join(list)}) : ''
}
