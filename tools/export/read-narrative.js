import {fillLabel} from '../i18n/labels.js'
import {subjectNames} from '../derive/subjects.js'
import {NARRATIVE_SECTIONS} from './layout.js'

/**
 * Put back the localised data text the export carried (`texts`): it showed only its own language's.
 * @param {object} report
 * @param {Record<string, Record<string, string>>} texts
 */
export function restoreTexts(report, texts) {
  for (const [path, value] of Object.entries(texts)) {
    const keys = path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))
    const parent = keys.slice(0, -1).reduce((/** @type {unknown} */ node, key) => (node == null ? undefined : /** @type {Record<string | number, unknown>} */ (node)[key]), report)
    if (parent && typeof parent === 'object') /** @type {Record<string | number, unknown>} */ (parent)[/** @type {string | number} */ (keys.at(-1))] = value
  }
}

/**
 * The narrative file: sections with the export's ids, text verbatim; the
 * title only when the export's differs from the data's and the generated one.
 * @param {import('../types/report.js').Report} report
 * @param {string} lang
 * @param {Record<string, string>} labels
 * @param {string | null} title
 * @param {Map<string, string>} sections
 */
export function narrativeFile(report, lang, labels, title, sections) {
  const product = report.product ?? report.subjects[0]?.product
  const byId = subjectNames(report, lang)
  // as reportTitle makes it: the others, newest first, against the baseline
  const baseline = report.baseline ?? report.subjects[0]?.id
  const names = report.subjects.filter((s) => s.id !== baseline).map((s) => byId[s.id]).reverse()
  const key = names.length === 0 && labels.report_title_single ? 'report_title_single' : 'report_title'
  const generated = fillLabel(labels[key] ?? '', names.length === 0 ? {product, subjects: byId[baseline ?? '']} : {product, subjects: names.join(labels.report_list ?? ', '), baseline: byId[baseline ?? '']})
  const dataTitle = typeof report.title === 'string' ? report.title : report.title?.[lang]
  const front = [`report: ${report.id}`, `lang: ${lang}`]
  if (title && title !== dataTitle && title !== generated) front.push(`title: ${JSON.stringify(title)}`)
  const out = [`---\n${front.join('\n')}\n---\n`]
  if (sections.has('intro')) out.push(`${sections.get('intro')}\n`)
  const workloads = [...sections.keys()].filter((k) => k.startsWith('workload-'))
  const order = ['purpose', ...workloads, ...NARRATIVE_SECTIONS.filter((id) => id !== 'intro' && id !== 'purpose')]
  for (const id of order) {
    const text = sections.get(id)
    if (!text) continue
    const heading = id.startsWith('workload-') ? `\`${id.slice(9)}\`` : labels[`section_${id}`] ?? id
    out.push(`## ${heading} {#${id}}\n\n${text}\n`)
  }
  return out.join('\n')
}
