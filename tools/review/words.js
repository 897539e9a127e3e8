import {COUNTS, LATENCIES} from '../domain/index.js'

/**
 * How a review writes values: recorded decimals, signed % changes, verdict names, YAML flow style.
 */

/** Measures where a lower value is better: latencies, and errors and reconnects per second. */
export const LOWER_IS_BETTER = new Set(/** @type {string[]} */ ([...LATENCIES, ...COUNTS]))

/** @type {Record<import('./verdicts.js').Verdict, string>} */
export const VERDICT_NAMES = {
  faster: 'faster',
  slower: 'slower',
  equivalent: 'equivalent',
  inconclusive: 'inconclusive',
  single_run: 'single run'
}

/**
 * A recorded figure with the decimals it was written with; `—` when unknown.
 * @param {import('../derive/report.js').Figure} f
 */
export function figure(f) {
  return f.value == null ? '—' : f.value.toFixed(f.decimals)
}

/**
 * A % change with its sign: `+3.01 %`, `-1.93 %`; `—` when unknown.
 * @param {number | null} value
 * @param {number} decimals
 */
export function percent(value, decimals) {
  if (value == null) return '—'
  const text = value.toFixed(decimals)
  if (Number(text) === 0) return `${(0).toFixed(decimals)} %`
  return `${value > 0 ? '+' : ''}${text} %`
}

/**
 * A value on one line, YAML flow style: `[1, 2]`, `{id: v7, version: v7.0.0}`.
 * @param {unknown} value
 * @returns {string}
 */
export function flow(value) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`
  if (typeof value === 'object') {
    return `{${Object.entries(/** @type {object} */ (value)).map(([k, v]) => `${k}: ${flow(v)}`).join(', ')}}`
  }
  if (typeof value === 'string') return value === '' || value.includes('\n') ? JSON.stringify(value) : value
  return String(value)
}
