import {describe, expect, test} from 'vitest'
import {parse} from 'yaml'
import {compareVerdicts} from '../../tools/review/verdicts.js'

/** b against baseline a at one thread count and two table sizes: points that differ only by a dimension. */
const REPORT = `id: sizes
kind: comparison
subjects:
  - {id: a, product: X, version: '1.0'}
  - {id: b, product: X, version: '2.0'}
metric: tps
dimensions:
  - {name: table_size, label: dimension_table_size, unit: rows}
plan:
  workloads:
    - {name: oltp_insert, threads: [8]}
results:
  - {subject: a, workload: oltp_insert, threads: 8, dimensions: {table_size: 1000}, tps: 100}
  - {subject: b, workload: oltp_insert, threads: 8, dimensions: {table_size: 1000}, tps: 110}
  - {subject: a, workload: oltp_insert, threads: 8, dimensions: {table_size: 100000}, tps: 50}
  - {subject: b, workload: oltp_insert, threads: 8, dimensions: {table_size: 100000}, tps: 40}
`

describe('compareVerdicts', () => {
  test('should tell apart cells that differ only by a dimension, and report only the one whose point changed', () => {
    const now = REPORT.replace('dimensions: {table_size: 100000}, tps: 40', 'dimensions: {table_size: 100000}, tps: 45')
    const {cells} = compareVerdicts(parse(REPORT), parse(now))
    expect(cells.map((c) => [c.subject, c.threads, c.dimensions, c.measure, c.old && Number(c.old.change.toFixed(9)), c.new && Number(c.new.change.toFixed(9))])).toEqual([
      ['b', 8, {table_size: 100000}, 'tps', -20, -10]
    ])
  })

  test('should list a cell of each dimension value when a report is added', () => {
    const {cells} = compareVerdicts(null, parse(REPORT))
    expect(cells.map((c) => [c.dimensions?.table_size, c.old, c.new?.verdict])).toEqual([
      [1000, null, 'single_run'],
      [100000, null, 'single_run']
    ])
  })

  test('should give each side\'s intervals the confidence its report was measured at: 95 %, or 98.3 % under a stopping rule of three looks', () => {
    const ruled = REPORT.replace('plan:\n', 'plan:\n  repeats: {min: 2, max: 4, margin: 2}\n')
    const {cells} = compareVerdicts(parse(REPORT), parse(ruled.replace('tps: 40', 'tps: 45')))
    expect(cells.map((c) => [c.old?.level, c.new?.level])).toEqual([[95, 98.3]])
  })
})
