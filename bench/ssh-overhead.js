#!/usr/bin/env node
/**
 * What do client hosts over SSH cost? One point (by default oltp_point_select,
 * 1 thread × 3 clients, 5 s) against one throwaway MariaDB, measured two ways
 * in each round, in ABBA order, everything on one core (overhead-rounds.js
 * says why):
 *
 * - bare: three sysbench processes started here at once, with the very
 *   command each client of the plan runs;
 * - over ssh: `benchdoc run` with three clients on two loopback SSH hosts
 *   (127.0.0.1 ×2, 127.0.0.2 ×1) of a throwaway sshd (test/helpers/embedded-sshd.js):
 *   ssh, sshd, the client script and the start barrier, as on real hosts,
 *   except that here they share the 2 cores with sysbench and MariaDB.
 *
 * It prints the ratio of the summed QPS over ssh to bare (ratio of the totals
 * of all rounds, with a 95 % interval from the paired rounds: see
 * paired-ratio.js) against the target ≥ 0.97, the clients' start spread from
 * the run records (target < 50 ms), the load average, and the CPU of each kind
 * of process while sysbench ran. A benchmark, not a test: the figures depend
 * on the machine; run it when the machine is otherwise idle (about
 * 10–11 minutes with the defaults; each round is 10 s of sysbench and 1–4 s
 * of starting `benchdoc run` and its ssh logins).
 *
 *   npm run bench:ssh [-- --rounds 48 --warmup 2 --time 5 --threads 1 --workload oltp_point_select --cpus LAST]
 */
import {loadavg} from 'node:os'
import {median} from '../tools/parse/merge.js'
import {startSshd} from '../test/helpers/embedded-sshd.js'
import {alternatingRounds, benchOptions, pinBenchmark, ratioReport, withBench} from './overhead-rounds.js'
import {print, saveSection} from './budgets-doc.js'

const options = benchOptions({rounds: 48, time: 5, threads: 1})
pinBenchmark(options.cpus) // before sshd starts: its sessions inherit it
const loadBefore = loadavg()
const started = Date.now()
const sshd = await startSshd()
try {
  const clientsYaml = `\n  - ${sshd.entry('one', '127.0.0.1', ', count: 2')}\n  - ${sshd.entry('two', '127.0.0.2')}`
  await withBench({report: 'ssh-overhead', subject: 'over-ssh', clients: 3, clientsYaml, options}, async (bench) => {
    const rounds = await alternatingRounds(bench, options, 'over ssh')
    const spreads = rounds.map((r) => r.tested.spread ?? NaN)
    const spread = /** @type {number} */ (median(spreads))
    print(
      ratioReport(rounds, {options, clients: 3, testedName: 'over ssh', target: 0.97, loadBefore, seconds: (Date.now() - started) / 1000}) +
        `start spread of the 3 ssh clients (first output of each, as the runner received it): median ${spread} ms, max ${Math.max(...spreads)} ms — target < 50 ms: ${startVerdict(spread, Math.max(...spreads))}`
    )
    saveSection('ssh')
  })
} finally {
  await sshd.stop()
}

/** @param {number} median @param {number} max */
function startVerdict(median, max) {
  if (max < 50) return 'met in every round'
  return median < 50 ? `met by the median, not in every round (max ${max} ms)` : 'NOT met'
}
