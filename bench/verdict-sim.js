/**
 * The verdict simulation's parts, shared by bench/verdicts.js (which prints the
 * figures) and test/bench/stopping-sim.test.js (which holds the error rates):
 * synthetic comparisons of one workload, two subjects `a` and `b`, `cells`
 * thread counts, throughput log-normal with coefficient of variation `cv`, b's
 * true ratio 1 + effect; measured with a fixed count of repeats, or round by
 * round under a stopping rule (tools/derive/stopping.js), cell after cell as
 * `benchdoc run` measures a plan's points.
 */
import {deriveVerdicts} from '../tools/derive/verdict.js'
import {stopAfter} from '../tools/derive/stopping.js'

/** @typedef {import('../tools/derive/verdict.js').Report} Report */

/**
 * A small deterministic generator (mulberry32) and a standard normal from it (Box–Muller).
 * @param {number} seed
 */
export function randomOf(seed) {
  let state = seed >>> 0
  const uniform = () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {normal: () => Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())}
}

/** @type {import('../tools/derive/verdict.js').VerdictContext} */
const CONTEXT = {baseline: 'a', metric: 'tps', keyOf: (p) => String(p.threads)}

/**
 * @param {number[]} threads
 * @param {Array<{subject: string, threads: number, tps: number[]}>} points
 * @param {import('../tools/derive/stopping.js').Rule} [rule]
 * @returns {Report}
 */
function reportOf(threads, points, rule) {
  return /** @type {Report} */ ({
    id: 'sim', kind: 'comparison', metric: 'tps', baseline: 'a',
    subjects: [{id: 'a', product: 'X', version: '1'}, {id: 'b', product: 'X', version: '2'}],
    plan: {workloads: [{name: 'oltp_read_only', threads}], ...(rule ? {repeats: rule} : {})},
    results: points.map((p) => ({
      subject: p.subject, workload: 'oltp_read_only', threads: p.threads, tps: p.tps[0],
      ...(p.tps.length > 1 ? {repeats: p.tps.length, samples: p.tps.map((tps) => ({tps}))} : {})
    }))
  })
}

/**
 * One simulated report: its cells' verdicts and the rounds each cell took.
 * @param {ReturnType<typeof randomOf>} random
 * @param {{effect: number, cv: number, cells: number, n?: number, rule?: import('../tools/derive/stopping.js').Rule}} setting
 *   `n` fixed repeats, or a stopping `rule`
 * @returns {{verdicts: string[], rounds: number[], covered: boolean[]}}  covered: whether each cell's interval holds the true change
 */
export function simulateReport(random, {effect, cv, cells, n, rule}) {
  const sd = Math.sqrt(Math.log1p(cv * cv))
  const threads = Array.from({length: cells}, (_, i) => 2 ** i)
  /** @type {Array<{subject: string, threads: number, tps: number[]}>} */
  const points = []
  /** @type {number[]} */
  const rounds = []
  for (const t of threads) {
    const pair = [{subject: 'a', threads: t, tps: /** @type {number[]} */ ([])}, {subject: 'b', threads: t, tps: /** @type {number[]} */ ([])}]
    points.push(...pair)
    for (let r = 1; ; r++) {
      for (const p of pair) p.tps.push(1000 * t * (p.subject === 'b' ? 1 + effect : 1) * Math.exp(sd * random.normal()))
      const done = rule ? stopAfter(reportOf(threads, points, rule), {workload: 'oltp_read_only', key: String(t), rounds: r}, CONTEXT).stop : r >= (n ?? 1)
      if (done) break
    }
    rounds.push(pair[0].tps.length)
  }
  const {cells: judged} = deriveVerdicts(reportOf(threads, points, rule), CONTEXT)
  return {verdicts: judged.map((c) => c.verdict), rounds, covered: judged.map((c) => c.low != null && c.high != null && c.low <= effect * 100 && effect * 100 <= c.high)}
}

/**
 * Many reports of one setting: the % of cells of each verdict, the mean rounds per cell, and the % of
 * cells whose interval holds the true change.
 * @param {{effect: number, cv: number, cells: number, n?: number, rule?: import('../tools/derive/stopping.js').Rule}} setting
 * @param {{reports: number, seed: number}} options
 */
export function simulate(setting, {reports, seed}) {
  const random = randomOf(seed)
  /** @type {Record<string, number>} */
  const counts = {faster: 0, slower: 0, equivalent: 0, inconclusive: 0, single_run: 0}
  let cells = 0
  let rounds = 0
  let covered = 0
  for (let i = 0; i < reports; i++) {
    const one = simulateReport(random, setting)
    for (const v of one.verdicts) counts[v]++
    cells += one.verdicts.length
    rounds += one.rounds.reduce((a, b) => a + b, 0)
    covered += one.covered.filter(Boolean).length
  }
  const pct = Object.fromEntries(Object.entries(counts).map(([v, k]) => [v, (100 * k) / cells]))
  return {pct, meanRounds: rounds / cells, coverage: (100 * covered) / cells}
}
