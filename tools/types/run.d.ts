/* Generated from schemas/run.schema.json by tools/types/generate.js (npm run types). Do not edit. */

/**
 * What `benchdoc run` writes beside a subject's raw logs (`runs/<report>/<subject>/run.yaml`): how the run was made, on what, with which commands (passwords redacted), and the status of each planned point. Rewritten after every point; `--resume` reads it back.
 */
export interface RunRecord {
  /**
   * Id of the report the run fills in.
   */
  report: string
  /**
   * Id of the subject the run measured.
   */
  subject: string
  /**
   * The plan, as the command named it.
   */
  plan_file: string
  /**
   * `complete` once every planned point ran; `partial` while running, or when stopped.
   */
  status: 'partial' | 'complete'
  /**
   * When the run (a resumed one: its first part) started, ISO 8601.
   */
  started: string
  /**
   * When the record was last written, ISO 8601.
   */
  finished?: string
  /**
   * When each `--resume` started, ISO 8601.
   */
  resumed?: string[]
  /**
   * How the sysbench clients ran: here, or on client hosts over ssh.
   */
  launcher: 'local' | 'ssh'
  /**
   * The server, as words: `embedded MariaDB on 127.0.0.1 (throwaway)`, `socket /run/mysqld/mysqld.sock` or `host:port`.
   */
  target: string
  /**
   * The sysbench version of the (first) client.
   */
  sysbench: string
  client: Machine
  /**
   * Every client host, with its machine and sysbench version (runs over ssh only).
   */
  client_hosts?: ClientHost[]
  /**
   * What the server reported.
   */
  server: {
    /**
     * `SELECT VERSION()` (PostgreSQL: `SELECT version()`).
     */
    version: string
    /**
     * `SELECT tidb_version()`, where the server has it.
     */
    tidb_version?: string
    /**
     * The variables the plan names, as the server reported them.
     */
    variables: {
      [k: string]: string
    }
  }
  /**
   * Whether the tables were prepared (a resumed run on the same server does not prepare again).
   */
  prepared: boolean
  /**
   * Every command the run executes, passwords redacted.
   */
  commands: {
    prepare: string[]
    run: {
      workload: string
      threads: number
      clients: number
      command: string
    }[]
    cleanup: string
  }
  /**
   * The subjects whose repeats took turns with this one's, in order (the first is the baseline).
   */
  interleaved?: string[]
  /**
   * The plan as run, with its defaults (plan.schema.json describes plan files).
   */
  plan: {}
  /**
   * Each planned point, in plan order.
   */
  points?: Point[]
}
/**
 * The client machine; with several client hosts, the first (with its `host`).
 *
 * This interface was referenced by `RunRecord`'s JSON-Schema
 * via the `definition` "machine".
 */
export interface Machine {
  /**
   * The client host's name in the plan.
   */
  host?: string
  cpu: string
  cores: number
  /**
   * As written: `23.5 GiB`.
   */
  memory: string
  /**
   * Operating system and kernel.
   */
  os: string
}
/**
 * A client host with its machine and sysbench version.
 *
 * This interface was referenced by `RunRecord`'s JSON-Schema
 * via the `definition` "clientHost".
 */
export interface ClientHost {
  host: string
  sysbench: string
  cpu: string
  cores: number
  memory: string
  os: string
}
/**
 * A planned point and what became of it.
 *
 * This interface was referenced by `RunRecord`'s JSON-Schema
 * via the `definition` "point".
 */
export interface Point {
  workload: string
  threads: number
  status: 'measured' | 'failed' | 'not run'
  /**
   * Its raw output, relative to the report's folder.
   */
  log?: string
  /**
   * How far apart its clients started, in ms (the worst repeat).
   */
  start_spread_ms?: number
  /**
   * The turn of each repeat, when subjects took turns.
   */
  order?: number[]
  /**
   * Why it failed.
   */
  error?: string
}
