import {execFile} from 'node:child_process'
import {InvalidError} from '../lib/errors.js'

/**
 * Queries through the server's own command-line client, so benchdoc needs no database
 * driver; the password goes through the environment, never the command line.
 *
 * @typedef {{driver: 'mysql' | 'pgsql', host?: string, port?: number | string, socket?: string, user: string, database: string}} Connection
 */

/**
 * Run one SQL statement and return its rows (tab-separated columns).
 * @param {Connection} target
 * @param {string | undefined} password
 * @param {string} sql
 * @param {{database?: boolean}} [options]  database: connect to the target's database (default true)
 * @returns {Promise<string[][]>}
 */
export async function query(target, password, sql, {database = true} = {}) {
  const {command, args, env} = clientCommand(target, password, sql, database)
  return new Promise((resolve, reject) => {
    execFile(command, args, {env: {...process.env, ...env}, timeout: 30_000}, (error, stdout, stderr) => {
      if (error) {
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') {
          reject(new InvalidError(`${command} (the database's command-line client) is not installed: install it with \`apt-get install ${target.driver === 'pgsql' ? 'postgresql-client' : 'mariadb-client'}\``))
        } else reject(new SqlError(String(stderr).trim() || error.message))
        return
      }
      resolve(String(stdout).split('\n').filter((l) => l !== '').map((l) => l.split('\t')))
    })
  })
}

/** The client reported an error; `message` is its text, e.g. `ERROR 1045 (28000): Access denied …`. */
export class SqlError extends Error {}

/**
 * @param {Connection} t
 * @param {string | undefined} password
 * @param {string} sql
 * @param {boolean} database
 */
function clientCommand(t, password, sql, database) {
  if (t.driver === 'pgsql') {
    return {
      command: 'psql',
      args: ['-X', '-A', '-t', '-F', '\t', '-v', 'ON_ERROR_STOP=1', '-h', String(t.host), '-p', String(t.port), '-U', t.user, '-d', database ? t.database : 'postgres', '-c', sql],
      env: {PGPASSWORD: password ?? '', PGCONNECT_TIMEOUT: '5'}
    }
  }
  const where = t.socket ? ['--socket', t.socket] : ['--host', String(t.host), '--port', String(t.port), '--protocol', 'TCP']
  return {
    command: 'mariadb',
    args: ['--no-defaults', '--batch', '--skip-column-names', '--connect-timeout=5', ...where, '--user', t.user, ...(database ? ['--database', t.database] : []), '--execute', sql],
    env: {MYSQL_PWD: password ?? ''}
  }
}

/**
 * A client or sysbench error in words a person can act on, or null when it is no known connection problem.
 *
 * @param {string} text
 * @param {Connection} target
 * @returns {string | null}
 */
export function explainConnectionError(text, target) {
  const where = target.socket ? `socket ${target.socket}` : `${target.host}:${target.port}`
  if (/Access denied|password authentication failed|authentication failed/i.test(text)) {
    return `access denied for user \`${target.user}\` at ${where}: wrong password or user (the password comes from the environment variable named by target.password_env)`
  }
  if (/Can't connect|Connection refused|could not connect|Unknown (MySQL|MariaDB) server host|unable to connect|No such file or directory|timed out|Lost connection/i.test(text)) {
    return `server unreachable at ${where}: is it running, and are host and port right?`
  }
  return null
}
