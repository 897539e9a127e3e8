/**
 * The derived figures of a report, each by exactly one function here: nothing else computes a % or mean.
 */

/**
 * % change of `value` over `base`; null when either is unknown or the base is 0.
 *
 * @param {number | null | undefined} value
 * @param {number | null | undefined} base
 */
export function percentChange(value, base) {
  if (value == null || base == null || base === 0) return null
  return ((value - base) / base) * 100
}

/**
 * The per-workload headline: the mean of the per-point % changes, as the published
 * reports compute it (seed 001's "5.055 %"); null when no point has both sides.
 *
 * @param {Array<number | null>} changes
 */
export function headlineChange(changes) {
  const known = changes.filter((c) => c != null)
  if (known.length === 0) return null
  return known.reduce((sum, c) => sum + c, 0) / known.length
}

/**
 * Whether a stated figure agrees with the derived one: authors round each per-point %
 * to two decimals first (0.005 off), or state fewer decimals (half the last unit off).
 *
 * @param {number} stated
 * @param {number} derived
 * @param {number} statedDecimals  decimals the stated figure was written with
 */
export function agrees(stated, derived, statedDecimals) {
  const tolerance = Math.max(0.5 * 10 ** -statedDecimals, 0.005) + 1e-9
  return Math.abs(stated - derived) <= tolerance
}

/**
 * Number of decimals a number was written with: `13.70` → 2, `296958` → 0.
 * @param {string | number} written
 */
export function decimalsOf(written) {
  const text = String(written).trim()
  const match = /\.(\d+)(?:[eE][-+]?\d+)?$/.exec(text)
  return match ? match[1].length : 0
}
