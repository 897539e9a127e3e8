import {describe, expect, it} from 'vitest'
import {samplesOf} from '../../tools/parse/merge.js'
import {roundKeeper} from '../../tools/run/rounds.js'

const plan = /** @type {any} */ ({report: 'aa', subjects: [{id: 'a1'}, {id: 'a2'}], clients: 1, rule: {min: 2, max: 4, margin: 2}})
const p = {workload: 'oltp_point_select', threads: 1}
const repeat = (/** @type {number} */ tps) => /** @type {any} */ ({qps: tps * 10, tps, latency_avg: 1, latency_p95: 2, latency_max: 3, errors: 0, reconnects: 0, intervals: []})

/** A keeper with these repeats' tps recorded, per subject. @param {number[]} a1 @param {number[]} a2 */
function keeper(a1, a2) {
  const rounds = roundKeeper(plan, null)
  for (const tps of a1) rounds.add('a1', p, repeat(tps))
  for (const tps of a2) rounds.add('a2', p, repeat(tps))
  return rounds
}

describe('roundKeeper of a stopping rule, after a round one subject measured and the other not', () => {
  it('should count the rounds of a subject, and the rounds every subject finished', () => {
    const rounds = keeper([1000, 1001, 1000], [1000, 1001])
    expect([rounds.done('a1', p), rounds.done('a2', p), rounds.done(null, p)]).toEqual([3, 2, 2])
  })

  it('should judge a round by every subject\'s first rounds only, not by a repeat of a later one', () => {
    expect(keeper([1000, 1001], [1000, 1001]).decide(p, 2)).toEqual({stop: true, reason: 'decided'})
    expect(keeper([1000, 1001, 5000], [1000, 1001]).decide(p, 2)).toEqual({stop: true, reason: 'decided'})
  })

  it('should keep the lone repeat of a subject taking turns as a sample with its place, and none without one', () => {
    expect(samplesOf([repeat(1000)], [1])).toEqual([{order: 1, qps: 10000, tps: 1000, latency_avg: 1, latency_p95: 2, latency_max: 3, errors: 0, reconnects: 0}])
    expect(samplesOf([repeat(1000)])).toBeUndefined()
  })
})
