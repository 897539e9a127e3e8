/**
 * What every rule of a report gets: the report, ways to say a problem, facts worked out once.
 *
 * @typedef {import('../../types/report.js').Report} Report
 * @typedef {import('../../types/report.js').Point} Point
 * @typedef {import('../../lib/yaml-source.js').SourceDoc} SourceDoc
 * @typedef {(rule: string, path: Array<string | number>, message: string) => void} Say
 * @typedef {{
 *   doc: SourceDoc, report: Report, error: Say, warning: Say,
 *   subjectIds: Set<string>, workloadNames: Set<string>, results: Point[], planClients: number,
 *   baseline: string | null, partial: Set<string>, seen: Map<string, number>
 * }} RuleContext  `report` is schema-valid data; `partial`: subjects whose run is
 *   partial; `seen`: each point's key and first index, as the points are checked in order
 * @typedef {{name: string, check: (c: RuleContext) => void}} ReportRule
 *   a rule of the whole report; the problems it says carry their own rule ids
 * @typedef {{name: string, check: (p: Point, i: number, c: RuleContext) => void}} PointRule
 *   a rule of one point of `results`, at index `i`
 */
import {baselineOf} from '../../derive/report.js'

/**
 * @param {SourceDoc} doc  a document whose data passed the schema
 * @param {import('../../lib/problems.js').Problem[]} problems  where the rules' problems go
 * @returns {RuleContext}
 */
export function ruleContext(doc, problems) {
  const report = /** @type {Report} */ (doc.data)
  /** @param {'error' | 'warning'} severity @returns {Say} */
  const say = (severity) => (rule, path, message) => problems.push({file: doc.file, ...doc.placeOf(path), severity, message, rule})
  return {
    doc,
    report,
    error: say('error'),
    warning: say('warning'),
    subjectIds: new Set(report.subjects.map((s) => s.id)),
    workloadNames: new Set(report.plan.workloads.map((w) => w.name)),
    results: report.results ?? [],
    planClients: report.plan.clients ?? 1,
    baseline: baselineOf(report),
    partial: new Set(report.subjects.filter((s) => s.run?.status === 'partial').map((s) => s.id)),
    seen: new Map()
  }
}

/** @param {string} what @param {string} value @param {Set<string>} known */
export function unknown(what, value, known) {
  return `Unknown ${what} \`${value}\`, expected one of: ${[...known].join(', ')}`
}
