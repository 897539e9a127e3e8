import {parseYamlSource} from '../lib/yaml-source.js'
import {checkSchema} from '../validate/schema-check.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {InvalidError} from '../lib/errors.js'

/**
 * A plan file read, validated against schemas/plan.schema.json and completed
 * with its defaults.
 *
 * @typedef {{name: string, threads: number[], options?: Record<string, string | number | boolean>}} PlanWorkload
 * @typedef {{driver: 'mysql' | 'pgsql', host?: string, port?: number, socket?: string, user: string, database: string, password_env?: string}} PlanTarget
 * @typedef {'mariadb' | 'postgresql'} Engine
 * @typedef {{
 *   host: string, ssh: string, port?: number, count: number, identity_file?: string, known_hosts?: string,
 *   sysbench: string, place: import('../lib/yaml-source.js').Place
 * }} ClientHost  a client host of the plan, with the place of its entry for messages
 * @typedef {{
 *   report: string, title?: string, subject: string, label?: string, product?: string, version?: string,
 *   engine: Engine, engines: Engine[], target: PlanTarget | null,
 *   tables: number, table_size: number, time: number, warmup_time: number, report_interval: number,
 *   rand_type?: string, prepare_threads?: number, clients: number, hosts: ClientHost[] | null, repeats: number, pause: number,
 *   steps: {prepare: boolean, analyze: boolean, cleanup: boolean},
 *   options: Record<string, string | number | boolean>,
 *   workloads: PlanWorkload[], variables: string[], on_error: 'continue' | 'stop'
 * }} Plan
 */

/**
 * @param {string} file  name shown in messages
 * @param {string} text  YAML source
 * @returns {Plan}
 * @throws {InvalidError} with every problem as `file:line:col: error: …`
 */
export function parsePlan(file, text) {
  const doc = parseYamlSource(file, text)
  const problems = doc.syntaxErrors.length > 0
    ? doc.syntaxErrors.map((e) => ({file, ...e.place, severity: /** @type {const} */ ('error'), message: e.message, rule: 'yaml-syntax'}))
    : checkSchema(doc, 'plan').filter((p) => p.rule !== 'schema/propertyNames') // its pattern error says it better
  if (problems.length === 0) {
    const names = new Set()
    const workloads = /** @type {any} */ (doc.data).workloads
    workloads.forEach((/** @type {any} */ w, /** @type {number} */ i) => {
      if (names.has(w.name)) problems.push({file, ...doc.placeOf(['workloads', i, 'name']), severity: 'error', message: `Duplicate workload \`${w.name}\``, rule: 'unique-workload'})
      names.add(w.name)
    })
    const target = /** @type {any} */ (doc.data).target
    if (target?.socket && (target.host || target.port)) {
      problems.push({file, ...doc.placeOf(['target', 'socket'], true), severity: 'error', message: 'Unexpected `socket` with `host` or `port`, expected one way to connect', rule: 'one-connection'})
    }
    if (target?.socket && target.driver === 'pgsql') {
      problems.push({file, ...doc.placeOf(['target', 'socket'], true), severity: 'error', message: 'Unexpected `socket` with driver `pgsql`, expected `host` and `port`', rule: 'one-connection'})
    }
    problems.push(...engineProblems(doc), ...hostProblems(doc))
  }
  if (problems.length > 0) {
    throw new InvalidError(`invalid plan\n${sortProblems(problems).map(formatProblem).join('\n')}`)
  }
  const data = /** @type {any} */ (doc.data)
  const hosts = Array.isArray(data.clients)
    ? data.clients.map((/** @type {any} */ c, /** @type {number} */ i) => ({...c, count: c.count ?? 1, sysbench: c.sysbench ?? 'sysbench', place: doc.placeOf(['clients', i])}))
    : null
  return withDefaults(data, hosts)
}

/**
 * The engine must agree with the target's driver, and a list of engines
 * needs throwaway servers (one target cannot be both).
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 */
function engineProblems(doc) {
  const {engine, target} = /** @type {any} */ (doc.data)
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  const at = doc.placeOf(['engine'])
  if (Array.isArray(engine) && target) {
    problems.push({file: doc.file, ...at, severity: 'error', message: 'Unexpected a list of engines with a `target`, expected one engine (a list runs each on a throwaway server)', rule: 'engine-target'})
  } else if (typeof engine === 'string' && target?.driver && (engine === 'postgresql') !== (target.driver === 'pgsql')) {
    problems.push({file: doc.file, ...at, severity: 'error', message: `Unexpected engine \`${engine}\` with driver \`${target.driver}\`, expected driver \`${engine === 'postgresql' ? 'pgsql' : 'mysql'}\``, rule: 'engine-target'})
  }
  return problems
}

/**
 * Client host names must be unique: they name the hosts in records and messages.
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 */
function hostProblems(doc) {
  const {clients} = /** @type {any} */ (doc.data)
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  if (!Array.isArray(clients)) return problems
  const names = new Set()
  clients.forEach((/** @type {any} */ c, /** @type {number} */ i) => {
    if (names.has(c.host)) problems.push({file: doc.file, ...doc.placeOf(['clients', i, 'host']), severity: 'error', message: `Duplicate client host \`${c.host}\``, rule: 'unique-host'})
    names.add(c.host)
  })
  return problems
}

/**
 * @param {any} data  schema-valid plan data
 * @param {ClientHost[] | null} hosts
 * @returns {Plan}
 */
function withDefaults(data, hosts) {
  const t = data.target
  /** @type {Engine[]} */
  const engines = data.engine === undefined ? [t?.driver === 'pgsql' ? 'postgresql' : 'mariadb'] : [data.engine].flat()
  const driver = t?.driver ?? (engines[0] === 'postgresql' ? 'pgsql' : 'mysql')
  return {
    ...data,
    engine: engines[0],
    engines,
    target: t
      ? {
          driver,
          ...(t.socket ? {socket: t.socket} : {host: t.host ?? '127.0.0.1', port: t.port ?? (driver === 'pgsql' ? 5432 : 3306)}),
          user: t.user ?? 'root',
          database: t.database ?? 'sbtest',
          ...(t.password_env ? {password_env: t.password_env} : {})
        }
      : null,
    tables: data.tables ?? 1,
    table_size: data.table_size ?? 10000,
    time: data.time ?? 60,
    warmup_time: data.warmup_time ?? 0,
    report_interval: data.report_interval ?? 1,
    clients: hosts ? hosts.reduce((n, h) => n + h.count, 0) : data.clients ?? 1,
    hosts,
    repeats: data.repeats ?? 1,
    pause: data.pause ?? 0,
    steps: {prepare: true, analyze: true, cleanup: true, ...data.steps},
    options: data.options ?? {},
    variables: data.variables ?? [],
    on_error: data.on_error ?? 'continue'
  }
}

/**
 * The plan as it runs on one of its engines: with several engines, each is a
 * subject of its own (`<subject>-<engine>`, labelled with the product).
 *
 * @param {Plan} plan
 * @param {Engine} engine
 * @returns {Plan}
 */
export function planForEngine(plan, engine) {
  if (plan.engines.length === 1) return {...plan, engine}
  return {
    ...plan,
    engine,
    engines: [engine],
    subject: `${plan.subject}-${engine}`,
    label: plan.label ? `${plan.label} (${ENGINE_PRODUCTS[engine]})` : ENGINE_PRODUCTS[engine]
  }
}

/** The product name of each engine, as reports show it. */
export const ENGINE_PRODUCTS = Object.freeze({mariadb: 'MariaDB', postgresql: 'PostgreSQL'})

/**
 * The points of a plan in the order they run: workload by workload, thread
 * counts in the order given.
 *
 * @param {Plan} plan
 * @returns {Array<{workload: string, threads: number}>}
 */
export function planPoints(plan) {
  return plan.workloads.flatMap((w) => w.threads.map((threads) => ({workload: w.name, threads})))
}

/**
 * The plan as a report records it (schemas/report.schema.json `plan`): the
 * page generates its sysbench commands from this, and so does the runner, so
 * both show the same commands. The histogram is always printed (the p95 of
 * several clients is computed from it) and warm-up is done with a checkpoint
 * (sysbench 1.0 has no --warmup-time).
 *
 * @param {Plan} plan
 * @returns {Record<string, any>}
 */
export function reportPlan(plan) {
  return {
    db_driver: plan.target?.driver ?? (plan.engine === 'postgresql' ? 'pgsql' : 'mysql'),
    database: plan.target?.database ?? 'sbtest',
    tables: plan.tables,
    table_size: plan.table_size,
    time: plan.time,
    ...(plan.warmup_time > 0 ? {warmup_time: plan.warmup_time, warmup_method: 'checkpoint'} : {}),
    report_interval: plan.report_interval,
    ...(plan.rand_type ? {rand_type: plan.rand_type} : {}),
    ...(plan.prepare_threads ? {prepare_threads: plan.prepare_threads} : {}),
    clients: plan.clients,
    analyze: plan.steps.analyze,
    ...(plan.pause > 0 ? {pause: plan.pause} : {}),
    options: {histogram: true, ...plan.options},
    workloads: plan.workloads.map((w) => ({name: w.name, threads: w.threads, ...(w.options ? {options: w.options} : {})}))
  }
}
