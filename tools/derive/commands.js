/**
 * The sysbench command lines of a plan. The page shows these (with
 * placeholders for the connection) and the runner executes them (with real
 * values), so what a reader sees is what was run.
 *
 * @typedef {{driver?: 'mysql' | 'pgsql', host?: string, port?: number | string, socket?: string, user?: string, password?: string, database?: string}} Target
 * @typedef {'prepare' | 'run' | 'cleanup'} Step
 */

/** What the page shows where a reader fills in their own connection. */
export const PLACEHOLDER_TARGET = Object.freeze({
  host: '${HOST}',
  port: '${PORT}',
  user: '${USER}',
  password: '${PASSWORD}'
})

/**
 * Arguments after `sysbench` for one step of one workload, in sysbench's own
 * option names. Workload options override plan options.
 *
 * @param {Record<string, any>} plan  a report's or a plan file's `plan`
 * @param {{step: Step, workload?: string, threads?: number | string, target?: Target}} what
 * @returns {string[]}
 */
export function sysbenchArgs(plan, {step, workload, threads, target = PLACEHOLDER_TARGET}) {
  const driver = target.driver ?? plan.db_driver ?? 'mysql'
  const prefix = driver === 'pgsql' ? 'pgsql' : 'mysql'
  const test = step === 'prepare' || step === 'cleanup' ? 'oltp_common' : workload ?? '${WORKLOAD}'
  const workloadOptions = plan.workloads?.find((/** @type {any} */ w) => w.name === workload)?.options ?? {}
  // sysbench 1.0 has no --warmup-time: run longer and reset at a checkpoint
  const checkpoint = plan.warmup_method === 'checkpoint' && plan.warmup_time > 0 && plan.time != null
  /** @type {Array<[string, unknown]>} */
  const options = [
    ['db-driver', driver],
    [`${prefix}-host`, target.socket ? undefined : target.host],
    [`${prefix}-port`, target.socket ? undefined : target.port],
    [`${prefix}-socket`, target.socket],
    [`${prefix}-user`, target.user],
    [`${prefix}-password`, target.password],
    [`${prefix}-db`, target.database ?? plan.database ?? 'sbtest'],
    ['tables', plan.tables],
    ['table-size', plan.table_size],
    ['threads', step === 'run' ? threads ?? '${THREADS}' : step === 'prepare' ? plan.prepare_threads : undefined],
    ...(step === 'run'
      ? /** @type {Array<[string, unknown]>} */ ([
          ['time', checkpoint ? plan.time + plan.warmup_time : plan.time],
          ['warmup-time', checkpoint ? undefined : plan.warmup_time || undefined],
          ['report-checkpoints', checkpoint ? plan.warmup_time : undefined],
          ['report-interval', plan.report_interval || undefined],
          ['rand-type', plan.rand_type]
        ])
      : /** @type {Array<[string, unknown]>} */ ([['rand-type', step === 'prepare' ? plan.rand_type : undefined]])),
    ...Object.entries({...(plan.options ?? {}), ...(step === 'run' ? workloadOptions : {})})
  ]
  const args = [test]
  for (const [name, value] of options) {
    if (value === undefined || value === null) continue
    args.push(`--${name}=${value === true ? 'on' : value === false ? 'off' : String(value)}`)
  }
  args.push(step)
  return args
}

/**
 * A command as a reader would type it: one option per line for readability.
 * Values that the shell would split are quoted; `${VAR}` placeholders are not.
 *
 * @param {string[]} args  arguments after `sysbench`
 * @returns {string}
 */
export function formatCommand(args) {
  const quoted = args.map((a) => (/^[\w@%+=:,./${}-]*$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`))
  const [test, ...rest] = quoted
  return [`sysbench ${test}`, ...rest].join(' \\\n  ')
}

/**
 * The same arguments with the password replaced, for logs and run records.
 * @param {string[]} args
 * @returns {string[]}
 */
export function redactArgs(args) {
  return args.map((a) => a.replace(/^(--(?:mysql|pgsql)-password=).*/, '$1***'))
}
