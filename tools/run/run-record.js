import {hostname} from 'node:os'
import {redactArgs, sysbenchArgs} from '../derive/commands.js'
import {InvalidError} from '../lib/errors.js'
import {serverOptionValue} from './embedded-server.js'
import {shortVersion} from './environment.js'
import {capturedVariablesNote, serverOptionsNote} from './notes.js'

/**
 * What a run writes besides its points: the run record, and the report's facts of subject and environment.
 *
 * @typedef {import('./plan.js').Plan} Plan
 * @typedef {import('./launcher.js').HostEnvironment} HostEnvironment
 * @typedef {import('./plan.js').PlanTarget & {password: string | undefined}} Target
 * @typedef {import('../types/run.js').RunRecord} RunRecord
 * @typedef {{
 *   options: import('./runner.js').RunOptions, rplan: import('../types/report.js').Plan, target: Target,
 *   hosts: HostEnvironment[], embeddedName: string | null, server: Awaited<ReturnType<typeof import('./environment.js').captureServer>>,
 *   paths: ReturnType<typeof import('./store.js').runPaths>, points: Array<{workload: string, threads: number}>,
 *   started: Date, oldRecord: RunRecord | null
 * }} Facts  what a run knows before its first point: `embeddedName` names the throwaway
 *   server when there is one; `oldRecord` is the record a resumed run goes on from
 */

/**
 * The run record before the first point: how the run was made, and the environment it captured.
 * @param {Facts} facts
 * @returns {RunRecord}
 */
export function runRecord({options, rplan, target, hosts, embeddedName, server, points, started, oldRecord}) {
  const {plan} = options
  const argvTarget = {...target, password: undefined}
  const shown = (/** @type {string[]} */ args) => `sysbench ${redactArgs(args).join(' ')}`
  const cleanup = shown(sysbenchArgs(rplan, {step: 'cleanup', target: argvTarget}))
  return {
    report: plan.report,
    subject: plan.subject,
    plan_file: options.planFile,
    status: /** @type {const} */ ('partial'),
    started: oldRecord?.started ?? started.toISOString(),
    ...(options.resume ? {resumed: [...(oldRecord?.resumed ?? []), started.toISOString()]} : {}),
    launcher: options.launcher.name === 'local' ? 'local' : 'ssh',
    target: embeddedName !== null ? `embedded ${embeddedName} on 127.0.0.1 (throwaway)` : target.socket ? `socket ${target.socket}` : `${target.host}:${target.port}`,
    sysbench: hosts[0].sysbench,
    client: clientOf(hosts),
    ...(options.launcher.name === 'local' ? {} : {client_hosts: hosts}),
    server: {version: server.version, ...(server.tidb_version ? {tidb_version: server.tidb_version} : {}), variables: Object.fromEntries(server.variables)},
    prepared: Boolean(oldRecord?.prepared) && embeddedName === null,
    commands: {
      prepare: [cleanup, shown(sysbenchArgs(rplan, {step: 'prepare', target: argvTarget})), ...(plan.steps.analyze ? [analyzeSql(plan)] : [])],
      run: points.map((p) => ({workload: p.workload, threads: p.threads, clients: plan.clients, command: shown(sysbenchArgs(rplan, {step: 'run', workload: p.workload, threads: p.threads, target: argvTarget}))})),
      cleanup
    },
    // the subjects whose repeats took turns with this one's (each point's `order` numbers the turns)
    ...(options.interleaved ? {interleaved: options.interleaved} : {}),
    plan: recordPlan(plan)
  }
}

/**
 * The report's facts from this run but its points.
 * @param {Facts} facts
 * @param {string} recordStarted  when the run (a resumed one: its first part) started
 * @returns {import('./report-data.js').RunContext}
 */
export function reportContext({options, rplan, target, hosts, embeddedName, server, paths, started}, recordStarted) {
  const {plan} = options
  const isEmbedded = embeddedName !== null
  const product = plan.product ?? server.product
  const subject = {
    id: plan.subject,
    ...(plan.label ? {label: plan.label} : {}),
    product,
    version: plan.version ?? shortVersion(server.version),
    ...(tidbComponents(server.tidb_version) ?? {}),
    run: {record: paths.fromReport(paths.record), status: /** @type {const} */ ('partial'), started: recordStarted}
  }
  const client = clientOf(hosts)
  return {
    id: plan.report,
    ...(plan.title ? {title: plan.title} : {}),
    date: started.toISOString().slice(0, 10),
    subject,
    plan: rplan,
    environment: {client, ...(hosts.length > 1 ? {machines: machinesOf(hosts)} : {}), sysbench: hosts[0].sysbench},
    topology: topologyOf(target, isEmbedded, product, plan),
    parameters: [
      ...(isEmbedded && Object.keys(plan.server_options).length > 0 ? [serverOptionsParameter(plan, product)] : []),
      ...(server.variables.length > 0
        ? [{component: product, format: /** @type {const} */ ('ini'), subjects: [plan.subject], note: capturedVariablesNote(target.driver === 'pgsql' ? 'SHOW' : 'SHOW GLOBAL VARIABLES'), content: server.variables.map(([k, v]) => `${k} = ${v}\n`).join('')}]
        : [])
    ],
    ...(options.interleaved ? {baseline: options.interleaved[0]} : {})
  }
}

/**
 * The SQL that runs `ANALYZE` on every table of the plan.
 * @param {Plan} plan
 */
export function analyzeSql(plan) {
  const tables = Array.from({length: plan.tables}, (_, i) => `sbtest${i + 1}`)
  return planDriver(plan) === 'pgsql' ? tables.map((t) => `ANALYZE ${t};`).join(' ') : `ANALYZE TABLE ${tables.join(', ')};`
}

/**
 * The sysbench driver of the plan's target, or of its engine's throwaway server.
 * @param {Plan} plan
 */
export function planDriver(plan) {
  return plan.target?.driver ?? (plan.engine === 'postgresql' ? 'pgsql' : 'mysql')
}

/**
 * The plan as the run record keeps it: as run, without what only messages need.
 * @param {Plan} plan
 */
function recordPlan(plan) {
  const {engines: _, hosts, subjects: _s, server_options: options, ...rest} = plan
  return {
    ...rest,
    ...(Object.keys(options).length > 0 ? {server_options: {...options}} : {}),
    ...(hosts ? {hosts: hosts.map(({place: _p, ...h}) => h)} : {})
  }
}

/**
 * The server options a plan set on its throwaway server, as the report's
 * parameters show them (a my.cnf section, postgresql.conf lines).
 * @param {Plan} plan
 * @param {string} product
 */
function serverOptionsParameter(plan, product) {
  const lines = Object.entries(plan.server_options).map(([k, v]) => `${k} = ${serverOptionValue(v)}\n`).join('')
  return {
    component: product,
    format: /** @type {const} */ ('ini'),
    subjects: [plan.subject],
    note: serverOptionsNote(plan.engine),
    content: plan.engine === 'mariadb' ? `[mariadbd]\n${lines}` : lines
  }
}

/**
 * A throwaway server that did not start with the plan's server options, named where the plan set them.
 * @param {unknown} error
 * @param {Plan} plan
 * @param {string} planFile
 */
export function serverOptionsError(error, plan, planFile) {
  if (!(error instanceof InvalidError) || Object.keys(plan.server_options).length === 0) return error
  const {line, col} = plan.subjects[0].place
  return new InvalidError(`${planFile}:${line}:${col}: error: subject ${plan.subject} with server_options ${JSON.stringify(plan.server_options)}: ${error.message}`)
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
 * The report's client machine: the one client host, or the first (all are in the environment's machines).
 * @param {HostEnvironment[]} hosts
 */
function clientOf(hosts) {
  const {host, sysbench: _, ...machine} = hosts[0]
  return hosts.length > 1 ? {host, ...machine} : machine
}

/** @param {HostEnvironment[]} hosts */
function machinesOf(hosts) {
  return hosts.map((h) => ({host: h.host, cpu: `${h.cpu}, ${h.cores} cores`, memory: h.memory, os: h.os}))
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
