import {existsSync, readFileSync} from 'node:fs'
import {setTimeout as sleep} from 'node:timers/promises'
import {MEASURES} from '../derive/report.js'
import {redactArgs, redactLog, secretOptions, sysbenchArgs} from '../derive/commands.js'
import {InvalidError} from '../lib/errors.js'
import {plural} from '../lib/english.js'
import {pointId} from './rounds.js'
import {mark} from '../lib/trace.js'
import {sectionHeader} from '../parse/combined-log.js'
import {medianOfRepeats, mergeClients, samplesOf} from '../parse/merge.js'
import {parseIntervalLine, parseSysbenchOutput} from '../parse/sysbench-output.js'
import {captureServer} from './environment.js'
import {planPoints} from './plan.js'
import {formatDuration, progressLine, remainingSeconds} from './progress.js'
import {planDifferences, pointRecord, reportWithRun} from './report-data.js'
import {analyzeSql, reportContext, runRecord} from './run-record.js'
import {readRecord, readReport, runPaths, writeLog, writeRecord, writeReport} from './store.js'
import {SqlError, explainConnectionError, query} from './sql-client.js'

/**
 * One subject's matrix against its server, as named steps: connect, plan the
 * points to replace, prepare, run each point, record it at once, finish.
 * Nothing is written before the first point of this run: a failed prepare,
 * Ctrl-C or a crash before it leaves the report and run record as they were.
 *
 * @typedef {import('./run-record.js').Target} Target
 * @typedef {import('./run-record.js').Facts} Facts
 * @typedef {import('./launcher.js').Launched} Launched
 * @typedef {{workload: string, threads: number}} PlannedPoint
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {Facts & {
 *   record: import('../types/run.js').RunRecord, context: import('./report-data.js').RunContext,
 *   previous: Point[], results: Map<string, Point>,
 *   secrets: ReturnType<typeof secretOptions>, argvTarget: Target,
 *   startSpreads: Map<string, number>, oldSpreads: Map<string, number>,
 *   warned: Set<string>, measuredHere: number, running: Launched[]
 * }} Run  a run in progress: `previous` are the subject's points before it, `results`
 *   the points kept (--resume) and measured so far; `startSpreads` (`oldSpreads`: of
 *   the run resumed) the clients' start spread of each point; `warned` the doubts printed
 * @typedef {{t0: number, perPoint: number}} Clock  when the matrix started, and the
 *   seconds one point is expected to take
 */

/** Exit code of a run stopped by SIGINT/SIGTERM, as shells report it. */
export const INTERRUPTED = 130

/**
 * @param {import('./runner.js').RunOptions} options
 * @param {import('../types/report.js').Plan} rplan  the plan as the report keeps it
 * @param {Target} target
 * @param {import('./launcher.js').HostEnvironment[]} hosts  the client hosts, as captured
 * @param {string | null} embeddedName  what the throwaway server is, when there is one
 * @returns {Promise<number>}  exit code
 */
export async function measure(options, rplan, target, hosts, embeddedName) {
  const started = new Date()
  const server = await connect(options.plan, target)
  const run = openRun({options, rplan, target, hosts, embeddedName, server, started})
  const stopChildren = () => run.running.forEach((p) => p.kill('SIGTERM'))
  options.signal.addEventListener('abort', stopChildren)
  try {
    await prepareTables(run)
    const outcome = await runMatrix(run)
    return await finish(run, outcome)
  } finally {
    options.signal.removeEventListener('abort', stopChildren)
    stopChildren()
  }
}

/**
 * Capture the server's version and the plan's variables, and create the database prepare fills.
 * @param {import('./plan.js').Plan} plan
 * @param {Target} target
 */
async function connect(plan, target) {
  const server = await captureServer(target, target.password, plan.variables).catch((error) => {
    throw connectionError(error, target)
  })
  if (plan.steps.prepare) {
    await query(target, target.password, createDatabase(target), {database: false}).catch((error) => {
      throw connectionError(error, target)
    })
  }
  return server
}

/**
 * The run's state before its first point.
 * @param {Omit<Facts, 'paths' | 'points' | 'oldRecord'>} known
 * @returns {Run}
 */
function openRun(known) {
  const {options, rplan, target} = known
  const {plan, io} = options
  const paths = runPaths(options.dataDir, plan.report, plan.subject)
  const points = planPoints(plan)
  const existing = readReport(paths.reportFile)
  if (existing?.plan) {
    const differ = planDifferences(existing.plan, rplan)
    if (differ.length > 0) io.err(`warning: this plan's ${differ.join(', ')} differ from the report's; the report's plan becomes this one's\n`)
  }
  const {previous, kept} = pointsToReplace(options, existing, points)
  const oldRecord = options.resume ? readRecord(paths.record) : null
  const facts = {...known, paths, points, oldRecord}
  const record = runRecord(facts)
  const oldPoints = oldRecord?.points ?? []
  return {
    ...facts,
    record,
    context: reportContext(facts, record.started),
    previous,
    results: kept,
    // sysbench sees the password only in a private file (launcher `secrets`)
    secrets: secretOptions(rplan, target),
    argvTarget: {...target, password: undefined},
    startSpreads: new Map(),
    oldSpreads: new Map(oldPoints.flatMap((p) => (p.start_spread_ms === undefined ? [] : [[pointId(p), p.start_spread_ms]]))),
    warned: new Set(),
    measuredHere: 0,
    running: []
  }
}

/**
 * The subject's points from before this run: with --resume, those of this
 * plan that did not fail are kept; otherwise each is replaced when measured again.
 * @param {import('./runner.js').RunOptions} options
 * @param {import('../types/report.js').Report | null} existing  the report as it is
 * @param {PlannedPoint[]} points
 */
function pointsToReplace({plan, resume, io}, existing, points) {
  const previous = (existing?.results ?? []).filter((p) => p.subject === plan.subject)
  /** @type {Map<string, Point>} */
  const kept = new Map()
  if (resume) {
    for (const p of previous) {
      const clients = p.clients ?? existing?.plan?.clients ?? 1
      if (!p.error && clients === plan.clients && points.some((q) => q.workload === p.workload && q.threads === p.threads)) kept.set(pointId({workload: p.workload, threads: p.threads}), p)
    }
  } else if (previous.length > 0) {
    io.err(`the ${plural(previous.length, 'earlier point')} of subject ${plan.subject} are replaced one by one as new ones are measured (use --resume to keep them)\n`)
  }
  return {previous, kept}
}

/**
 * Prepare the tables (cleanup first: tables an earlier run left would fail
 * prepare), unless a resumed run prepared them already.
 * @param {Run} run
 */
async function prepareTables(run) {
  const {options: {plan, io, signal, resume}, rplan, argvTarget, target} = run
  if (!plan.steps.prepare || (resume && run.record.prepared)) return
  io.err(`preparing ${plural(plan.tables, 'table')} of ${plan.table_size} rows\n`)
  await step(run, sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget}), 'cleanup before prepare', false)
  await step(run, sysbenchArgs(rplan, {step: 'prepare', target: argvTarget}), 'prepare', true)
  if (plan.steps.analyze && !signal.aborted) await query(target, target.password, analyzeSql(plan))
  run.record.prepared = true
  save(run, 'partial')
}

/**
 * Every point of the plan not kept, each recorded as soon as it is measured.
 * @param {Run} run
 * @returns {Promise<{failed: number, stopped: boolean}>}  `stopped`: at a failed point, by `on_error: stop`
 */
async function runMatrix(run) {
  const {options, points} = run
  const {plan, io, signal} = options
  // with several subjects, each repeat waits for the others' turns
  const perPoint = (plan.warmup_time + plan.time) * plan.repeats * (options.interleaved?.length ?? 1) + plan.pause + 1
  options.turn?.ready()
  const clock = {t0: Date.now(), perPoint}
  let failed = 0
  for (const [i, p] of points.entries()) {
    if (signal.aborted) break
    if (run.results.has(pointId(p))) {
      // under a stopping rule, a point recorded before goes on when the rule has not stopped it
      const rounds = options.rounds?.done(plan.subject, p) ?? 0
      // judged at the last round every subject finished
      const goOn = options.rounds && !options.rounds.decide(p, options.rounds.done(null, p)).stop
      io.err(`[${i + 1}/${points.length}] ${p.workload} ${p.threads} threads: ${goOn ? `${plural(rounds, 'round')} measured before; the stopping rule goes on` : 'measured before, kept'} (--resume)\n`)
      if (!goOn) continue
    }
    const point = await runPoint(run, i, p, clock)
    if (!point) break
    if (point.error) {
      failed++
      if (plan.on_error === 'stop') return {failed, stopped: true}
    }
    // an interrupt ends the pause (the timer rejects): the loop then stops
    if (plan.pause > 0 && i < points.length - 1) await sleep(plan.pause * 1000, undefined, {signal}).catch(() => {})
  }
  return {failed, stopped: false}
}

/**
 * One point: its repeats merged, recorded at once, told on stderr; null when interrupted.
 * @param {Run} run
 * @param {number} i  its index in the plan's points
 * @param {PlannedPoint} p
 * @param {Clock} clock
 */
async function runPoint(run, i, p, clock) {
  const {options: {plan, signal, turn, live, io, rounds}, paths} = run
  const args = sysbenchArgs(run.rplan, {step: 'run', workload: p.workload, threads: p.threads, target: run.argvTarget})
  const pointStart = Date.now()
  const log = paths.log(p.workload, p.threads, plan.clients)
  const done = pointSoFar(run.results.get(pointId(p)), log)
  const keep = (tell = true) => {
    const figures = {...medianOfRepeats(done.repeats), samples: samplesOf(done.repeats, turn ? done.orders : undefined)}
    writeLog(log, done.sections.join('\n'))
    mark(`${plan.subject}: ${p.workload} ${p.threads} threads recorded with ${plural(done.repeats.length, 'repeat')}`)
    return recordPoint(run, p, pointRecord({subject: plan.subject, workload: p.workload, threads: p.threads, clients: plan.clients, log: paths.fromReport(log)}, figures), done.spreads, tell)
  }
  let passed = -1
  for (let r = done.repeats.length + 1; r <= plan.repeats && !signal.aborted; r++) {
    let order = turn ? await turn.take() : 0
    // a subject a round ahead (its repeat of a round interrupted before the others', resumed) passes while they take turns
    while (turn && rounds && !signal.aborted && order !== passed + 1 && rounds.done(plan.subject, p) > rounds.done(null, p)) {
      passed = order
      turn.release()
      order = await turn.take()
    }
    if (signal.aborted) break
    // the rule's decision after the round every subject finished (rounds.js): all stop together
    if (rounds && r > 1 && rounds.decide(p, r - 1).stop) break
    if (turn) done.orders.push(order)
    const figures = await runRepeat(run, {i, p, r, args, pointStart, clock}, done)
    if (!figures || figures.error) break
    // under a rule each repeat is recorded at once, an interrupt losing no finished round (the doubts of a whole point are told)
    if (rounds) keep(false)
  }
  // a turn still held: one the rule stopped, or an interrupted repeat's
  turn?.release()
  if (live) io.err('\r\u001b[K')
  if (signal.aborted) return null
  const point = keep()
  tellPoint(run, i, p, point, clock)
  return point
}

/**
 * A point's repeats before this run: none, or those of a point the stopping rule continues (--resume).
 * @param {Point | undefined} kept @param {string} log  the point's log file, kept
 * @returns {{sections: string[], repeats: import('../parse/merge.js').Figures[], spreads: Array<number | null>, orders: number[]}}
 */
function pointSoFar(kept, log) {
  const samples = kept ? kept.samples ?? [kept] : []
  return {
    sections: kept && existsSync(log) ? [readFileSync(log, 'utf8')] : [],
    repeats: samples.map((x) => /** @type {import('../parse/merge.js').Figures} */ ({errors: null, reconnects: null, ...Object.fromEntries(MEASURES.map((m) => [m, x[m] ?? null])), intervals: kept?.intervals ?? []})),
    spreads: [],
    orders: samples.map((x) => ('order' in x && x.order) || 0)
  }
}

/**
 * One repeat of a point on every client: figures merged over clients, output for the log; null when interrupted.
 * @param {Run} run
 * @param {{i: number, p: PlannedPoint, r: number, args: string[], pointStart: number, clock: Clock}} at
 * @param {{sections: string[], repeats: import('../parse/merge.js').Figures[], spreads: Array<number | null>}} done  what the point's repeats gave so far
 */
async function runRepeat(run, {i, p, r, args, pointStart, clock}, done) {
  const {options: {plan, io, signal, turn, launcher, live: showLive}, points, target} = run
  const label = {index: i + 1, total: points.length, workload: p.workload, threads: p.threads, clients: plan.clients, repeats: plan.repeats}
  /** @type {Map<number, number>} */
  const live = new Map()
  const launched = launcher.spawnClients(args, plan.clients, {
    secrets: run.secrets,
    onLine(line, c) {
      if (!showLive) return
      const interval = parseIntervalLine(line)?.interval
      if (!interval) return
      live.set(c, interval.qps ?? interval.eps ?? 0)
      const qps = live.size === plan.clients ? [...live.values()].reduce((a, b) => a + b, 0) : null
      const elapsed = (Date.now() - clock.t0) / 1000
      const remaining = remainingSeconds({pointsAfter: points.length - i - 1, perPoint: clock.perPoint, inPoint: (Date.now() - pointStart) / 1000})
      io.err(`\r\u001b[K${progressLine({...label, repeat: r, elapsed, remaining, qps})}`)
    }
  })
  run.running = launched
  const finished = await Promise.all(launched.map((x) => x.done))
  run.running = []
  if (signal.aborted) return null
  // parse the output as sysbench wrote it; redact only what is stored
  const figures = mergeClients(finished.map((f) => parseSysbenchOutput(f.output)), {warmup: plan.warmup_time})
  // the rule sees this repeat before the next subject's turn asks it
  if (!figures.error) run.options.rounds?.add(plan.subject, p, figures)
  turn?.release()
  done.spreads.push(await startSpread(launched, finished))
  const command = `sysbench ${redactArgs(args).join(' ')}`
  finished.forEach((f, c) => {
    done.sections.push(sectionHeader({client: c + 1, clients: plan.clients, repeat: r, repeats: plan.repeats, workload: p.workload, threads: p.threads, command}) + redactLog(f.output, target.password))
  })
  if (figures.error) figures.error = redactLog(failureOf(figures.error, finished, launcher.name !== 'local'), target.password)
  done.repeats.push(figures)
  return figures
}

/**
 * Record a point in place of the subject's earlier one, and write the report and run record.
 * @param {Run} run
 * @param {PlannedPoint} p
 * @param {Point} point
 * @param {Array<number | null>} spreads  the clients' start spread of each repeat
 * @param {boolean} tell  whether to tell the report's doubts
 */
function recordPoint(run, p, point, spreads, tell) {
  run.results.set(pointId(p), point)
  const measured = /** @type {number[]} */ (spreads.filter((s) => s !== null))
  if (run.options.plan.clients > 1 && measured.length > 0) run.startSpreads.set(pointId(p), Math.max(...measured))
  run.measuredHere++
  save(run, 'partial', tell)
  return point
}

/**
 * Tell a measured point on stderr: its figures and the time left, or why it failed.
 * @param {Run} run @param {number} i @param {PlannedPoint} p @param {Point} point @param {Clock} clock
 */
function tellPoint(run, i, p, point, clock) {
  const {options: {plan, io}, points, target} = run
  const elapsed = (Date.now() - clock.t0) / 1000
  const remaining = remainingSeconds({pointsAfter: points.length - i - 1, perPoint: clock.perPoint, inPoint: clock.perPoint})
  if (point.error) {
    const why = /^client \d+ on /.test(point.error) ? null : explainConnectionError(point.error, target)
    io.err(`[${i + 1}/${points.length}] ${p.workload} ${p.threads} threads: failed: ${why ?? point.error.split('\n')[0]}\n`)
    return
  }
  const repeats = plan.rule ? point.repeats ?? 1 : plan.repeats // under a rule, the rounds it took
  const label = {index: i + 1, total: points.length, workload: p.workload, threads: p.threads, clients: plan.clients, repeats}
  const qps = point.qps == null ? '' : ` · ${point.qps} qps`
  const p95 = point.latency_p95 == null ? '' : ` · p95 ${point.latency_p95} ms`
  io.err(`${progressLine({...label, repeat: repeats, elapsed, remaining, qps: null})}${qps}${p95}\n`)
}

/**
 * Finish: an interrupted or stopped run says how to go on; a whole matrix cleans up.
 * @param {Run} run
 * @param {{failed: number, stopped: boolean}} outcome
 * @returns {Promise<number>}  exit code
 */
async function finish(run, {failed, stopped}) {
  const {options: {plan, io, signal}, points, paths, results} = run
  if (signal.aborted) {
    save(run, 'partial')
    io.err(`interrupted: ${results.size} of ${points.length} points written to ${paths.reportFile}; run again with --resume to finish\n`)
    return INTERRUPTED
  }
  if (stopped) {
    save(run, 'partial')
    io.err(`stopped at the first failed point (on_error: stop): ${results.size} of ${points.length} points written to ${paths.reportFile}\n`)
    return 1
  }
  if (plan.steps.cleanup) await step(run, sysbenchArgs(run.rplan, {step: 'cleanup', target: run.argvTarget}), 'cleanup', false)
  save(run, 'complete')
  io.err(`${plural(points.length, 'point')} written to ${paths.reportFile}${failed > 0 ? ` (${failed} failed)` : ''} in ${formatDuration((Date.now() - run.started.getTime()) / 1000)}\n`)
  return failed > 0 ? 1 : 0
}

/**
 * Write the report and the run record as they stand (nothing before the first point but a complete matrix).
 * @param {Run} run
 * @param {'partial' | 'complete'} status
 * @param {boolean} [tell]  whether to tell the doubts not told yet
 */
function save(run, status, tell = true) {
  if (run.measuredHere === 0 && status !== 'complete') return
  const {options: {plan, io, interleaved, planFile}, record, context, paths} = run
  const finished = new Date().toISOString()
  context.subject.run = {...context.subject.run, status, finished}
  record.status = status
  record.finished = finished
  record.points = recordPoints(run)
  const report = reportWithRun(readReport(paths.reportFile), context, subjectPoints(run, status))
  if (report.subjects.length > 0) {
    const written = writeReport(paths.reportFile, report, `Written by benchdoc run from ${planFile}. Change the plan and run it again rather than editing the results.`)
    // not said: that this run's subjects are partial while it runs, (subjects taking turns are measured point by
    // point) that one is a point ahead of the others, and noisy repeats or undecided cells but this subject's once it is complete
    const partialNote = (/** @type {string} */ d) => (interleaved ?? [plan.subject]).some((id) => d.includes(`Subject \`${id}\` is a partial run`))
    const noisyNotNow = (/** @type {string} */ d) => /\[(noisy-repeats|undecided-at-max)\]$/.test(d) && (status === 'partial' || !d.includes(` of ${plan.subject} × `))
    const doubts = written.filter((d) => tell && !((status === 'partial' || interleaved) && partialNote(d)) && !(interleaved && d.endsWith('[same-threads]')) && !noisyNotNow(d))
    for (const d of doubts) if (!run.warned.has(d)) io.err(`${d}\n`)
    for (const d of doubts) run.warned.add(d)
  }
  writeRecord(paths.record, record)
}

/**
 * Each planned point's status in the run record.
 * @param {Run} run
 * @returns {import('../types/run.js').Point[]}
 */
function recordPoints({points, results, startSpreads, oldSpreads}) {
  return points.map((p) => {
    const r = results.get(pointId(p))
    const spread = startSpreads.get(pointId(p)) ?? oldSpreads.get(pointId(p))
    return {
      workload: p.workload, threads: p.threads, status: r ? (r.error ? 'failed' : 'measured') : /** @type {const} */ ('not run'), ...(r ? {log: r.log} : {}),
      ...(r && spread !== undefined ? {start_spread_ms: spread} : {}),
      ...(r?.samples?.[0]?.order ? {order: r.samples.map((s) => /** @type {number} */ (s.order))} : {}),
      ...(r?.error ? {error: r.error} : {})
    }
  })
}

/**
 * The subject's points: each plan point as measured now, else before; earlier
 * points outside this plan stay until the matrix is complete.
 * @param {Run} run
 * @param {'partial' | 'complete'} status
 */
function subjectPoints({points, results, previous}, status) {
  const earlier = new Map(previous.map((p) => [pointId({workload: p.workload, threads: p.threads}), p]))
  const planned = points.map((p) => results.get(pointId(p)) ?? (status === 'complete' ? undefined : earlier.get(pointId(p))))
  const outside = status === 'complete' ? [] : previous.filter((p) => !points.some((q) => q.workload === p.workload && q.threads === p.threads))
  return [.../** @type {Point[]} */ (planned.filter((p) => p !== undefined)), ...outside]
}

/**
 * A prepare or cleanup step; a failed prepare ends the run.
 * @param {Run} run @param {string[]} args @param {string} name @param {boolean} required
 */
async function step(run, args, name, required) {
  const {options: {signal, launcher}, target} = run
  if (signal.aborted) return
  const proc = launcher.spawn(args, {secrets: run.secrets})
  run.running = [proc]
  const done = await proc.done
  run.running = []
  if (done.code !== 0 && required && !signal.aborted) {
    const text = redactLog(done.output, target.password)
    const why = explainConnectionError(text, target)
    throw new InvalidError(`${name} failed: ${why ?? text.split('\n').filter((l) => /FATAL|ERROR/.test(l)).slice(0, 3).join('\n') ?? `sysbench exit ${done.code}`}`)
  }
}

/** @param {unknown} error @param {import('./sql-client.js').Connection} target */
export function connectionError(error, target) {
  if (error instanceof SqlError) {
    return new InvalidError(explainConnectionError(error.message, target) ?? `the server answered with an error: ${error.message}`)
  }
  return error
}

/** @param {import('./sql-client.js').Connection} target */
function createDatabase(target) {
  return target.driver === 'pgsql' ? 'SELECT 1' : `CREATE DATABASE IF NOT EXISTS \`${target.database}\``
}

/**
 * How far apart the clients of a point started (their first output), in ms; null when one never did.
 * @param {Launched[]} launched
 * @param {import('./launcher.js').Finished[]} finished
 * @returns {Promise<number | null>}
 */
async function startSpread(launched, finished) {
  if (launched.length < 2 || finished.some((f) => f.reason)) return null
  const times = await Promise.all(launched.map((l) => l.firstOutput))
  return Math.max(...times) - Math.min(...times)
}

/**
 * A failed point's error: the client that failed first (with its host), then what sysbench said.
 * @param {string} error  what the merge found missing
 * @param {import('./launcher.js').Finished[]} finished
 * @param {boolean} remote
 */
function failureOf(error, finished, remote) {
  const c = finished.findIndex((f) => f.reason || f.code !== 0)
  if (c < 0) return error
  const f = finished[c]
  const exit = f.reason ?? `sysbench exit ${f.code ?? f.signal}`
  return remote ? `client ${c + 1} on ${f.host}: ${exit}\n${error}` : `${error}\n(${exit})`
}
