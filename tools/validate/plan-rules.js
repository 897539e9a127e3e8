import {checkSchemaVersion} from '../lib/schema-version.js'
import {syntaxProblems} from '../lib/yaml-source.js'
import {checkSchema} from './schema-check.js'

/**
 * The checks of a plan file, for `run` and `validate`: schemas/plan.schema.json
 * and what it cannot say (one way to connect, engines and drivers, unique names,
 * server options benchdoc sets itself).
 *
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 * @typedef {import('../types/plan.js').Plan} PlanFile
 * @typedef {import('../types/plan.js').Target} TargetFile
 * @typedef {(path: Array<string | number>, message: string, rule: string, atKey?: boolean) => void} Add  an error at the key (or value) on `path`
 */

/** The data of a plan that passed its schema. @param {SourceDoc} doc */
export const planData = (doc) => /** @type {PlanFile} */ (doc.data)

/** @param {SourceDoc} doc @returns {import('../lib/problems.js').Problem[]} */
export function checkPlan(doc) {
  if (doc.syntaxErrors.length > 0) return syntaxProblems(doc)
  // a plan of another schema version is not checked against this one
  const version = checkSchemaVersion(doc, 'plan')
  if (version.length > 0) return version
  const problems = checkSchema(doc, 'plan').filter((p) => p.rule !== 'schema/propertyNames') // its pattern error says it better
  if (problems.length > 0) return problems
  /** @type {Add} */
  const add = (path, message, rule, atKey = true) => void problems.push({file: doc.file, ...doc.placeOf(path, atKey), severity: 'error', message, rule})
  const names = new Set()
  planData(doc).workloads.forEach((w, i) => {
    if (names.has(w.name)) add(['workloads', i, 'name'], `Duplicate workload \`${w.name}\``, 'unique-workload', false)
    names.add(w.name)
  })
  targetProblems(doc, ['target'], add)
  engineProblems(doc, add)
  hostProblems(doc, add)
  subjectProblems(doc, add)
  repeatsProblems(doc, add)
  return problems
}

/** A stopping rule stops between `min` and `max`, at a margin a verdict can have. @param {SourceDoc} doc @param {Add} add */
function repeatsProblems(doc, add) {
  const {repeats} = planData(doc)
  if (typeof repeats !== 'object') return
  if ((repeats.min ?? 2) > repeats.max) add(['repeats', 'min'], `Unexpected \`min\` ${repeats.min} above \`max\` ${repeats.max}, expected at most \`max\``, 'repeats-rule', false)
  const margin = typeof repeats.margin === 'string' ? parseFloat(repeats.margin) : null
  if (margin !== null && !(margin > 0 && margin <= 50)) add(['repeats', 'margin'], `Unexpected margin \`${repeats.margin}\`, expected above 0 % and at most 50 %`, 'repeats-rule', false)
}

/**
 * One way to connect: a socket, or host and port.
 * @param {SourceDoc} doc
 * @param {Array<string | number>} path  where the target is
 * @param {Add} add
 */
function targetProblems(doc, path, add) {
  /** @type {unknown} */
  let node = doc.data
  for (const k of path) node = /** @type {Record<string | number, unknown> | undefined} */ (node)?.[k]
  const target = /** @type {TargetFile | undefined} */ (node)
  if (target?.socket && (target.host || target.port)) add([...path, 'socket'], 'Unexpected `socket` with `host` or `port`, expected one way to connect', 'one-connection')
  if (target?.socket && target.driver === 'pgsql') add([...path, 'socket'], 'Unexpected `socket` with driver `pgsql`, expected `host` and `port`', 'one-connection')
}

/**
 * The engine must agree with the target's driver, and a list of engines
 * needs throwaway servers (one target cannot be both).
 * @param {SourceDoc} doc @param {Add} add
 */
function engineProblems(doc, add) {
  const {engine, target} = planData(doc)
  if (Array.isArray(engine) && target) {
    add(['engine'], 'Unexpected a list of engines with a `target`, expected one engine (a list runs each on a throwaway server)', 'engine-target', false)
  } else if (typeof engine === 'string' && target?.driver && (engine === 'postgresql') !== (target.driver === 'pgsql')) {
    add(['engine'], `Unexpected engine \`${engine}\` with driver \`${target.driver}\`, expected driver \`${engine === 'postgresql' ? 'pgsql' : 'mysql'}\``, 'engine-target', false)
  }
}

/**
 * Client host names must be unique: they name the hosts in records and messages.
 * @param {SourceDoc} doc @param {Add} add
 */
function hostProblems(doc, add) {
  const {clients} = planData(doc)
  const names = new Set()
  if (Array.isArray(clients)) clients.forEach((c, i) => {
    if (names.has(c.host)) add(['clients', i, 'host'], `Duplicate client host \`${c.host}\``, 'unique-host', false)
    names.add(c.host)
  })
}

/**
 * Options benchdoc sets on its throwaway servers itself (where they listen,
 * where their files go): a plan's server_options may not change them.
 */
const OWN_SERVER_OPTIONS = new Set([
  'datadir', 'tmpdir', 'port', 'socket', 'bind_address', 'user', 'pid_file', 'log_error', 'skip_networking', 'no_defaults', 'defaults_file', 'defaults_extra_file',
  'data_directory', 'listen_addresses', 'unix_socket_directories', 'config_file', 'hba_file', 'ident_file', 'logging_collector', 'log_directory', 'log_filename'
])

/**
 * `subject` or `subjects`, not both; unique ids; server options only for
 * throwaway servers, never ones benchdoc sets; each target of the plan's engine.
 * @param {SourceDoc} doc @param {Add} add
 */
function subjectProblems(doc, add) {
  const data = planData(doc)
  if (data.subject === undefined && data.subjects === undefined) add([], 'Missing `subject`, expected `subject` or `subjects`', 'plan-subject')
  if (data.subjects !== undefined) {
    for (const k of /** @type {const} */ (['subject', 'label', 'product', 'version'])) if (data[k] !== undefined) add([k], `Unexpected \`${k}\` with \`subjects\`, expected it in each subject`, 'plan-subject')
    if (Array.isArray(data.engine)) add(['engine'], 'Unexpected a list of engines with `subjects`, expected one engine', 'engine-target')
  }
  const ids = new Set()
  const subjects = data.subjects ?? []
  subjects.forEach((s, i) => {
    if (ids.has(s.id)) add(['subjects', i, 'id'], `Duplicate subject \`${s.id}\``, 'unique-subject', false)
    ids.add(s.id)
    if (s.target) targetProblems(doc, ['subjects', i, 'target'], add)
    if (s.target?.driver && typeof data.engine === 'string' && (data.engine === 'postgresql') !== (s.target.driver === 'pgsql')) {
      add(['subjects', i, 'target', 'driver'], `Unexpected driver \`${s.target.driver}\` with engine \`${data.engine}\`, expected driver \`${data.engine === 'postgresql' ? 'pgsql' : 'mysql'}\``, 'engine-target')
    }
  })
  const drivers = new Set([data.target, ...subjects.map((s) => s.target)].map((t) => t?.driver).filter(Boolean))
  if (drivers.size > 1 && data.engine === undefined) add(['subjects'], 'Unexpected targets of both drivers, expected subjects of one engine', 'engine-target')
  const optionSets = [{path: ['server_options'], options: data.server_options, target: data.target}, ...subjects.map((s, i) => ({path: ['subjects', i, 'server_options'], options: s.server_options, target: s.target ?? data.target}))]
  for (const {path, options, target} of optionSets) {
    if (!options) continue
    if (target) add(path, 'Unexpected `server_options` for a server with a `target`, expected them only for a throwaway server (no `target`)', 'server-options')
    for (const name of Object.keys(options)) {
      if (OWN_SERVER_OPTIONS.has(name.replaceAll('-', '_'))) add([...path, name], `Unexpected \`${name}\` in \`server_options\`, expected an option benchdoc does not set itself (where the throwaway server listens and keeps its files)`, 'server-options')
    }
  }
}
