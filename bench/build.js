#!/usr/bin/env node
/**
 * Build benchmark: times `benchdoc build` on the bundled reports, cold (no
 * .benchdoc cache, no public/) once and warm several times, and prints the
 * median, the spread and the largest report page; then the same at scale on
 * generated projects of reports like users' (scale.js, test/helpers/generate.js),
 * and a summary of the budgets at 1,000 reports, met or missed. BENCH_SIZES
 * (100,1000) chooses the projects. A benchmark, not a test: it prints figures
 * for people to compare with the budgets.
 */
import {spawnSync} from 'node:child_process'
import {readdirSync, rmSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {benchAtScale, median, pageSizes} from './scale.js'
import {print, saveSection} from './budgets-doc.js'
import {settleDisk, settledWords} from './disk.js'
import {binFlags, buildEnv} from './build-env.js'

const RUNS = Number(process.env.RUNS ?? 7)
const cli = join(PACKAGE_ROOT, 'tools', 'cli.js')

/** Wall time of one `benchdoc build`, in ms. */
function timeBuild() {
  const started = process.hrtime.bigint()
  const result = spawnSync(process.execPath, [...binFlags(PACKAGE_ROOT), cli, 'build'], {cwd: PACKAGE_ROOT, encoding: 'utf8', env: buildEnv(process.env).env})
  if (result.status !== 0) throw new Error(`build failed:\n${result.stderr}`)
  return Number(process.hrtime.bigint() - started) / 1e6
}

rmSync(join(PACKAGE_ROOT, '.benchdoc'), {recursive: true, force: true})
rmSync(join(PACKAGE_ROOT, 'public'), {recursive: true, force: true})
const settled = await settleDisk()
const cold = timeBuild()
const warm = Array.from({length: RUNS}, timeBuild)

const pages = pageSizes(join(PACKAGE_ROOT, 'public'))

const fmt = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`
print(`benchdoc build on ${pages.length / 3} reports × 3 languages (${RUNS} warm runs)`)
print(`  cold build:         ${fmt(cold)}  (${settledWords(settled)})`)
print(`  warm build median:  ${fmt(median(warm))}  (min ${fmt(Math.min(...warm))}, max ${fmt(Math.max(...warm))})   budget < 5.00 s`)
print(`  largest page:       ${(pages[0][1] / 1024).toFixed(1)} KB (${pages[0][0]})   budget < 150 KB`)
print(`  median page:        ${(median(pages.map((p) => p[1])) / 1024).toFixed(1)} KB`)

const sizes = (process.env.BENCH_SIZES ?? '100,1000').split(',').map(Number).filter((x) => x > 0)
/** @type {import('./scale.js').Verdict[]} */
const verdicts = []
for (const n of sizes) verdicts.push(...(await benchAtScale(n)))
if (verdicts.length > 0) {
  print('\nbudgets at 1,000 reports (issue 39)')
  for (const v of verdicts) print(`  ${v.budget.padEnd(34)} ${v.met ? 'met   ' : 'MISSED'}  ${v.measured}`)
}
saveSection('build', {spawns: true})
