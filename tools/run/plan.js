import {parseYamlSource} from '../lib/yaml-source.js'
import {checkPlan, planData} from '../validate/plan-rules.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {InvalidError} from '../lib/errors.js'
import {ruleOf} from '../derive/stopping.js'

/**
 * A plan file read, validated against schemas/plan.schema.json and completed with its defaults.
 *
 * @typedef {{name: string, threads: number[], options?: Record<string, string | number | boolean>}} PlanWorkload
 * @typedef {{driver: 'mysql' | 'pgsql', host?: string, port?: number, socket?: string, user: string, database: string, password_env?: string}} PlanTarget
 * @typedef {'mariadb' | 'postgresql'} Engine
 * @typedef {Record<string, string | number | boolean>} ServerOptions
 * @typedef {{
 *   id: string, label?: string, product?: string, version?: string,
 *   target: PlanTarget | null, server_options: ServerOptions, place: import('../lib/yaml-source.js').Place
 * }} PlanSubject  a subject the plan measures, with the place of its entry for messages
 * @typedef {{
 *   host: string, ssh: string, port?: number, count: number, identity_file?: string, known_hosts?: string,
 *   sysbench: string, place: import('../lib/yaml-source.js').Place
 * }} ClientHost  a client host of the plan, with the place of its entry for messages
 * @typedef {{
 *   report: string, title?: string, subject: string, label?: string, product?: string, version?: string,
 *   subjects: PlanSubject[], server_options: ServerOptions,
 *   engine: Engine, engines: Engine[], target: PlanTarget | null,
 *   tables: number, table_size: number, time: number, warmup_time: number, report_interval: number,
 *   rand_type?: import('../types/plan.js').Plan['rand_type'], prepare_threads?: number, clients: number, hosts: ClientHost[] | null, repeats: number, rule: import('../derive/stopping.js').Rule | null, pause: number,
 *   steps: {prepare: boolean, analyze: boolean, cleanup: boolean},
 *   options: Record<string, string | number | boolean>,
 *   workloads: PlanWorkload[], variables: string[], on_error: 'continue' | 'stop'
 * }} Plan  `repeats`: the most a point is measured (a `rule`'s max); `rule`: the stopping rule, if any
 */

/**
 * @typedef {import('../types/plan.js').Plan} PlanFile  a plan file as schemas/plan.schema.json describes it
 * @typedef {import('../types/plan.js').Target} TargetFile  a target as a plan file writes it
 */

/**
 * @param {string} file  name shown in messages
 * @param {string} text  YAML source
 * @returns {Plan}
 * @throws {InvalidError} with every problem as `file:line:col: error: …`
 */
export function parsePlan(file, text) {
  const doc = parseYamlSource(file, text)
  const problems = checkPlan(doc)
  if (problems.length > 0) {
    throw new InvalidError(`invalid plan\n${sortProblems(problems).map(formatProblem).join('\n')}`)
  }
  const data = planData(doc)
  const hosts = Array.isArray(data.clients)
    ? data.clients.map((c, i) => ({...c, count: c.count ?? 1, sysbench: c.sysbench ?? 'sysbench', place: doc.placeOf(['clients', i])}))
    : null
  return withDefaults(data, hosts, subjectsOf(doc))
}

/**
 * @param {PlanFile} data  schema-valid plan data
 * @param {ClientHost[] | null} hosts
 * @param {PlanSubject[]} subjects
 * @returns {Plan}
 */
function withDefaults(data, hosts, subjects) {
  const {engines} = enginesOf(data)
  return {
    ...data,
    subject: subjects[0].id,
    subjects,
    server_options: data.server_options ?? {},
    engine: engines[0],
    engines,
    target: subjects[0].target,
    tables: data.tables ?? 1,
    table_size: data.table_size ?? 10000,
    time: data.time ?? 60,
    warmup_time: data.warmup_time ?? 0,
    report_interval: data.report_interval ?? 1,
    clients: hosts ? hosts.reduce((n, h) => n + h.count, 0) : typeof data.clients === 'number' ? data.clients : 1,
    hosts,
    // a comparison needs repeats for an interval: 3 unless the plan says otherwise
    repeats: typeof data.repeats === 'object' ? data.repeats.max : data.repeats ?? (subjects.length > 1 ? 3 : 1),
    rule: ruleOf(data.repeats),
    pause: data.pause ?? 0,
    steps: {prepare: true, analyze: true, cleanup: true, ...data.steps},
    options: data.options ?? {},
    variables: data.variables ?? [],
    on_error: data.on_error ?? 'continue'
  }
}

/**
 * The plan's engines, and the driver a target of the first one defaults to.
 * @param {PlanFile} data  schema-valid plan data
 * @returns {{engines: Engine[], driver: 'mysql' | 'pgsql'}}
 */
function enginesOf(data) {
  const driven = data.target?.driver ?? data.subjects?.find((s) => s.target?.driver)?.target?.driver
  // the schema allows only the two engines; its generated type says string for one
  const engines = /** @type {Engine[]} */ (data.engine === undefined ? [driven === 'pgsql' ? 'postgresql' : 'mariadb'] : [data.engine].flat())
  return {engines, driver: engines[0] === 'postgresql' ? 'pgsql' : 'mysql'}
}

/**
 * A target with its defaults.
 * @param {TargetFile} t  a target as the plan writes it
 * @param {'mysql' | 'pgsql'} engineDriver  the driver of the plan's engine
 * @returns {PlanTarget}
 */
function targetWithDefaults(t, engineDriver) {
  const driver = t.driver ?? engineDriver
  return {
    driver,
    ...(t.socket ? {socket: t.socket} : {host: t.host ?? '127.0.0.1', port: t.port ?? (driver === 'pgsql' ? 5432 : 3306)}),
    user: t.user ?? 'root',
    database: t.database ?? 'sbtest',
    ...(t.password_env ? {password_env: t.password_env} : {})
  }
}

/**
 * The plan's subjects (`subjects`, or the one `subject`); a subject without a
 * target has the plan's, and its server options go over the plan's.
 * @param {import('../lib/yaml-source.js').SourceDoc} doc  a valid plan
 * @returns {PlanSubject[]}
 */
function subjectsOf(doc) {
  const data = planData(doc)
  const {driver} = enginesOf(data)
  /** @type {import('../types/plan.js').Subject[]} */
  const listed = data.subjects ?? [{id: /** @type {string} */ (data.subject), label: data.label, product: data.product, version: data.version}]
  return listed.map((s, i) => {
    const target = s.target ?? data.target
    return {
      id: s.id,
      ...(s.label ? {label: s.label} : {}),
      ...(s.product ? {product: s.product} : {}),
      ...(s.version ? {version: s.version} : {}),
      target: target ? targetWithDefaults(target, driver) : null,
      server_options: {...data.server_options, ...s.server_options},
      place: doc.placeOf(data.subjects ? ['subjects', i] : ['subject'])
    }
  })
}

/**
 * The plan of each subject, as a one-subject plan the runner measures.
 * @param {Plan} plan
 * @returns {Plan[]}
 */
export function subjectPlans(plan) {
  return plan.subjects.map((s) => ({
    ...plan,
    subject: s.id,
    subjects: [s],
    label: s.label ?? (plan.subjects.length === 1 ? plan.label : undefined),
    product: s.product ?? plan.product,
    version: s.version ?? plan.version,
    target: s.target,
    server_options: s.server_options
  }))
}

/**
 * The plan on one engine: with several, each is a subject of its own (`<subject>-<engine>`).
 * @param {Plan} plan
 * @param {Engine} engine
 * @returns {Plan}
 */
export function planForEngine(plan, engine) {
  if (plan.engines.length === 1) return {...plan, engine}
  const subject = `${plan.subject}-${engine}`
  const label = plan.label ? `${plan.label} (${ENGINE_PRODUCTS[engine]})` : ENGINE_PRODUCTS[engine]
  return {
    ...plan,
    engine,
    engines: [engine],
    subject,
    label,
    subjects: plan.subjects.map((s) => ({...s, id: subject, label}))
  }
}

/** The product name of each engine, as reports show it. */
export const ENGINE_PRODUCTS = Object.freeze({mariadb: 'MariaDB', postgresql: 'PostgreSQL'})

/**
 * The points of a plan in the order they run.
 * @param {Plan} plan
 * @returns {Array<{workload: string, threads: number}>}
 */
export function planPoints(plan) {
  return plan.workloads.flatMap((w) => w.threads.map((threads) => ({workload: w.name, threads})))
}

/**
 * The plan as a report records it, from which the page and the runner generate the
 * sysbench commands: the histogram always printed (the p95 of several clients comes
 * from it), warm-up a checkpoint (sysbench 1.0 has no --warmup-time).
 * @param {Plan} plan
 * @returns {import('../types/report.js').Plan}
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
    ...(plan.rule ? {repeats: plan.rule} : {}),
    options: {histogram: true, ...plan.options},
    // at least one, as the plan's schema requires
    workloads: /** @type {import('../types/report.js').Plan['workloads']} */ (plan.workloads.map((w) => ({name: w.name, threads: w.threads, ...(w.options ? {options: w.options} : {})})))
  }
}
