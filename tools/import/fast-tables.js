/**
 * Large plain tables read without micromark, which takes about 0.3 ms a row.
 * A table of at least `MIN_ROWS` rows whose cells hold no Markdown syntax is
 * cut out of the text before parsing (a one-line comment in its place) and
 * put back into the tree as micromark would have made it, places included
 * (`test/import/fast-tables.test.js` compares the two). Any table this reader
 * is not sure of is left to micromark.
 *
 * @typedef {import('mdast').Table} Table
 * @typedef {import('mdast').TableRow} TableRow
 * @typedef {{line: number, column: number, offset: number}} Place
 */

export const MIN_ROWS = 200

/** Anything that could be Markdown inside a cell: escapes, code, emphasis, HTML, links, entities, autolinks. */
const SYNTAX = /[\\`*_<>[\]&!~]|www\.|:\/\/|@/
const DELIMITER_CELL = /^\s*:?-+:?\s*$/

/**
 * @typedef {{at: number, offset: number, lines: number, line: number, column: number}} Shift
 *   from offset `at` of the text parsed on, places are `offset` characters
 *   and `lines` lines further in the original; on the comment's own `line`
 *   (its end), `column` columns further too
 * @typedef {{text: string, tables: Map<number, Table>, shifts: Shift[]}} Cut
 */

/**
 * @param {string} text
 * @returns {Cut}  the text to parse, the tables cut out by start offset, and
 *   how far places after each moved
 */
export function cutTables(text) {
  /** @type {Map<number, Table>} */
  const tables = new Map()
  /** @type {Shift[]} */
  const shifts = []
  if (!text.includes('|')) return {text, tables, shifts}
  const lines = splitLines(text)
  /** @type {string[]} */
  const parts = []
  let copied = 0
  const skip = hiddenLines(lines)
  for (let i = 0; i + 1 < lines.length; i++) {
    if (skip.has(i) || (i > 0 && lines[i - 1].text.trim() !== '')) continue
    const table = readPlainTable(lines, i)
    if (!table) continue
    const first = lines[i]
    const last = lines[table.end - 1]
    const indent = first.text.length - first.text.trimStart().length
    const start = first.offset + indent
    const end = last.offset + last.text.length
    const before = shifts.at(-1) ?? {offset: 0, lines: 0}
    parts.push(text.slice(copied, start), COMMENT)
    shifts.push({
      at: start - before.offset + COMMENT.length,
      offset: before.offset + end - start - COMMENT.length,
      lines: before.lines + table.end - 1 - i,
      line: i + 1 - before.lines,
      column: last.text.length - indent - COMMENT.length
    })
    copied = end
    tables.set(start, table.node)
    i = table.end - 1
  }
  if (tables.size === 0) return {text, tables, shifts}
  parts.push(text.slice(copied))
  return {text: parts.join(''), tables, shifts}
}

/** What a cut table is replaced by: the parser skips it in one token. */
const COMMENT = '<!---->'

/**
 * Move places after each cut table back to the original text's, and put the tables back.
 * @param {import('mdast').Root} tree
 * @param {Cut} cut
 */
export function restoreTables(tree, {tables, shifts}) {
  if (tables.size === 0) return
  /** @type {Set<object>} */
  const moved = new Set()
  /** @param {{line: number, column: number, offset?: number} | undefined} point */
  const move = (point) => {
    if (!point || point.offset === undefined || moved.has(point)) return
    moved.add(point)
    const shift = shifts.findLast((x) => /** @type {number} */ (point.offset) >= x.at)
    if (!shift) return
    if (point.line === shift.line) point.column += shift.column
    point.offset += shift.offset
    point.line += shift.lines
  }
  /** @param {import('mdast').Nodes} node */
  const walk = (node) => {
    move(node.position?.start)
    move(node.position?.end)
    if (!('children' in node)) return
    // a table goes where its comment was: any block's place
    const children = /** @type {import('mdast').Nodes[]} */ (node.children)
    for (let i = 0; i < children.length; i++) {
      const child = children[i]
      walk(child)
      const offset = child.type === 'html' ? child.position?.start.offset : undefined
      const table = offset !== undefined ? tables.get(offset) : undefined
      if (table) children[i] = table
    }
  }
  walk(tree)
}

/**
 * Lines inside fenced code or an HTML comment: what looks like a table there is not one.
 * @param {Array<{text: string, offset: number}>} lines
 * @returns {Set<number>}
 */
function hiddenLines(lines) {
  const hidden = new Set()
  /** @type {string | null} */
  let fence = null
  let comment = false
  lines.forEach((l, i) => {
    const open = /^\s*(`{3,}|~{3,})/.exec(l.text)
    if (fence !== null || comment) hidden.add(i)
    if (fence !== null) {
      if (open && open[1][0] === fence[0] && open[1].length >= fence.length) fence = null
    } else if (comment) {
      if (l.text.includes('-->')) comment = false
    } else if (open) {
      fence = open[1]
      hidden.add(i)
    } else if (l.text.lastIndexOf('<!--') > l.text.lastIndexOf('-->')) {
      comment = true
      hidden.add(i)
    }
  })
  return hidden
}

/**
 * @param {string} text
 * @returns {Array<{text: string, offset: number}>}
 */
function splitLines(text) {
  const out = []
  let offset = 0
  for (const line of text.split('\n')) {
    out.push({text: line.endsWith('\r') ? line.slice(0, -1) : line, offset})
    offset += line.length + 1
  }
  return out
}

/**
 * The table starting at line `i`, when it is large and plain.
 * @param {Array<{text: string, offset: number}>} lines
 * @param {number} i
 * @returns {{node: Table, end: number} | null}  end: the index of the line after it
 */
function readPlainTable(lines, i) {
  const head = lines[i].text
  const indent = head.length - head.trimStart().length
  const prefix = head.slice(0, indent)
  if (!/^[ ]*$/.test(prefix) || !isRow(head, prefix) || head.trimEnd().length - indent < 4) return null
  const delimiter = lines[i + 1].text
  if (!isRow(delimiter, prefix)) return null
  const width = cellsOf(head.slice(indent)).length
  const marks = cellsOf(delimiter.slice(indent))
  if (marks.length !== width || !marks.every((m) => DELIMITER_CELL.test(m.text))) return null
  let end = i + 2
  while (end < lines.length && isRow(lines[end].text, prefix)) end++
  if (end - i - 2 < MIN_ROWS) return null
  // The table must end at a blank line or the end: a following text line would be a row.
  if (end < lines.length && lines[end].text.trim() !== '') return null
  /** @type {TableRow[]} */
  const rows = []
  for (let j = i; j < end; j++) {
    if (j === i + 1) continue
    const row = rowNode(lines[j], j + 1, indent, width)
    if (!row) return null
    rows.push(row)
  }
  const align = marks.map((m) => alignOf(m.text.trim()))
  const start = /** @type {Place} */ (rows[0].position?.start)
  const stop = /** @type {Place} */ (rows.at(-1)?.position?.end)
  return {node: {type: 'table', align, children: rows, position: {start, end: stop}}, end}
}

/** @param {string} line @param {string} prefix */
function isRow(line, prefix) {
  if (!line.startsWith(prefix)) return false
  const rest = line.slice(prefix.length)
  return rest.startsWith('|') && rest.trimEnd().endsWith('|') && rest.trimEnd().length > 1
}

/**
 * Cells between the pipes of `| a | b |`, with their start index in the text.
 * @param {string} text  the row, from its first pipe
 * @returns {Array<{text: string, at: number}>}
 */
function cellsOf(text) {
  const trimmed = text.trimEnd()
  const out = []
  let at = 0
  while (at < trimmed.length - 1) {
    const next = trimmed.indexOf('|', at + 1)
    out.push({text: trimmed.slice(at + 1, next), at})
    at = next
  }
  return out
}

/**
 * A row as mdast: each cell runs from its pipe to the next; the last also
 * holds the closing pipe; the text starts and ends at non-space characters.
 * @param {{text: string, offset: number}} line
 * @param {number} lineNo
 * @param {number} indent
 * @param {number} width
 * @returns {TableRow | null}  null when a cell could hold Markdown or the row has another width
 */
function rowNode(line, lineNo, indent, width) {
  const cells = cellsOf(line.text.slice(indent))
  if (cells.length !== width) return null
  const place = (/** @type {number} */ index) => ({line: lineNo, column: indent + index + 1, offset: line.offset + indent + index})
  const closing = line.text.slice(indent).trimEnd().length
  /** @type {import('mdast').TableCell[]} */
  const children = []
  for (let k = 0; k < cells.length; k++) {
    const c = cells[k]
    if (SYNTAX.test(c.text)) return null
    const end = k === cells.length - 1 ? closing : cells[k + 1].at
    const value = c.text.trim()
    const from = c.at + 1 + (c.text.length - c.text.trimStart().length)
    children.push({
      type: 'tableCell',
      children: value === '' ? [] : [{type: 'text', value, position: {start: place(from), end: place(from + value.length)}}],
      position: {start: place(c.at), end: place(end)}
    })
  }
  return {type: 'tableRow', children, position: {start: place(0), end: place(closing)}}
}

/** @param {string} mark @returns {'left' | 'right' | 'center' | null} */
function alignOf(mark) {
  const left = mark.startsWith(':')
  const right = mark.endsWith(':')
  return left && right ? 'center' : left ? 'left' : right ? 'right' : null
}
