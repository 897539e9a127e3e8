/**
 * The sysbench command lines of a plan: the page shows them (placeholders for the
 * connection) and the runner runs them, so what a reader sees is what was run.
 *
 * @typedef {{driver?: 'mysql' | 'pgsql', host?: string, port?: number | string, socket?: string, user?: string, password?: string, database?: string}} Target
 */

/** What the page shows where a reader fills in their own connection. */
export const PLACEHOLDER_TARGET = Object.freeze({
  host: '${HOST}',
  port: '${PORT}',
  user: '${USER}',
  password: '${PASSWORD}'
})

/**
 * Arguments after `sysbench` for one step of one workload; workload options override plan options.
 *
 * @param {import('../types/report.js').Plan} plan  a report's `plan` (or a run's, as the report will keep it)
 * @param {{step: 'prepare' | 'run' | 'cleanup', workload?: string, threads?: number | string, target?: Target}} what
 */
export function sysbenchArgs(plan, {step, workload, threads, target = PLACEHOLDER_TARGET}) {
  const driver = target.driver ?? plan.db_driver ?? 'mysql'
  const prefix = driver === 'pgsql' ? 'pgsql' : 'mysql'
  const test = step === 'prepare' || step === 'cleanup' ? 'oltp_common' : workload ?? '${WORKLOAD}'
  const workloadOptions = plan.workloads?.find((w) => w.name === workload)?.options ?? {}
  // sysbench 1.0 has no --warmup-time: run longer and reset at a checkpoint
  const checkpoint = plan.warmup_method === 'checkpoint' && (plan.warmup_time ?? 0) > 0 && plan.time != null
  /** @type {Array<[string, unknown]>} */
  const options = [
    ['db-driver', driver],
    [`${prefix}-host`, target.socket ? undefined : target.host],
    [`${prefix}-port`, target.socket ? undefined : target.port],
    [`${prefix}-socket`, target.socket],
    [`${prefix}-user`, target.user],
    // a placeholder on the page; the runner hands the password over with secretOptions()
    [`${prefix}-password`, target.password],
    [`${prefix}-db`, target.database ?? plan.database ?? 'sbtest'],
    ['tables', plan.tables],
    ['table-size', plan.table_size],
    ['threads', step === 'run' ? threads ?? '${THREADS}' : step === 'prepare' ? plan.prepare_threads : undefined],
    ...(step === 'run'
      ? /** @type {Array<[string, unknown]>} */ ([
          ['time', checkpoint ? Number(plan.time) + Number(plan.warmup_time) : plan.time],
          ['warmup-time', checkpoint ? undefined : plan.warmup_time || undefined],
          ['report-checkpoints', checkpoint ? plan.warmup_time : undefined],
          ['report-interval', plan.report_interval || undefined],
          ['rand-type', plan.rand_type]
        ])
      : /** @type {Array<[string, unknown]>} */ ([['rand-type', step === 'prepare' ? plan.rand_type : undefined]])),
    ...Object.entries({...(plan.options ?? {}), ...(step === 'run' ? workloadOptions : {})})
  ]
  const args = [test]
  for (const [name, value] of options) if (value !== undefined && value !== null) args.push(optionArg(name, value))
  args.push(step)
  return args
}

/** An option as sysbench takes it, a flag `on` or `off`: `--histogram=on`. @param {string} name @param {unknown} value */
export const optionArg = (name, value) => `--${name}=${value === true ? 'on' : value === false ? 'off' : String(value)}`

/**
 * The options that must not appear on a command line, for a private `--config-file`.
 *
 * @param {import('../types/report.js').Plan} plan
 * @param {Target} target
 * @returns {Record<string, string>}
 */
export function secretOptions(plan, target) {
  const driver = target.driver ?? plan.db_driver ?? 'mysql'
  if (target.password === undefined || target.password === '') return {}
  return {[`${driver === 'pgsql' ? 'pgsql' : 'mysql'}-password`]: target.password}
}

/**
 * A command as a reader would type it, an option a line, quoted where the shell would split it (not `${VAR}`).
 * @param {string[]} args  arguments after `sysbench`
 */
export function formatCommand(args) {
  const quoted = args.map((a) => (/^[\w@%+=:,./${}-]*$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))
  const [test, ...rest] = quoted
  return [`sysbench ${test}`, ...rest].join(' \\\n  ')
}

/**
 * The arguments with any password option's value replaced (a plan's `options` might hold one).
 * @param {string[]} args
 */
export function redactArgs(args) {
  return args.map((a) => a.replace(/^(--(?:mysql|pgsql)-password=).*/s, '$1***'))
}

/**
 * A sysbench log as stored, each password option's value, and any whole option value
 * that is the password, as `***`: only whole values, so a password `1` changes no figure.
 *
 * @param {string} text
 * @param {string | undefined} password
 */
export function redactLog(text, password) {
  return text.replace(/(^|[\s'"])(--?[\w-]+=|[\w-]*password[\w-]*\s*[=:]\s*)([^\s'"]*)/gim, (whole, before, option, value) =>
    (/password/i.test(option) && !/^(YES|NO)$/.test(value)) || (password !== undefined && password !== '' && value === password) ? `${before}${option}***` : whole)
}
