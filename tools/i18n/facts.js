import {parseNarrative} from '../narrative/index.js'
import {numbersIn, spelledCounts} from './numbers.js'

/**
 * remark plugin: per narrative section, what a translation must keep (numbers,
 * inline code, link URLs, prose text), each with its place, on `file.data.sections`.
 *
 * @typedef {{line: number, column: number}} Point
 * @typedef {import('./numbers.js').NumberHit & Point} PlacedNumber
 * @typedef {{value: string} & Point} PlacedText
 *   `exact` when the value is written as is, so its characters' places can be counted
 * @typedef {{
 *   id: string,
 *   line: number,
 *   numbers: PlacedNumber[],
 *   spelled: number[],
 *   code: PlacedText[],
 *   links: PlacedText[],
 *   texts: Array<PlacedText & {exact: boolean}>,
 *   text: string
 * }} SectionFacts
 * @typedef {Record<string, SectionFacts>} Facts
 */

/**
 * @returns {(tree: import('mdast').Root, file: import('vfile').VFile) => void}
 */
export default function remarkSectionFacts() {
  return function (tree, file) {
    const source = String(file.value)
    // a build checks a source narrative against its figures and each translation against it: its facts are found once
    const known = factsFound.get(tree)
    if (known?.source === source) {
      file.data.sections = known.facts
      return
    }
    const toPoint = pointer(source)
    // parsed here only when a caller hands a bare file, not the narrative's parse
    const narrative = /** @type {import('../narrative/parse.js').Narrative | undefined} */ (file.data.narrative) ?? parseNarrative(source)
    const lines = new Map(Object.entries(narrative.sections).map(([id, s]) => [s.line, id]))
    /** @type {Facts} */
    const facts = {}
    /** @type {SectionFacts | null} */
    let current = null
    /** @type {(id: string, line: number) => SectionFacts} */
    const open = (id, line) => (facts[id] = {id, line, numbers: [], spelled: [], code: [], links: [], texts: [], text: ''})

    for (const node of tree.children) {
      if (node.type === 'yaml') continue
      const line = node.position?.start.line ?? 1
      if (node.type === 'heading' && node.depth === 2) {
        const section = open(lines.get(line) ?? `line-${line}`, line)
        current = section
        // a heading is translated freely: only its words are kept, for the forbidden-term check
        walk(node, (child) => {
          if (child.type !== 'text') return
          const start = child.position?.start.offset ?? 0
          const exact = source.slice(start, child.position?.end.offset ?? start) === child.value
          section.texts.push({value: child.value, ...toPoint(start), exact})
        })
        continue
      }
      if (!current) current = open('intro', 1)
      const section = current
      walk(node, (child) => {
        const start = child.position?.start.offset ?? 0
        const end = child.position?.end.offset ?? start
        // where a value's character i is in the file: exact when written as is, else the node's start
        const at = (/** @type {string} */ value, /** @type {number} */ i) =>
          toPoint(source.slice(start, end) === value ? start + i : start)
        if (child.type === 'text') {
          section.texts.push({value: child.value, ...at(child.value, 0), exact: source.slice(start, end) === child.value})
          section.text += `${child.value}\n`
          for (const hit of numbersIn(child.value)) section.numbers.push({...hit, ...at(child.value, hit.index)})
          section.spelled.push(...spelledCounts(child.value))
        } else if (child.type === 'inlineCode') {
          section.code.push({value: child.value, ...toPoint(start)})
          section.text += `${child.value}\n`
        } else if (child.type === 'link' || child.type === 'image' || child.type === 'definition') {
          section.links.push({value: child.url, ...toPoint(start)})
        }
      })
    }
    file.data.sections = facts
    factsFound.set(tree, {source, facts})
  }
}

/**
 * The facts of each tree, for as long as the tree is kept (narrative trees are
 * never changed); shared by every file they are given to: nothing may change them.
 * @type {WeakMap<import('mdast').Root, {source: string, facts: Facts}>}
 */
const factsFound = new WeakMap()

/**
 * Call `each` on `node` and every node under it in document order: unist-util-visit without its per-node set-up.
 * @param {import('mdast').Nodes} node
 * @param {(node: import('mdast').Nodes) => void} each
 */
function walk(node, each) {
  each(node)
  if ('children' in node) for (const child of node.children) walk(child, each)
}

/**
 * @param {string} text
 * @returns {(offset: number) => Point}
 */
export function pointer(text) {
  const starts = [0]
  for (let i = 0; i < text.length; i++) if (text[i] === '\n') starts.push(i + 1)
  return (offset) => {
    let lo = 0
    let hi = starts.length - 1
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1
      if (starts[mid] <= offset) lo = mid
      else hi = mid - 1
    }
    return {line: lo + 1, column: offset - starts[lo] + 1}
  }
}
