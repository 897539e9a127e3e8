#!/usr/bin/env node
/**
 * Real A/A and A/B runs on the throwaway MariaDB, judged by the verdicts:
 * - A/A: the same server options twice (repeats 3, short points): expected
 *   no "faster" or "slower" at δ = 2 %;
 * - A/B: oltp_read_only with an innodb_buffer_pool_size far below the data
 *   against one that holds it: expected "slower" on every point of the
 *   starved subject.
 * Prints each cell's change, interval and verdict, and the pooled noise (CV)
 * with the repeats the planner asks for. A benchmark, not a test; about two
 * minutes. Run it on an otherwise idle machine.
 *
 *   node tools/bench/verdicts-real.js [--time 3] [--repeats 3]
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {spawnSync} from 'node:child_process'
import {parseArgs} from 'node:util'
import {parse} from 'yaml'
import {deriveReport} from '../derive/report.js'
import {repeatsNeeded} from '../derive/stats.js'
import {PROJECT_ROOT} from '../lib/root.js'

const {values} = parseArgs({options: {time: {type: 'string', default: '3'}, repeats: {type: 'string', default: '3'}}})
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-verdicts-'))

/** @param {string} name @param {string} subjects */
function plan(name, subjects) {
  return `report: ${name}
subjects:
${subjects}
tables: 4
table_size: 25000
time: ${values.time}
warmup_time: 1
repeats: ${values.repeats}
workloads:
  - {name: oltp_read_only, threads: [1, 2, 4]}
variables: [innodb_buffer_pool_size]
`
}

/** @param {string} name @param {string} text */
function run(name, text) {
  writeFileSync(join(dir, `${name}.yaml`), text)
  const started = Date.now()
  const result = spawnSync(process.execPath, [join(PROJECT_ROOT, 'tools/cli.js'), 'run', `${name}.yaml`], {cwd: dir, encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`${name} failed:\n${result.stderr}`)
  const report = parse(readFileSync(join(dir, 'data/reports', `${name}.yaml`), 'utf8'))
  const {verdicts} = deriveReport(report)
  console.log(`\n${name} (${((Date.now() - started) / 1000).toFixed(0)} s): ${report.subjects.map((/** @type {any} */ s) => s.id).join(' vs ')}`)
  const f = (/** @type {number | null} */ x) => (x == null ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`)
  for (const c of verdicts.cells) console.log(`  ${c.measure.padEnd(12)} threads ${c.key.split('|')[0].padEnd(2)} ${f(c.change).padStart(8)}  [${f(c.low)}, ${f(c.high)}]  ${c.verdict}`)
  for (const h of verdicts.headlines) console.log(`  headline ${h.measure.padEnd(12)} ${f(h.change).padStart(8)}  [${f(h.low)}, ${f(h.high)}]  ${h.verdict}`)
  for (const n of verdicts.noise) {
    if (n.cv != null) console.log(`  noise ${n.measure}: pooled CV ${(n.cv * 100).toFixed(2)} % (df ${n.df}); repeats for δ = 2 % at 80 % power: ${repeatsNeeded(n.cv, 0.02)}`)
  }
  return verdicts
}

try {
  const aa = run('aa', plan('aa', '  - {id: a1, server_options: {innodb_buffer_pool_size: 256M}}\n  - {id: a2, server_options: {innodb_buffer_pool_size: 256M}}'))
  const ab = run('ab', plan('ab', '  - {id: large-pool, server_options: {innodb_buffer_pool_size: 256M}}\n  - {id: small-pool, server_options: {innodb_buffer_pool_size: 6M}}'))
  const claims = aa.cells.filter((c) => c.verdict === 'faster' || c.verdict === 'slower').length
  const slower = ab.cells.filter((c) => c.verdict === 'slower')
  console.log(`\nA/A: ${claims} of ${aa.cells.length} cells faster or slower (expected 0)`)
  console.log(`A/B: ${slower.length} of ${ab.cells.length} cells slower for the starved subject (expected all)`)
} finally {
  rmSync(dir, {recursive: true, force: true})
}
