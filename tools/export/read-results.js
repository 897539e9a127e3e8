import {importNarrative} from './narrative.js'
import {headingId, headingText, labelPattern, readCodeSpan, readDataText, readWorkloadName} from './text.js'
import {tableCells} from './table.js'
import {raw} from './read-sections.js'
import {endOf, startOf} from './nodes.js'

/**
 * The results section read back: each workload from the end of its part, the reverse
 * of write-results.js's order; before the result table is the narrative's note, kept
 * as written (a table it keeps stays narrative). The points are the sidecar's.
 *
 * @typedef {import('./read.js').Reading} Reading
 * @typedef {import('./read.js').Section} Section
 * @typedef {import('mdast').RootContent} Node
 * @typedef {{name: string, start: number, end: number, nodes: Node[]}} WorkloadPart  a workload's nodes below its heading
 */

/** @param {Reading} st @param {Section} section */
export function readResults(st, section) {
  /** @type {WorkloadPart[]} */
  const workloads = []
  for (const node of section.nodes) {
    if (node.type === 'heading' && node.depth === 3) {
      const text = raw(st, node).replace(/^#+\s*/, '')
      const id = headingId(text)
      const name = id?.startsWith('workload-') ? id.slice('workload-'.length) : readCodeSpan(headingText(text))
      const last = workloads.at(-1)
      if (last) last.end = startOf(node)
      workloads.push({name, start: endOf(node), end: section.end, nodes: []})
    } else workloads.at(-1)?.nodes.push(node)
  }
  for (const w of workloads) readWorkload(st, w)
}

/**
 * @param {Reading} st
 * @param {WorkloadPart} w
 */
function readWorkload(st, w) {
  const {nodes} = w
  let i = nodes.length
  const last = (/** @type {number} */ back) => (i >= back ? nodes[i - back] : undefined)
  if (i >= 1 && isChart(nodes[i - 1])) i--
  while (i >= 1 && isHeadline(st, nodes[i - 1])) i--
  // the sidecar has the points: the table of a workload with points is the page's, not read
  const points = (st.facts.results ?? []).some((p) => p.workload === w.name)
  // the table, and the paragraph under it that states what holds for every point
  const below = points && last(1)?.type === 'paragraph' && isPageTable(st, last(2)) ? 1 : 0
  if (points && isPageTable(st, last(below + 1))) [i, st.stats.tables] = [i - below - 1, st.stats.tables + 1]
  const dataStart = i < nodes.length ? startOf(nodes[i]) : w.end
  const note = st.source.slice(w.start, dataStart).trim()
  if (note) st.narrative.set(`workload-${w.name}`, importNarrative(note, {shift: 1}))
}

/** @param {Node} node */
const isChart = (node) => node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'image'

/**
 * The page's result table (write-results.js), headed by the workload's dimensions and threads.
 * @param {Reading} st @param {Node | undefined} node
 */
function isPageTable(st, node) {
  return node?.type === 'table' && tableCells(node, st.source).header.slice(0, (st.facts.dimensions ?? []).length + 1).includes(st.L('result_threads'))
}

/** A headline sentence, known by its words up to the baseline (`v2 compared with v1`). @param {Reading} st @param {Node} node */
const isHeadline = (st, node) => node.type === 'paragraph' && labelPattern(`${st.L('result_headline').split('{{ .baseline }}')[0]}{{ .baseline }}{{ .rest }}`)(raw(st, node)) !== null

/**
 * The summary table: the authors' stated changes become the report's headlines.
 * @param {Reading} st @param {Section} section
 */
export function readSummary(st, section) {
  for (const node of section.nodes) {
    if (node.type !== 'table') continue
    st.stats.tables++
    const {header, rows} = tableCells(node, st.source)
    // the column is there when the data states a figure (write.js)
    const at = header.indexOf(st.L('summary_stated'))
    for (const row of at < 0 ? [] : rows) {
      const stated = row[at] ?? st.missing
      if (stated === st.missing) continue
      const text = stated.replace(/%$/, '').replace(/^\+/, '').replace(/^−/, '-').replace(/,/g, '')
      st.headlineText.set(`${st.headlines.length}`, text)
      st.headlines.push({workload: readWorkloadName(row[0] ?? ''), subject: st.idOf(readDataText(row[1] ?? '')), change: Number(text)})
    }
  }
}
