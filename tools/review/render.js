import {escapeHtml} from '../lib/escape-html.js'

/**
 * Blocks of a review rendered as GitHub-flavoured Markdown or as plain text.
 *
 * @typedef {{type: 'heading', depth: 1 | 2 | 3, text: string}
 *   | {type: 'paragraph', text: string}
 *   | {type: 'list', items: string[]}
 *   | {type: 'table', head: string[], right: boolean[], rows: string[][]}
 *   | {type: 'code', lines: string[]}
 *   | {type: 'details', summary: string, blocks: Block[]}} Block
 * @typedef {{code: (text: string) => string, strong: (text: string) => string}} Inline
 */

/** @type {Record<'markdown' | 'text', Inline>} */
export const INLINE = {
  markdown: {
    code: (text) => {
      const ticks = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1)
      const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
      return `${ticks}${pad}${text}${pad}${ticks}`
    },
    strong: (text) => `**${text}**`
  },
  text: {code: (text) => text, strong: (text) => text}
}

/**
 * @param {Block[]} blocks
 */
export function renderMarkdown(blocks) {
  return `${blocks.map(markdownBlock).join('\n\n')}\n`
}

/** @param {Block} b @returns {string} */
function markdownBlock(b) {
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
  const row = (/** @type {string[]} */ cells) => `| ${cells.map(cell).join(' | ')} |`
  switch (b.type) {
    case 'heading':
      return `${'#'.repeat(b.depth)} ${b.text}`
    case 'paragraph':
      return b.text
    case 'list':
      return b.items.map((i) => `- ${i}`).join('\n')
    case 'table':
      return [row(b.head), row(b.right.map((r) => (r ? '---:' : '---'))), ...b.rows.map(row)].join('\n')
    case 'code':
      return ['```', ...b.lines, '```'].join('\n')
    case 'details':
      // Blank lines around the content, or GitHub renders it as raw text.
      return [`<details><summary>${escapeHtml(b.summary)}</summary>`, ...b.blocks.map(markdownBlock), '</details>'].join('\n\n')
  }
}

/**
 * @param {Block[]} blocks
 */
export function renderText(blocks) {
  return `${blocks.map(textBlock).join('\n\n')}\n`
}

/** @param {Block} b @returns {string} */
function textBlock(b) {
  switch (b.type) {
    case 'heading':
      return b.depth === 3 ? `${b.text}:` : `${b.text}\n${(b.depth === 1 ? '=' : '-').repeat(b.text.length)}`
    case 'paragraph':
      return b.text
    case 'list':
      return b.items.map((i) => `- ${i}`).join('\n')
    case 'table': {
      const all = [b.head, ...b.rows]
      const widths = b.head.map((_, i) => Math.max(...all.map((r) => r[i].length)))
      const line = (/** @type {string[]} */ cells) =>
        cells.map((c, i) => (b.right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()
      return [line(b.head), line(widths.map((w) => '-'.repeat(w))), ...b.rows.map(line)].join('\n')
    }
    case 'code':
      return b.lines.map((l) => `    ${l}`).join('\n')
    case 'details':
      return [`${b.summary}\n${'~'.repeat(b.summary.length)}`, ...b.blocks.map(textBlock)].join('\n\n')
  }
}
