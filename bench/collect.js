#!/usr/bin/env node
/**
 * Collect budget (issue 23): `benchdoc collect` of a multi-hour run, a real
 * 12-hour sysbench 1.0.17 log of the corpus (test/fixtures/sysbench-logs/)
 * with its interval lines put back, one a second: LINES lines, about 5 MB.
 * Runs the whole command in a fresh process, as a user does, ROUNDS times, and
 * prints its wall and CPU time (node's start-up included). A benchmark that
 * prints figures, not a test.
 *
 *   node bench/collect.js [--lines 43200] [--rounds 3]
 *
 * Target: under 2 s.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'
import {parseArgs} from 'node:util'
import {cpuMs} from './cpu.js'
import {print, saveSection} from './budgets-doc.js'

const {values} = parseArgs({options: {lines: {type: 'string', default: '43200'}, rounds: {type: 'string', default: '3'}}})
const LINES = Number(values.lines)
const ROUNDS = Number(values.rounds)
const TARGET_MS = 2000

const real = readFileSync(new URL('../test/fixtures/sysbench-logs/1.0.17-mcgrof-12-hours-rw-128.log', import.meta.url), 'utf8')
const intervals = Array.from({length: LINES}, (_, i) => `[ ${i + 1}s ] thds: 128 tps: 5374.40 qps: 107488.22 (r/w/o: 75241.75/21497.64/10748.83) lat (ms,95%): 33.72 err/s: 0.00 reconn/s: 0.00`)
const log = real.replace(/(Threads started!\n\n)[^]*?(SQL statistics:)/, `$1${intervals.join('\n')}\n$2`)
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-bench-collect-'))
try {
  const file = join(dir, 'run.log')
  writeFileSync(file, log)
  const cli = new URL('../tools/cli.js', import.meta.url).pathname
  print(`benchdoc collect of a ${LINES}-line run (${(log.length / 1e6).toFixed(1)} MB), load average ${loadavg()[0].toFixed(1)}`)
  for (let r = 1; r <= ROUNDS; r++) {
    const before = cpuMs().children
    const t0 = performance.now()
    execFileSync(process.execPath, [cli, 'collect', file], {stdio: ['ignore', 'ignore', 'inherit']})
    const wall = performance.now() - t0
    const cpu = cpuMs().children - before
    print(`round ${r}: wall ${wall.toFixed(0)} ms, CPU ${cpu.toFixed(0)} ms${wall < TARGET_MS ? '' : ` (over the ${TARGET_MS} ms target)`}`)
  }
  saveSection('collect')
} finally {
  rmSync(dir, {recursive: true, force: true})
}
