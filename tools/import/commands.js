/**
 * sysbench command lines as published, read into plan fields (connection details are the runner's).
 *
 * @typedef {{action: 'prepare' | 'run' | 'cleanup' | null, test: string | null, options: Record<string, string>}} Command
 * @typedef {{
 *   db_driver?: string, database?: string, rand_type?: string,
 *   tables?: number, table_size?: number, time?: number, warmup_time?: number, report_interval?: number, prepare_threads?: number,
 *   options?: Record<string, string | number | boolean>
 * }} PlanRead  plan fields as the commands state them (the validator checks their values later)
 */

const CONNECTION = new Set(['mysql-host', 'mysql-port', 'mysql-user', 'mysql-password', 'pgsql-host', 'pgsql-port', 'pgsql-user', 'pgsql-password', 'mysql-socket'])

/**
 * @param {string} text  a code block holding one sysbench command
 * @returns {Command | null}
 */
export function parseCommand(text) {
  const joined = text.replace(/\\\s*\n/g, ' ')
  const line = joined.split('\n').find((l) => /\bsysbench\b/.test(l))
  if (!line) return null
  const tokens = line.trim().split(/\s+/)
  const start = tokens.findIndex((t) => /(^|\/)sysbench$/.test(t))
  if (start < 0) return null
  /** @type {Command} */
  const command = {action: null, test: null, options: {}}
  for (const token of tokens.slice(start + 1)) {
    const option = /^--([\w-]+)(?:=(.*))?$/.exec(token)
    if (option) {
      command.options[option[1].replace(/_/g, '-')] = option[2] ?? 'true'
    } else if (token === 'prepare' || token === 'run' || token === 'cleanup') {
      command.action = token
    } else if (command.test === null) {
      command.test = token.replace(/\.lua$/, '')
    }
  }
  return command.action ? command : null
}

/** Plan fields that are integers, by sysbench option. */
const INTEGER_FIELDS = /** @type {Record<string, 'tables' | 'table_size' | 'time' | 'warmup_time' | 'report_interval'>} */ ({
  tables: 'tables',
  'table-size': 'table_size',
  time: 'time',
  'warmup-time': 'warmup_time',
  'report-interval': 'report_interval'
})

/**
 * Fold a command into plan fields; returns the options given twice with different values.
 * @param {PlanRead} plan
 * @param {Command} command
 */
export function applyCommand(plan, command) {
  /** @type {string[]} */
  const conflicts = []
  /** @template {Exclude<keyof PlanRead, 'options'>} K @param {K} key @param {NonNullable<PlanRead[K]>} value */
  const set = (key, value) => {
    if (plan[key] === undefined) plan[key] = value
    else if (plan[key] !== value) conflicts.push(`${key}: ${plan[key]} vs ${value}`)
  }
  for (const [name, value] of Object.entries(command.options)) {
    if (CONNECTION.has(name)) continue
    const integer = /^\d+$/.test(value) ? Number(value) : null
    if (name === 'threads') {
      if (command.action === 'prepare' && integer) set('prepare_threads', integer)
    } else if (name === 'db-driver') set('db_driver', value)
    else if (name === 'mysql-db' || name === 'pgsql-db') set('database', value)
    else if (name === 'rand-type') set('rand_type', value)
    else if (INTEGER_FIELDS[name]) {
      if (integer !== null) set(INTEGER_FIELDS[name], integer)
    } else if (command.action === 'run') {
      plan.options ??= {}
      plan.options[name] = value === 'true' ? true : value === 'false' ? false : integer !== null ? integer : value
    }
  }
  return conflicts
}
