/* Generated from schemas/plan.schema.json by tools/types/generate.js (npm run types). Do not edit. */

/**
 * What `benchdoc run` measures: which server, which sysbench workloads and thread counts, and which report and subject the results fill in. Passwords never appear here, only the name of the environment variable that holds one.
 */
export interface Plan {
  /**
   * The version of this schema the file was written for; benchdoc writes its current one. A file without it is of version 1. A newer benchdoc reads older versions; when one changed incompatibly, `benchdoc migrate` rewrites the file, which is refused with that advice until then. A version newer than the reading benchdoc is refused: upgrade benchdoc.
   */
  schema_version?: number
  /**
   * Id of the report the run fills in: data/reports/<report>.yaml, created when missing.
   */
  report: string
  /**
   * Title of the report when the run creates it.
   */
  title?: string
  /**
   * Id of the subject this run fills in, e.g. `mariadb-10.11`. A second run with another subject turns the report into a comparison. A plan has `subject` or `subjects`.
   */
  subject?: string
  /**
   * Instead of `subject`: the subjects of a comparison, measured in one run, each on its own server: its own `target`, or a throwaway server with its own `server_options`. Their repeats are interleaved (A B A B …) so drift over time hits all alike. The first subject is the baseline.
   *
   * @minItems 1
   */
  subjects?: Subject[]
  /**
   * Label of the subject on pages. Defaults to the id where the id begins the version (`v6.0.0` of `v6.0.0 DMR`), else to product and version (tools/derive/subjects.js).
   */
  label?: string
  /**
   * Product name of the subject. Default: guessed from the server's version (`MariaDB`, `TiDB`, `MySQL`, `PostgreSQL`).
   */
  product?: string
  /**
   * Version of the subject. Default: what the server reports (`SELECT VERSION()`).
   */
  version?: string
  /**
   * Database engine, `mariadb` or `postgresql`. Without a target the throwaway server is of this engine. A list runs the same matrix on each engine in turn (subjects `<subject>-<engine>`), which makes one comparison report. Default: `postgresql` for a `pgsql` target, else `mariadb`.
   *
   * @minItems 1
   */
  engine?: string | ('mariadb' | 'postgresql')[]
  target?: Target
  server_options?: ServerOptions
  /**
   * sysbench --tables (at most 100,000: each is named in the run's ANALYZE).
   */
  tables?: number
  /**
   * sysbench --table-size: rows per table.
   */
  table_size?: number
  /**
   * Seconds measured per point (sysbench --time, warm-up excluded).
   */
  time?: number
  /**
   * Seconds run before measuring each point; left out of every figure and of the time-series.
   */
  warmup_time?: number
  /**
   * sysbench --report-interval in seconds: the time-series and the live progress come from these lines.
   */
  report_interval?: number
  /**
   * sysbench --rand-type.
   */
  rand_type?: 'uniform' | 'gaussian' | 'special' | 'pareto' | 'zipfian'
  /**
   * Threads used by `prepare`.
   */
  prepare_threads?: number
  /**
   * Parallel sysbench processes per point, each with the point's thread count (e.g. one per server behind a load balancer); their throughput is summed. A number runs them on this machine; a list names client hosts reached over SSH, each running `count` of them.
   *
   * @minItems 1
   */
  clients?: number | ClientHost[]
  /**
   * Times each point is measured; the point shows the median and keeps every repeat's figures as `samples`. Default 1, or 3 for a plan with several `subjects`. Or a stopping rule `{min, max, margin}`: the subjects take turns round by round (A B A B …) and a point stops once its verdicts are decided or its intervals are within the margin, else at `max` (docs/running.md, "Repeats that stop when the data is enough").
   */
  repeats?:
    | number
    | {
        /**
         * Rounds every point runs before the rule may stop it.
         */
        min?: number
        /**
         * Rounds at most: a point still undecided then stops, and is warned of.
         */
        max: number
        /**
         * The verdict margin δ in %, as the report's `verdict.margin`: a number (`2`) or a percentage (`2%`). Default 2.
         */
        margin?: number | string
      }
  /**
   * Seconds to wait between points.
   */
  pause?: number
  /**
   * Which steps run around the matrix.
   */
  steps?: {
    /**
     * Create and fill the tables before the first point.
     */
    prepare?: boolean
    /**
     * Run `ANALYZE TABLE` on every table after prepare.
     */
    analyze?: boolean
    /**
     * Drop the tables after the last point.
     */
    cleanup?: boolean
  }
  /**
   * Extra sysbench options for every step, by sysbench's name without dashes, e.g. `mysql-ignore-errors: all`. Password options are refused: use `target.password_env`.
   */
  options?: {
    [k: string]: string | number | boolean
  }
  /**
   * Workloads in the order they run and are shown, each with its thread counts.
   *
   * @minItems 1
   */
  workloads: {
    /**
     * sysbench test name, e.g. `oltp_point_select`.
     */
    name: string
    /**
     * Thread counts per client, in order.
     *
     * @minItems 1
     */
    threads: number[]
    /**
     * sysbench options for this workload's runs only.
     */
    options?: {
      [k: string]: string | number | boolean
    }
  }[]
  /**
   * Server variables to capture into the report's parameters (`SHOW GLOBAL VARIABLES`), e.g. `innodb_buffer_pool_size`.
   */
  variables?: string[]
  /**
   * When a point fails (server gone, access denied, table missing): `continue` records the error and goes on; `stop` records it and ends the run.
   */
  on_error?: 'continue' | 'stop'
}
/**
 * A subject of a comparison plan: its id, how pages name it, and its server.
 *
 * This interface was referenced by `Plan`'s JSON-Schema
 * via the `definition` "subject".
 */
export interface Subject {
  /**
   * Id of the subject, as `subject`.
   */
  id: string
  /**
   * Label of the subject on pages. Defaults to the id where the id begins the version (`v6.0.0` of `v6.0.0 DMR`), else to product and version (tools/derive/subjects.js).
   */
  label?: string
  /**
   * Product name of the subject, as `product`.
   */
  product?: string
  /**
   * Version of the subject, as `version`.
   */
  version?: string
  target?: Target
  server_options?: ServerOptions
}
/**
 * The server to benchmark. Absent: a throwaway MariaDB started on a free loopback port for this run only.
 *
 * This interface was referenced by `Plan`'s JSON-Schema
 * via the `definition` "target".
 */
export interface Target {
  /**
   * sysbench --db-driver.
   */
  driver?: 'mysql' | 'pgsql'
  /**
   * Server host name or address.
   */
  host?: string
  /**
   * Server port. Default 3306 (mysql) or 5432 (pgsql).
   */
  port?: number
  /**
   * Unix socket path, instead of host and port (mysql only).
   */
  socket?: string
  /**
   * User name.
   */
  user?: string
  /**
   * Database the sysbench tables live in.
   */
  database?: string
  /**
   * Name of the environment variable that holds the password. The password itself is never written to a plan, a log or a report.
   */
  password_env?: string
}
/**
 * Options of the throwaway server (a plan or subject without `target`): my.cnf names for MariaDB, given to mariadbd as `--name=value`; postgresql.conf names for PostgreSQL, given to postgres as `-c name=value`. E.g. `innodb_buffer_pool_size: 8M`. Recorded in the report's parameters; true and false become ON and OFF.
 *
 * This interface was referenced by `Plan`'s JSON-Schema
 * via the `definition` "server_options".
 */
export interface ServerOptions {
  [k: string]: string | number | boolean
}
/**
 * A client host: sysbench runs there through the system `ssh` (BatchMode, host key checked against known_hosts, key from the agent or `identity_file`; never a password).
 *
 * This interface was referenced by `Plan`'s JSON-Schema
 * via the `definition` "client_host".
 */
export interface ClientHost {
  /**
   * Name of the host in reports and messages, e.g. `bench1`.
   */
  host: string
  /**
   * ssh destination: `user@address`, or a Host of your ssh config.
   */
  ssh: string
  /**
   * ssh port. Default: ssh's own (22 or your ssh config's).
   */
  port?: number
  /**
   * sysbench clients on this host.
   */
  count?: number
  /**
   * Private key to log in with, relative to the plan file. Default: the ssh agent's keys and ssh's own.
   */
  identity_file?: string
  /**
   * known_hosts file the host key is checked against, relative to the plan file. Default: ssh's (~/.ssh/known_hosts).
   */
  known_hosts?: string
  /**
   * sysbench command on that host.
   */
  sysbench?: string
}
