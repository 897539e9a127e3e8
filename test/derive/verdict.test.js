import {describe, expect, test} from 'vitest'
import {deriveReport} from '../../tools/derive/report.js'
import {sampleValues} from '../../tools/derive/verdict.js'

// Reference values: SciPy 1.17.1 and NumPy on the same samples, printed by
// test/derive/reference-values.py (log-scale means, pooled residual
// variance, scipy.stats.t.ppf / t.sf / t.cdf).
const near = (/** @type {number | null} */ actual, /** @type {number} */ expected) => expect(Math.abs(/** @type {number} */ (actual) - expected)).toBeLessThan(1e-9)

/** @param {number[]} tps @param {number[]} p95 */
const samples = (tps, p95) => tps.map((t, i) => ({tps: t, latency_p95: p95[i]}))

/** @param {Record<string, any>} [extra] */
const report = (extra = {}) => ({
  id: 'x',
  kind: 'comparison',
  subjects: [{id: 'a', product: 'P', version: '1'}, {id: 'b', product: 'P', version: '2'}],
  plan: {clients: 1, workloads: [{name: 'oltp_read_only', threads: [1, 2]}]},
  results: [
    {subject: 'a', workload: 'oltp_read_only', threads: 1, tps: 100, latency_p95: 10.5, repeats: 3, samples: samples([100, 102, 98], [10.5, 10.8, 10.2])},
    {subject: 'b', workload: 'oltp_read_only', threads: 1, tps: 110, latency_p95: 9.1, repeats: 3, samples: samples([110, 111, 109.5], [9.0, 9.3, 9.1])},
    {subject: 'a', workload: 'oltp_read_only', threads: 2, tps: 192, latency_p95: 12.2, repeats: 3, samples: samples([190, 195, 192], [12.0, 12.5, 12.2])},
    {subject: 'b', workload: 'oltp_read_only', threads: 2, tps: 193, latency_p95: 12.3, repeats: 3, samples: samples([191, 193, 196], [12.1, 12.4, 12.3])}
  ],
  ...extra
})

const deriveVerdicts = (/** @type {Record<string, any>} */ r) => deriveReport(r).verdicts
/** The cell of subject b at a row of the workload's table. */
const at = (/** @type {ReturnType<typeof deriveVerdicts>} */ v, /** @type {string} */ key, /** @type {string} */ measure) =>
  /** @type {import('../../tools/derive/verdict.js').Cell} */ (v.cells.find((c) => c.subject === 'b' && c.workload === 'oltp_read_only' && c.key === key && c.measure === measure))

describe('deriveVerdicts', () => {
  test('should give the ratio of geometric means with a 95 % t interval from the workload-pooled variance', () => {
    const v = deriveVerdicts(report())
    const c = at(v, '1|1', 'tps')
    near(c.change, 10.179596751080378)
    near(c.low, 7.306189153195971)
    near(c.high, 13.129947452514873)
    near(c.p, 0.0001478341654537259)
    expect([c.df, c.n, c.n_baseline, c.verdict]).toEqual([8, 3, 3, 'faster'])
    const d = at(v, '2|1', 'tps')
    near(d.change, 0.5199897257883432)
    near(d.low, -2.101502008928052)
    near(d.high, 3.2116788491900388)
    expect(d.verdict).toBe('inconclusive')
    near(/** @type {number} */ (v.noise[0].cv), 0.01403552167183128)
  })

  test('should call a lower p95 latency faster and give its interval on the latency itself', () => {
    const c = at(deriveVerdicts(report()), '1|1', 'latency_p95')
    near(c.change, -13.00027603795057)
    near(c.low, -16.28612205748094)
    near(c.high, -9.58545756690532)
    expect(c.verdict).toBe('faster')
  })

  test('should use only the cell’s two points when pooling is off', () => {
    const c = at(deriveVerdicts(report({verdict: {pool: false}})), '1|1', 'tps')
    near(c.low, 6.503721329723926)
    near(c.high, 13.98234154324032)
    near(c.p, 0.003222082975680416)
    expect([c.df, c.verdict]).toEqual([4, 'faster'])
  })

  test('should give the workload headline as the geometric mean of the cell ratios with its interval', () => {
    const [h] = deriveVerdicts(report()).headlines
    near(h.change, 5.239022864192835)
    near(h.low, 3.290828739511717)
    near(h.high, 7.223962364951957)
    near(h.p, 0.0048226168383203915)
    expect([h.subject, h.measure, h.cells, h.verdict]).toEqual(['b', 'tps', 2, 'faster'])
  })

  test('should call an interval inside the margin equivalent, and honour a report’s margin', () => {
    expect(at(deriveVerdicts(report({verdict: {margin: 5}})), '2|1', 'tps').verdict).toBe('equivalent')
    expect(at(deriveVerdicts(report({verdict: {margin: 12}})), '1|1', 'tps').verdict).toBe('inconclusive')
  })

  test('should say single run, with no interval, for points without repeats', () => {
    const r = report()
    for (const p of r.results) delete p.samples
    const c = at(deriveVerdicts(r), '1|1', 'tps')
    expect([c.low, c.high, c.p, c.verdict]).toEqual([null, null, null, 'single_run'])
    near(c.change, 10)
    expect(deriveVerdicts(r).headlines[0].verdict).toBe('single_run')
  })

  test('should have no cells in a single-subject report', () => {
    const v = deriveVerdicts({...report(), kind: 'single', subjects: [{id: 'a', product: 'P', version: '1'}]})
    expect([v.cells, v.headlines]).toEqual([[], []])
  })
})

describe('sampleValues', () => {
  test('should take the samples when recorded, else the one figure, leaving out values with no logarithm', () => {
    expect(sampleValues({tps: 5, samples: [{tps: 4}, {tps: 0}, {tps: null}, {tps: 6}]}, 'tps')).toEqual([4, 6])
    expect(sampleValues({tps: 5}, 'tps')).toEqual([5])
    expect(sampleValues({tps: null}, 'tps')).toEqual([])
  })
})
