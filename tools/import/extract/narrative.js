import {isNarrativeRole} from '../sections.js'
import {mapTerms} from '../terms-ja.js'
import {headingText, plainText} from '../text.js'
import {slice} from './state.js'

/**
 * Where text not turned into data goes: its role's narrative section, else the unmapped one.
 *
 * @typedef {import('./state.js').State} State
 */

/**
 * Narrative of a Japanese machine translation, mangled terms mapped back outside code.
 * @param {State} s
 * @param {string} text
 */
export function prose(s, text) {
  return s.lang === 'ja' ? mapOutsideCode(text) : text
}

/**
 * A heading opening a narrative section becomes that section's title.
 * @param {State} s
 * @param {import('mdast').Heading} node
 */
export function openSection(s, node) {
  const {ctx, sections} = s
  const key = isNarrativeRole(ctx.role) ? /** @type {string} */ (ctx.role) : ctx.role === 'results' && ctx.workload ? `workload-${ctx.workload}` : null
  if (key && !sections.has(key)) {
    sections.set(key, {heading: prose(s, headingText(node).text), parts: []})
    s.pendingHeading = null
  }
}

/**
 * A block's text into the narrative.
 * @param {State} s
 * @param {string} raw
 */
export function place(s, raw) {
  const {ctx, sections} = s
  const text = prose(s, raw)
  /** @type {string | null} */
  let key = null
  if (isNarrativeRole(ctx.role)) key = ctx.role
  else if (ctx.role === 'results' && ctx.workload) key = `workload-${ctx.workload}`
  if (key) {
    const section = sections.get(key) ?? {heading: (ctx.headings.at(-1) ?? ctx.headings[0] ?? key), parts: []}
    if (!sections.has(key)) sections.set(key, section)
    else if (s.pendingHeading) section.parts.push(s.pendingHeading)
    s.pendingHeading = null
    section.parts.push(text)
    return
  }
  if (s.pendingHeading) s.unmapped.push(s.pendingHeading)
  s.pendingHeading = null
  s.unmapped.push(text)
}

/**
 * Only the parts of a list the importer could not map.
 * @param {State} s
 * @param {import('mdast').List} list
 */
export function placeList(s, list) {
  for (const item of list.children) {
    if (s.consumed.has(item)) continue
    if (item.children.some((c) => s.consumed.has(c))) {
      for (const c of item.children) if (!s.consumed.has(c)) place(s, slice(s, c).replace(/^\s+/gm, ''))
    } else place(s, slice(s, item))
  }
}

/**
 * `mapTerms` on the parts of Markdown outside fenced and inline code.
 * @param {string} markdown
 */
function mapOutsideCode(markdown) {
  return markdown
    .split(/(^\s*(?:```|~~~)[\s\S]*?^\s*(?:```|~~~)\s*$|`[^`\n]*`)/m)
    .map((part, i) => (i % 2 === 1 ? part : mapTerms(part).text))
    .join('')
}

/**
 * Hugo shortcodes such as `{{< copyable "sql" >}}`: markup, not content.
 * @param {import('mdast').Nodes} node
 */
export function isShortcode(node) {
  return node.type === 'paragraph' && /^\{\{<.*>\}\}$/.test(plainText(node))
}
