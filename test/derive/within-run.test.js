import {describe, expect, it} from 'vitest'
import {withinRunNoise} from '../../tools/derive/within-run.js'

/** A point measured once with these per-interval TPS. @param {number[]} tps */
const point = (tps) => ({tps: 100, intervals: tps.map((v, i) => ({t: i + 1, tps: v}))})

// 10 batches of 2 intervals whose means alternate 99 and 101: sd = √(10/9),
// so cv = √(10/9) / (100 · √10) = 1/300 exactly.
const STEADY = Array.from({length: 10}, (_, i) => (i % 2 === 0 ? [99, 99] : [101, 101])).flat()

describe('withinRunNoise', () => {
  it('should estimate the noise of a run’s mean from 10 batch means of its interval reports', () => {
    const noise = withinRunNoise(point(STEADY), 'tps')
    expect(noise?.batches).toBe(10)
    expect(noise?.cv).toBeCloseTo(1 / 300, 12)
  })

  it('should leave out the intervals left over at the start, where a run ramps up', () => {
    expect(withinRunNoise(point([1, 1, 1, 1, 1, ...STEADY]), 'tps')?.cv).toBeCloseTo(1 / 300, 12)
  })

  it('should give nothing for fewer than 10 intervals, or for a point with repeats', () => {
    expect(withinRunNoise(point(STEADY.slice(0, 9)), 'tps')).toBeNull()
    expect(withinRunNoise({...point(STEADY), repeats: 3}, 'tps')).toBeNull()
    expect(withinRunNoise(point(STEADY), 'qps')).toBeNull()
  })
})
