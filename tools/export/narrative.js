import {defaultHandlers} from 'mdast-util-to-markdown'
import {toString} from 'mdast-util-to-string'
import {defaultSchema} from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import remarkStringify from 'remark-stringify'
import {unified} from 'unified'
import {SKIP, visit} from 'unist-util-visit'
import {keptSection} from '../narrative/sections.js'
import {escapeText} from './text.js'

/**
 * A narrative section as the export writes it: safe as the pages are (raw HTML but
 * comments dropped, an unsafe link's text only, `{{<` escaped so Hugo shows a shortcode
 * as text) and written by remark-stringify as a documentation repository's lint wants
 * (test/fixtures/markdownlint/config.json): `-` bullets and `1.` items with one space
 * after the marker (MD030), nested bullets indented by four (MD007), `*` emphasis, ATX
 * headings, fenced code, a bare URL as `<url>` (MD034), a paragraph a line, an image's
 * alternative text never empty (MD045), headings one level under the section's without
 * a level skipped (MD001) and none twice in a section (MD024). The importer writes its
 * narratives so too: a narrative so written comes out as it is, and `importNarrative`
 * undoes `exportNarrative`.
 */

/** A bullet item's lines after its first indented by four (MD007), not by the two of `- `. @type {import('mdast-util-to-markdown').Handle} */
const listItem = (node, parent, state, info) => {
  const out = defaultHandlers.listItem(node, parent, state, info)
  return parent?.type === 'list' && !parent.ordered ? out.replace(/\n(?=.)/g, '\n  ') : out
}

const processor = unified().use(remarkParse).use(remarkGfm, {tablePipeAlign: false}).use(remarkStringify, {
  bullet: '-', bulletOther: '*', listItemIndent: 'one', emphasis: '*', strong: '*', rule: '-', fence: '`', fences: true, handlers: {listItem}
})

/** Whether the pages' sanitiser keeps a URL: one without a protocol (relative, an anchor), or with one rehype-sanitize's schema lists for the attribute. @param {string} url @param {'href' | 'src'} attribute */
const safeUrl = (url, attribute) => !/^[^/?#]*:/.test(url) || (defaultSchema.protocols?.[attribute] ?? []).includes(url.slice(0, url.indexOf(':')).toLowerCase())

const CJK = /[\u3000-\u9fff\uff00-\uffef]/

/**
 * @param {string} markdown  one section's Markdown, trimmed
 * @param {{shift?: number}} [options]  heading levels to add (a workload's note stands under an H3)
 * @returns {string}
 */
export function exportNarrative(markdown, {shift = 0} = {}) {
  // a section the narrative reader parsed is not parsed again (narrative/sections.js), but copied: this changes it
  const nodes = keptSection(markdown)
  /** @type {import('mdast').Root} */
  const tree = nodes ? {type: 'root', children: structuredClone(nodes)} : processor.parse(markdown)
  visit(tree, (node, index, parent) => {
    if (!parent || index === undefined) return
    // an HTML comment shows nothing and runs nothing (the importer keeps a source's commented-out tables in one)
    if (node.type === 'html' && !/^<!--(?:(?!-->)[\s\S])*-->$/.test(node.value)) {
      parent.children.splice(index, 1)
      return [SKIP, index]
    }
    if ((node.type === 'link' || node.type === 'image') && !safeUrl(node.url.trim(), node.type === 'link' ? 'href' : 'src')) {
      parent.children.splice(index, 1, ...(node.type === 'link' ? node.children : node.alt ? [/** @type {import('mdast').Text} */ ({type: 'text', value: node.alt})] : []))
      return [SKIP, index]
    }
    if (node.type === 'image' && !node.alt?.trim()) node.alt = node.title || decodeURI(node.url.replace(/[?#].*$/, '').split('/').at(-1) ?? '') || 'image'
    // a paragraph a line: a line break is a space, none between two CJK characters
    if (node.type === 'text') node.value = node.value.replace(/[ \t]*\n[ \t]*/g, (m, at) => (CJK.test(node.value[at - 1] ?? '') && CJK.test(node.value[at + m.length] ?? '') ? '' : ' '))
  })
  headings(tree, 3 + shift)
  const text = processor.stringify(tree).trim()
  return outsideFences(text, (part) => part.replace(/\{\{([<%])/g, '{{\\$1'))
}

/**
 * Headings from `top` down without a level skipped (the shallowest at `top`), and
 * a heading whose text is another's before it numbered: `Steps (2)`.
 * @param {import('mdast').Root} tree
 * @param {number} top
 */
function headings(tree, top) {
  /** @type {import('mdast').Heading[]} */
  const all = []
  visit(tree, 'heading', (h) => void all.push(h))
  const least = Math.min(...all.map((h) => h.depth))
  let previous = top - 1
  /** @type {Map<string, number>} */
  const seen = new Map()
  for (const h of all) {
    h.depth = /** @type {1 | 2 | 3 | 4 | 5 | 6} */ (Math.min(6, previous + 1, h.depth - least + top))
    previous = h.depth
    const text = toString(h)
    const n = (seen.get(text) ?? 0) + 1
    seen.set(text, n)
    if (n > 1) h.children.push({type: 'text', value: ` (${n})`})
  }
}

/**
 * A narrative section's or workload note's text, made lint-clean and safe (exportNarrative). One a
 * translation has no text for yet is the source's, marked and under the note the page shows.
 * @param {import('./write.js').Context} ctx @param {string} id @param {number} [shift]  heading levels to add
 * @returns {string[]}
 */
export function narrativeBlock(ctx, id, shift = 0) {
  const from = ctx.narrative?.untranslated[id]
  const n = from ? ctx.model.narrative?.[from] : ctx.narrative
  const text = id.startsWith('workload-') ? n?.notes[id] : n?.[/** @type {keyof import('../types/view-model.js').Narrative} */ (id)]
  if (typeof text !== 'string' || !text.trim()) return []
  const md = exportNarrative(text, {shift})
  return from ? [ctx.L('text_untranslated', {language: escapeText(ctx.i18n(`language_${from}`) || (ctx.names[from] ?? from))}), `<div lang="${from}">\n\n${md}\n\n</div>`] : [md]
}

/**
 * A stale translation's note, as its page says it: how many sections, and a link to the source's page.
 * @param {import('./write.js').Context} ctx
 */
export function staleBlock(ctx) {
  const stale = ctx.narrative?.stale
  if (!stale?.source) return []
  return [`${ctx.L('narrative_stale', {count: stale.sections})} [${escapeText(ctx.names[stale.source] ?? stale.source)}](/${stale.source}/reports/${ctx.model.id}/)`]
}

/**
 * The narrative as it was before `exportNarrative`, when it was lint-clean.
 * @param {string} markdown
 * @param {{shift?: number}} [options]
 */
export function importNarrative(markdown, {shift = 0} = {}) {
  // what the export adds to a translation is not its text: a stale note, a source's text standing for a section not translated yet
  const own = markdown.replace(/^[^\n]+ \[[^\]\n]+\]\(\/[\w-]+\/reports\/[^)\s]+\/\)(?:\n\n|$)/, '').replace(/^[^\n]+\n\n<div lang="[\w-]+">\n\n[\s\S]*\n\n<\/div>$/, '')
  const text = shift > 0 ? shiftHeadings(own, -shift) : own
  return outsideFences(text, (part) => part.replace(/\{\{\\([<%])/g, '{{$1'))
}

/**
 * Apply `change` to the text outside fenced code blocks only.
 * @param {string} text
 * @param {(part: string) => string} change
 */
function outsideFences(text, change) {
  const parts = text.split(/(^ {0,3}(`{3,}|~{3,})[^\n]*\n[\s\S]*?(?:^ {0,3}\2[`~]*[ \t]*$|(?![\s\S])))/m)
  // split keeps each fence, then the fence's marker (dropped here)
  return parts.map((part, i) => (i % 3 === 0 ? change(part) : i % 3 === 1 ? part : '')).join('')
}

/**
 * ATX headings outside code moved down (or back up) by `by` levels.
 * @param {string} text
 * @param {number} by
 */
function shiftHeadings(text, by) {
  return outsideFences(text, (part) =>
    part.replace(/^(#{1,6})(?=[ \t]|$)/gm, (hashes) => '#'.repeat(Math.max(1, Math.min(6, hashes.length + by))))
  )
}
