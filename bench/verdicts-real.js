#!/usr/bin/env node
/**
 * Real A/A and A/B runs on the throwaway MariaDB, judged by the verdicts
 * (tools/derive/verdict.js), through `benchdoc run` with two subjects:
 * - A/A: the same server options twice (repeats 3, short points): expected
 *   no "faster" or "slower" cell at δ = 2 %;
 * - A/B: oltp_read_only with an innodb_buffer_pool_size far below the data
 *   (6 MB, about MariaDB's minimum, against 4 × 100,000 rows, some 100 MB)
 *   against one that holds it (256 MB): expected "slower" on every cell of
 *   the starved subject, throughput and p95 alike.
 * Both plans read rows uniformly (sysbench's default `special` keeps a hot
 * set small enough for any pool), and every server reads with O_DIRECT, so
 * the operating system's page cache does not stand in for a starved pool.
 * Prints each cell's change, interval and verdict, the headlines, and the
 * pooled noise with the repeats the planner asks for. Then both plans again
 * under the stopping rule {min: 2, max: repeats, margin: 2%} (issue 43): the
 * A/A claims nothing, and the A/B reaches the fixed repeats' verdicts in at
 * most 60 % of their machine time (each run's wall time, server start and
 * prepare included); with each point's rounds and why it stopped. A benchmark, not a test: some fifteen
 * minutes. Run it on an otherwise idle machine.
 *
 *   node bench/verdicts-real.js [--time 5] [--repeats 5] [--tables 4] [--table-size 100000]
 */
import {spawnSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {parse} from 'yaml'
import {deriveReport} from '../tools/derive/report.js'
import {repeatsNeeded} from '../tools/derive/stats.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {print, saveSection} from './budgets-doc.js'

const {values} = parseArgs({
  options: {
    time: {type: 'string', default: '5'},
    repeats: {type: 'string', default: '5'},
    tables: {type: 'string', default: '4'},
    'table-size': {type: 'string', default: '100000'}
  }
})
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-verdicts-real-'))

/** @param {string} name @param {string} subjects @param {string} [repeats]  default: --repeats */
function plan(name, subjects, repeats = values.repeats) {
  return `report: ${name}
subjects:
${subjects}
tables: ${values.tables}
table_size: ${values['table-size']}
time: ${values.time}
warmup_time: 1
rand_type: uniform
repeats: ${repeats}
workloads:
  - {name: oltp_read_only, threads: [1, 2, 4]}
variables: [innodb_buffer_pool_size]
`
}

/** @param {number | null} x */
const pct = (x) => (x == null ? '–' : `${x >= 0 ? '+' : ''}${x.toFixed(1)}%`)

/**
 * Run a plan with `benchdoc run`, print its verdicts, return them.
 * @param {string} name @param {string} text
 */
function run(name, text) {
  writeFileSync(join(dir, `${name}.yaml`), text)
  const started = Date.now()
  // --data: the temporary folder's own, whatever reports repository (config.toml) a folder above it holds
  const result = spawnSync(process.execPath, [join(PACKAGE_ROOT, 'tools/cli.js'), 'run', `${name}.yaml`, '--data', 'data'], {cwd: dir, encoding: 'utf8'})
  if (result.status !== 0) throw new Error(`${name} failed:\n${result.stderr}`)
  const report = parse(readFileSync(join(dir, 'data/reports', `${name}.yaml`), 'utf8'))
  const {verdicts} = deriveReport(report)
  const seconds = (Date.now() - started) / 1000
  print(`\n${name} (${seconds.toFixed(0)} s): ${report.subjects.map((/** @type {{id: string}} */ s) => s.id).join(' vs ')}, δ = ${verdicts.settings.margin} %`)
  for (const c of verdicts.cells) {
    print(`  ${c.measure.padEnd(12)} ${String(c.threads).padStart(2)} threads ${pct(c.change).padStart(8)}  ${(verdicts.settings.confidence * 100).toFixed(1)} % CI [${pct(c.low)}, ${pct(c.high)}]  ${c.verdict}  (${c.n} vs ${c.n_baseline} repeats)`)
  }
  // under a stopping rule, run's own lines: each point's rounds and why it stopped
  for (const line of result.stderr.split('\n').filter((l) => /^ {2}\S+ \d+ threads: \d+ rounds?, /.test(l))) print(`  rounds: ${line.trim()}`)
  for (const h of verdicts.headlines) print(`  headline ${h.measure.padEnd(12)} ${pct(h.change).padStart(8)}  95 % CI [${pct(h.low)}, ${pct(h.high)}]  ${h.verdict}`)
  for (const n of verdicts.noise) {
    if (n.cv != null) print(`  noise ${n.measure}: pooled CV ${(n.cv * 100).toFixed(2)} % (df ${n.df}); repeats for δ = 2 % at 80 % power: ${repeatsNeeded(n.cv, 0.02)}`)
  }
  return {...verdicts, seconds}
}

try {
  const options = (/** @type {string} */ pool) => `{innodb_buffer_pool_size: ${pool}, innodb_flush_method: O_DIRECT}`
  const same = `  - {id: a1, server_options: ${options('256M')}}\n  - {id: a2, server_options: ${options('256M')}}`
  const apart = `  - {id: large-pool, server_options: ${options('256M')}}\n  - {id: small-pool, server_options: ${options('6M')}}`
  const rule = `{min: 2, max: ${values.repeats}, margin: 2%}`
  const aa = run('aa', plan('aa', same))
  const ab = run('ab', plan('ab', apart))
  const aaRule = run('aa-rule', plan('aa-rule', same, rule))
  const abRule = run('ab-rule', plan('ab-rule', apart, rule))
  const claims = aa.cells.filter((c) => c.verdict === 'faster' || c.verdict === 'slower').length
  const slower = ab.cells.filter((c) => c.verdict === 'slower').length
  print(`\nA/A: ${claims} of ${aa.cells.length} cells faster or slower (target 0): ${claims === 0 ? 'ok' : 'MISSED'}`)
  print(`A/B: ${slower} of ${ab.cells.length} cells slower for the starved subject (target all): ${slower === ab.cells.length ? 'ok' : 'MISSED'}`)
  const ruleClaims = aaRule.cells.filter((c) => c.verdict === 'faster' || c.verdict === 'slower').length
  const agree = abRule.cells.filter((c, i) => c.verdict === ab.cells[i]?.verdict).length
  const share = abRule.seconds / ab.seconds
  print(`stopping rule ${rule}, A/A: ${ruleClaims} of ${aaRule.cells.length} cells faster or slower (target 0): ${ruleClaims === 0 ? 'ok' : 'MISSED'}`)
  print(`stopping rule, A/B: ${agree} of ${ab.cells.length} verdicts as with ${values.repeats} fixed repeats, in ${(share * 100).toFixed(0)} % of their time (target all, ≤ 60 %): ${agree === ab.cells.length && share <= 0.6 ? 'ok' : 'MISSED'}`)
  saveSection('verdicts-real')
} finally {
  rmSync(dir, {recursive: true, force: true})
}
