#!/usr/bin/env node
/**
 * What does running sysbench through `benchdoc run` cost? One point (by
 * default oltp_point_select, 2 threads, 5 s) against one throwaway MariaDB,
 * measured in each round with bare sysbench and through `benchdoc run` (one
 * local client), in ABBA order, everything on one core (overhead-rounds.js
 * says why). It prints the ratio of their
 * QPS (ratio of the totals, with a 95 % interval from the paired rounds: see
 * paired-ratio.js) against the target ≥ 0.98, the load average, and the CPU of
 * each kind of process while sysbench ran. A benchmark, not a test: the
 * figures depend on the machine; run it when the machine is otherwise idle
 * (about 9–10 minutes with the defaults).
 *
 *   npm run bench:overhead [-- --rounds 48 --warmup 2 --time 5 --threads 2 --workload oltp_point_select --cpus LAST]
 */
import {loadavg} from 'node:os'
import {alternatingRounds, benchOptions, pinBenchmark, ratioReport, withBench} from './overhead-rounds.js'
import {print, saveSection} from './budgets-doc.js'

const options = benchOptions({rounds: 48, time: 5, threads: 2})
pinBenchmark(options.cpus)
const loadBefore = loadavg()
const started = Date.now()
await withBench({report: 'overhead', subject: 'through-benchdoc', clients: 1, options}, async (bench) => {
  const rounds = await alternatingRounds(bench, options, 'through benchdoc')
  const seconds = (Date.now() - started) / 1000
  print(ratioReport(rounds, {options, clients: 1, testedName: 'through benchdoc', target: 0.98, loadBefore, seconds}).trimEnd())
})
saveSection('overhead')
