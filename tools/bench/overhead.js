#!/usr/bin/env node
/**
 * What does running sysbench through `benchdoc run` cost? The same point is
 * measured with bare sysbench and through `benchdoc run`, alternating, a few
 * times, against one throwaway MariaDB; the ratio of their QPS is printed
 * with its spread. A benchmark, not a test: the figures depend on the machine.
 *
 *   npm run bench:overhead [-- --rounds 5 --time 5 --threads 2 --workload oltp_point_select]
 */
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {parse} from 'yaml'
import {sysbenchArgs} from '../derive/commands.js'
import {median} from '../parse/merge.js'
import {parseSysbenchOutput} from '../parse/sysbench-output.js'
import {runOutput as run} from './run-output.js'
import {startEmbeddedMariadb} from '../run/embedded.js'
import {parsePlan, reportPlan} from '../run/plan.js'

const CLI = fileURLToPath(new URL('../cli.js', import.meta.url))
const {values} = parseArgs({
  options: {
    rounds: {type: 'string', default: '5'},
    time: {type: 'string', default: '5'},
    threads: {type: 'string', default: '2'},
    workload: {type: 'string', default: 'oltp_point_select'}
  }
})
const rounds = Number(values.rounds)
const threads = Number(values.threads)

const server = await startEmbeddedMariadb({log: (t) => process.stderr.write(t)})
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-overhead-'))
try {
  const planText = `report: overhead
subject: through-benchdoc
target: {host: 127.0.0.1, port: ${server.target.port}, user: root}
tables: 2
table_size: 10000
time: ${Number(values.time)}
steps: {prepare: false, analyze: false, cleanup: false}
workloads:
  - {name: ${values.workload}, threads: [${threads}]}
`
  writeFileSync(join(dir, 'plan.yaml'), planText)
  const rplan = reportPlan(parsePlan('plan.yaml', planText))
  const target = server.target
  await run('sysbench', sysbenchArgs(rplan, {step: 'prepare', target}))
  // the very command `benchdoc run` runs for this point
  const args = sysbenchArgs(rplan, {step: 'run', workload: values.workload, threads, target})

  // one unmeasured run of each, so neither side meets a cold buffer pool
  await run('sysbench', args)
  await run(process.execPath, [CLI, 'run', 'plan.yaml', '--data', 'data'], dir)
  /** @type {number[]} */
  const ratios = []
  for (let r = 1; r <= rounds; r++) {
    const bare = parseSysbenchOutput(await run('sysbench', args)).statistics?.qps ?? NaN
    await run(process.execPath, [CLI, 'run', 'plan.yaml', '--data', 'data'], dir)
    const through = parse(readFileSync(join(dir, 'data', 'reports', 'overhead.yaml'), 'utf8')).results[0].qps
    ratios.push(through / bare)
    process.stderr.write(`round ${r}/${rounds}: bare ${bare.toFixed(2)} qps, through benchdoc ${through.toFixed(2)} qps, ratio ${(through / bare).toFixed(4)}\n`)
  }
  const mid = /** @type {number} */ (median(ratios.map((x) => Number(x.toFixed(4)))))
  const min = Math.min(...ratios)
  const max = Math.max(...ratios)
  process.stdout.write(
    `${values.workload}, ${threads} threads, ${values.time} s × ${rounds} rounds each way\n` +
      `QPS ratio benchdoc/bare: median ${mid.toFixed(4)}, min ${min.toFixed(4)}, max ${max.toFixed(4)}, spread ${((max - min) * 100).toFixed(2)} points — target ≥ 0.98: ${mid >= 0.98 ? 'met' : 'NOT met'}\n`
  )
} finally {
  await server.stop()
  rmSync(dir, {recursive: true, force: true})
}
