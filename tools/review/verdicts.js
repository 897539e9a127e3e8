import {isDeepStrictEqual} from 'node:util'
import {baselineOf, coordinatesKey, deriveReport} from '../derive/report.js'
import {confidencePercent, VERDICT_DEFAULTS} from '../derive/verdict.js'

/**
 * The verdicts a change touches: each comparison cell whose point, baseline point or
 * verdict changed, and the workload headlines (not intervals that move with the pooled
 * noise, verdict unchanged). Pure.
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../derive/verdict.js').Verdict} Verdict
 * @typedef {{change: number, low: number | null, high: number | null, verdict: Verdict, level: number}} Judged  `level`: the interval's confidence in %
 * @typedef {import('../derive/verdict.js').Cell} Cell  its `key` is the coordinates key (threads, clients, dimensions)
 * @typedef {{subject: string, workload: string, threads: number, clients: number, dimensions?: Record<string, number>, measure: string}} CellId
 *   dimensions: only when the point has any
 * @typedef {CellId & {old: Judged | null, new: Judged | null, regression: boolean}} CellChange
 *   `regression`: the new verdict is slower and the old one was not
 * @typedef {{subject: string, workload: string, measure: string, old: Judged | null, new: Judged | null}} HeadlineVerdict
 */

/** The verdicts in the order the summary counts them. */
export const VERDICTS = /** @type {Verdict[]} */ (['faster', 'slower', 'equivalent', 'inconclusive', 'single_run'])

/**
 * @param {Report | null} old  report data at BASE (null: added, or not comparable)
 * @param {Report | null} now  report data now (null: removed, or not comparable)
 * @returns {{cells: CellChange[], headlines: HeadlineVerdict[]}}
 */
export function compareVerdicts(old, now) {
  const before = old ? deriveReport(old).verdicts : {cells: [], headlines: [], settings: VERDICT_DEFAULTS}
  const after = now ? deriveReport(now).verdicts : {cells: [], headlines: [], settings: VERDICT_DEFAULTS}
  const [judgedOld, judgedNew] = [before, after].map(({settings}) => (/** @type {Pick<Cell, 'change' | 'low' | 'high' | 'verdict'>} */ c) => judged(c, confidencePercent(settings.confidence)))
  // the derivation's coordinates key: points that differ only by a dimension are different cells
  const cellKey = (/** @type {Cell} */ c) => `${c.subject}|${c.workload}|${c.key}|${c.measure}`
  const oldCells = new Map(before.cells.map((c) => [cellKey(c), c]))
  const newCells = new Map(after.cells.map((c) => [cellKey(c), c]))
  /** @type {CellChange[]} */
  const cells = []
  for (const key of [...newCells.keys(), ...[...oldCells.keys()].filter((k) => !newCells.has(k))]) {
    const a = oldCells.get(key)
    const b = newCells.get(key)
    if (a && b && a.verdict === b.verdict && !pointsChanged(old, now, b)) continue
    const id = /** @type {NonNullable<typeof a>} */ (b ?? a)
    cells.push({
      subject: id.subject, workload: id.workload, threads: id.threads, clients: id.clients,
      ...(Object.keys(id.dimensions).length > 0 ? {dimensions: id.dimensions} : {}), measure: id.measure,
      old: a ? judgedOld(a) : null,
      new: b ? judgedNew(b) : null,
      regression: b?.verdict === 'slower' && a?.verdict !== 'slower'
    })
  }
  const headKey = (/** @type {{subject: string, workload: string, measure: string}} */ h) => `${h.subject}|${h.workload}|${h.measure}`
  const oldHeads = new Map(before.headlines.map((h) => [headKey(h), h]))
  const newHeads = new Map(after.headlines.map((h) => [headKey(h), h]))
  /** @type {HeadlineVerdict[]} */
  const headlines = []
  for (const key of new Set([...newHeads.keys(), ...oldHeads.keys()])) {
    const a = oldHeads.get(key)
    const b = newHeads.get(key)
    const id = /** @type {NonNullable<typeof a>} */ (b ?? a)
    headlines.push({subject: id.subject, workload: id.workload, measure: id.measure, old: a ? judgedOld(a) : null, new: b ? judgedNew(b) : null})
  }
  return {cells, headlines}
}

/**
 * Whether the cell's point or its baseline point differs between the reports.
 * @param {Report | null} old
 * @param {Report | null} now
 * @param {Cell} cell
 */
function pointsChanged(old, now, cell) {
  if (!old || !now) return true
  /** @param {Report} report @param {string | null} subject */
  const at = (report, subject) =>
    (report.results ?? []).find((p) => p.subject === subject && p.workload === cell.workload && coordinatesKey(p, report.plan.clients ?? 1) === cell.key)
  return [cell.subject, baselineOf(now)].some((s) => !isDeepStrictEqual(at(old, s), at(now, s)))
}

/** @param {Pick<Cell, 'change' | 'low' | 'high' | 'verdict'>} c @param {number} level @returns {Judged} */
function judged(c, level) {
  return {change: c.change, low: c.low, high: c.high, verdict: c.verdict, level}
}
