import {Document, isMap, isSeq} from 'yaml'
import {MEASURES} from '../derive/report.js'
import {SCHEMA_VERSIONS} from '../lib/schema-version.js'
import {COMPARABLE_SETTINGS, THROUGHPUTS} from '../domain/index.js'

/**
 * How a run's results enter a report. Pure: the report as it was plus what
 * this run measured so far gives the new report; other subjects are kept.
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/report.js').Subject} Subject
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {import('../types/report.js').Plan} ReportPlan
 * @typedef {{
 *   id: string, title?: string, date: string,
 *   subject: Subject & {id: string, run: NonNullable<Subject['run']>},
 *   plan: ReportPlan,
 *   environment: import('../types/report.js').Environment,
 *   topology: import('../types/report.js').Host[],
 *   parameters: import('../types/report.js').Parameter[],
 *   baseline?: string
 * }} RunContext  baseline: the subject a comparison plan names first, unless the report has one
 */

/**
 * The results by subject, in the subjects' order, this subject's `points` in its place: subjects
 * that run side by side write in the order they finish, and the file should not change with it.
 * Points of a subject the report does not list (not written by a run) stay, last.
 * @param {Subject[]} subjects @param {Point[]} others  the other subjects' points @param {string} id @param {Point[]} points
 * @returns {Point[]}
 */
function inSubjectOrder(subjects, others, id, points) {
  const listed = new Set(subjects.map((s) => s.id))
  return [
    ...subjects.flatMap((s) => (s.id === id ? points : others.filter((p) => p.subject === s.id))),
    ...others.filter((p) => !listed.has(p.subject))
  ]
}

/**
 * @param {Report | null} existing
 * @param {RunContext} run
 * @param {Point[]} points  this subject's points, in plan order
 * @returns {Report}
 */
export function reportWithRun(existing, run, points) {
  const id = run.subject.id
  /** @type {Partial<Report>} */
  const before = existing ?? {}
  /** @type {Subject[]} */
  const oldSubjects = before.subjects ?? []
  const at = oldSubjects.findIndex((s) => s.id === id)
  const subjects = points.length === 0
    ? oldSubjects.filter((s) => s.id !== id)
    : at >= 0 ? oldSubjects.map((s) => (s.id === id ? run.subject : s)) : [...oldSubjects, run.subject]
  const others = (before.results ?? []).filter((p) => p.subject !== id)
  const parameters = [
    ...(before.parameters ?? []).filter((p) => !(p.subjects?.length === 1 && p.subjects[0] === id)),
    ...(points.length > 0 ? run.parameters : [])
  ]
  const baseline = [before.baseline, run.baseline].find((b) => b !== undefined && subjects.some((s) => s.id === b))
  // a subject with points, as every report has (the caller writes none without)
  const written = /** @type {Report['subjects']} */ (withDrivers(subjects, before.plan?.db_driver, id, run.plan.db_driver ?? 'mysql'))
  return {
    schema_version: SCHEMA_VERSIONS.report,
    id: run.id,
    ...(before.title ?? run.title ? {title: before.title ?? run.title} : {}),
    kind: subjects.length > 1 ? 'comparison' : 'single',
    date: before.date ?? run.date,
    ...(before.place !== undefined ? {place: before.place} : {}),
    ...(before.author !== undefined ? {author: before.author} : {}),
    ...(before.source !== undefined ? {source: before.source} : {}),
    ...(before.product !== undefined ? {product: before.product} : {}),
    subjects: written,
    ...(baseline !== undefined && subjects.length > 1 ? {baseline} : {}),
    ...(before.metric !== undefined ? {metric: before.metric} : {}),
    ...(before.verdict !== undefined ? {verdict: before.verdict} : {}),
    environment: {...before.environment, ...run.environment},
    topology: before.topology ?? run.topology,
    ...(parameters.length > 0 ? {parameters} : {}),
    plan: existing?.plan ? mergePlans(existing.plan, run.plan) : run.plan,
    results: inSubjectOrder(written, others, id, points),
    ...(before.headlines ? {headlines: before.headlines} : {})
  }
}

/**
 * Subjects measured with different sysbench drivers each name their own, so
 * the page shows each one's commands; when all share one, the plan says it.
 *
 * @param {Subject[]} subjects
 * @param {Subject['db_driver']} oldDriver  the report's plan's, which held for its subjects without one
 * @param {string} id  the subject this run measured
 * @param {NonNullable<Subject['db_driver']>} driver  this run's
 * @returns {Subject[]}
 */
function withDrivers(subjects, oldDriver, id, driver) {
  const driverOf = (/** @type {Subject} */ s) => (s.id === id ? driver : s.db_driver ?? oldDriver ?? 'mysql')
  const differ = new Set(subjects.map(driverOf)).size > 1
  return subjects.map(({db_driver: _, ...s}) => (differ ? {...s, db_driver: driverOf({...s, db_driver: _})} : s))
}

/**
 * The plan of a report several runs filled in: the latest's settings, every workload and thread count.
 *
 * @param {ReportPlan} old
 * @param {ReportPlan} latest
 * @returns {ReportPlan}
 */
export function mergePlans(old, latest) {
  const workloads = old.workloads.map((w) => ({...w, threads: [...(w.threads ?? [])]}))
  for (const w of latest.workloads) {
    const known = workloads.find((o) => o.name === w.name)
    if (!known) workloads.push({...w, threads: [...(w.threads ?? [])]})
    else for (const t of w.threads ?? []) if (!known.threads.includes(t)) known.threads.push(t)
  }
  return {...latest, workloads}
}

/**
 * Settings that make two subjects' points comparable: a run told which of them differ from the report's plan.
 *
 * @param {ReportPlan} old
 * @param {ReportPlan} latest
 * @returns {string[]}  names of the settings that differ
 */
export function planDifferences(old, latest) {
  return COMPARABLE_SETTINGS.filter(
    (k) => old[k] !== undefined && latest[k] !== undefined && old[k] !== latest[k]
  )
}

/**
 * One point as the report records it.
 * @param {{subject: string, workload: string, threads: number, clients: number, log: string}} where
 * @param {import('../parse/merge.js').Figures & {spread?: number | null, repeats?: number, samples?: Point['samples']}} figures
 * @returns {Point}
 */
export function pointRecord(where, figures) {
  /** @type {Point} */
  const point = {subject: where.subject, workload: where.workload, threads: where.threads, clients: where.clients}
  if (figures.error) {
    point.error = figures.error
  } else {
    for (const k of MEASURES) if (figures[k] != null) point[k] = figures[k]
    // a throughput of 0 is not a measurement (the schema refuses it); a point with neither failed
    for (const k of THROUGHPUTS) if ((point[k] ?? 1) <= 0) delete point[k]
    if (point.qps == null && point.tps == null && (figures.qps != null || figures.tps != null)) {
      for (const k of MEASURES) delete point[k]
      point.error = 'sysbench measured no queries or transactions (0 per second)'
    }
    if ((figures.repeats ?? 1) > 1) {
      // the repeats the figures are the median of: a failed repeat is not one
      point.repeats = figures.samples?.length ?? figures.repeats
      point.spread = figures.spread ?? null
    }
    if (figures.samples) point.samples = figures.samples
  }
  point.log = where.log
  if (figures.intervals.length > 0) point.intervals = figures.intervals
  return point
}

/**
 * The report as YAML a reviewer can read in a diff: a time-series interval a line.
 *
 * @param {Report} report
 * @param {string} header  comment at the top
 */
export function serializeReport(report, header) {
  const doc = new Document(report)
  doc.commentBefore = ` ${header}`
  const results = doc.get('results')
  if (isSeq(results)) {
    for (const point of results.items) {
      const series = isMap(point) ? point.get('intervals') : null
      if (isSeq(series)) for (const entry of series.items) if (isMap(entry)) entry.flow = true
    }
  }
  return doc.toString({lineWidth: 0})
}
