import {describe, expect, test} from 'vitest'
import {benjaminiHochberg, normalQuantile, pooledVariance, repeatsNeeded, tCdf, tQuantile} from '../../tools/derive/stats.js'

// Reference values: SciPy 1.17.1 (scipy.stats.t.ppf, t.cdf, norm.ppf,
// false_discovery_control), printed by test/derive/reference-values.py.
const near = (/** @type {number} */ actual, /** @type {number} */ expected) => expect(Math.abs(actual - expected)).toBeLessThan(1e-9)

describe('tQuantile', () => {
  test.each([
    [0.975, 1, 12.706204736174694],
    [0.975, 2, 4.302652729749462],
    [0.975, 4, 2.7764451051977934],
    [0.975, 12, 2.1788128296672284],
    [0.975, 2.5, 3.5746548420036817],
    [0.999, 3, 10.214531852407383],
    [0.6, 30, 0.2556053649519128],
    [0.975, 1000, 1.9623390808264083]
  ])('should give the %s quantile of t with %s degrees of freedom as SciPy does', (p, df, expected) => {
    near(tQuantile(p, df), expected)
    near(tQuantile(1 - p, df), -expected)
  })
})

describe('tCdf', () => {
  test.each([
    [2.0, 5, 0.9490302605850708],
    [-1.3, 2.7, 0.14672632185192266],
    [0.1, 1, 0.5317255174305535],
    [8.0, 4, 0.9993380515453915],
    [-3.5, 12, 0.002190934715874077]
  ])('should give P(T ≤ %s) with %s degrees of freedom as SciPy does', (t, df, expected) => {
    near(tCdf(t, df), expected)
  })
})

describe('normalQuantile', () => {
  test.each([
    [0.975, 1.959963984540054],
    [0.8, 0.8416212335729143],
    [0.501, 0.0025066308995717666],
    [1e-10, -6.361340902404056],
    [0.999999, 4.753424308817087]
  ])('should give the %s quantile of the standard normal as SciPy does', (p, expected) => {
    near(normalQuantile(p), expected)
  })
})

describe('benjaminiHochberg', () => {
  test('should reject exactly the hypotheses whose SciPy BH-adjusted p-value is at most q', () => {
    // SciPy adjusted: [0.024, 0.048, 0.045, 0.2, 0.024, 0.024]
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.2, 0.004, 0.012], 0.05)).toEqual([true, true, true, false, true, true])
    expect(benjaminiHochberg([0.01, 0.04, 0.03, 0.2, 0.004, 0.012], 0.04)).toEqual([true, false, false, false, true, true])
  })
  test('should leave untested (null) p-values out of the count', () => {
    expect(benjaminiHochberg([0.03, null, null, 0.04], 0.05)).toEqual([true, false, false, true])
  })
})

describe('pooledVariance', () => {
  test('should pool the residuals of groups with two or more values', () => {
    expect(pooledVariance([[1, 3], [10, 12, 14], [7]])).toEqual({variance: 10 / 3, df: 3})
    expect(pooledVariance([[1], [2]])).toEqual({variance: null, df: 0})
  })
})

describe('repeatsNeeded', () => {
  test('should give 2 (z₀.₉₇₅ + z₀.₈)² CV² / δ², rounded up', () => {
    // 2 × (1.959963984540054 + 0.8416212335729143)² = 15.6978…
    expect(repeatsNeeded(0.02, 0.02)).toBe(16)
    expect(repeatsNeeded(0.01, 0.02)).toBe(4)
    expect(repeatsNeeded(0.001, 0.02)).toBe(2)
  })
})
