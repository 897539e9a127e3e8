/**
 * The edits of one number the bench makes (scale.js, serve.js), as an author
 * makes them: a figure of a report's first point raised by k %, written with
 * as many decimals as it had, in a report the edit leaves valid (without
 * stated headlines, which the edit would contradict, and without repeats,
 * whose samples it would).
 */
import {metricOf} from '../tools/derive/report.js'
import {benchReport} from '../test/helpers/generate.js'

/**
 * The first `count` reports of `n` that an edit leaves valid.
 * @param {number} n @param {number} count
 * @returns {number[]}  their numbers
 */
export function editableReports(n, count) {
  const found = []
  for (let i = 0; i < n && found.length < count; i++) {
    const r = benchReport(i)
    if (!r.headlines && !(r.results ?? []).some((p) => p.samples)) found.push(i)
  }
  if (found.length < count) throw new Error(`only ${found.length} of ${n} generated reports can be edited, expected ${count}`)
  return found
}

/**
 * The figure an edit of each kind changes in report `i`: its metric (which the
 * lists and versions pages show), or a latency (which only its own page shows).
 * @param {number} i
 * @returns {{throughput: string, latency: string | null}}
 */
export function editedFields(i) {
  const report = benchReport(i)
  const latency = ['latency_p95', 'latency_avg', 'latency_max'].find((m) => (report.results ?? []).some((p) => m in p)) ?? null
  return {throughput: metricOf(report), latency}
}

/**
 * Raise the first `field` of a report's text by k %.
 * @param {string} text  the report as generated @param {string} field @param {number} k
 * @returns {{text: string, shown: string}}  the edited text, and the new figure as an en page writes it
 */
export function editNumber(text, field, k) {
  let shown = ''
  const edited = text.replace(new RegExp(`\\b${field}: ([\\d.]+)`), (_, v) => {
    const decimals = v.split('.')[1]?.length ?? 0
    const value = Number((Number(v) * (1 + k / 100)).toFixed(decimals))
    shown = value.toLocaleString('en-US', {minimumFractionDigits: decimals, maximumFractionDigits: decimals})
    return `${field}: ${value.toFixed(decimals)}`
  })
  if (edited === text) throw new Error(`the generated report has no ${field} to change`)
  return {text: edited, shown}
}
