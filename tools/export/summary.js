import {fillLabel} from '../i18n/labels.js'

/** @typedef {import('../types/view-model.js').ViewModel} Model @typedef {import('../types/view-model.js').Cell} Cell */

/**
 * The export's `summary`: a sentence per compared version with its headline change
 * in each workload (one version: its highest throughput), as the page shows first.
 * @param {Model} model  a report's view model
 * @param {string} lang
 * @param {Record<string, string>} labels  of `lang`
 * @returns {string}  empty when the report has no figure to state
 */
export function summarySentence(model, lang, labels) {
  const m = model.by_lang?.[lang] ? {...model, ...model.by_lang[lang]} : model
  const L = (/** @type {string} */ key, /** @type {import('./write.js').Fields} */ fields = {}) => fillLabel(labels[key] ?? key, fields)
  const metric = L(`result_${m.metric}`)
  const name = (/** @type {string} */ workload) => labels[`workload_${workload}`] || workload
  const list = L('export_summary_list')
  if (m.compared.length > 0) {
    const rows = overviewChanges(m)
    return m.compared.map((subject, i) => {
      const found = rows.flatMap((r) => (r.changes[i].text ? [{workload: r.workload, cell: r.changes[i], basis: r.bases[i]}] : []))
      if (found.length === 0) return ''
      const basis = [...new Set(found.map((f) => L(`headline_basis_${f.basis}`)))].join(list)
      const changes = found.map((f) => `${name(f.workload)} ${changeWords(f.cell, L)}`).join(list)
      return L('export_summary_change', {subject, baseline: m.baseline, metric, basis, changes})
    }).filter(Boolean).join(' ').replace(/([\u3002\uff01\uff1f]) /g, '$1')
  }
  const best = m.overview.card.flatMap((r) => r.best.filter((b) => b !== null).slice(0, 1).map((b) => `${name(r.workload)} ${b.text}`))
  return best.length > 0 ? L('export_summary_best', {subject: m.subjects[0]?.named ?? '', metric, figures: best.join(list)}) : ''
}

/**
 * Each workload's change per compared subject as the page's overview prints it: the cells of
 * its table (tools/site/overview-model.js), and what each figure is (`basis`, its card's).
 * @param {Pick<Model, 'overview' | 'compared'>} m
 */
export const overviewChanges = (m) => (m.overview.table?.rows ?? []).map((row, r) => ({
  workload: row[0].workload ?? '', changes: row.slice(1, 1 + m.compared.length), bases: m.overview.card[r].changes.map((c) => c?.basis ?? null)
}))

/**
 * A change as the overview prints it: the figure, with its 95 % interval and its verdict's word when it has them.
 * @param {Cell} cell @param {(key: string, fields?: import('./write.js').Fields) => string} L
 * @param {string} [notes]  what a result table puts beside the verdict (repeats, CV), in the verdict's brackets: none nested in another's
 */
export function changeWords(cell, L, notes = '') {
  const text = cell.text ?? ''
  return cell.interval && cell.verdict ? L('export_change_verdict', {change: text, interval: L(cell.interval.level ? 'verdict_interval_level' : 'verdict_interval', cell.interval), verdict: L(cell.verdict.word), notes}) : text
}
