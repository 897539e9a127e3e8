/**
 * What the runner-overhead benchmarks share (overhead.js: `benchdoc run`
 * with one local client; ssh-overhead.js: three clients over SSH): a
 * throwaway MariaDB with prepared tables, a plan, the two sides of a round and
 * the rounds themselves.
 *
 * - The reference side starts bare sysbench processes here, as many as the
 *   plan has clients, with the very command each client of the plan runs.
 *   With client hosts, each in a session of its own, as sshd starts each
 *   client: Linux schedules every session as a group (autogroup), so on a
 *   busy machine three sessions get more CPU against the server than one
 *   would, and the two sides would not be measured alike.
 * - The tested side runs `benchdoc run` on the plan.
 * - Rounds alternate which side goes first, so the sides run in ABBA order
 *   (an ABAB… order would favour the side that follows a pause or a warm
 *   cache), after unmeasured warm-up rounds of both sides. Each round is a
 *   pair of adjacent runs, so what drifts over minutes (others' load, the
 *   server's caches) moves both of its sides alike: short sides and many
 *   rounds beat long sides and few.
 * - Everything the benchmark starts (MariaDB, sysbench, sshd and its
 *   sessions, ssh, `benchdoc run`) inherits one CPU affinity, by default the
 *   machine's last core (`--cpus`). Three closed-loop clients and their
 *   server saturate whatever cores they get; on two cores of the idle
 *   machine, rounds moved by ±15 %, most likely from the scheduler's choices
 *   (which threads share a core, wake-ups across cores). On one core there
 *   is one run queue, the other core takes the machine's own chores, and
 *   whatever CPU the tested side's own processes use is taken from sysbench
 *   and MariaDB: the cost shows fully in QPS, as it would on a loaded host.
 * - While each side's sysbench processes run, the CPU of every process the
 *   benchmark started is sampled (process-cpu.js): what the tested side adds
 *   shows as processes the reference side does not have.
 */
import {execFileSync} from 'node:child_process'
import {mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {availableParallelism, loadavg, tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parseArgs} from 'node:util'
import {parse} from 'yaml'
import {sysbenchArgs} from '../tools/derive/commands.js'
import {mergeClients} from '../tools/parse/merge.js'
import {parseSysbenchOutput} from '../tools/parse/sysbench-output.js'
import {startEmbeddedMariadb} from '../tools/run/embedded.js'
import {parsePlan, reportPlan} from '../tools/run/plan.js'
import {formatRatio, judgeRatio, pairedRatio} from './paired-ratio.js'
import {cpuPercentByName, formatCpu, snapshotTree} from './process-cpu.js'
import {runOutput as run} from './run-output.js'

const CLI = fileURLToPath(new URL('../tools/cli.js', import.meta.url))

/**
 * @typedef {{rounds: number, warmup: number, time: number, threads: number, workload: string, cpus: string}} BenchOptions
 *   cpus: a taskset CPU list for everything the benchmark starts, or `all`
 * @typedef {{qps: number, cpu: Record<string, number> | null, spread: number | null}} Side
 *   cpu: % of a core per process name while sysbench ran (null for runs under 4 s);
 *   spread: the clients' start spread the run record holds (tested side only)
 * @typedef {{reference: Side, tested: Side}} Round
 * @typedef {{dir: string, clients: number, reference: () => Promise<Side>, tested: () => Promise<Side>}} Bench
 */

/**
 * The command line both benchmarks take, with their own defaults.
 * @param {{rounds: number, time: number, threads: number}} defaults
 * @returns {BenchOptions}
 */
export function benchOptions(defaults) {
  const {values} = parseArgs({
    options: {
      rounds: {type: 'string', default: String(defaults.rounds)},
      warmup: {type: 'string', default: '2'},
      time: {type: 'string', default: String(defaults.time)},
      threads: {type: 'string', default: String(defaults.threads)},
      workload: {type: 'string', default: 'oltp_point_select'},
      cpus: {type: 'string', default: String(availableParallelism() - 1)}
    }
  })
  return {rounds: Number(values.rounds), warmup: Number(values.warmup), time: Number(values.time), threads: Number(values.threads), workload: values.workload, cpus: values.cpus}
}

/**
 * Give this process, and so everything it starts from now on, the CPU
 * affinity `cpus` (a taskset list); `all` leaves it as it is. Call it before
 * starting any server: children inherit the affinity, sshd's sessions too.
 * @param {string} cpus
 */
export function pinBenchmark(cpus) {
  if (cpus === 'all') return
  execFileSync('taskset', ['--all-tasks', '--cpu-list', '--pid', cpus, String(process.pid)], {stdio: 'ignore'})
}

/**
 * Start a throwaway MariaDB, write the plan, prepare its tables, and hand
 * the two sides to `body`; everything is stopped and removed afterwards.
 *
 * @param {{report: string, subject: string, clients: number, clientsYaml?: string, options: BenchOptions}} setup
 *   clientsYaml: the plan's `clients:` list (client hosts), else `clients` local ones
 * @param {(bench: Bench) => Promise<void>} body
 */
export async function withBench({report, subject, clients, clientsYaml, options}, body) {
  const server = await startEmbeddedMariadb({log: (t) => process.stderr.write(t)})
  const dir = mkdtempSync(join(tmpdir(), `benchdoc-${report}-`))
  try {
    const planText = `report: ${report}
subject: ${subject}
target: {host: 127.0.0.1, port: ${server.target.port}, user: root}
tables: 2
table_size: 10000
time: ${options.time}
steps: {prepare: false, analyze: false, cleanup: false}
clients: ${clientsYaml ?? clients}
workloads:
  - {name: ${options.workload}, threads: [${options.threads}]}
`
    writeFileSync(join(dir, 'plan.yaml'), planText)
    const rplan = reportPlan(parsePlan('plan.yaml', planText))
    await run('sysbench', sysbenchArgs(rplan, {step: 'prepare', target: server.target}))
    // the very command each client of the plan runs
    const args = sysbenchArgs(rplan, {step: 'run', workload: options.workload, threads: options.threads, target: server.target})
    await body({
      dir,
      clients,
      reference: async () => {
        const session = clientsYaml !== undefined
        const [outputs, cpu] = await Promise.all([Promise.all(Array.from({length: clients}, () => run('sysbench', args, {session}))), profile(clients, options.time)])
        return {qps: mergeClients(outputs.map((o) => parseSysbenchOutput(o))).qps ?? NaN, cpu, spread: null}
      },
      tested: async () => {
        const [, cpu] = await Promise.all([run(process.execPath, [CLI, 'run', 'plan.yaml', '--data', 'data'], {cwd: dir}), profile(clients, options.time)])
        const qps = parse(readFileSync(join(dir, 'data', 'reports', `${report}.yaml`), 'utf8')).results[0].qps
        const point = parse(readFileSync(join(dir, 'data', 'runs', report, subject, 'run.yaml'), 'utf8')).points[0]
        return {qps, cpu, spread: point.start_spread_ms ?? null}
      }
    })
  } finally {
    await server.stop()
    rmSync(dir, {recursive: true, force: true})
  }
}

/**
 * Warm-up rounds, then measured rounds, each side going first in every other
 * round (ABBA). Each measured round is printed on stderr as it ends.
 *
 * @param {Bench} bench @param {BenchOptions} options @param {string} testedName
 * @returns {Promise<Round[]>}
 */
export async function alternatingRounds(bench, options, testedName) {
  // unmeasured: neither side meets a cold buffer pool, page cache or sshd
  for (let w = 0; w < options.warmup; w++) {
    await bench.reference()
    await bench.tested()
  }
  /** @type {Round[]} */
  const rounds = []
  const started = Date.now()
  for (let r = 1; r <= options.rounds; r++) {
    const testedFirst = r % 2 === 0
    const first = await (testedFirst ? bench.tested() : bench.reference())
    const second = await (testedFirst ? bench.reference() : bench.tested())
    const round = testedFirst ? {tested: first, reference: second} : {reference: first, tested: second}
    rounds.push(round)
    const spread = round.tested.spread === null ? '' : `, start spread ${round.tested.spread} ms`
    const elapsed = Math.round((Date.now() - started) / 1000)
    process.stderr.write(`round ${r}/${options.rounds} (${testedFirst ? testedName : 'bare'} first): bare ${round.reference.qps.toFixed(2)} qps, ${testedName} ${round.tested.qps.toFixed(2)} qps, ratio ${(round.tested.qps / round.reference.qps).toFixed(4)}${spread}; ${elapsed} s\n`)
  }
  return rounds
}

/**
 * The figures a benchmark prints on stdout: what was measured, under what
 * load, the ratio with its interval and verdict, and beside it what the CPU
 * the tested side adds predicts.
 *
 * @param {Round[]} rounds
 * @param {{options: BenchOptions, clients: number, testedName: string, target: number, loadBefore: number[], seconds: number}} about
 *   seconds: how long the whole benchmark took
 */
export function ratioReport(rounds, {options, clients, testedName, target, loadBefore, seconds}) {
  const r = pairedRatio(rounds.map((x) => ({reference: x.reference.qps, tested: x.tested.qps})))
  const load = (/** @type {number[]} */ l) => l.map((x) => x.toFixed(2)).join(' ')
  const bare = meanCpu(rounds.map((x) => x.reference.cpu))
  const tested = meanCpu(rounds.map((x) => x.tested.cpu))
  const pinned = options.cpus === 'all' ? 'on all CPUs' : `everything it started on CPU ${options.cpus}`
  return (
    `${options.workload}, ${options.threads} thread${options.threads === 1 ? '' : 's'} × ${clients} client${clients === 1 ? '' : 's'}, ${options.time} s × ${options.rounds} rounds each way in ABBA order (after ${options.warmup} warm-up round${options.warmup === 1 ? '' : 's'}), ${pinned}; ${Math.round(seconds)} s in all\n` +
    `load average (1, 5, 15 min) before ${load(loadBefore)}, at the end ${load(loadavg())}; this benchmark itself adds 1–3, anything more is others' work and noise\n` +
    `QPS ${testedName}/bare: ${formatRatio(r)} — target ≥ ${target}: ${judgeRatio(r, target)}\n` +
    `  cross-check from /proc: ${formatCpuCost(cpuCost(bare, tested), testedName)}\n` +
    `CPU while sysbench ran (% of a core, mean of the rounds): bare: ${formatCpu(bare)}\n` +
    `  ${testedName}: ${formatCpu(tested)}\n`
  )
}

/**
 * What the tested side's own processes (all but sysbench and the server) use
 * beyond the reference side's (`added`), against what sysbench and the server
 * use (`work`), in % of a core. When the cores they share are saturated, the
 * added CPU is taken from sysbench and the server, so CPU alone predicts a
 * QPS ratio of work ÷ (work + added).
 * @param {Record<string, number>} bare @param {Record<string, number>} tested
 * @returns {{added: number, work: number, ratio: number} | null}  null: nothing sampled
 */
export function cpuCost(bare, tested) {
  const measured = ['sysbench', 'mariadbd']
  const others = (/** @type {Record<string, number>} */ p) => Object.entries(p).filter(([name]) => !measured.includes(name)).reduce((a, [, v]) => a + v, 0)
  const added = others(tested) - others(bare)
  const work = measured.reduce((a, name) => a + (tested[name] ?? 0), 0)
  if (!(work > 0)) return null
  return {added, work, ratio: work / (work + added)}
}

/**
 * @param {{added: number, work: number, ratio: number} | null} cost @param {string} testedName
 */
export function formatCpuCost(cost, testedName) {
  if (cost === null) return 'nothing sampled (sides under 4 s are not)'
  return `${testedName} adds ${cost.added.toFixed(2)} % of a core, ${((cost.added / cost.work) * 100).toFixed(2)} % of the CPU sysbench and MariaDB used: on saturated cores, a QPS ratio of ${cost.ratio.toFixed(4)}`
}

/**
 * CPU of the benchmark's processes while `clients` sysbench processes run:
 * sampled from 1 s after they all started to 1 s before they end.
 * @param {number} clients @param {number} seconds
 * @returns {Promise<Record<string, number> | null>}
 */
async function profile(clients, seconds) {
  if (seconds < 4) return null
  const running = (/** @type {import('./process-cpu.js').Snapshot} */ s) => [...s.values()].filter((p) => p.name === 'sysbench').length >= clients
  const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms))
  /** @type {import('./process-cpu.js').Snapshot} */
  let before
  const giveUp = Date.now() + 60_000 // the side failed: its own error says why
  do {
    while (!running(snapshotTree(process.pid))) {
      if (Date.now() > giveUp) return null
      await sleep(50)
    }
    await sleep(1000)
    before = snapshotTree(process.pid)
  } while (!running(before)) // a short `sysbench --version` is not the run
  const from = Date.now()
  await sleep((seconds - 2) * 1000)
  return cpuPercentByName(before, snapshotTree(process.pid), Date.now() - from)
}

/** @param {Array<Record<string, number> | null>} profiles */
function meanCpu(profiles) {
  const known = /** @type {Array<Record<string, number>>} */ (profiles.filter((p) => p !== null))
  /** @type {Record<string, number>} */
  const sum = {}
  for (const p of known) for (const [name, v] of Object.entries(p)) sum[name] = (sum[name] ?? 0) + v
  return Object.fromEntries(Object.entries(sum).map(([name, v]) => [name, v / known.length]))
}
