import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {describe, expect, it} from 'vitest'
import {MIN_ROWS, cutTables, restoreTables} from '../../tools/import/fast-tables.js'

const parser = unified().use(remarkParse).use(remarkGfm)

/** @param {string} text */
function bothWays(text) {
  const cut = cutTables(text)
  const fast = parser.parse(cut.text)
  restoreTables(fast, cut)
  return {micromark: parser.parse(text), fast, cut: cut.tables.size}
}

/** @param {number} n @param {string} indent */
function rows(n, indent) {
  return Array.from({length: n}, (_, i) => `${indent}| ${i + 1} |  ${(250 + i * 0.25).toFixed(2)} | a  b |${i % 5 ? ' 7 ' : ''}|`).join('\n')
}

describe('large plain tables read without micromark', () => {
  it('should give the same tree as micromark, places included, for a table in a list item', () => {
    const text = `# T\n\n- item\n\n  | Threads | QPS | note | x |\n  | :- | --: | :-: | - |\n${rows(MIN_ROWS, '  ')}\n\nafter\n`
    const {micromark, fast, cut} = bothWays(text)
    expect(cut).toBe(1)
    expect(fast).toEqual(micromark)
  })

  it('should give the same places as micromark after two cut tables, at the top and in a list item', () => {
    const table = (/** @type {string} */ indent) => `${indent}| a | b | c | d |\n${indent}| - | - | - | - |\n${rows(MIN_ROWS, indent)}`
    const text = `# T\n\n${table('')}\n\nbetween *x*\n\n- item\n\n${table('  ')}\n\n  more\n\n## After\n\nlast \`code\`\n`
    const {micromark, fast, cut} = bothWays(text)
    expect(cut).toBe(2)
    expect(fast).toEqual(micromark)
  })

  it('should leave tables in code fences and HTML comments, small tables and tables followed by text to micromark', () => {
    const table = `| a | b | c | d |\n| - | - | - | - |\n${rows(MIN_ROWS, '')}`
    const text = `\`\`\`\n${table}\n\`\`\`\n\n<!--\n${table}\n-->\n\n${table.split('\n').slice(0, 12).join('\n')}\n\n${table}\nlazy row\n`
    const {micromark, fast, cut} = bothWays(text)
    expect(cut).toBe(0)
    expect(fast).toEqual(micromark)
  })

  it('should leave a table whose cells hold Markdown to micromark', () => {
    const text = `| a | b | c | d |\n| - | - | - | - |\n${rows(MIN_ROWS, '')}\n| 3\\*8 | **1** | x | y |\n`
    expect(bothWays(text).cut).toBe(0)
  })
})
