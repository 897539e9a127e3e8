import {describe, expect, it} from 'vitest'
import {simulate} from '../../bench/verdict-sim.js'

// The verdict simulation of bench/verdicts.js, smaller and seeded: the error rates of the
// stopping rule (tools/derive/stopping.js) cannot break silently.
const RULE = {min: 2, max: 10, margin: 2}
const OPTIONS = {reports: 60, seed: 43}

describe('the stopping rule {min: 2, max: 10, margin: 2} in the verdict simulation', () => {
  it('should claim faster or slower in at most 5 % of cells with no effect (CV 2 %)', () => {
    const {pct} = simulate({effect: 0, cv: 0.02, cells: 5, rule: RULE}, OPTIONS)
    expect(pct.faster + pct.slower).toBeLessThanOrEqual(5)
  })

  it('should claim faster in at most 5 % of cells whose true change is the margin itself, however often it looks', () => {
    for (const cv of [0.005, 0.02]) {
      const {pct} = simulate({effect: 0.02, cv, cells: 5, rule: RULE}, OPTIONS)
      expect(pct.faster + pct.slower).toBeLessThanOrEqual(5)
    }
  })

  it('should keep the true change inside at least 95 % of the intervals it stopped at (a plain 95 % interval, looked at each round, falls below)', () => {
    const {coverage} = simulate({effect: 0.02, cv: 0.005, cells: 5, rule: RULE}, {reports: 100, seed: 43})
    expect(coverage).toBeGreaterThanOrEqual(95)
  })

  it('should find a 10 % effect at CV 2 % in at least 95 % of cells, in fewer rounds than max', () => {
    const {pct, meanRounds} = simulate({effect: 0.1, cv: 0.02, cells: 5, rule: RULE}, OPTIONS)
    expect(pct.faster).toBeGreaterThanOrEqual(95)
    expect(meanRounds).toBeLessThan(4)
  })

  it('should stop a cell of no effect and little noise as equivalent well before max', () => {
    const {pct, meanRounds} = simulate({effect: 0, cv: 0.005, cells: 5, rule: RULE}, OPTIONS)
    expect(pct.equivalent).toBeGreaterThanOrEqual(90)
    expect(meanRounds).toBeLessThan(4)
  })
})
