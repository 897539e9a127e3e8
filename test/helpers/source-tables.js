/**
 * A deliberately simple reader of the result tables of a Markdown source,
 * written for the tests and sharing no code with the importer: every GFM
 * table line, with the headings, bold labels and list items above it. Each
 * test says, per fixture and in its own words, which subject, workload,
 * dimension and measure a cell stands for; this reader only finds the cells.
 *
 * @typedef {{context: string[], header: string[], row: string[], column: number, text: string, caption: string[], prose: string[]}} SourceCell
 *   `caption`: the text lines right above and below the table; `prose`: every
 *   line of the document that is no table, heading or fence
 */

/**
 * @param {string} markdown
 * @returns {SourceCell[]}  every cell of every table body, header cells excluded
 */
export function sourceCells(markdown) {
  const lines = markdown.split(/\r?\n/)
  /** @type {string[]} */
  let headings = []
  /** @type {string | null} */
  let label = null
  /** @type {SourceCell[]} */
  const out = []
  const split = (/** @type {string} */ line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.trim())
  const isText = (/** @type {string | undefined} */ line) => line !== undefined && line.trim() !== '' && !/^\s*(#|\||```)/.test(line)
  const prose = lines.filter((l) => isText(l))
  /** @param {number} from @param {number} step  the first non-blank line from `from` on, in that direction */
  const near = (from, step) => {
    let k = from
    while (lines[k] !== undefined && lines[k].trim() === '') k += step
    return isText(lines[k]) ? [lines[k].trim()] : []
  }
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    const heading = /^(#+)\s+(.*)$/.exec(line)
    if (heading) {
      headings = [...headings.slice(0, heading[1].length - 1), heading[2]]
      label = null
      continue
    }
    const bold = /^\*\*(.+)\*\*$/.exec(line.trim())
    if (bold) label = bold[1]
    const item = /^[-*] (.*)$/.exec(line)
    if (item) label = item[1].replace(/`/g, '')
    // the delimiter row: `| --- |`, `| :---: |`
    if (!line.includes('|') || !/^\s*\|\s*:?-/.test(lines[i + 1] ?? '')) continue
    const header = split(line)
    const above = near(i - 1, -1)
    const first = out.length
    for (i += 2; i < lines.length && lines[i].includes('|'); i++) {
      const row = split(lines[i])
      row.forEach((text, column) => {
        out.push({context: [...headings, ...(label ? [label] : [])], header, row, column, text, caption: above, prose})
      })
    }
    const caption = [...above, ...near(i, 1)]
    for (const cell of out.slice(first)) cell.caption = caption
    i--
  }
  return out
}
