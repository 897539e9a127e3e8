import {hostname} from 'node:os'
import {formatCommand, redactArgs, redactLog, secretOptions, sysbenchArgs} from '../derive/commands.js'
import {InvalidError, UsageError} from '../lib/errors.js'
import {sectionHeader} from '../parse/combined-log.js'
import {medianOfRepeats, mergeClients} from '../parse/merge.js'
import {parseIntervalLine, parseSysbenchOutput} from '../parse/sysbench-output.js'
import {startEmbedded} from './embedded-server.js'
import {captureServer, shortVersion} from './environment.js'
import {NotInstalledError} from './launcher.js'
import {planPoints, reportPlan} from './plan.js'
import {formatDuration, progressLine, remainingSeconds} from './progress.js'
import {planDifferences, pointRecord, reportWithRun} from './report-data.js'
import {readRecord, readReport, runPaths, writeLog, writeRecord, writeReport} from './store.js'
import {removeStaleSecretFiles} from './secret-file.js'
import {SqlError, explainConnectionError, query} from './sql-client.js'

/**
 * Run a plan: start the embedded server when the plan has no target, check
 * the connection, capture the environment, prepare, run the matrix point by
 * point (each point written at once), clean up, stop the server.
 *
 * @typedef {import('./plan.js').Plan} Plan
 * @typedef {import('./launcher.js').Launcher} Launcher
 * @typedef {import('./launcher.js').Launched} Launched
 * @typedef {{
 *   plan: Plan, planFile: string, dataDir: string, resume: boolean, dryRun: boolean,
 *   io: import('../lib/io.js').Io, launcher: Launcher, signal: AbortSignal, live: boolean
 * }} RunOptions
 */

/** Exit code of a run stopped by SIGINT/SIGTERM, as shells report it. */
export const INTERRUPTED = 130

/**
 * @param {RunOptions} options
 * @returns {Promise<number>}  exit code
 */
export async function runPlan(options) {
  const {plan, io, signal} = options
  const passwordName = plan.target?.password_env
  const password = passwordName ? io.env[passwordName] : undefined
  if (passwordName && password === undefined) {
    throw new UsageError(`the environment variable ${passwordName} (named by target.password_env) is not set`)
  }
  const rplan = reportPlan(plan)
  if (options.dryRun) return dryRun(options, rplan, password)

  removeStaleSecretFiles()
  const hosts = await clientHosts(options.launcher)
  if (signal.aborted) return INTERRUPTED
  /** @type {Awaited<ReturnType<typeof startEmbedded>> | null} */
  let embedded = null
  try {
    if (!plan.target) embedded = await startEmbedded(plan.engine, {log: io.err})
    const target = plan.target ?? /** @type {import('./embedded.js').Embedded} */ (embedded).target
    return await measure(options, rplan, {...target, password}, hosts, embedded?.name ?? null)
  } finally {
    await embedded?.stop()
  }
}

/**
 * @param {RunOptions} options
 * @param {Record<string, any>} rplan
 * @param {import('./plan.js').PlanTarget & {password: string | undefined}} target
 * @param {import('./launcher.js').HostEnvironment[]} hosts  the client hosts, as captured
 * @param {string | null} embeddedName  what the throwaway server is, when there is one
 */
async function measure(options, rplan, target, hosts, embeddedName) {
  const isEmbedded = embeddedName !== null
  const sysbenchVersion = hosts[0].sysbench
  const {plan, io, signal, launcher} = options
  const {password} = target
  // sysbench sees the password only in a private file (launcher `secrets`)
  const secrets = secretOptions(rplan, target)
  const argvTarget = {...target, password: undefined}
  const paths = runPaths(options.dataDir, plan.report, plan.subject)
  const points = planPoints(plan)
  const started = new Date()

  const server = await captureServer(target, password, plan.variables).catch((error) => {
    throw connectionError(error, target)
  })
  if (plan.steps.prepare) {
    await query(target, password, createDatabase(target), {database: false}).catch((error) => {
      throw connectionError(error, target)
    })
  }
  const client = clientOf(hosts)
  const product = plan.product ?? server.product
  const existing = readReport(paths.reportFile)
  if (existing?.plan) {
    const differ = planDifferences(existing.plan, rplan)
    if (differ.length > 0) io.err(`warning: this plan's ${differ.join(', ')} differ from the report's; the report's plan becomes this one's\n`)
  }

  /** @type {Map<string, Record<string, any>>} */
  const results = new Map()
  const key = (/** @type {string} */ workload, /** @type {number} */ threads) => `${workload}\u0000${threads}`
  const previous = /** @type {any[]} */ (existing?.results ?? []).filter((p) => p.subject === plan.subject)
  if (options.resume) {
    for (const p of previous) {
      const clients = p.clients ?? existing?.plan?.clients ?? 1
      if (!p.error && clients === plan.clients && points.some((q) => q.workload === p.workload && q.threads === p.threads)) results.set(key(p.workload, p.threads), p)
    }
  } else if (previous.length > 0) {
    io.err(`the ${previous.length} earlier point${previous.length === 1 ? '' : 's'} of subject ${plan.subject} are replaced one by one as new ones are measured (use --resume to keep them)\n`)
  }
  const oldRecord = options.resume ? readRecord(paths.record) : null

  const runArgs = (/** @type {string} */ workload, /** @type {number} */ threads) => sysbenchArgs(rplan, {step: 'run', workload, threads, target: argvTarget})
  const shown = (/** @type {string[]} */ args) => `sysbench ${redactArgs(args).join(' ')}`
  /** @type {Record<string, any>} */
  const record = {
    report: plan.report,
    subject: plan.subject,
    plan_file: options.planFile,
    status: 'partial',
    started: oldRecord?.started ?? started.toISOString(),
    ...(options.resume ? {resumed: [...(oldRecord?.resumed ?? []), started.toISOString()]} : {}),
    launcher: launcher.name,
    target: isEmbedded ? `embedded ${embeddedName} on 127.0.0.1 (throwaway)` : target.socket ? `socket ${target.socket}` : `${target.host}:${target.port}`,
    sysbench: sysbenchVersion,
    client,
    ...(options.launcher.name === 'local' ? {} : {client_hosts: hosts}),
    server: {version: server.version, ...(server.tidb_version ? {tidb_version: server.tidb_version} : {}), variables: Object.fromEntries(server.variables)},
    prepared: Boolean(oldRecord?.prepared) && !isEmbedded,
    commands: {
      prepare: [shown(sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget})), shown(sysbenchArgs(rplan, {step: 'prepare', target: argvTarget})), ...(plan.steps.analyze ? [analyzeSql(plan)] : [])],
      run: points.map((p) => ({workload: p.workload, threads: p.threads, clients: plan.clients, command: shown(runArgs(p.workload, p.threads))})),
      cleanup: shown(sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget}))
    },
    plan: recordPlan(plan)
  }
  /** @type {Record<string, any>} */
  const subject = {
    id: plan.subject,
    ...(plan.label ? {label: plan.label} : {}),
    product,
    version: plan.version ?? shortVersion(server.version),
    ...(tidbComponents(server.tidb_version) ?? {}),
    run: {record: paths.fromReport(paths.record), status: 'partial', started: record.started}
  }
  const context = {
    id: plan.report,
    ...(plan.title ? {title: plan.title} : {}),
    date: started.toISOString().slice(0, 10),
    subject,
    plan: rplan,
    environment: {client, ...(hosts.length > 1 ? {machines: machinesOf(hosts)} : {}), sysbench: sysbenchVersion},
    topology: topologyOf(target, isEmbedded, product, plan),
    parameters: server.variables.length > 0
      ? [{component: product, format: 'ini', subjects: [plan.subject], note: `server variables captured by benchdoc run (${target.driver === 'pgsql' ? 'SHOW' : 'SHOW GLOBAL VARIABLES'})`, content: server.variables.map(([k, v]) => `${k} = ${v}\n`).join('')}]
      : []
  }
  /** @type {Set<string>} */
  const warned = new Set()
  // the spread of the clients' start times per point (the worst repeat), kept from a resumed run
  /** @type {Map<string, number>} */
  const startSpreads = new Map()
  /** @type {Map<string, number>} */
  const oldSpreads = new Map((oldRecord?.points ?? []).filter((/** @type {any} */ p) => typeof p.start_spread_ms === 'number').map((/** @type {any} */ p) => [key(p.workload, p.threads), p.start_spread_ms]))
  let measuredHere = 0
  /** @param {'partial' | 'complete'} status */
  const save = (status) => {
    // nothing is written before this run's first point: a failed prepare,
    // Ctrl-C or a crash before it leaves the report and record as they were
    if (measuredHere === 0 && status !== 'complete') return
    const finished = new Date().toISOString()
    subject.run = {...subject.run, status, finished}
    record.status = status
    record.finished = finished
    record.points = points.map((p) => {
      const r = results.get(key(p.workload, p.threads))
      const spread = startSpreads.get(key(p.workload, p.threads)) ?? oldSpreads.get(key(p.workload, p.threads))
      return {
        workload: p.workload, threads: p.threads, status: r ? (r.error ? 'failed' : 'measured') : 'not run', ...(r ? {log: r.log} : {}),
        ...(r && spread !== undefined ? {start_spread_ms: spread} : {}),
        ...(r?.error ? {error: r.error} : {})
      }
    })
    const report = reportWithRun(readReport(paths.reportFile), context, subjectPoints(status))
    if (report.subjects.length > 0) {
      const written = writeReport(paths.reportFile, report, `Written by benchdoc run from ${options.planFile}. Change the plan and run it again rather than editing the results.`)
      // that this run's subject is partial while it runs goes without saying (the interruption message says it after)
      const doubts = written.filter((d) => !(status === 'partial' && d.includes(`Subject \`${plan.subject}\` is a partial run`)))
      for (const d of doubts) if (!warned.has(d)) io.err(`${d}\n`)
      for (const d of doubts) warned.add(d)
    }
    writeRecord(paths.record, record)
  }
  /**
   * The subject's points: each plan point as measured now, else as measured
   * before; earlier points outside this plan stay until the matrix is complete.
   * @param {'partial' | 'complete'} status
   */
  const subjectPoints = (status) => {
    const earlier = new Map(previous.map((p) => [key(p.workload, p.threads), p]))
    const planned = points.map((p) => results.get(key(p.workload, p.threads)) ?? (status === 'complete' ? undefined : earlier.get(key(p.workload, p.threads))))
    const outside = status === 'complete' ? [] : previous.filter((p) => !points.some((q) => q.workload === p.workload && q.threads === p.threads))
    return [...planned.filter((p) => p !== undefined), ...outside]
  }

  /** @type {Launched[]} */
  let running = []
  const stopChildren = () => running.forEach((p) => p.kill('SIGTERM'))
  signal.addEventListener('abort', stopChildren)
  try {
    if (plan.steps.prepare && !(options.resume && record.prepared)) {
      io.err(`preparing ${plan.tables} table${plan.tables === 1 ? '' : 's'} of ${plan.table_size} rows\n`)
      // cleanup first, so tables left by an earlier run do not fail prepare
      await step(sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget}), 'cleanup before prepare', false)
      await step(sysbenchArgs(rplan, {step: 'prepare', target: argvTarget}), 'prepare', true)
      if (plan.steps.analyze && !signal.aborted) await query(target, password, analyzeSql(plan))
      record.prepared = true
      save('partial')
    }

    const perPoint = (plan.warmup_time + plan.time) * plan.repeats + plan.pause + 1
    const t0 = Date.now()
    let failed = 0
    let stopped = false
    for (const [i, p] of points.entries()) {
      if (signal.aborted) break
      const label = {index: i + 1, total: points.length, workload: p.workload, threads: p.threads, clients: plan.clients, repeats: plan.repeats}
      if (results.has(key(p.workload, p.threads))) {
        io.err(`[${i + 1}/${points.length}] ${p.workload} ${p.threads} threads: measured before, kept (--resume)\n`)
        continue
      }
      const args = runArgs(p.workload, p.threads)
      const pointStart = Date.now()
      /** @type {string[]} */
      const sections = []
      /** @type {import('../parse/merge.js').Figures[]} */
      const repeats = []
      /** @type {Array<number | null>} */
      const spreads = []
      for (let r = 1; r <= plan.repeats && !signal.aborted; r++) {
        /** @type {Map<number, number>} */
        const live = new Map()
        running = launcher.spawnClients(args, plan.clients, {
          secrets,
          onLine(line, c) {
            if (!options.live) return
            const interval = parseIntervalLine(line)?.interval
            if (!interval) return
            live.set(c, interval.qps ?? interval.eps ?? 0)
            const qps = live.size === plan.clients ? [...live.values()].reduce((a, b) => a + b, 0) : null
            const elapsed = (Date.now() - t0) / 1000
            const remaining = remainingSeconds({pointsAfter: points.length - i - 1, perPoint, inPoint: (Date.now() - pointStart) / 1000})
            io.err(`\r\u001b[K${progressLine({...label, repeat: r, elapsed, remaining, qps})}`)
          }
        })
        const launched = running
        const finished = await Promise.all(launched.map((x) => x.done))
        running = []
        if (signal.aborted) break
        spreads.push(await startSpread(launched, finished))
        // parse the output as sysbench wrote it; redact only what is stored
        const figures = mergeClients(finished.map((f) => parseSysbenchOutput(f.output)), {warmup: plan.warmup_time})
        finished.forEach((f, c) => {
          sections.push(sectionHeader({client: c + 1, clients: plan.clients, repeat: r, repeats: plan.repeats, workload: p.workload, threads: p.threads, command: shown(args)}) + redactLog(f.output, password))
        })
        if (figures.error) figures.error = redactLog(failureOf(figures.error, finished, launcher.name !== 'local'), password)
        repeats.push(figures)
        if (figures.error) break
      }
      if (options.live) io.err('\r\u001b[K')
      if (signal.aborted) break
      const figures = medianOfRepeats(repeats)
      const log = paths.log(p.workload, p.threads, plan.clients)
      writeLog(log, sections.join('\n'))
      const point = pointRecord({subject: plan.subject, workload: p.workload, threads: p.threads, clients: plan.clients, log: paths.fromReport(log)}, figures)
      results.set(key(p.workload, p.threads), point)
      const measured = spreads.filter((s) => s !== null)
      if (plan.clients > 1 && measured.length > 0) startSpreads.set(key(p.workload, p.threads), Math.max(...measured))
      measuredHere++
      save('partial')
      const elapsed = (Date.now() - t0) / 1000
      const remaining = remainingSeconds({pointsAfter: points.length - i - 1, perPoint, inPoint: perPoint})
      if (figures.error) {
        failed++
        const why = /^client \d+ on /.test(figures.error) ? null : explainConnectionError(figures.error, target)
        io.err(`[${i + 1}/${points.length}] ${p.workload} ${p.threads} threads: failed: ${why ?? figures.error.split('\n')[0]}\n`)
        if (plan.on_error === 'stop') {
          stopped = true
          break
        }
      } else {
        const qps = point.qps == null ? '' : ` · ${point.qps} qps`
        const p95 = point.latency_p95 == null ? '' : ` · p95 ${point.latency_p95} ms`
        io.err(`${progressLine({...label, repeat: plan.repeats, elapsed, remaining, qps: null})}${qps}${p95}\n`)
      }
      if (plan.pause > 0 && i < points.length - 1) await sleep(plan.pause * 1000, signal)
    }

    if (signal.aborted) {
      save('partial')
      io.err(`interrupted: ${results.size} of ${points.length} points written to ${paths.reportFile}; run again with --resume to finish\n`)
      return INTERRUPTED
    }
    if (stopped) {
      save('partial')
      io.err(`stopped at the first failed point (on_error: stop): ${results.size} of ${points.length} points written to ${paths.reportFile}\n`)
      return 1
    }
    if (plan.steps.cleanup) await step(sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget}), 'cleanup', false)
    save('complete')
    io.err(`${points.length} point${points.length === 1 ? '' : 's'} written to ${paths.reportFile}${failed > 0 ? ` (${failed} failed)` : ''} in ${formatDuration((Date.now() - started.getTime()) / 1000)}\n`)
    return failed > 0 ? 1 : 0
  } finally {
    signal.removeEventListener('abort', stopChildren)
    stopChildren()
  }

  /**
   * A prepare or cleanup step; a failed prepare ends the run.
   * @param {string[]} args @param {string} name @param {boolean} required
   */
  async function step(args, name, required) {
    if (signal.aborted) return
    const proc = launcher.spawn(args, {secrets})
    running = [proc]
    const done = await proc.done
    running = []
    if (done.code !== 0 && required && !signal.aborted) {
      const text = redactLog(done.output, password)
      const why = explainConnectionError(text, target)
      throw new InvalidError(`${name} failed: ${why ?? text.split('\n').filter((l) => /FATAL|ERROR/.test(l)).slice(0, 3).join('\n') ?? `sysbench exit ${done.code}`}`)
    }
  }
}

/**
 * @param {RunOptions} options
 * @param {Record<string, any>} rplan
 * @param {string | undefined} password
 */
function dryRun({plan, io}, rplan, password) {
  const target = plan.target ?? {driver: rplanDriver(plan), host: '127.0.0.1', port: '${PORT}', user: plan.engine === 'postgresql' ? 'postgres' : 'root', database: 'sbtest'}
  const t = {...target, password: undefined}
  const show = (/** @type {string[]} */ args) => `${formatCommand(redactArgs(args))}\n`
  if (!plan.target) io.out(`# no target: a throwaway ${plan.engine === 'postgresql' ? 'PostgreSQL (postgres)' : 'MariaDB (mariadbd)'} on a free port of 127.0.0.1\n`)
  if (password !== undefined) io.out(`# the password (from ${plan.target?.password_env}) reaches sysbench in a private --config-file, never on its command line\n`)
  if (plan.steps.prepare) {
    io.out(`# prepare\n${show(sysbenchArgs(rplan, {step: 'cleanup', target: t}))}${show(sysbenchArgs(rplan, {step: 'prepare', target: t}))}`)
    if (plan.steps.analyze) io.out(`${analyzeSql(plan)}\n`)
  }
  const points = planPoints(plan)
  points.forEach((p, i) => {
    const times = [plan.clients > 1 ? `${plan.clients} clients in parallel` : '', plan.repeats > 1 ? `${plan.repeats} repeats` : ''].filter(Boolean).join(', ')
    io.out(`# point ${i + 1}/${points.length}: ${p.workload}, ${p.threads} threads${times ? ` (${times})` : ''}\n${show(sysbenchArgs(rplan, {step: 'run', workload: p.workload, threads: p.threads, target: t}))}`)
  })
  if (plan.steps.cleanup) io.out(`# cleanup\n${show(sysbenchArgs(rplan, {step: 'cleanup', target: t}))}`)
  return 0
}

/**
 * The client hosts with their machine and sysbench version, captured before
 * anything runs (a host that cannot be reached, or has another sysbench, stops
 * the run here).
 * @param {Launcher} launcher
 */
async function clientHosts(launcher) {
  try {
    return await launcher.environment()
  } catch (error) {
    if (error instanceof NotInstalledError) {
      throw new InvalidError('sysbench is not installed: install it with `apt-get install sysbench` (or `make system`)')
    }
    throw error
  }
}

/** @param {unknown} error @param {import('./sql-client.js').Connection} target */
function connectionError(error, target) {
  if (error instanceof SqlError) {
    return new InvalidError(explainConnectionError(error.message, target) ?? `the server answered with an error: ${error.message}`)
  }
  return error
}

/** @param {import('./sql-client.js').Connection} target */
function createDatabase(target) {
  return target.driver === 'pgsql' ? 'SELECT 1' : `CREATE DATABASE IF NOT EXISTS \`${target.database}\``
}

/** @param {Plan} plan */
function rplanDriver(plan) {
  return plan.target?.driver ?? (plan.engine === 'postgresql' ? 'pgsql' : 'mysql')
}

/** @param {Plan} plan */
function analyzeSql(plan) {
  const tables = Array.from({length: plan.tables}, (_, i) => `sbtest${i + 1}`)
  return rplanDriver(plan) === 'pgsql' ? tables.map((t) => `ANALYZE ${t};`).join(' ') : `ANALYZE TABLE ${tables.join(', ')};`
}

/**
 * The plan as the run record keeps it: as run, without what only messages need.
 * @param {Plan} plan
 */
function recordPlan(plan) {
  const {engines: _, hosts, ...rest} = plan
  return {...rest, ...(hosts ? {hosts: hosts.map(({place: _p, ...h}) => h)} : {})}
}

/**
 * Where the server and the sysbench clients ran.
 * @param {import('./plan.js').PlanTarget} target
 * @param {boolean} isEmbedded
 * @param {string} product
 * @param {Plan} plan
 */
function topologyOf(target, isEmbedded, product, plan) {
  const local = isEmbedded || target.socket || target.host === '127.0.0.1' || target.host === 'localhost'
  const server = {hosts: [local ? hostname() : String(target.host)], instances: [{component: product}]}
  if (plan.hosts) return [server, ...plan.hosts.map((h) => ({hosts: [h.host], instances: [{component: 'Sysbench', count: h.count}]}))]
  const sysbench = {component: 'Sysbench', count: plan.clients}
  if (local) return [{hosts: [hostname()], instances: [{component: product}, sysbench]}]
  return [server, {hosts: [hostname()], instances: [sysbench]}]
}

/**
 * The report's client machine: the one client host, or the first of several
 * (all of them are listed in the environment's machines).
 * @param {import('./launcher.js').HostEnvironment[]} hosts
 */
function clientOf(hosts) {
  const {host, sysbench: _, ...machine} = hosts[0]
  return hosts.length > 1 ? {host, ...machine} : machine
}

/** @param {import('./launcher.js').HostEnvironment[]} hosts */
function machinesOf(hosts) {
  return hosts.map((h) => ({host: h.host, cpu: `${h.cpu}, ${h.cores} cores`, memory: h.memory, os: h.os}))
}

/**
 * How far apart the clients of a point started, in ms (from the arrival of
 * each one's first output); null when one never started.
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
 * A failed point's error: the client that failed first, with its host when
 * clients run on hosts, then what sysbench said.
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

/**
 * TiDB's tidb_version() names its release and git hash.
 * @param {string | null} text
 */
function tidbComponents(text) {
  if (!text) return null
  const version = /Release Version:\s*(\S+)/.exec(text)?.[1]
  const hash = /Git Commit Hash:\s*([0-9a-f]{7,40})/.exec(text)?.[1]
  return {components: [{name: 'TiDB', ...(version ? {version} : {}), ...(hash ? {git_hash: hash} : {})}]}
}

/** @param {number} ms @param {AbortSignal} signal */
function sleep(ms, signal) {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener('abort', () => {
      clearTimeout(timer)
      resolve(undefined)
    }, {once: true})
  })
}
