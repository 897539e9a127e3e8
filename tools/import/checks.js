import {agrees, decimalsOf, percentChange} from '../derive/change.js'
import {deriveReport} from '../derive/report.js'

/**
 * Stated derived figures (a % column, a headline, a summary table) against tools/derive's:
 * a warning at the stated figure, and a disagreeing headline is not recorded.
 *
 * @typedef {import('./extract.js').Stated} Stated
 */

/**
 * @param {import('../types/report.js').Report} report  assembled report (results in place)
 * @param {Map<string, string>} written  path → number as published
 * @param {Stated[]} stated
 * @param {Array<import('./results.js').StatedChange & {workload: string}>} changes
 * @param {import('./extract.js').Say} say
 * @returns {Array<{workload: string, subject: string, change: number, text: string}>}  headlines to record
 */
export function checkArithmetic(report, written, stated, changes, say) {
  // nothing stated, nothing to check: no derivation (the validator derives once more)
  if (stated.length === 0 && changes.length === 0) return []
  const sourceOf = (/** @type {Array<string | number>} */ path) => written.get(path.join('/'))
  const derived = deriveReport(/** @type {import('../derive/report.js').Report} */ (report), sourceOf)
  /** @type {Array<{workload: string, subject: string, change: number, text: string}>} */
  const headlines = []
  const sentences = new Set(stated.filter((s) => s.from === 'sentence').map((s) => `${s.workload}|${s.subject}`))
  for (const s of stated) {
    const w = derived.workloads.find((x) => x.name === s.workload)
    const h = w?.headlines.find((x) => x.subject === s.subject)
    const value = h?.derived.value ?? null
    const key = `${s.workload}|${s.subject}`
    const record = s.from === 'sentence' || !sentences.has(key)
    // nothing derived to check it against, or agreeing: recorded
    if (value === null || agrees(s.value, value, decimalsOf(s.text))) {
      if (record && !headlines.some((x) => `${x.workload}|${x.subject}` === key)) headlines.push({workload: s.workload, subject: s.subject, change: s.value, text: s.text})
      continue
    }
    say('warning', s.place, 'headline-agrees', `Stated ${s.workload} change ${s.text} % disagrees with ${value.toFixed(3)} % derived from the points (mean of per-point ${h?.metric ?? derived.metric} changes)${record ? '; not recorded as a headline' : ''}`)
  }
  const results = report.results ?? []
  const planClients = report.plan.clients ?? 1
  for (const c of changes) {
    const metric = c.metric ?? derived.metric
    const find = (/** @type {string | null} */ subject) =>
      results.find((p) => p.subject === subject && p.workload === c.workload && p.threads === c.threads && (p.clients ?? planClients) === (c.clients ?? planClients))
    const point = find(c.subject)
    const base = find(derived.baseline)
    const value = percentChange(point?.[metric], base?.[metric])
    if (value === null || agrees(c.value, value, decimalsOf(c.text))) continue
    say('warning', c.place, 'change-agrees', `Stated change ${c.text} % at ${c.threads} threads disagrees with ${value.toFixed(2)} % derived from ${metric} ${base?.[metric]} → ${point?.[metric]}`)
  }
  return headlines
}
