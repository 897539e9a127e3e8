import {unified} from 'unified'
import remarkParse from 'remark-parse'
import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import {parseYamlSource} from '../lib/yaml-source.js'
import {MAX_NESTING, markdownNesting} from '../lib/markdown-limits.js'
import {keepSection} from './sections.js'

/**
 * A narrative file, `content/narrative/<report>/<lang>.md`: Markdown whose H2
 * sections have ids (`## Purpose {#purpose}`), the same in every language.
 *
 * @typedef {{
 *   front: Record<string, unknown>,
 *   sections: Record<string, {heading: string, markdown: string, line: number}>,
 *   order: string[],
 *   tree: import('mdast').Root,
 *   errors: Array<{message: string, line: number, col: number}>
 * }} Narrative
 *   `tree`: the whole file's syntax tree (with GFM), for checks that walk it; nothing may
 *   change it. `errors`: front matter that is not YAML, or nesting too deep to parse
 *   (then no sections and an empty tree).
 */

/** Largest narrative accepted; real ones are a few kB. */
export const MAX_NARRATIVE_BYTES = 1024 * 1024

const HEADING_ID = /\s*\{#([a-z0-9_-]+)\}\s*$/

const processor = unified().use(remarkParse).use(remarkFrontmatter, ['yaml']).use(remarkGfm)
/** Front matter as this module finds it without remark: `---` lines around YAML at the very start. */
const FRONT = /^---\n([\s\S]*?)\n---(\n|$)/

/**
 * A narrative's front matter and errors as `parseNarrative` gives them,
 * without parsing its Markdown; a front matter remark might read otherwise
 * (trailing spaces on a fence, a byte-order mark, CR) is parsed in full.
 *
 * @param {string} text
 * @returns {Pick<Narrative, 'front' | 'errors'>}
 */
export function parseFront(text) {
  const match = FRONT.exec(text)
  const nesting = bodyNesting(text, match?.[0] ?? '')
  if (nesting) return {front: {}, errors: [nesting]}
  const unsure = /^\uFEFF|\r/.test(text) || (text.startsWith('---') && (!match || /^---[ \t]+$/m.test(match[1])))
  if (unsure) {
    const {front, errors} = parseNarrative(text)
    return {front, errors}
  }
  return match ? frontMatter(match[1], 1) : {front: {}, errors: []}
}

/**
 * The body's nesting when too deep to parse (the front matter's YAML indents otherwise).
 * @param {string} text  @param {string} frontEnd  the front matter with its fences
 * @returns {{message: string, line: number, col: number} | null}
 */
function bodyNesting(text, frontEnd) {
  const body = markdownNesting(text.slice(frontEnd.length))
  if (body.depth <= MAX_NESTING) return null
  const message = `Unexpected nesting ${body.depth} levels deep, expected at most ${MAX_NESTING} (lists or quotes)`
  return {message, line: body.line + (frontEnd.match(/\n/g)?.length ?? 0), col: 1}
}

/**
 * @param {string} yaml  the front matter between its fences
 * @param {number} fence  line of the opening `---`
 * @returns {Pick<Narrative, 'front' | 'errors'>}
 */
function frontMatter(yaml, fence) {
  const doc = parseYamlSource('front matter', yaml)
  // the front matter's first line is the line after `---`
  const errors = doc.syntaxErrors.map((e) => ({message: e.message, line: e.place.line + fence, col: e.place.col}))
  const data = doc.data
  return {front: data && typeof data === 'object' && !Array.isArray(data) ? /** @type {Record<string, unknown>} */ (data) : {}, errors}
}

/**
 * A narrative's front matter and its sections' Markdown; text before the first H2 is `intro`.
 *
 * @param {string} text
 * @returns {Narrative}
 */
export function parseNarrative(text) {
  const nesting = bodyNesting(text, FRONT.exec(text)?.[0] ?? '')
  if (nesting) return {front: {}, sections: {}, order: [], tree: {type: 'root', children: []}, errors: [nesting]}
  /** @type {Narrative['errors']} */
  const errors = []
  const tree = processor.parse(text)
  /** @type {Record<string, unknown>} */
  let front = {}
  /** @type {Narrative['sections']} */
  const sections = {}
  /** @type {string[]} */
  const order = []
  /** @type {{id: string, heading: string, start: number, line: number} | null} */
  let current = null
  /** @type {import('mdast').RootContent[]} the nodes since the last heading */
  let nodes = []
  // the text before the first H2, if any, is the intro
  const close = (/** @type {number} */ end) => {
    current ??= text.slice(bodyStart, end).trim() ? {id: 'intro', heading: '', start: bodyStart, line: 1} : null
    if (!current) return
    const markdown = text.slice(current.start, end).trim()
    sections[current.id] = {heading: current.heading, markdown, line: current.line}
    order.push(current.id)
    keepSection(markdown, nodes)
  }
  let bodyStart = 0
  for (const node of tree.children) {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? 0
    if (node.type === 'yaml') {
      const read = frontMatter(node.value, node.position?.start.line ?? 1)
      errors.push(...read.errors)
      front = read.front
      bodyStart = end
      continue
    }
    if (node.type === 'heading' && node.depth === 2) {
      close(start)
      const raw = text.slice(start, end).replace(/^##\s*/, '')
      const match = HEADING_ID.exec(raw)
      const id = match ? match[1] : slug(raw)
      current = {id, heading: raw.replace(HEADING_ID, '').trim(), start: end, line: node.position?.start.line ?? 1}
      nodes = []
      continue
    }
    nodes.push(node)
  }
  close(text.length)
  return {front, sections, order, tree, errors}
}

/** @param {string} heading */
function slug(heading) {
  return heading.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-').replace(/^-|-$/g, '')
}
