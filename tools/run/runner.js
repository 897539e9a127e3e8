import {formatCommand, redactArgs, sysbenchArgs} from '../derive/commands.js'
import {allEnded} from '../lib/all-ended.js'
import {InvalidError, UsageError} from '../lib/errors.js'
import {startEmbedded} from './embedded-server.js'
import {NotInstalledError} from './launcher.js'
import {INTERRUPTED, measure} from './measure.js'
import {planPoints, reportPlan, subjectPlans} from './plan.js'
import {analyzeSql, planDriver, serverOptionsError} from './run-record.js'
import {readReport, runPaths} from './store.js'
import {removeStaleSecretFiles} from './secret-file.js'
import {turnstile} from './turns.js'
import {roundKeeper} from './rounds.js'

/**
 * Run a plan: the embedded server when it has no target, the environment, each subject's matrix.
 *
 * @typedef {import('./plan.js').Plan} Plan
 * @typedef {import('./launcher.js').Launcher} Launcher
 * @typedef {{
 *   plan: Plan, planFile: string, dataDir: string, resume: boolean, dryRun: boolean,
 *   io: import('../lib/io.js').Io, launcher: Launcher, signal: AbortSignal, live: boolean,
 *   turn?: import('./turns.js').Turn, interleaved?: string[], rounds?: import('./rounds.js').Rounds
 * }} RunOptions  with several subjects: `turn` is taken for each repeat; `interleaved` names the
 *   subjects taking turns, in order (the first is the baseline); `rounds`: the stopping rule's state
 */

export {INTERRUPTED}

/**
 * @param {RunOptions} options
 * @returns {Promise<number>}  exit code
 */
export async function runPlan(options) {
  const {plan, dryRun, resume, dataDir, io} = options
  const rounds = plan.rule && !dryRun ? roundKeeper(plan, resume ? readReport(runPaths(dataDir, plan.report, plan.subject).reportFile) : null) : undefined
  const code = await runPlans({...options, rounds})
  // per point: the rounds measured and why they stopped, once every subject is done
  if (plan.rule && rounds) io.err(`stopping rule (${plan.rule.min}–${plan.rule.max} rounds, margin ${plan.rule.margin} %):\n${rounds.summary(planPoints(plan)).map((l) => `  ${l}\n`).join('')}`)
  return code
}

/** @param {RunOptions} options */
async function runPlans(options) {
  const plans = subjectPlans(options.plan)
  if (plans.length === 1) return runSubject({...options, plan: plans[0]})
  if (options.dryRun) {
    options.io.out(`# ${plans.length} subjects, each on its own server; their repeats interleave (${plans.map((p) => p.subject).join(' ')} ${plans.map((p) => p.subject).join(' ')} …)\n`)
    let code = 0
    for (const plan of plans) {
      options.io.out(`# subject ${plan.subject}\n`)
      code = Math.max(code, await runSubject({...options, plan}))
    }
    return code
  }
  return runInterleaved(options, plans)
}

/**
 * Every subject of a comparison at once, each on its own server, taking turns
 * repeat by repeat (turns.js); one that cannot run stops the others.
 * @param {RunOptions} options
 * @param {Plan[]} plans  one per subject
 * @returns {Promise<number>}  exit code
 */
async function runInterleaved(options, plans) {
  const stop = new AbortController()
  const signal = AbortSignal.any([options.signal, stop.signal])
  const turns = turnstile(plans.length, {signal, first: options.resume ? lastOrder(options) + 1 : 1})
  const runs = plans.map((plan, i) => runSubject({...options, plan, signal, io: prefixed(options.io, `${plan.subject}: `), turn: turns[i], interleaved: plans.map((p) => p.subject)})
    .catch((error) => {
      stop.abort()
      throw error
    })
    .finally(() => turns[i].leave()))
  const codes = await allEnded(runs)
  return codes.includes(INTERRUPTED) ? INTERRUPTED : Math.max(...codes)
}

/**
 * The last turn number a report's samples record, so that a resumed run goes on counting.
 * @param {RunOptions} options
 */
function lastOrder({plan, dataDir}) {
  const report = readReport(runPaths(dataDir, plan.report, plan.subject).reportFile)
  const orders = (report?.results ?? []).flatMap((p) => (p.samples ?? []).map((s) => s.order ?? 0))
  return Math.max(0, ...orders)
}

/**
 * Messages of one subject, each line starting with its name.
 * @param {import('../lib/io.js').Io} io
 * @param {string} prefix
 * @returns {import('../lib/io.js').Io}
 */
function prefixed(io, prefix) {
  return {...io, err: (text) => io.err(text.replace(/(^|\n|\r\u001b\[K)(?=[^\n\r])/g, `$1${prefix}`))}
}

/**
 * One subject's run: its server (a throwaway one, or its target), then `measure`.
 * @param {RunOptions} options
 * @returns {Promise<number>}  exit code
 */
async function runSubject(options) {
  const {plan, io, signal} = options
  const passwordName = plan.target?.password_env
  const password = passwordName ? io.env[passwordName] : undefined
  if (passwordName && password === undefined) {
    throw new UsageError(`${options.planFile}:${plan.subjects[0].place.line}:${plan.subjects[0].place.col}: the environment variable ${passwordName} (named by target.password_env) is not set`)
  }
  const rplan = reportPlan(plan)
  if (options.dryRun) return dryRun(options, rplan, password)

  removeStaleSecretFiles()
  const hosts = await clientHosts(options.launcher)
  if (signal.aborted) return INTERRUPTED
  /** @type {Awaited<ReturnType<typeof startEmbedded>> | null} */
  let embedded = null
  try {
    if (!plan.target) embedded = await startEmbedded(plan.engine, {log: io.err, serverOptions: plan.server_options}).catch((error) => {
      throw serverOptionsError(error, plan, options.planFile)
    })
    const target = plan.target ?? /** @type {import('./embedded.js').Embedded} */ (embedded).target
    return await measure(options, rplan, {...target, password}, hosts, embedded?.name ?? null)
  } finally {
    await embedded?.stop()
  }
}

/**
 * @param {RunOptions} options
 * @param {import('../types/report.js').Plan} rplan
 * @param {string | undefined} password
 */
function dryRun({plan, io}, rplan, password) {
  const target = plan.target ?? {driver: planDriver(plan), host: '127.0.0.1', port: '${PORT}', user: plan.engine === 'postgresql' ? 'postgres' : 'root', database: 'sbtest'}
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
    const repeats = plan.rule ? `${plan.rule.min} to ${plan.rule.max} repeats, by the stopping rule` : plan.repeats > 1 ? `${plan.repeats} repeats` : ''
    const times = [plan.clients > 1 ? `${plan.clients} clients in parallel` : '', repeats].filter(Boolean).join(', ')
    io.out(`# point ${i + 1}/${points.length}: ${p.workload}, ${p.threads} threads${times ? ` (${times})` : ''}\n${show(sysbenchArgs(rplan, {step: 'run', workload: p.workload, threads: p.threads, target: t}))}`)
  })
  if (plan.steps.cleanup) io.out(`# cleanup\n${show(sysbenchArgs(rplan, {step: 'cleanup', target: t}))}`)
  return 0
}

/**
 * The client hosts' machines and sysbench, captured first: an unreachable host or another sysbench stops the run.
 * @param {Launcher} launcher
 */
async function clientHosts(launcher) {
  try {
    return await launcher.environment()
  } catch (error) {
    if (error instanceof NotInstalledError) {
      throw new InvalidError('sysbench is not installed: install it with `apt-get install sysbench`')
    }
    throw error
  }
}
