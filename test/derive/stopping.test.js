import {describe, expect, it} from 'vitest'
import {ruleOf, stopAfter} from '../../tools/derive/stopping.js'
import {verdictSettings} from '../../tools/derive/verdict.js'

const rule = {min: 2, max: 4, margin: 2}
/** One workload, one thread count; `b` absent for a plan of one subject. @param {number[]} a @param {number[]} [b] */
const report = (a, b) => /** @type {import('../../tools/derive/verdict.js').Report} */ ({
  id: 'r', kind: b ? 'comparison' : 'single', metric: 'tps', subjects: b ? [{id: 'a'}, {id: 'b'}] : [{id: 'a'}],
  plan: {workloads: [{name: 'w', threads: [1]}], repeats: rule},
  results: [['a', a], ...(b ? [['b', b]] : [])].map(([subject, tps]) => ({subject, workload: 'w', threads: 1, tps: tps[0], samples: tps.map((x) => ({tps: x}))}))
})
const context = (/** @type {string | null} */ baseline) => ({baseline, metric: /** @type {const} */ ('tps'), keyOf: (/** @type {{threads: number}} */ p) => String(p.threads)})
const at = (/** @type {number} */ rounds) => ({workload: 'w', key: '1', rounds})

describe('stopAfter', () => {
  it('should not stop before min, whatever the data', () => {
    expect(stopAfter(report([100], [150]), at(1), context('a'))).toEqual({stop: false, reason: null})
  })

  it('should stop a cell whose throughput and p95 verdicts are decided', () => {
    expect(stopAfter(report([100, 100.1, 99.9], [150, 150.2, 149.8]), at(3), context('a'))).toEqual({stop: true, reason: 'decided'})
  })

  it('should go on with an undecided cell before max, and stop it at max', () => {
    const noisy = report([100, 120, 90], [105, 85, 118])
    expect(stopAfter(noisy, at(3), context('a'))).toEqual({stop: false, reason: null})
    expect(stopAfter(noisy, at(4), context('a'))).toEqual({stop: true, reason: 'max'})
  })

  it('should stop a cell whose interval is at most the margin wide though it straddles the margin', () => {
    // a change of +2 %, the margin itself, measured tightly: the interval (about ±0.4 %) cannot leave +2 %
    expect(stopAfter(report([100, 100.1, 99.9], [102, 102.1, 101.9]), at(3), context('a'))).toEqual({stop: true, reason: 'precise'})
  })

  it('should stop a point of a one-subject plan once its own interval is at most the margin wide', () => {
    expect(stopAfter(report([100, 100.1]), at(2), context(null))).toEqual({stop: true, reason: 'precise'})
    expect(stopAfter(report([100, 110]), at(2), context(null))).toEqual({stop: false, reason: null})
  })
})

describe('ruleOf and the verdicts of a report measured under a rule', () => {
  it('should read a plan\'s repeats as a rule, a count as none', () => {
    expect([ruleOf({max: 5}), ruleOf({min: 3, max: 5, margin: '1.5%'}), ruleOf(4), ruleOf(undefined)]).toEqual([{min: 2, max: 5, margin: 2}, {min: 3, max: 5, margin: 1.5}, null, null])
  })

  it('should split 5 % over the rule\'s looks, and take its margin unless the report sets one', () => {
    expect(verdictSettings(report([1], [1]))).toEqual({margin: 2, pool: true, confidence: 1 - 0.05 / 3, q: 0.05})
    expect(verdictSettings({...report([1], [1]), verdict: {margin: 5}}).margin).toBe(5)
  })
})
