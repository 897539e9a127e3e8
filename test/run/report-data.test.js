import {describe, expect, test} from 'vitest'
import {reportWithRun} from '../../tools/run/report-data.js'

/** @param {string} subject @param {number} threads */
const point = (subject, threads) => ({subject, workload: 'oltp_point_select', threads, tps: 100, qps: 100})

/** A run of `subject` on the plan of two thread counts. @param {string} subject */
function run(subject) {
  return /** @type {import('../../tools/run/report-data.js').RunContext} */ ({
    id: 'small',
    date: '2026-12-02',
    subject: {id: subject, run: {status: 'complete', started: '2026-12-02T10:00:00Z', finished: '2026-12-02T10:01:00Z'}},
    plan: {workloads: [{name: 'oltp_point_select', threads: [2, 4]}]},
    environment: {},
    topology: [],
    parameters: []
  })
}

describe('a run\'s points enter the report', () => {
  test('should keep the subjects\' order in the results whichever subject writes last', () => {
    const first = reportWithRun(null, run('a'), [point('a', 2), point('a', 4)])
    const both = reportWithRun(first, run('b'), [point('b', 2), point('b', 4)])
    // subjects running side by side: a writes again after b, as it finishes its last repeat later
    const again = reportWithRun(both, run('a'), [point('a', 2), point('a', 4)])
    expect(again.subjects.map((s) => s.id)).toEqual(['a', 'b'])
    expect(again.results.map((p) => `${p.subject} ${p.threads}`)).toEqual(['a 2', 'a 4', 'b 2', 'b 4'])
  })

  test('should keep, last, the points of a subject the report does not list', () => {
    const first = reportWithRun(null, run('a'), [point('a', 2)])
    const stray = {...first, results: [...first.results, point('x', 2)]}
    expect(reportWithRun(stray, run('b'), [point('b', 2)]).results.map((p) => p.subject)).toEqual(['a', 'b', 'x'])
  })
})
