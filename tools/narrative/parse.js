import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import {parseYamlSource} from '../lib/yaml-source.js'
import {MAX_NESTING, markdownNesting} from '../lib/markdown-limits.js'

/**
 * A narrative file: `content/narrative/<report>/<lang>.md`, Markdown whose H2
 * sections are identified by heading ids (`## Purpose {#purpose}`), so every
 * language has the same sections whatever its headings say.
 *
 * @typedef {{
 *   front: Record<string, any>,
 *   sections: Record<string, {heading: string, markdown: string, line: number}>,
 *   order: string[],
 *   tree: import('mdast').Root,
 *   errors: Array<{message: string, line: number, col: number}>
 * }} Narrative
 *   `tree` is the whole file's syntax tree (with GFM), for checks that walk it
 *   without parsing the text again. Nothing may change it.
 *   `errors`: front matter that is not valid YAML, or nesting too deep to
 *   parse; such a narrative has no sections (and an empty tree).
 */

/** Largest narrative accepted; real ones are a few kB. */
export const MAX_NARRATIVE_BYTES = 1024 * 1024

/** Sections a narrative may have, besides `workload-<name>` notes. */
export const SECTION_IDS = ['purpose', 'conclusions', 'problems', 'advice', 'unmapped']

const HEADING_ID = /\s*\{#([a-z0-9_-]+)\}\s*$/

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm)

/**
 * Split a narrative into its front matter and its sections' Markdown source.
 * Text before the first H2 is kept under `intro`.
 *
 * @param {string} text
 * @returns {Narrative}
 */
export function parseNarrative(text) {
  // the body's nesting: front matter is YAML, whose indentation is not Markdown's
  const frontEnd = /^---\n[\s\S]*?\n---(\n|$)/.exec(text)?.[0] ?? ''
  const body = markdownNesting(text.slice(frontEnd.length))
  const nesting = {depth: body.depth, line: body.line + (frontEnd.match(/\n/g)?.length ?? 0)}
  if (nesting.depth > MAX_NESTING) {
    const message = `Unexpected nesting ${nesting.depth} levels deep, expected at most ${MAX_NESTING} (lists or quotes)`
    return {front: {}, sections: {}, order: [], tree: {type: 'root', children: []}, errors: [{message, line: nesting.line, col: 1}]}
  }
  /** @type {Narrative['errors']} */
  const errors = []
  const tree = processor.parse(text)
  /** @type {Record<string, any>} */
  let front = {}
  /** @type {Narrative['sections']} */
  const sections = {}
  /** @type {string[]} */
  const order = []
  /** @type {{id: string, heading: string, start: number, line: number} | null} */
  let current = null
  const close = (/** @type {number} */ end) => {
    if (!current) return
    const markdown = text.slice(current.start, end).trim()
    sections[current.id] = {heading: current.heading, markdown, line: current.line}
    order.push(current.id)
  }
  let bodyStart = 0
  for (const node of tree.children) {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? 0
    if (node.type === 'yaml') {
      const doc = parseYamlSource('front matter', node.value)
      // the front matter's first line is the line after `---`
      const first = (node.position?.start.line ?? 1) + 1
      errors.push(...doc.syntaxErrors.map((e) => ({message: e.message, line: e.place.line + first - 1, col: e.place.col})))
      const data = doc.data
      front = data && typeof data === 'object' && !Array.isArray(data) ? /** @type {Record<string, any>} */ (data) : {}
      bodyStart = end
      continue
    }
    if (node.type === 'heading' && node.depth === 2) {
      if (current) close(start)
      else if (text.slice(bodyStart, start).trim()) {
        current = {id: 'intro', heading: '', start: bodyStart, line: 1}
        close(start)
      }
      const raw = text.slice(start, end).replace(/^##\s*/, '')
      const match = HEADING_ID.exec(raw)
      const id = match ? match[1] : slug(raw)
      current = {id, heading: raw.replace(HEADING_ID, '').trim(), start: end, line: node.position?.start.line ?? 1}
    }
  }
  if (current) close(text.length)
  else if (text.slice(bodyStart).trim()) {
    current = {id: 'intro', heading: '', start: bodyStart, line: 1}
    close(text.length)
  }
  return {front, sections, order, tree, errors}
}

/** @param {string} heading */
function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
}
