import {VERDICT_DEFAULTS, deriveVerdicts} from './verdict.js'

/**
 * When a point's repeats may stop, written once (docs/statistics.md, "Repeats that stop").
 *
 * A plan's `repeats: {min, max, margin}` measures a point round by round, the subjects taking
 * turns (A B A B …). After round r ≥ min its cells (each compared subject × throughput and p95,
 * judged by deriveVerdicts over the workload's points so far) are looked at; the point stops
 *
 *   decided  every cell is faster, slower or equivalent;
 *   precise  every cell is decided or its interval is at most δ wide (the margin): more
 *            rounds would only tell a change near ±δ from ±δ;
 *   max      r = max.
 *
 * Looking after every round and stopping on what is seen would make a 95 % interval claim
 * too often. Each look's interval is instead a repeated confidence interval at
 * 1 − 0.05 / (max − min + 1) (`sequentialConfidence` in verdict.js, which every verdict of
 * a report measured so uses): by Bonferroni, the intervals of all looks hold at once with
 * 95 %, so the one the rule stops at does too, whatever made it stop.
 * A plan of one subject has no cells: its point stops when its own interval is at most δ wide.
 *
 * @typedef {{min: number, max: number, margin: number}} Rule
 * @typedef {{stop: boolean, reason: 'decided' | 'precise' | 'max' | null}} Decision
 */

/**
 * A plan's `repeats` as a rule with its margin in % (the verdicts' default when it gives none), or null for a fixed count.
 * @param {number | {min?: number, max: number, margin?: number | string} | undefined} repeats
 * @returns {Rule | null}
 */
export function ruleOf(repeats) {
  if (repeats === undefined || typeof repeats === 'number') return null
  return {min: repeats.min ?? 2, max: repeats.max, margin: repeats.margin === undefined ? VERDICT_DEFAULTS.margin : parseFloat(String(repeats.margin))}
}

/**
 * Whether a point stops after `rounds` rounds.
 * @param {import('./verdict.js').Report} report  the workload's points so far, `plan.repeats` the rule
 * @param {{workload: string, key: string, rounds: number}} at  the point's workload and coordinates key
 * @param {import('./verdict.js').VerdictContext} context
 * @returns {Decision}
 */
export function stopAfter(report, {workload, key, rounds}, context) {
  const rule = /** @type {Rule} */ (report.plan.repeats)
  if (rounds < rule.min) return {stop: false, reason: null}
  const verdicts = deriveVerdicts(report, context)
  const {margin} = verdicts.settings
  // each cell: decided, and its interval's width in % (a point of a one-subject plan: never decided)
  const judged = context.baseline
    ? verdicts.cells.filter((c) => c.workload === workload && c.key === key)
      .map((c) => ({decided: ['faster', 'slower', 'equivalent'].includes(c.verdict), width: c.low == null || c.high == null ? Infinity : c.high - c.low}))
    : verdicts.points.filter((p) => p.workload === workload && p.key === key).map((p) => ({decided: false, width: ((p.high - p.low) / p.mean) * 100}))
  if (judged.length > 0 && judged.every((c) => c.decided)) return {stop: true, reason: 'decided'}
  if (judged.length > 0 && judged.every((c) => c.decided || c.width <= margin)) return {stop: true, reason: 'precise'}
  return rounds >= rule.max ? {stop: true, reason: 'max'} : {stop: false, reason: null}
}
