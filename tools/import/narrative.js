import {stringify} from 'yaml'

/**
 * The narrative file of one language: front matter, then H2 sections with
 * fixed ids ({#purpose}, {#workload-<name>}, {#problems}, {#advice},
 * {#conclusions}) holding the source's own text, and last {#unmapped} with
 * what the importer could not map, in source order.
 */

/** Heading of the unmapped section, per language. */
const UNMAPPED = {en: 'Not mapped to data', zh: '未映射到数据的内容', ja: 'データに対応付けられなかった内容'}
/** Heading of a section that had none in the source. */
const FALLBACK = /** @type {Record<string, Record<string, string>>} */ ({
  purpose: {en: 'Purpose', zh: '测试目的', ja: 'テスト目的'},
  problems: {en: 'Problems', zh: '遇到的问题', ja: '問題'},
  advice: {en: 'Advice', zh: '建议', ja: '推奨事項'},
  conclusions: {en: 'Conclusions', zh: '结论', ja: '結論'}
})

/**
 * @param {{id: string, lang: 'en' | 'zh' | 'ja', title: string | null, sections: Map<string, {heading: string, parts: string[]}>, unmapped: string[], workloads: string[]}} input
 * @returns {string}
 */
export function narrativeMarkdown({id, lang, title, sections, unmapped, workloads}) {
  /** @type {Record<string, string>} */
  const front = {report: id, lang}
  if (title) front.title = title
  const out = [`---\n${stringify(front, {lineWidth: 0})}---\n`]
  const keys = ['purpose', ...workloads.map((w) => `workload-${w}`), 'problems', 'advice', 'conclusions']
  for (const key of keys) {
    const section = sections.get(key)
    if (!section || section.parts.length === 0) continue
    const heading = section.heading || FALLBACK[key]?.[lang] || key
    out.push(`## ${heading} {#${key}}\n\n${section.parts.map((p) => p.trim()).join('\n\n')}\n`)
  }
  if (unmapped.length > 0) {
    out.push(`## ${UNMAPPED[lang]} {#unmapped}\n\n${unmapped.map((p) => p.trim()).join('\n\n')}\n`)
  }
  return out.join('\n')
}
