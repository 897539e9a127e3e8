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

  it('should name the cell of a figure its own validator refuses, and of one no number can hold, and write nothing', () => {
    const table = (/** @type {string} */ row) => `# Bench - v2.0.0\n\n## Results\n\n### Point Select\n\n| Threads | TPS | 95% latency (ms) |\n| --- | --- | --- |\n${row}\n`
    const negative = run(table('| 8 | -5 | -1.5 |'))
    expect(negative.result).toBeNull()
    expect(negative.messages).toEqual([
      'x.md:9:7: error: Imported data: Unexpected `-5` at `results.0.tps`, expected a number > 0 (a measured throughput is never 0 or negative; leave out a figure that was not measured, or record the point\'s `error`) [schema/exclusiveMinimum]',
      'x.md:9:12: error: Imported data: Unexpected `-1.5` at `results.0.latency_p95`, expected a number ≥ 0 (a latency or duration is never negative) [schema/minimum]'
    ])
    const threads = run(table('| 200000 | 100 | 2.5 |'))
    expect(threads.messages).toEqual([
      'x.md:9:3: error: Imported data: Unexpected `200000` at `plan.workloads.0.threads.0`, expected at most 100,000 [schema/maximum]',
      'x.md:9:3: error: Imported data: Unexpected `200000` at `results.0.threads`, expected at most 100,000 [schema/maximum]'
    ])
    const huge = run(table(`| 8 | 1${'0'.repeat(400)} | 2.5 |`))
    expect(huge.result).toBeNull()
    expect(huge.messages).toEqual(['x.md:9:7: error: Unexpected number `100000000000…` (401 digits) in column `TPS`, too large to record (at most about 1.8e308); expected the figure as measured [number-range]'])
  })

  it('should skip a row of no clients (`8 * 0`), saying so', () => {
    const {result, messages} = run('# Bench - v2.0.0\n\n## Results\n\n### Point Select\n\n| Threads | TPS |\n| --- | --- |\n| 8 | 100 |\n| 8 * 0 | 200 |\n')
    expect(messages).toEqual(['x.md:10:3: warning: Unexpected thread count `8 * 0`, expected a number or `threads * clients`; row skipped [threads]'])
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
    expect(messages).toEqual(['x.md:1:1: error: Unexpected binary content (NUL bytes), expected a UTF-8 Markdown report [binary]'])
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
