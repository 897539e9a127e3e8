import {describe, expect, test} from 'vitest'
import {compareVersions, environmentKey, indexOrder, versionFacts, versionKey, versionsByProduct} from '../../tools/derive/versions.js'
import {deriveReport} from '../../tools/derive/report.js'
import {overviewOf} from '../../tools/derive/overview.js'
import {headlineOf as verdictHeadlineOf} from '../../tools/derive/verdict.js'

describe('versionKey and compareVersions', () => {
  test('should read the numbers of a version, a pre-release before its release', () => {
    expect(versionKey('v6.0.0 DMR')).toEqual([6, 0, 0])
    expect(versionKey('v2.0.0-rc6')).toEqual([2, 0, 0, -1, 6])
    expect(versionKey('10.11')).toEqual([10, 11])
  })
  test('should order versions numerically, not as text', () => {
    expect(['v10.0', 'v2.0.0', 'v2.0.0-rc6', 'v2.1.13', 'v4.0'].sort(compareVersions)).toEqual(['v2.0.0-rc6', 'v2.0.0', 'v2.1.13', 'v4.0', 'v10.0'])
  })
})

describe('indexOrder', () => {
  test('should put an undated report before the dated reports of older versions of its product', () => {
    const reports = [
      {id: 'v3', product: 'TiDB', date: '2019-06', version: 'v3.0.0'},
      {id: 'v2', product: 'TiDB', date: '2018-04', version: 'v2.0.0'},
      {id: 'v4', product: 'TiDB', date: null, version: 'v4.0'},
      {id: 'v8', product: 'TiDB', date: null, version: 'v8.1.0'},
      {id: 'old', product: 'TiDB', date: null, version: 'v1.0'},
      {id: 'maria', product: 'MariaDB', date: '2020-01', version: '10.5'}
    ]
    expect(indexOrder(reports)).toEqual(['maria', 'v8', 'v4', 'v3', 'v2', 'old'])
  })
})

describe('environmentKey', () => {
  test('should be equal for the same instances in any order and the same data set, and differ otherwise', () => {
    const a = {environment: {instances: [{role: 'TiKV', instance_type: 'i3.4xlarge', count: 3}, {role: 'TiDB', instance_type: 'c5.4xlarge', count: 3}]}, plan: {tables: 16, table_size: 10000000}}
    const b = {environment: {instances: [...a.environment.instances].reverse()}, plan: {tables: 16, table_size: 10000000}}
    expect(environmentKey(a)).toBe(environmentKey(b))
    expect(environmentKey(a)).not.toBe(environmentKey({...b, plan: {tables: 32, table_size: 10000000}}))
  })
})

describe('versionFacts', () => {
  /** @param {string} subject @param {number} threads @param {number[]} tps  the repeats' */
  const point = (subject, threads, tps) => ({
    subject, workload: 'oltp_read_only', threads, tps: [...tps].sort((x, y) => x - y)[1], repeats: tps.length,
    samples: tps.map((t, i) => ({order: i + 1, tps: t}))
  })
  /**
   * Two subjects measured three times at 1 and 2 threads: the repeats' geometric means
   * and the mean of the medians' changes give different figures.
   * @param {string} bVersion
   */
  const report = (bVersion) => ({
    id: 'r',
    kind: 'comparison',
    product: 'MariaDB',
    subjects: [{id: 'a', product: 'MariaDB', version: '10.11'}, {id: 'b', product: 'MariaDB', version: bVersion}],
    plan: {workloads: [{name: 'oltp_read_only', threads: [1, 2]}]},
    results: [
      ...[[100, 100, 130], [200, 210, 220]].map((tps, i) => point('a', i + 1, tps)),
      ...[[110, 112, 140], [260, 280, 270]].map((tps, i) => point('b', i + 1, tps))
    ]
  })

  test('reports measured alike share an environment of 22 characters, whatever their machines, and another data set or measure is another', () => {
    const machines = {machines: [{cpu: 'Intel(R) Xeon(R) Gold 6240 CPU @ 2.60GHz, 72 cores', memory: '384G', disk: '2 × 3.84T NVMe SSD', count: 3}]}
    const on = (/** @type {number} */ tables) => {
      const r = {...report('11.4'), environment: machines, plan: {...report('11.4').plan, tables, table_size: 10000000}}
      return versionFacts(r, deriveReport(r)).environment
    }
    expect(on(16)).toMatch(/^[A-Za-z0-9+/]{22}$/)
    expect(on(16)).toBe(on(16))
    expect(on(32)).not.toBe(on(16))
  })

  test('should make no release step of two configurations of one release', () => {
    const r = report('10.11')
    const facts = versionFacts(r, deriveReport(r))
    expect(facts.steps).toEqual([])
    // and its product, measured in no other release, gets no versions page
    expect(versionsByProduct([{id: 'r', facts}])).toEqual([])
    const other = report('11.4')
    expect(versionsByProduct([{id: 'r', facts}, {id: 'other', facts: versionFacts(other, deriveReport(other))}]).map((p) => p.product)).toEqual(['MariaDB'])
  })

  test('should make no release step, and no release, of another product compared in the report', () => {
    const r = report('15.14')
    r.subjects[1] = {id: 'b', product: 'PostgreSQL', version: '15.14'}
    const facts = versionFacts(r, deriveReport(r))
    expect(facts.product).toBe('MariaDB')
    expect(facts.steps).toEqual([])
    expect(facts.releases.map((x) => [x.subject, x.version])).toEqual([['a', '10.11']])
    expect(versionsByProduct([{id: 'r', facts}])).toEqual([])
  })

  test('should give a release step the change the report\'s overview shows: the geometric mean where there are repeats', () => {
    const r = report('11.4')
    const derived = deriveReport(r)
    const [step] = versionFacts(r, derived).steps
    const [shown] = overviewOf(derived, ['a', 'b'], (workload, subject, measure) => verdictHeadlineOf(derived.verdicts, {workload, subject, measure}))[0].headlines
    expect(shown.basis).toBe('geometric_mean')
    expect(shown.change).not.toEqual(derived.workloads[0].headlines[0].derived)
    expect(step).toEqual({workload: 'oltp_read_only', from: '10.11', to: '11.4', version: '11.4', change: shown.change, stated: false})
  })

  test('should give a versions page no workload that was planned but measured in no report (a column of dashes)', () => {
    const r = {...report('11.4'), plan: {workloads: [...report('11.4').plan.workloads, {name: 'oltp_update_index', threads: [1]}]}}
    expect(versionsByProduct([{id: 'r', facts: versionFacts(r, deriveReport(r))}])[0].workloads).toEqual(['oltp_read_only'])
  })
})
