import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import {parse as parseYaml} from 'yaml'

/**
 * A narrative file: `content/narrative/<report>/<lang>.md`, Markdown whose H2
 * sections are identified by heading ids (`## Purpose {#purpose}`), so every
 * language has the same sections whatever its headings say.
 *
 * @typedef {{
 *   front: Record<string, any>,
 *   sections: Record<string, {heading: string, markdown: string, line: number}>,
 *   order: string[],
 *   tree: import('mdast').Root
 * }} Narrative
 *   `tree` is the whole file's syntax tree (with GFM), for checks that walk it
 *   without parsing the text again. Nothing may change it.
 */

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
      front = parseYaml(node.value) ?? {}
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
  return {front, sections, order, tree}
}

/** @param {string} heading */
function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
}
