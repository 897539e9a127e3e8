import {describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {writtenNumber} from '../../tools/export/yaml-out.js'
import {heldSourceDoc} from '../../tools/lib/yaml-held.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {validateReportDoc, validateReportText} from '../../tools/validate/index.js'

/**
 * A report whose results are written one line a point (300 rows, 600
 * points), a plan with 300 thread counts on one line, a stated headline, and
 * p95 latencies below the average in every tenth row (a warning at a point).
 */
function imported() {
  const rows = Array.from({length: 300}, (_, i) => {
    const a = 500 + i * 2.5
    const avg = i % 10 === 0 ? 9.5 : 1.5
    return `| ${i + 1} | ${a.toFixed(2)} | ${(a * 1.1).toFixed(2)} | ${avg.toFixed(2)} | ${(avg * 0.9).toFixed(2)} | 2.10 | 2.00 |`
  })
  const text = [
    '# TiDB v9.9.1 vs v9.9.0',
    '',
    '## Results',
    '',
    '### Point Select',
    '',
    'The v9.9.1 TPS improved by 10.00%.',
    '',
    '| Threads | v9.9.0 TPS | v9.9.1 TPS | v9.9.0 avg latency (ms) | v9.9.1 avg latency (ms) | v9.9.0 95% latency (ms) | v9.9.1 95% latency (ms) |',
    '| --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
    ''
  ].join('\n')
  const {result} = importMarkdown(text, {path: 'held.md'})
  if (!result) throw new Error('not imported')
  const {written} = result
  return {result, held: heldSourceDoc('held.yaml', result.yaml, result.report, (path, value) => writtenNumber(value, written.get(path.join('/'))))}
}

describe('the importer validates the data it holds, not the YAML parsed back', () => {
  it('should give the problems, places and source text that parsing the written YAML gives', () => {
    const {result, held} = imported()
    expect(result.yaml).toContain('results:\n  - { subject: v9.9.0')
    const parsed = parseYamlSource('held.yaml', result.yaml)
    const paths = [
      ['id'], ['plan'], ['plan', 'workloads', 0, 'name'], ['plan', 'workloads', 0, 'threads'], ['plan', 'workloads', 0, 'threads', 250],
      ['results'], ['results', 0], ['results', 17, 'tps'], ['results', 599, 'latency_p95'], ['results', 599, 'nothing'], ['results', 600],
      ['headlines', 0, 'change'], ['headlines'], ['subjects', 1, 'version']
    ]
    for (const path of paths) {
      expect([path, held.placeOf(path)]).toEqual([path, parsed.placeOf(path)])
      expect([path, held.placeOf(path, true)]).toEqual([path, parsed.placeOf(path, true)])
      expect([path, held.sourceOf(path)]).toEqual([path, parsed.sourceOf(path)])
    }
    expect(held.data).toEqual(parsed.data)
    const fromHeld = validateReportDoc(held).problems
    expect(fromHeld.filter((p) => p.rule === 'p95-not-below-avg')).toHaveLength(60)
    expect(fromHeld).toEqual(validateReportText('held.yaml', result.yaml).problems)
    // without the derivation a build needs: the same problems
    expect(validateReportDoc(held, {derive: false}).problems).toEqual(fromHeld)
  })
})
