import {defaultSchema} from 'rehype-sanitize'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {visit} from 'unist-util-visit'
import {positionOf} from './nodes.js'
import {escapeText} from './text.js'

/**
 * A narrative section as the export writes it: safe as the pages are (raw HTML but
 * comments dropped, an unsafe link's text only, `{{<` escaped so Hugo shows a shortcode
 * as text) and clean for a documentation repository's Markdown lint (blank lines
 * between blocks, a paragraph a line, nested bullets indented by four). A narrative
 * already so comes out as it is, and `importNarrative` undoes `exportNarrative`.
 */

const processor = unified().use(remarkParse).use(remarkGfm)

/** Whether the pages' sanitiser keeps a URL: one without a protocol (relative, an anchor), or with one rehype-sanitize's schema lists for the attribute. @param {string} url @param {'href' | 'src'} attribute */
const safeUrl = (url, attribute) => !/^[^/?#]*:/.test(url) || (defaultSchema.protocols?.[attribute] ?? []).includes(url.slice(0, url.indexOf(':')).toLowerCase())

/**
 * @param {string} markdown  one section's Markdown, trimmed
 * @param {{shift?: number}} [options]  heading levels to add (a workload's note stands under an H3)
 * @returns {string}
 */
export function exportNarrative(markdown, {shift = 0} = {}) {
  let text = markdown
  if (needsTree(text)) text = listLayout(inlineEdits(text))
  text = outsideFences(text, (part) => part.replace(/\n{3,}/g, '\n\n').replace(/\{\{([<%])/g, '{{\\$1'))
  return shift > 0 ? shiftHeadings(text, shift) : text
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
  const text = id.startsWith('workload-') ? n?.notes[id] : n?.[/** @type {keyof import('./write.js').Narrative} */ (id)]
  if (typeof text !== 'string' || !text.trim()) return []
  const md = exportNarrative(text, {shift})
  return from ? [ctx.L('text_untranslated', {language: escapeText(ctx.names[from] ?? from)}), `<div lang="${from}">\n\n${md}\n\n</div>`] : [md]
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
 * Whether the text may need mending, by a look at its lines: most narratives are not parsed at all.
 * @param {string} text
 */
function needsTree(text) {
  if (/<|\b[a-z][a-z0-9+.-]*:(?!\/\/)\S/i.test(text.replace(/\b(?:https?|mailto):/gi, ''))) return true
  let previous = ''
  let fenced = false
  for (const line of text.split('\n')) {
    if (/^ {0,3}(`{3,}|~{3,})/.test(line)) fenced = !fenced
    if (fenced) continue
    const block = /^\s*([-*+]|\d+[.)])\s|^\s*[|#>]|^ {4}/.test(line)
    if (line.trim() && previous.trim() && (!block || !/^\s*([-*+]|\d+[.)])\s|^\s*[|#>]/.test(previous))) return true
    if (/^ {1,3}[-*+]\s/.test(line)) return true
    previous = line
  }
  return false
}

/**
 * Raw HTML dropped, unsafe links reduced to their text, and each paragraph on
 * one line (a line break is a space, none between two CJK characters).
 * @param {string} text
 */
function inlineEdits(text) {
  const tree = processor.parse(text)
  /** @type {Array<{start: number, end: number, text: string}>} */
  const edits = []
  visit(tree, (node) => {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? 0
    // an HTML comment shows nothing and runs nothing (the importer keeps a source's commented-out tables in one)
    if (node.type === 'html' && !/^<!--(?:(?!-->)[\s\S])*-->$/.test(node.value)) edits.push({start, end, text: ''})
    else if ((node.type === 'link' || node.type === 'image') && !safeUrl(node.url.trim(), node.type === 'link' ? 'href' : 'src')) {
      const inner = node.type === 'link' && node.children.length > 0
        ? text.slice(node.children[0].position?.start.offset ?? start, node.children.at(-1)?.position?.end.offset ?? end)
        : node.type === 'image' ? node.alt ?? '' : ''
      edits.push({start, end, text: inner})
    } else if (node.type === 'paragraph') {
      for (const m of text.slice(start, end).matchAll(/(?<! {2}|\\)\n[ \t>]*/g)) {
        const at = start + (m.index ?? 0)
        const cjk = /[\u3000-\u9fff\uff00-\uffef]/
        edits.push({start: at, end: at + m[0].length, text: cjk.test(text[at - 1] ?? '') && cjk.test(text[at + m[0].length] ?? '') ? '' : ' '})
      }
    }
  })
  return applyEdits(text, edits)
}

/**
 * Blocks laid out for the lint: a blank line around each top-level list,
 * heading and code fence, and bullet lists nested in bullets indented by four
 * spaces a level (their items' continuation lines moving with them).
 * @param {string} text
 */
function listLayout(text) {
  const tree = processor.parse(text)
  const lines = text.split('\n')
  const indent = lines.map(() => 0)
  /** @type {Set<number>} lines that get a blank line before them */
  const blankBefore = new Set()
  /** @param {import('mdast').List} list @param {number} depth  bullet lists around it @param {number} moved  columns its lines already moved */
  const bullets = (list, depth, moved) => {
    const {start, end} = positionOf(list)
    const by = depth * 4 - (start.column - 1 + moved)
    if (by !== 0) for (let l = start.line - 1; l < end.line; l++) indent[l] += by
    for (const item of list.children) for (const child of item.children) if (child.type === 'list' && !child.ordered) bullets(child, depth + 1, moved + by)
  }
  for (const node of tree.children) {
    if (node.type === 'list' && !node.ordered) bullets(node, 0, 0)
    if (node.type !== 'list' && node.type !== 'heading' && node.type !== 'code') continue
    const first = (node.position?.start.line ?? 1) - 1
    const after = node.position?.end.line ?? 0
    if (first > 0 && lines[first - 1].trim()) blankBefore.add(first)
    if (after < lines.length && lines[after].trim()) blankBefore.add(after)
  }
  return lines.map((line, i) => {
    const moved = indent[i] >= 0 ? ' '.repeat(indent[i]) + line : line.slice(Math.min(-indent[i], line.length - line.trimStart().length))
    return `${blankBefore.has(i) ? '\n' : ''}${moved}`
  }).join('\n')
}

/**
 * @param {string} text
 * @param {Array<{start: number, end: number, text: string}>} edits  not overlapping
 */
function applyEdits(text, edits) {
  let out = text
  for (const e of [...edits].sort((a, b) => b.start - a.start)) out = out.slice(0, e.start) + e.text + out.slice(e.end)
  return out
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
