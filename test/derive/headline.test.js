import {describe, expect, it} from 'vitest'
import {headlineFigures} from '../../tools/derive/headline.js'

/** A workload headline as deriveReport gives it. @param {number | null} derived @param {number | null} [stated] */
const derivedHeadline = (derived, stated = null) => ({
  subject: 'b', metric: 'tps', derived: {value: derived, decimals: 2},
  stated: stated === null ? null : {value: stated, decimals: 3}, stated_index: stated === null ? null : 0, agrees: null
})

/** A verdict on a headline. @param {number} change @param {number | null} low @param {number | null} high @param {any} verdict */
const verdictHeadline = (change, low, high, verdict) => ({subject: 'b', workload: 'w', measure: 'tps', cells: 3, change, low, high, df: 8, p: 0.01, verdict})

describe('headlineFigures', () => {
  it('should head a comparison with repeats with the verdict’s change and interval, the mean of per-point changes and the stated figure beside it', () => {
    expect(headlineFigures(derivedHeadline(9.45, 9.4), verdictHeadline(10.1349, 7.1, 13.3, 'faster'))).toEqual({
      headline: {basis: 'geometric_mean', change: {value: 10.1349, decimals: 2}, low: 7.1, high: 13.3, verdict: 'faster'},
      beside: [{basis: 'mean_of_points', change: {value: 9.45, decimals: 2}}, {basis: 'stated', change: {value: 9.4, decimals: 3}}]
    })
  })

  it('should head points measured once with the mean of the per-point changes, with the single-run verdict and nothing beside', () => {
    expect(headlineFigures(derivedHeadline(5.06, 5.055), verdictHeadline(5.01, null, null, 'single_run'))).toEqual({
      headline: {basis: 'mean_of_points', change: {value: 5.06, decimals: 2}, low: null, high: null, verdict: 'single_run'},
      beside: []
    })
  })

  it('should head a report published as charts only with the authors’ figure, and give nothing without any figure', () => {
    expect(headlineFigures(derivedHeadline(null, 14), null)).toEqual({
      headline: {basis: 'stated', change: {value: 14, decimals: 3}, low: null, high: null, verdict: null},
      beside: []
    })
    expect(headlineFigures(derivedHeadline(null), null)).toBeNull()
  })
})
