import {parseYamlSource} from '../lib/yaml-source.js'
import {checkSchema} from '../validate/schema-check.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {InvalidError} from '../lib/errors.js'

/**
 * A plan file read, validated against schemas/plan.schema.json and completed
 * with its defaults.
 *
 * @typedef {{name: string, threads: number[], options?: Record<string, string | number | boolean>}} PlanWorkload
 * @typedef {{id: string, label?: string, product?: string, version?: string, target?: Record<string, any>, server_options?: Record<string, string | number | boolean>}} PlanSubject
 * @typedef {{driver: 'mysql' | 'pgsql', host?: string, port?: number, socket?: string, user: string, database: string, password_env?: string}} PlanTarget
 * @typedef {{
 *   report: string, title?: string, subject: string, label?: string, product?: string, version?: string,
 *   subjects: PlanSubject[], server_options?: Record<string, string | number | boolean>,
 *   target: PlanTarget | null,
 *   tables: number, table_size: number, time: number, warmup_time: number, report_interval: number,
 *   rand_type?: string, prepare_threads?: number, clients: number, repeats: number, pause: number,
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
    problems.push(...subjectProblems(file, doc))
    const target = /** @type {any} */ (doc.data).target
    if (target?.socket && (target.host || target.port)) {
      problems.push({file, ...doc.placeOf(['target', 'socket'], true), severity: 'error', message: 'Unexpected `socket` with `host` or `port`, expected one way to connect', rule: 'one-connection'})
    }
    if (target?.socket && target.driver === 'pgsql') {
      problems.push({file, ...doc.placeOf(['target', 'socket'], true), severity: 'error', message: 'Unexpected `socket` with driver `pgsql`, expected `host` and `port`', rule: 'one-connection'})
    }
  }
  if (problems.length > 0) {
    throw new InvalidError(`invalid plan\n${sortProblems(problems).map(formatProblem).join('\n')}`)
  }
  return withDefaults(/** @type {any} */ (doc.data))
}

/**
 * @param {any} data  schema-valid plan data
 * @returns {Plan}
 */
function withDefaults(data) {
  /** @type {PlanSubject[]} */
  const subjects = data.subjects ?? [
    Object.fromEntries(Object.entries({id: data.subject, label: data.label, product: data.product, version: data.version, server_options: data.server_options}).filter(([, v]) => v !== undefined))
  ]
  return {
    ...data,
    subject: data.subject ?? subjects[0].id,
    subjects,
    target: targetWithDefaults(data.target),
    tables: data.tables ?? 1,
    table_size: data.table_size ?? 10000,
    time: data.time ?? 60,
    warmup_time: data.warmup_time ?? 0,
    report_interval: data.report_interval ?? 1,
    clients: data.clients ?? 1,
    // a comparison needs repeats for an interval: 3 unless the plan says otherwise
    repeats: data.repeats ?? (subjects.length > 1 ? 3 : 1),
    pause: data.pause ?? 0,
    steps: {prepare: true, analyze: true, cleanup: true, ...data.steps},
    options: data.options ?? {},
    variables: data.variables ?? [],
    on_error: data.on_error ?? 'continue'
  }
}

/**
 * @param {any} t  a plan's `target` as written
 * @returns {PlanTarget | null}
 */
function targetWithDefaults(t) {
  if (!t) return null
  const driver = t.driver ?? 'mysql'
  return {
    driver,
    ...(t.socket ? {socket: t.socket} : {host: t.host ?? '127.0.0.1', port: t.port ?? (driver === 'pgsql' ? 5432 : 3306)}),
    user: t.user ?? 'root',
    database: t.database ?? 'sbtest',
    ...(t.password_env ? {password_env: t.password_env} : {})
  }
}

/**
 * The plan of each subject, as a one-subject plan the runner measures: the
 * subject's own target, server options, label, product and version.
 *
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
    target: s.target ? targetWithDefaults(s.target) : plan.target,
    server_options: s.server_options ?? plan.server_options
  }))
}

/**
 * Subjects with unique ids, and server options only where benchdoc starts the server.
 * @param {string} file
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 */
function subjectProblems(file, doc) {
  const data = /** @type {any} */ (doc.data)
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  if ((data.subject === undefined) === (data.subjects === undefined)) {
    const both = data.subject !== undefined
    problems.push({file, ...doc.placeOf(both ? ['subjects'] : [], true), severity: 'error', message: both ? 'Unexpected `subjects` with `subject`, expected one of them' : 'Missing `subject`, expected `subject` or `subjects`', rule: 'plan-subject'})
  }
  const ids = new Set()
  ;(data.subjects ?? []).forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    if (ids.has(s.id)) problems.push({file, ...doc.placeOf(['subjects', i, 'id']), severity: 'error', message: `Duplicate subject \`${s.id}\``, rule: 'unique-subject'})
    ids.add(s.id)
    if (s.server_options && (s.target ?? data.target)) {
      problems.push({file, ...doc.placeOf(['subjects', i, 'server_options'], true), severity: 'error', message: 'Unexpected `server_options` for a subject with a `target`, expected them only for the throwaway MariaDB', rule: 'server-options'})
    }
  })
  if (data.server_options && data.target) {
    problems.push({file, ...doc.placeOf(['server_options'], true), severity: 'error', message: 'Unexpected `server_options` with a `target`, expected them only for the throwaway MariaDB', rule: 'server-options'})
  }
  return problems
}

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
    db_driver: plan.target?.driver ?? 'mysql',
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
