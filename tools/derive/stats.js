/**
 * The statistics verdicts are built from, written once: Student's t and the
 * normal distribution, means and pooled variances, Benjamini–Hochberg and the
 * repeats planner. Accurate to about 1e-12 (stats.test.js checks against SciPy).
 */

/** Lanczos coefficients (g = 7, n = 9), as in Numerical Recipes and Boost. */
const LANCZOS = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059,
  12.507343278686905, -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7
]

/**
 * ln Γ(x) for x > 0.
 * @param {number} x
 * @returns {number}
 */
export function logGamma(x) {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - logGamma(1 - x)
  const z = x - 1
  let a = LANCZOS[0]
  const t = z + 7.5
  for (let i = 1; i < 9; i++) a += LANCZOS[i] / (z + i)
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(a)
}

/**
 * The regularised incomplete beta function I_x(a, b), by its continued
 * fraction (modified Lentz), on the side of I_x(a, b) = 1 − I_{1−x}(b, a) where it converges faster.
 * @param {number} x  0 ≤ x ≤ 1
 * @param {number} a  > 0
 * @param {number} b  > 0
 */
export function incompleteBeta(x, a, b) {
  if (x <= 0) return 0
  if (x >= 1) return 1
  const front = Math.exp(logGamma(a + b) - logGamma(a) - logGamma(b) + a * Math.log(x) + b * Math.log(1 - x))
  if (x > (a + 1) / (a + b + 2)) return 1 - (front * betaFraction(1 - x, b, a)) / b
  return (front * betaFraction(x, a, b)) / a
}

/** @param {number} x @param {number} a @param {number} b */
function betaFraction(x, a, b) {
  const tiny = 1e-300
  let c = 1
  let d = 1 - ((a + b) * x) / (a + 1)
  if (Math.abs(d) < tiny) d = tiny
  d = 1 / d
  let h = d
  // one step of Lentz's method: the factor the fraction's term `aa` multiplies h by
  const lentz = (/** @type {number} */ aa) => {
    d = 1 + aa * d
    if (Math.abs(d) < tiny) d = tiny
    c = 1 + aa / c
    if (Math.abs(c) < tiny) c = tiny
    d = 1 / d
    return d * c
  }
  for (let m = 1; m <= 10000; m++) {
    const m2 = 2 * m
    h *= lentz((m * (b - m) * x) / ((a + m2 - 1) * (a + m2)))
    const step = lentz((-(a + m) * (a + b + m) * x) / ((a + m2) * (a + m2 + 1)))
    h *= step
    if (Math.abs(step - 1) < 1e-16) break
  }
  return h
}

/**
 * P(T ≤ t) for Student's t with `df` degrees of freedom (df may be fractional).
 * @param {number} t
 * @param {number} df  > 0
 */
export function tCdf(t, df) {
  if (t === 0) return 0.5
  const tail = 0.5 * incompleteBeta(df / (df + t * t), df / 2, 0.5)
  return t > 0 ? 1 - tail : tail
}

/**
 * The p-quantile of Student's t: Newton's method from the normal quantile, inside a bisection bracket.
 * @param {number} p  0 < p < 1
 * @param {number} df  > 0
 * @returns {number}
 */
export function tQuantile(p, df) {
  if (!(p > 0 && p < 1)) throw new RangeError(`tQuantile: p must be in (0, 1), got ${p}`)
  if (p === 0.5) return 0
  if (p < 0.5) return -tQuantile(1 - p, df)
  let lo = 0
  let hi = 1
  while (tCdf(hi, df) < p) hi *= 2
  let t = Math.min(Math.max(normalQuantile(p), lo), hi)
  const logC = logGamma((df + 1) / 2) - logGamma(df / 2) - 0.5 * Math.log(df * Math.PI)
  for (let i = 0; i < 200; i++) {
    const f = tCdf(t, df) - p
    if (f > 0) hi = t
    else lo = t
    const density = Math.exp(logC - ((df + 1) / 2) * Math.log1p((t * t) / df))
    let next = t - f / density
    if (!(next > lo && next < hi)) next = (lo + hi) / 2
    if (Math.abs(next - t) <= 1e-15 * Math.max(1, Math.abs(t))) return next
    t = next
  }
  return t
}

/**
 * Φ(x), the standard normal distribution function, through erfc.
 * @param {number} x
 */
export function normalCdf(x) {
  return 0.5 * erfc(-x / Math.SQRT2)
}

/**
 * erfc(x) = Q(½, x²) for x ≥ 0 (the regularised upper incomplete gamma),
 * by its series for small x and its continued fraction for large x.
 * @param {number} x
 * @returns {number}
 */
export function erfc(x) {
  if (x < 0) return 2 - erfc(-x)
  const z = x * x
  if (z < 1.5) {
    // lower incomplete gamma series: P(½, z)
    let sum = 2
    let term = 2
    for (let n = 1; n < 500; n++) {
      term *= z / (0.5 + n)
      sum += term
      if (term < sum * 1e-17) break
    }
    return 1 - sum * Math.exp(-z + 0.5 * Math.log(z) - logGamma(0.5))
  }
  // continued fraction for Q(½, z)
  const tiny = 1e-300
  let b = z + 0.5
  let c = 1 / tiny
  let d = 1 / b
  let h = d
  for (let i = 1; i < 500; i++) {
    const an = -i * (i - 0.5)
    b += 2
    d = an * d + b
    if (Math.abs(d) < tiny) d = tiny
    c = b + an / c
    if (Math.abs(c) < tiny) c = tiny
    d = 1 / d
    const step = d * c
    h *= step
    if (Math.abs(step - 1) < 1e-16) break
  }
  return Math.exp(-z + 0.5 * Math.log(z) - logGamma(0.5)) * h
}

/**
 * The p-quantile of the standard normal: Acklam's rational approximation
 * (relative error 1.15e-9), refined by one Halley step to full precision.
 *
 * @param {number} p  0 < p < 1
 */
export function normalQuantile(p) {
  if (!(p > 0 && p < 1)) throw new RangeError(`normalQuantile: p must be in (0, 1), got ${p}`)
  const a = [-3.969683028665376e1, 2.209460984245205e2, -2.759285104469687e2, 1.38357751867269e2, -3.066479806614716e1, 2.506628277459239]
  const b = [-5.447609879822406e1, 1.615858368580409e2, -1.556989798598866e2, 6.680131188771972e1, -1.328068155288572e1]
  const c = [-7.784894002430293e-3, -3.223964580411365e-1, -2.400758277161838, -2.549732539343734, 4.374664141464968, 2.938163982698783]
  const d = [7.784695709041462e-3, 3.224671290700398e-1, 2.445134137142996, 3.754408661907416]
  const low = 0.02425
  let x
  if (p < low) {
    const q = Math.sqrt(-2 * Math.log(p))
    x = (((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  } else if (p <= 1 - low) {
    const q = p - 0.5
    const r = q * q
    x = ((((((a[0] * r + a[1]) * r + a[2]) * r + a[3]) * r + a[4]) * r + a[5]) * q) / (((((b[0] * r + b[1]) * r + b[2]) * r + b[3]) * r + b[4]) * r + 1)
  } else {
    const q = Math.sqrt(-2 * Math.log(1 - p))
    x = -(((((c[0] * q + c[1]) * q + c[2]) * q + c[3]) * q + c[4]) * q + c[5]) / ((((d[0] * q + d[1]) * q + d[2]) * q + d[3]) * q + 1)
  }
  for (let i = 0; i < 2; i++) {
    const e = normalCdf(x) - p
    const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2)
    x -= u / (1 + (x * u) / 2)
  }
  return x
}

/**
 * Arithmetic mean; NaN for no values.
 * @param {number[]} values
 */
export function mean(values) {
  return values.reduce((s, v) => s + v, 0) / values.length
}

/**
 * Sum of squared deviations from the mean.
 * @param {number[]} values
 */
export function sumOfSquares(values) {
  const m = mean(values)
  return values.reduce((s, v) => s + (v - m) ** 2, 0)
}

/**
 * The residual variance pooled over groups, Σ_g Σ_i (x_gi − x̄_g)² / Σ_g (n_g − 1),
 * and its degrees of freedom; null when no group has two values.
 * @param {number[][]} groups
 * @returns {{variance: number | null, df: number}}
 */
export function pooledVariance(groups) {
  let ss = 0
  let df = 0
  for (const g of groups) {
    if (g.length < 2) continue
    ss += sumOfSquares(g)
    df += g.length - 1
  }
  return {variance: df > 0 ? ss / df : null, df}
}

/**
 * Benjamini–Hochberg: reject the k smallest p-values, k the largest rank
 * with p_(k) ≤ k·q/m, so that the expected share of false rejections stays
 * at most q. Null p-values are not tested and do not count in m.
 * @param {Array<number | null>} pValues
 * @returns {boolean[]}  rejected, in the order given
 */
export function benjaminiHochberg(pValues, q = 0.05) {
  const tested = pValues.map((p, i) => ({p, i})).filter((x) => x.p != null)
  const sorted = /** @type {Array<{p: number, i: number}>} */ (tested).sort((a, b) => a.p - b.p)
  const m = sorted.length
  let k = 0
  sorted.forEach((x, rank) => {
    if (x.p <= ((rank + 1) * q) / m) k = rank + 1
  })
  const rejected = pValues.map(() => false)
  for (const x of sorted.slice(0, k)) rejected[x.i] = true
  return rejected
}

/**
 * Repeats per subject to detect a change of `margin` with the given power at
 * level `alpha`, for noise of coefficient of variation `cv`: n = 2 (z_{1−α/2}
 * + z_power)² CV² / δ², rounded up, at least 2 (one repeat has no interval).
 * @param {number} cv  e.g. 0.02 for 2 %
 * @param {number} margin  e.g. 0.02 for 2 %
 * @param {{power?: number, alpha?: number}} [options]
 */
export function repeatsNeeded(cv, margin, {power = 0.8, alpha = 0.05} = {}) {
  const z = normalQuantile(1 - alpha / 2) + normalQuantile(power)
  return Math.max(2, Math.ceil((2 * z * z * cv * cv) / (margin * margin) - 1e-12))
}
