import {describe, expect, test} from 'vitest'
import {compareNarrative, compareReports, diffLines, isEmptyChange} from '../../tools/review/compare.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'

/** A small comparison report: b against baseline a, one workload, two thread counts. */
const BASE = `id: small
kind: comparison
subjects:
  - {id: a, product: X, version: '1.0'}
  - {id: b, product: X, version: '2.0'}
metric: tps
plan:
  time: 60
  workloads:
    - {name: oltp_insert, threads: [8, 16]}
headlines:
  - {workload: oltp_insert, subject: b, change: 15}
results:
  - {subject: a, workload: oltp_insert, threads: 8, tps: 100, latency_p95: 2.00}
  - {subject: b, workload: oltp_insert, threads: 8, tps: 110, latency_p95: 1.90}
  - {subject: a, workload: oltp_insert, threads: 16, tps: 200, latency_p95: 4.00}
  - {subject: b, workload: oltp_insert, threads: 16, tps: 240, latency_p95: 3.50}
`

/** @param {string} text */
const side = (text) => {
  const doc = parseYamlSource('small.yaml', text)
  return {report: /** @type {any} */ (doc.data), sourceOf: doc.sourceOf}
}

/**
 * @param {string} text
 * @param {Array<[string, string]>} edits
 */
const edit = (text, edits) =>
  edits.reduce((t, [from, to]) => {
    expect(t).toContain(from)
    return t.replace(from, to)
  }, text)

describe('compareReports', () => {
  test('should give a changed measure old → new with its % change and recorded decimals', () => {
    const change = compareReports(side(BASE), side(edit(BASE, [['tps: 110, latency_p95: 1.90', 'tps: 121, latency_p95: 1.90']])))
    expect(change.points).toEqual({
      changed: [
        {
          point: {subject: 'b', workload: 'oltp_insert', threads: 8, clients: 1},
          measures: [{measure: 'tps', old: {value: 110, decimals: 0}, new: {value: 121, decimals: 0}, change: 10}]
        }
      ],
      added: [],
      removed: []
    })
    expect(change.fields).toEqual([])
  })

  test('should keep the decimals a latency was written with', () => {
    const change = compareReports(side(BASE), side(edit(BASE, [['latency_p95: 3.50', 'latency_p95: 3.20']])))
    expect(change.points.changed[0].measures).toEqual([
      {measure: 'latency_p95', old: {value: 3.5, decimals: 2}, new: {value: 3.2, decimals: 2}, change: -8.571428571428566}
    ])
  })

  test('should list an added and a removed point with their figures', () => {
    const now = edit(BASE, [
      ['  - {subject: b, workload: oltp_insert, threads: 16, tps: 240, latency_p95: 3.50}\n', ''],
      ['threads: [8, 16]', 'threads: [8, 16, 32]']
    ]).concat('  - {subject: b, workload: oltp_insert, threads: 32, clients: 2, tps: 300.5}\n')
    const change = compareReports(side(BASE), side(now))
    expect(change.points.added).toEqual([
      {point: {subject: 'b', workload: 'oltp_insert', threads: 32, clients: 2}, figures: [{measure: 'tps', figure: {value: 300.5, decimals: 1}}]}
    ])
    expect(change.points.removed).toEqual([
      {
        point: {subject: 'b', workload: 'oltp_insert', threads: 16, clients: 1},
        figures: [
          {measure: 'tps', figure: {value: 240, decimals: 0}},
          {measure: 'latency_p95', figure: {value: 3.5, decimals: 2}}
        ]
      }
    ])
    expect(change.fields).toEqual([{path: 'plan.workloads[oltp_insert].threads', old: [8, 16], new: [8, 16, 32]}])
  })

  test('should give the derived headline old → new and a changed stated headline', () => {
    const change = compareReports(
      side(BASE),
      side(edit(BASE, [['tps: 240', 'tps: 250'], ['change: 15}', 'change: 17.50}']]))
    )
    expect(change.headlines).toEqual([
      {
        workload: 'oltp_insert',
        subject: 'b',
        metric: 'tps',
        derived: {old: 15, new: 17.5},
        stated: {old: {value: 15, decimals: 0}, new: {value: 17.5, decimals: 2}}
      }
    ])
  })

  test('should not list headlines that did not change', () => {
    const change = compareReports(side(BASE), side(edit(BASE, [['latency_p95: 2.00', 'latency_p95: 2.10']])))
    expect(change.headlines).toEqual([])
  })

  test('should summarise plan and subject changes field by field', () => {
    const now = edit(BASE, [
      ['time: 60', 'time: 300\n  tables: 4'],
      ["{id: b, product: X, version: '2.0'}", "{id: b, product: X, version: '2.1', components: [{name: server, git_hash: abcdef1}]}"]
    ])
    expect(compareReports(side(BASE), side(now)).fields).toEqual([
      {path: 'subjects[b].version', old: '2.0', new: '2.1'},
      {path: 'subjects[b].components', old: undefined, new: [{name: 'server', git_hash: 'abcdef1'}]},
      {path: 'plan.time', old: 60, new: 300},
      {path: 'plan.tables', old: undefined, new: 4}
    ])
  })

  test('should match subjects by id, not by position, when one is inserted', () => {
    const now = edit(BASE, [["  - {id: a, product: X, version: '1.0'}\n", "  - {id: a, product: X, version: '1.0'}\n  - {id: c, product: X, version: '3.0'}\n"]])
    expect(compareReports(side(BASE), side(now)).fields).toEqual([
      {path: 'subjects[c]', old: undefined, new: {id: 'c', product: 'X', version: '3.0'}}
    ])
  })

  test('should compare multi-line parameters by line', () => {
    const params = (/** @type {string} */ size) => `parameters:\n  - component: server\n    format: ini\n    content: |\n      a = 1\n      size = ${size}\n`
    const change = compareReports(side(BASE + params('1G')), side(BASE + params('2G')))
    expect(change.fields).toEqual([
      {
        path: 'parameters[server].content',
        old: 'a = 1\nsize = 1G\n',
        new: 'a = 1\nsize = 2G\n',
        lines: {removed: ['size = 1G'], added: ['size = 2G']}
      }
    ])
  })

  test('should summarise an added report and give its headlines', () => {
    const change = compareReports(null, side(BASE))
    expect(change.status).toBe('added')
    expect(change.summary).toEqual({subjects: ['a', 'b'], workloads: ['oltp_insert'], points: 4})
    expect(change.headlines).toEqual([
      {
        workload: 'oltp_insert',
        subject: 'b',
        metric: 'tps',
        derived: {old: null, new: 15},
        stated: {old: null, new: {value: 15, decimals: 0}}
      }
    ])
  })

  test('should summarise a removed report', () => {
    const change = compareReports(side(BASE), null)
    expect(change.status).toBe('removed')
    expect(change.summary).toEqual({subjects: ['a', 'b'], workloads: ['oltp_insert'], points: 4})
  })

  test('should find nothing when only comments and layout changed', () => {
    const now = `# a comment\n${BASE.replace('tps: 100,', 'tps:   100,')}`
    expect(isEmptyChange(compareReports(side(BASE), side(now)))).toBe(true)
  })
})

describe('diffLines', () => {
  test('should give the lines only on each side, each counted as often as it appears', () => {
    expect(diffLines('x\ny\ny\n', 'y\nz\n')).toEqual({removed: ['x', 'y'], added: ['z']})
  })
})

describe('compareNarrative', () => {
  const OLD = '---\nreport: small\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n\n## Conclusions {#conclusions}\n\nFaster.\n'

  test('should name the sections changed, added and removed', () => {
    const now = OLD.replace('Faster.', 'Much faster.').replace('## Purpose {#purpose}\n\nWhy.\n\n', '') + '\n## Advice {#advice}\n\nUpgrade.\n'
    expect(compareNarrative(OLD, now)).toEqual({
      status: 'changed',
      front: false,
      sections: {changed: ['conclusions'], added: ['advice'], removed: ['purpose']}
    })
  })

  test('should count a translated heading as a change of its section', () => {
    expect(compareNarrative(OLD, OLD.replace('## Purpose', '## Aim')).sections.changed).toEqual(['purpose'])
  })

  test('should tell an added and a removed narrative', () => {
    expect(compareNarrative(null, OLD).status).toBe('added')
    expect(compareNarrative(OLD, null).status).toBe('removed')
  })
})

describe('compareReports on a rerun', () => {
  test('should give a point\'s other fields by path, and intervals by their count', () => {
    const withIntervals = (/** @type {string} */ qps) =>
      BASE.replace(
        '  - {subject: a, workload: oltp_insert, threads: 8, tps: 100, latency_p95: 2.00}\n',
        `  - {subject: a, workload: oltp_insert, threads: 8, tps: 100, latency_p95: 2.00, intervals: [{t: 1, qps: ${qps}}]}\n`
      )
    const now = withIntervals('12').replace('threads: 16, tps: 200, latency_p95: 4.00}', 'threads: 16, tps: null, error: timeout}')
    const change = compareReports(side(withIntervals('10')), side(now))
    expect(change.fields).toEqual([
      {path: 'results[a × oltp_insert × 8 threads × 1 client].intervals', old: '1 entry', new: '1 entry, values changed'},
      {path: 'results[a × oltp_insert × 16 threads × 1 client].error', old: undefined, new: 'timeout'}
    ])
    expect(change.points.changed.map((p) => p.measures.map((m) => [m.measure, m.old.value, m.new.value, m.change]))).toEqual([
      [['tps', 200, null, null], ['latency_p95', 4, null, null]]
    ])
  })
})
