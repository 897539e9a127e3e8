#!/usr/bin/env node
/**
 * Verdict simulation: synthetic comparisons of known effect and noise run
 * through the real derivation (deriveReport → tools/derive/verdict.js), and
 * how often each verdict comes out. A benchmark that prints figures, not a
 * test. Each setting: REPORTS reports of one workload with CELLS thread
 * counts, two subjects, n repeats per point, throughput log-normal with the
 * given coefficient of variation, the subject's true ratio 1 + effect.
 *
 *   node bench/verdicts.js [--reports 200] [--cells 5]
 *
 * Targets (issue 8): with no effect, faster or slower in at most 5 % of
 * cells; a 10 % effect with CV 2 % and n = 3 found (faster) in at least 95 %.
 */
import {parseArgs} from 'node:util'
import {deriveReport} from '../tools/derive/report.js'
import {print, saveSection} from './budgets-doc.js'

const {values} = parseArgs({options: {reports: {type: 'string', default: '200'}, cells: {type: 'string', default: '5'}, seed: {type: 'string', default: '8'}}})
const REPORTS = Number(values.reports)
const CELLS = Number(values.cells)
const EFFECTS = [0, 0.01, 0.03, 0.1, 0.3]
const CVS = [0.005, 0.01, 0.02, 0.05]
const NS = [1, 2, 3, 5, 10]
const VERDICTS = /** @type {const} */ (['faster', 'slower', 'equivalent', 'inconclusive', 'single_run'])

/** A small deterministic generator (mulberry32), so every run prints the same figures. */
let state = Number(values.seed) >>> 0
function uniform() {
  state = (state + 0x6d2b79f5) >>> 0
  let t = state
  t = Math.imul(t ^ (t >>> 15), t | 1)
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296
}
/** Standard normal (Box–Muller). */
function normal() {
  return Math.sqrt(-2 * Math.log(1 - uniform())) * Math.cos(2 * Math.PI * uniform())
}

/**
 * @param {number} effect @param {number} cv @param {number} n
 * @returns {import('../tools/types/report.js').Report}
 */
function syntheticReport(effect, cv, n) {
  const sd = Math.sqrt(Math.log1p(cv * cv))
  const threads = Array.from({length: CELLS}, (_, i) => 2 ** i)
  const results = []
  for (const t of threads) {
    for (const [subject, ratio] of /** @type {const} */ ([['a', 1], ['b', 1 + effect]])) {
      const samples = Array.from({length: n}, () => ({tps: 1000 * t * ratio * Math.exp(sd * normal())}))
      results.push({subject, workload: 'oltp_read_only', threads: t, tps: samples[0].tps, ...(n > 1 ? {repeats: n, samples} : {})})
    }
  }
  return {
    id: 'sim', kind: 'comparison', metric: 'tps',
    subjects: [{id: 'a', product: 'X', version: '1'}, {id: 'b', product: 'X', version: '2'}],
    plan: {workloads: [{name: 'oltp_read_only', threads}]},
    results
  }
}

const started = Date.now()
print(`verdicts per setting, % of ${REPORTS * CELLS} cells (${REPORTS} reports × ${CELLS} thread counts; margin ±2 %, pooled, BH q = 0.05)`)
print('effect  CV     n   faster  slower  equiv.  inconcl.  single')
/** @type {Record<string, Record<string, number>>} */
const table = {}
for (const effect of EFFECTS) {
  for (const cv of CVS) {
    for (const n of NS) {
      /** @type {Record<string, number>} */
      const counts = Object.fromEntries(VERDICTS.map((v) => [v, 0]))
      for (let r = 0; r < REPORTS; r++) {
        for (const c of deriveReport(/** @type {import("../tools/derive/report.js").Report} */ (syntheticReport(effect, cv, n))).verdicts.cells) counts[c.verdict]++
      }
      const pct = Object.fromEntries(VERDICTS.map((v) => [v, (100 * counts[v]) / (REPORTS * CELLS)]))
      table[`${effect}|${cv}|${n}`] = pct
      const f = (/** @type {number} */ x) => x.toFixed(1).padStart(6)
      print(`${`${effect * 100}%`.padEnd(7)} ${`${cv * 100}%`.padEnd(6)} ${String(n).padStart(2)}  ${VERDICTS.map((v) => f(pct[v])).join('  ')}`)
    }
  }
}
const falseClaims = Math.max(...CVS.flatMap((cv) => NS.map((n) => table[`0|${cv}|${n}`].faster + table[`0|${cv}|${n}`].slower)))
const found = table['0.1|0.02|3'].faster
print(`\nno effect: faster or slower in at most ${falseClaims.toFixed(1)} % of cells (target ≤ 5 %): ${falseClaims <= 5 ? 'met' : 'NOT met'}`)
print(`10 % effect, CV 2 %, n = 3: faster in ${found.toFixed(1)} % of cells (target ≥ 95 %): ${found >= 95 ? 'met' : 'NOT met'}`)
print(`${EFFECTS.length * CVS.length * NS.length} settings in ${((Date.now() - started) / 1000).toFixed(1)} s`)
saveSection('verdicts')
