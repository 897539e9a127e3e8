import {describe, expect, it} from 'vitest'
import {formatRatio, judgeRatio, pairedRatio} from '../../bench/paired-ratio.js'
import {exactly} from '../helpers/exact.js'

describe('pairedRatio', () => {
  it('should give the ratio of the totals with the ratio estimator\'s 95 % t-interval', () => {
    // R = 592 / 600; residuals 1/3, −4/3, 1; SE = sd / (√3 · 200); t(0.975, 2) = 4.3026527
    const r = pairedRatio([{reference: 100, tested: 99}, {reference: 200, tested: 196}, {reference: 300, tested: 297}])
    expect(r.n).toBe(3)
    expect(r.ratio).toBeCloseTo(0.9866666666666667, 12)
    expect(r.low).toBeCloseTo(0.9717388568416173, 9)
    expect(r.high).toBeCloseTo(1.0015944764917162, 9)
    expect([r.min, r.max]).toEqual([0.98, 0.99])
  })

  it('should weigh a fast round more than a slow one, unlike a mean of the per-round ratios', () => {
    const r = pairedRatio([{reference: 10_000, tested: 15_000}, {reference: 20_000, tested: 20_000}])
    expect(r.ratio).toBeCloseTo(35 / 30, 12)
    expect(r.min).toBe(1)
    expect(r.max).toBe(1.5)
  })

  it('should give no interval for one round', () => {
    expect(pairedRatio([{reference: 100, tested: 97}])).toEqual({n: 1, ratio: 0.97, low: null, high: null, min: 0.97, max: 0.97})
  })

  it('should refuse no rounds', () => {
    expect(() => pairedRatio([])).toThrow(exactly('pairedRatio: no rounds'))
  })
})

describe('judgeRatio', () => {
  const r = (/** @type {number} */ low, /** @type {number} */ high) => ({n: 5, ratio: (low + high) / 2, low, high, min: low, max: high})
  it('should say met only when the whole interval is at or above the target', () => {
    expect(judgeRatio(r(0.97, 1.01), 0.97)).toBe('met')
    expect(judgeRatio(r(0.96, 1.01), 0.97)).toBe('undecided')
    expect(judgeRatio(r(0.9, 0.969), 0.97)).toBe('NOT met')
  })

  it('should judge one round by its ratio alone', () => {
    expect(judgeRatio({n: 1, ratio: 0.98, low: null, high: null, min: 0.98, max: 0.98}, 0.97)).toBe('met')
  })
})

describe('formatRatio', () => {
  it('should print the estimate, its interval and half-width in % of the estimate, the per-round range and the rounds', () => {
    // half-width (1.00234 − 0.98011) / 2 = 0.011115, 1.121 % of 0.99123
    expect(formatRatio({n: 10, ratio: 0.99123, low: 0.98011, high: 1.00234, min: 0.96123, max: 1.04012})).toBe(
      'ratio of the totals 0.9912 (95 % CI 0.9801–1.0023, ±1.12 %; per round 0.9612–1.0401, n 10)'
    )
  })

  it('should say there is no interval with one round', () => {
    expect(formatRatio({n: 1, ratio: 0.97, low: null, high: null, min: 0.97, max: 0.97})).toBe('ratio of the totals 0.9700 (no CI with 1 round; per round 0.9700–0.9700, n 1)')
  })
})
