import {coordinatesKey, metricOf} from '../derive/report.js'
import {sampleOf} from '../parse/merge.js'
import {stopAfter} from '../derive/stopping.js'

/**
 * A plan's stopping rule at work during one run: every subject's repeats of each point so far
 * (with --resume, those recorded before count), and after each round the rule's decision
 * (tools/derive/stopping.js), taken once every subject has measured the round and shared by all
 * of them, so the subjects stop a point together.
 *
 * @typedef {{workload: string, threads: number}} PlannedPoint
 * @typedef {import('../derive/stopping.js').Decision} Decision
 * @typedef {Record<string, number>} Sample  one repeat's figures, as a point's `samples` keep them
 * @typedef {ReturnType<typeof roundKeeper>} Rounds
 */

/** @param {PlannedPoint} p */
export const pointId = (p) => `${p.workload}\u0000${p.threads}`

/**
 * @param {import('./plan.js').Plan} plan  the whole plan, with its `rule`
 * @param {import('../types/report.js').Report | null} earlier  the report before the run (--resume)
 */
export function roundKeeper(plan, earlier) {
  const rule = /** @type {import('../derive/stopping.js').Rule} */ (plan.rule)
  const ids = plan.subjects.map((s) => s.id)
  /** @type {Map<string, Map<string, Sample[]>>} subject → point → samples */
  const samples = new Map(ids.map((id) => [id, new Map()]))
  /** @type {Map<string, Decision>} */
  const decided = new Map()
  for (const p of earlier?.results ?? []) {
    if (p.error || (p.clients ?? earlier?.plan.clients ?? 1) !== plan.clients) continue
    samples.get(p.subject)?.set(pointId(p), (p.samples ?? [p]).map(sampleOf))
  }
  const of = (/** @type {string} */ id, /** @type {PlannedPoint} */ p) => samples.get(id)?.get(pointId(p)) ?? []

  /** The workload's points so far as report data, the rule in its plan; point `at` by its first rounds (a subject's repeat of a later one, resumed, is not judged yet). @param {string} workload @param {{id: string, rounds: number}} at */
  const reportOf = (workload, at) => {
    const results = ids.flatMap((subject) => [.../** @type {Map<string, Sample[]>} */ (samples.get(subject))].flatMap(([key, all]) => {
      const [w, threads] = key.split('\u0000')
      const list = key === at.id ? all.slice(0, at.rounds) : all
      return w === workload && list.length > 0 ? [{subject, workload, threads: Number(threads), clients: plan.clients, ...list[0], samples: list}] : []
    }))
    return /** @type {import('../derive/verdict.js').Report} */ ({
      id: plan.report, kind: ids.length > 1 ? 'comparison' : 'single', subjects: ids.map((id) => ({id})),
      plan: {workloads: [{name: workload, threads: [...new Set(results.map((r) => r.threads))]}], clients: plan.clients, repeats: rule}, results
    })
  }

  return {
    /** Rounds of a point a subject has measured, or (null) every subject. @param {string | null} subject @param {PlannedPoint} p */
    done: (subject, p) => Math.min(...(subject ? [subject] : ids).map((id) => of(id, p).length)),
    /** A subject's repeat of a point. @param {string} subject @param {PlannedPoint} p @param {import('../parse/merge.js').Figures} figures */
    add(subject, p, figures) {
      of(subject, p).length === 0 && samples.get(subject)?.set(pointId(p), [])
      of(subject, p).push(sampleOf(figures))
    },
    /**
     * Whether a point stops after `rounds` rounds; kept once every subject has measured them.
     * @param {PlannedPoint} p @param {number} rounds
     * @returns {Decision}
     */
    decide(p, rounds) {
      const memo = `${pointId(p)}\u0000${rounds}`
      const known = decided.get(memo)
      if (known) return known
      const report = reportOf(p.workload, {id: pointId(p), rounds})
      const decision = stopAfter(report, {workload: p.workload, key: coordinatesKey({threads: p.threads, clients: plan.clients}, plan.clients), rounds}, {
        baseline: ids.length > 1 ? ids[0] : null, metric: metricOf(report), keyOf: (x) => coordinatesKey(x, plan.clients)
      })
      if (ids.every((id) => of(id, p).length >= rounds)) decided.set(memo, decision)
      return decision
    },
    /**
     * Each point's rounds and why it stopped, for the end of the run.
     * @param {PlannedPoint[]} points
     */
    summary(points) {
      return points.flatMap((p) => {
        const n = this.done(null, p)
        const why = n > 0 && this.decide(p, n).reason
        return n === 0 ? [] : [`${p.workload} ${p.threads} threads: ${n} round${n === 1 ? '' : 's'}, ${why ? REASONS[why] : 'not finished'}`]
      })
    }
  }
}

/** Why a point stopped, as the run says it. */
const REASONS = Object.freeze({decided: 'stopped: verdicts decided', precise: 'stopped: intervals within the margin', max: 'stopped at max, undecided'})
