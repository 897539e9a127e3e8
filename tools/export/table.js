import {endOf, startOf} from './nodes.js'

/**
 * GFM tables as the export writes and reads them: a row a line, cells padded
 * by one space, `|` inside a cell escaped; read back as each cell's Markdown.
 */

/**
 * @param {string[]} header  cells, already Markdown
 * @param {Array<'left' | 'right'>} align
 * @param {string[][]} rows  cells, already Markdown
 * @returns {string}
 */
export function tableMarkdown(header, align, rows) {
  return [rowLine(header), `| ${align.map((a) => (a === 'right' ? '---:' : '---')).join(' | ')} |`, ...rows.map(rowLine)].join('\n')
}

/** A row's line. @param {string[]} cells  already Markdown */
function rowLine(cells) {
  return `|${cells.map((c) => (c === '' ? ' ' : ` ${c} `)).join('|')}|`
}

/**
 * A table node's cells as written (inline Markdown, trimmed, `\|` kept for the cell's reader).
 * @param {import('mdast').Table} table
 * @param {string} source  the document the tree was parsed from
 * @returns {{header: string[], rows: string[][]}}
 */
export function tableCells(table, source) {
  // by the cell's own place, not its children's: a URL in a cell (`http\://e.com`) becomes a link node with no place
  /** @param {import('mdast').TableCell} cell  from its `|` to the next cell's, or the row's last `|` */
  const text = (cell) => source.slice(startOf(cell), endOf(cell)).replace(/^\|/, '').replace(/(?<!\\)\|\s*$/, '').trim()
  const [head, ...body] = table.children.map((row) => row.children.map(text))
  return {header: head ?? [], rows: body}
}
