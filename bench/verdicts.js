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
 *
 * Then the same under the stopping rule {min: 2, max: 10, margin: 2}
 * (tools/derive/stopping.js, cell after cell as `benchdoc run` measures),
 * with the mean rounds per cell against the fixed repeats that find as
 * many cells (issue 43): no effect, at most 5 % claimed; a 10 % effect with
 * CV 2 %, found in at least 95 %.
 */
import {parseArgs} from 'node:util'
import {print, saveSection} from './budgets-doc.js'
import {simulate} from './verdict-sim.js'

const {values} = parseArgs({options: {reports: {type: 'string', default: '200'}, cells: {type: 'string', default: '5'}, seed: {type: 'string', default: '8'}}})
const REPORTS = Number(values.reports)
const CELLS = Number(values.cells)
const SEED = Number(values.seed)
const EFFECTS = [0, 0.01, 0.03, 0.1, 0.3]
const CVS = [0.005, 0.01, 0.02, 0.05]
const NS = [1, 2, 3, 5, 10]
const VERDICTS = /** @type {const} */ (['faster', 'slower', 'equivalent', 'inconclusive', 'single_run'])
const RULE = {min: 2, max: 10, margin: 2}
const f = (/** @type {number} */ x) => x.toFixed(1).padStart(6)
const head = (/** @type {number} */ effect, /** @type {number} */ cv) => `${`${effect * 100}%`.padEnd(7)} ${`${cv * 100}%`.padEnd(6)}`

const started = Date.now()
print(`verdicts per setting, % of ${REPORTS * CELLS} cells (${REPORTS} reports × ${CELLS} thread counts; margin ±2 %, pooled, BH q = 0.05)`)
print('effect  CV     n   faster  slower  equiv.  inconcl.  single')
/** @type {Map<string, Record<string, number>>} */
const fixed = new Map()
/** The fixed design's verdicts, simulated once. @param {number} effect @param {number} cv @param {number} n */
const fixedPct = (effect, cv, n) => {
  const key = `${effect}|${cv}|${n}`
  if (!fixed.has(key)) fixed.set(key, simulate({effect, cv, n, cells: CELLS}, {reports: REPORTS, seed: SEED}).pct)
  return /** @type {Record<string, number>} */ (fixed.get(key))
}
for (const effect of EFFECTS) {
  for (const cv of CVS) {
    for (const n of NS) print(`${head(effect, cv)} ${String(n).padStart(2)}  ${VERDICTS.map((v) => f(fixedPct(effect, cv, n)[v])).join('  ')}`)
  }
}
const falseClaims = Math.max(...CVS.flatMap((cv) => NS.map((n) => fixedPct(0, cv, n).faster + fixedPct(0, cv, n).slower)))
const found = fixedPct(0.1, 0.02, 3).faster
print(`\nno effect: faster or slower in at most ${falseClaims.toFixed(1)} % of cells (target ≤ 5 %): ${falseClaims <= 5 ? 'met' : 'NOT met'}`)
print(`10 % effect, CV 2 %, n = 3: faster in ${found.toFixed(1)} % of cells (target ≥ 95 %): ${found >= 95 ? 'met' : 'NOT met'}`)

// the stopping rule: what it finds, in how many rounds, against fixed repeats finding as much
const right = (/** @type {number} */ effect) => (effect === 0 ? 'equivalent' : 'faster')
print(`\nunder the stopping rule {min: ${RULE.min}, max: ${RULE.max}, margin: ${RULE.margin}}: % of cells, % of intervals holding the true change, mean rounds per cell, and the fewest fixed repeats (≤ 20) that find the right verdict (${right(0)} at no effect, else faster) as often`)
print('effect  CV      faster  slower  equiv.  inconcl.  covered  rounds  fixed')
/** @type {Map<string, ReturnType<typeof simulate>>} */
const ruled = new Map()
for (const effect of [0, 0.02, 0.1, 0.3]) {
  for (const cv of CVS) {
    const s = simulate({effect, cv, cells: CELLS, rule: RULE}, {reports: REPORTS, seed: SEED})
    ruled.set(`${effect}|${cv}`, s)
    // at the margin itself no verdict is right: only the false claims count
    const same = effect === 0.02 ? null : Array.from({length: 19}, (_, i) => i + 2).find((n) => fixedPct(effect, cv, n)[right(effect)] >= s.pct[right(effect)])
    print(`${head(effect, cv)}  ${VERDICTS.slice(0, 4).map((v) => f(s.pct[v])).join('  ')}   ${f(s.coverage)}  ${s.meanRounds.toFixed(2).padStart(6)}  ${same === null ? '–' : same === undefined ? '> 20' : String(same).padStart(4)}`)
  }
}
const ruleClaims = Math.max(...CVS.map((cv) => {
  const {pct} = /** @type {{pct: Record<string, number>}} */ (ruled.get(`0|${cv}`))
  return pct.faster + pct.slower
}))
const ruleFound = /** @type {ReturnType<typeof simulate>} */ (ruled.get('0.1|0.02'))
const sameFixed = Array.from({length: 19}, (_, i) => i + 2).find((n) => fixedPct(0.1, 0.02, n).faster >= ruleFound.pct.faster)
print(`\nstopping rule, no effect: faster or slower in at most ${ruleClaims.toFixed(1)} % of cells (target ≤ 5 %): ${ruleClaims <= 5 ? 'met' : 'NOT met'}`)
print(`stopping rule, 10 % effect, CV 2 %: faster in ${ruleFound.pct.faster.toFixed(1)} % of cells (target ≥ 95 %): ${ruleFound.pct.faster >= 95 ? 'met' : 'NOT met'}, in ${ruleFound.meanRounds.toFixed(2)} rounds per cell on average against ${sameFixed ?? '> 20'} fixed repeats finding as many`)
print(`${fixed.size + ruled.size} settings in ${((Date.now() - started) / 1000).toFixed(1)} s`)
saveSection('verdicts')
