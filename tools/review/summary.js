import {VERDICTS} from './verdicts.js'

/**
 * What a reviewer reads first: counts per verdict of the cells the change
 * touches, a line per changed workload, flips called out, and the exit code. Pure.
 *
 * @typedef {import('./verdicts.js').Verdict} Verdict
 * @typedef {import('./format.js').ReportReview} ReportReview
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {'regression' | 'error' | 'never'} FailOn
 * @typedef {{
 *   report: string, workload: string, subject: string, metric: string,
 *   headline: {old: number | null, new: number | null},
 *   verdict: {old: Verdict | null, new: Verdict | null},
 *   estimate: {old: import('./verdicts.js').Judged | null, new: import('./verdicts.js').Judged | null} | null,
 *   flips: Array<'sign' | 'verdict'>
 * }} WorkloadLine
 *   headline: the derived headline, else the stated one; verdict and estimate:
 *   the workload's headline verdict, its change and 95 % interval, at BASE and now
 * @typedef {{
 *   reports: {changed: number, added: number, removed: number},
 *   verdicts: Record<Verdict, number>,
 *   changed: number,
 *   regressions: number,
 *   problems: {errors: number, warnings: number},
 *   drift: {errors: number, warnings: number},
 *   workloads: WorkloadLine[]
 * }} Summary
 */

/** Verdicts a flip is called out between (single run and inconclusive say nothing either way). */
const DECISIVE = new Set(['faster', 'slower', 'equivalent'])

/**
 * @param {ReportReview[]} reports
 * @param {Problem[]} drift
 * @returns {Summary}
 */
export function summarise(reports, drift) {
  const statusOf = (/** @type {ReportReview} */ r) => r.data?.status ?? 'changed'
  const count = (/** @type {string} */ s) => reports.filter((r) => statusOf(r) === s).length
  const verdicts = /** @type {Record<Verdict, number>} */ (Object.fromEntries(VERDICTS.map((v) => [v, 0])))
  let regressions = 0
  let changed = 0
  for (const r of reports) {
    for (const cell of r.verdicts?.cells ?? []) {
      if (cell.new) verdicts[cell.new.verdict]++
      if (cell.old && cell.new && cell.old.verdict !== cell.new.verdict) changed++
      if (cell.regression) regressions++
    }
  }
  const problems = reports.flatMap((r) => r.problems ?? [])
  return {
    reports: {changed: count('changed'), added: count('added'), removed: count('removed')},
    verdicts,
    changed,
    regressions,
    problems: severities(problems),
    drift: severities(drift),
    workloads: reports.flatMap(workloadLines)
  }
}

/**
 * The exit code for a summary: 1 when `failOn` is met; `regression` fails on an error too.
 *
 * @param {Summary} summary
 * @param {FailOn} failOn
 */
export function exitCode(summary, failOn) {
  if (failOn === 'never') return 0
  const errors = summary.problems.errors + summary.drift.errors
  if (errors > 0) return 1
  return failOn === 'regression' && summary.regressions > 0 ? 1 : 0
}

/** @param {Problem[]} problems */
function severities(problems) {
  const errors = problems.filter((p) => p.severity === 'error').length
  return {errors, warnings: problems.length - errors}
}

/**
 * A line per workload × compared subject whose points, headlines or cell verdicts changed.
 * @param {ReportReview} r
 * @returns {WorkloadLine[]}
 */
function workloadLines(r) {
  if (!r.data || r.data.status === 'removed' || r.notCompared) return []
  /** @type {Map<string, WorkloadLine>} */
  const lines = new Map()
  const key = (/** @type {string} */ w, /** @type {string} */ s) => `${w}|${s}`
  for (const h of r.data.headlines) {
    const derived = h.derived.old != null || h.derived.new != null
    lines.set(key(h.workload, h.subject), {
      report: r.id, workload: h.workload, subject: h.subject, metric: h.metric,
      headline: derived ? {old: h.derived.old, new: h.derived.new} : {old: h.stated.old?.value ?? null, new: h.stated.new?.value ?? null},
      verdict: {old: null, new: null}, estimate: null, flips: []
    })
  }
  const metricOf = (/** @type {string} */ w, /** @type {string} */ s) => lines.get(key(w, s))?.metric
  for (const cell of r.verdicts?.cells ?? []) {
    if (lines.has(key(cell.workload, cell.subject))) continue
    const headline = r.verdicts?.headlines.find((h) => h.workload === cell.workload && h.subject === cell.subject)
    lines.set(key(cell.workload, cell.subject), {
      report: r.id, workload: cell.workload, subject: cell.subject, metric: headline?.measure ?? cell.measure,
      headline: {old: null, new: null}, verdict: {old: null, new: null}, estimate: null, flips: []
    })
  }
  for (const line of lines.values()) {
    const h = r.verdicts?.headlines.find((v) => v.workload === line.workload && v.subject === line.subject && v.measure === (metricOf(line.workload, line.subject) ?? line.metric))
    if (h) {
      line.verdict = {old: h.old?.verdict ?? null, new: h.new?.verdict ?? null}
      line.estimate = {old: h.old, new: h.new}
    }
    const {old, new: now} = line.headline
    if (old != null && now != null && Math.sign(old) !== Math.sign(now) && old !== 0 && now !== 0) line.flips.push('sign')
    const v = line.verdict
    if (v.old && v.new && v.old !== v.new && DECISIVE.has(v.old) && DECISIVE.has(v.new)) line.flips.push('verdict')
  }
  return [...lines.values()]
}
