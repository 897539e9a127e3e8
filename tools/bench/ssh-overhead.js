#!/usr/bin/env node
/**
 * What do client hosts over SSH cost? The same point is measured with three
 * bare sysbench processes started here in parallel, and through `benchdoc run`
 * with three clients on two loopback SSH hosts (127.0.0.1 ×2, 127.0.0.2 ×1,
 * a throwaway sshd), alternating, against one throwaway MariaDB. Prints the
 * ratio of their summed QPS and the start spread of the SSH clients that the
 * run record holds. A benchmark, not a test: the figures depend on the machine.
 *
 *   npm run bench:ssh [-- --rounds 5 --time 5 --threads 1 --workload oltp_point_select]
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {parse} from 'yaml'
import {startSshd} from '../../test/helpers/sshd.js'
import {sysbenchArgs} from '../derive/commands.js'
import {median, mergeClients} from '../parse/merge.js'
import {parseSysbenchOutput} from '../parse/sysbench-output.js'
import {runOutput as run} from './run-output.js'
import {startEmbeddedMariadb} from '../run/embedded.js'
import {parsePlan, reportPlan} from '../run/plan.js'

const CLI = fileURLToPath(new URL('../cli.js', import.meta.url))
const {values} = parseArgs({
  options: {
    rounds: {type: 'string', default: '5'},
    time: {type: 'string', default: '5'},
    threads: {type: 'string', default: '1'},
    workload: {type: 'string', default: 'oltp_point_select'}
  }
})
const rounds = Number(values.rounds)
const threads = Number(values.threads)

const [server, sshd] = await Promise.all([startEmbeddedMariadb({log: (t) => process.stderr.write(t)}), startSshd()])
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-ssh-overhead-'))
try {
  const planText = `report: ssh-overhead
subject: over-ssh
target: {host: 127.0.0.1, port: ${server.target.port}, user: root}
tables: 2
table_size: 10000
time: ${Number(values.time)}
steps: {prepare: false, analyze: false, cleanup: false}
clients:
  - ${sshd.entry('one', '127.0.0.1', ', count: 2')}
  - ${sshd.entry('two', '127.0.0.2')}
workloads:
  - {name: ${values.workload}, threads: [${threads}]}
`
  writeFileSync(join(dir, 'plan.yaml'), planText)
  const rplan = reportPlan(parsePlan('plan.yaml', planText))
  const target = server.target
  await run('sysbench', sysbenchArgs(rplan, {step: 'prepare', target}))
  // the very command each client runs for this point
  const args = sysbenchArgs(rplan, {step: 'run', workload: values.workload, threads, target})
  const bare = async () => mergeClients((await Promise.all([1, 2, 3].map(() => run('sysbench', args)))).map(parseSysbenchOutput)).qps ?? NaN
  const through = async () => {
    await run(process.execPath, [CLI, 'run', 'plan.yaml', '--data', 'data'], dir)
    const qps = parse(readFileSync(join(dir, 'data', 'reports', 'ssh-overhead.yaml'), 'utf8')).results[0].qps
    const spread = parse(readFileSync(join(dir, 'data', 'runs', 'ssh-overhead', 'over-ssh', 'run.yaml'), 'utf8')).points[0].start_spread_ms
    return {qps, spread}
  }

  // one unmeasured round of each, so neither side meets a cold buffer pool
  await bare()
  await through()
  /** @type {number[]} */
  const ratios = []
  /** @type {number[]} */
  const spreads = []
  for (let r = 1; r <= rounds; r++) {
    const b = await bare()
    const t = await through()
    ratios.push(t.qps / b)
    spreads.push(t.spread)
    process.stderr.write(`round ${r}/${rounds}: 3 bare ${b.toFixed(2)} qps, 3 over ssh ${t.qps.toFixed(2)} qps, ratio ${(t.qps / b).toFixed(4)}, start spread ${t.spread} ms\n`)
  }
  const mid = /** @type {number} */ (median(ratios.map((x) => Number(x.toFixed(4)))))
  const spread = /** @type {number} */ (median(spreads))
  process.stdout.write(
    `${values.workload}, ${threads} threads × 3 clients, ${values.time} s × ${rounds} rounds each way\n` +
      `QPS ratio over ssh/bare: median ${mid.toFixed(4)}, min ${Math.min(...ratios).toFixed(4)}, max ${Math.max(...ratios).toFixed(4)} — target ≥ 0.97: ${mid >= 0.97 ? 'met' : 'NOT met'}\n` +
      `start spread of the 3 ssh clients: median ${spread} ms, max ${Math.max(...spreads)} ms — target < 50 ms: ${spread < 50 ? 'met' : 'NOT met'}\n`
  )
} finally {
  await Promise.all([server.stop(), sshd.stop()])
  rmSync(dir, {recursive: true, force: true})
}
