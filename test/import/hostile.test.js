import {describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {formatProblem} from '../../tools/lib/problems.js'

/** @param {string} text */
function run(text) {
  const started = Date.now()
  const {result, problems} = importMarkdown(text, {path: 'x.md'})
  return {result, messages: problems.map(formatProblem), ms: Date.now() - started}
}

describe('hostile input', () => {
  it('should refuse a report without any table or stated figure', () => {
    const {result, messages} = run('# Bench - v2.0.0 vs v1.0.0\n\n## Results\n\nNothing was measured.\n')
    expect(result).toBeNull()
    expect(messages).toEqual(['x.md:1:1: error: No report found: expected result tables or stated figures under workload headings (e.g. `## Results` / `### Point Select`) [no-report]'])
  })

  it('should skip broken rows of a table and say where', () => {
    const text = '# Bench - v2.0.0\n\n## Results\n\n### Point Select\n\n| Threads | TPS |\n| --- | --- |\n| 8 | 100 |\n| nine | 200 |\n| 16 | lots |\n'
    const {result, messages} = run(text)
    expect(messages).toEqual([
      'x.md:10:3: warning: Unexpected thread count `nine`, expected a number or `threads * clients`; row skipped [threads]',
      'x.md:11:8: warning: Unexpected `lots` in column `TPS`, expected a number; cell skipped [number]'
    ])
    expect(result?.report.results).toEqual([{subject: 'v2.0.0', workload: 'oltp_point_select', threads: 8, tps: 100}])
  })

  it('should refuse a 50 MB file quickly with the limit in the message', () => {
    const {result, messages, ms} = run('a'.repeat(50 * 1024 * 1024))
    expect(result).toBeNull()
    expect(messages).toEqual(['x.md:1:1: error: File is 50.0 MB, over the 5 MB limit for one report; expected a single Markdown report [size-limit]'])
    expect(ms).toBeLessThan(2000)
  })

  it('should refuse binary bytes', () => {
    const {result, messages} = run('# v1.0.0\u0000\u0001\u0002')
    expect(result).toBeNull()
    expect(messages).toEqual(['x.md:1:1: error: Unexpected binary content (NUL bytes or invalid UTF-8), expected a UTF-8 Markdown report [binary]'])
  })

  it('should refuse deeply nested lists quickly', () => {
    const text = Array.from({length: 1000}, (_, i) => `${'  '.repeat(i)}- level ${i}`).join('\n')
    const {result, messages, ms} = run(text)
    expect(result).toBeNull()
    expect(messages).toEqual(['x.md:1:1: error: Unexpected nesting 1000 levels deep, expected at most 32 (lists or quotes) [nesting]'])
    expect(ms).toBeLessThan(2000)
  })

  it('should not crash on a large but shallow file of junk tables', () => {
    const rows = Array.from({length: 20000}, (_, i) => `| ${i} | x |`).join('\n')
    const {result, messages, ms} = run(`# T v1.0.0\n\n| a | b |\n| - | - |\n${rows}\n`)
    expect(result).toBeNull()
    expect(messages[0]).toMatch(/^x.md:1:1: error: No report found/)
    expect(ms).toBeLessThan(10000)
  })
})
