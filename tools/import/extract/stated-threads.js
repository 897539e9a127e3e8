import {namedThreads} from '../headlines.js'
import {childrenOf, plainText} from '../text.js'

/**
 * The thread count a table without a threads column (`TiDB nodes | QPS`) ran at, as
 * the report states it: in its caption, else its section's prose, else the report's
 * prose or run commands. The nearest place decides; two counts there are ambiguous.
 *
 * @typedef {{threads: number[], start: number, end: number, section: number}} Statement
 *   `section`: offset of the heading above it (-1: none)
 * @typedef {{threads: number, where: string} | {threads: null, stated: number[], where: string | null}} StatedThreads
 */

/**
 * Every statement of a thread count in the document, read once.
 * @param {import('mdast').Root} tree
 * @returns {{statements: Statement[], headings: number[]}}
 */
export function threadStatements(tree) {
  /** @type {Statement[]} */
  const statements = []
  /** @type {number[]} */
  const headings = []
  let section = -1
  /** @param {import('mdast').Nodes} node */
  const walk = (node) => {
    const start = node.position?.start.offset ?? 0
    const end = node.position?.end.offset ?? start
    if (node.type === 'heading') {
      section = start
      headings.push(start)
      return
    }
    if (node.type === 'paragraph') {
      const threads = namedThreads(plainText(node)).map((n) => n.threads)
      if (threads.length > 0) statements.push({threads, start, end, section})
      return
    }
    if (node.type === 'code') {
      const threads = runThreads(node.value)
      // a command states the report's threads, not its section's
      if (threads.length > 0) statements.push({threads, start: -1, end: -1, section: -2})
      return
    }
    if (node.type === 'table' || node.type === 'html') return
    for (const child of childrenOf(node)) walk(child)
  }
  walk(tree)
  return {statements, headings}
}

/**
 * `--threads=256` of each sysbench run command in a code block.
 * @param {string} code
 */
function runThreads(code) {
  return code.split('\n').flatMap((line) => {
    const m = /sysbench/.test(line) && /\brun\b/.test(line) ? /--threads[=\s]+(\d+)/.exec(line) : null
    return m ? [Number(m[1])] : []
  })
}

/**
 * @param {{statements: Statement[], headings: number[]}} found  threadStatements(tree)
 * @param {string} source  the document (what lies between a caption and its table)
 * @param {{start: number, end: number}} table  the table's offsets
 * @returns {StatedThreads}
 */
export function statedThreadsFor({statements, headings}, source, table) {
  const section = headings.filter((h) => h < table.start).at(-1) ?? -1
  const blank = (/** @type {number} */ from, /** @type {number} */ to) => from <= to && source.slice(from, to).trim() === ''
  const levels = /** @type {Array<[string, (s: Statement) => boolean]>} */ ([
    ['its caption', (s) => s.start >= 0 && (blank(s.end, table.start) || blank(table.end, s.start))],
    ['its section', (s) => s.section === section],
    ['the report', () => true]
  ])
  for (const [where, holds] of levels) {
    const stated = [...new Set(statements.filter(holds).flatMap((s) => s.threads))]
    if (stated.length === 1) return {threads: stated[0], where}
    if (stated.length > 1) return {threads: null, stated: stated.sort((a, b) => a - b), where}
  }
  return {threads: null, stated: [], where: null}
}
