import {chownSync, existsSync, mkdtempSync, readdirSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {InvalidError} from '../lib/errors.js'
import {query} from './sql-client.js'
import {findBinary, freePort, initialize, supervise, waitUntilReady} from './supervisor.js'

/**
 * A throwaway PostgreSQL for `engine: postgresql` without a target; initdb and postgres
 * refuse root, so as root they run as the `postgres` user (or `nobody`).
 */

/**
 * @param {{database?: string, log?: (text: string) => void, extraArgs?: string[]}} [options]
 *   extraArgs: given to postgres after (so overriding) benchdoc's own, e.g. a plan's server options
 * @returns {Promise<import('./embedded.js').Embedded>}
 */
export async function startEmbeddedPostgres({database = 'sbtest', log = () => {}, extraArgs = []} = {}) {
  const bin = postgresBinaries()
  if (!bin) {
    throw new InvalidError('PostgreSQL is not installed, and the plan has no target: install it with `apt-get install postgresql`, or name a server in the plan\'s `target`')
  }
  const user = process.getuid?.() === 0 ? unprivilegedUser() : {}
  const datadir = mkdtempSync(join(tmpdir(), 'benchdoc-postgres-'))
  if (user.uid !== undefined) chownSync(datadir, user.uid, /** @type {number} */ (user.gid))
  await initialize(bin.initdb, ['-D', datadir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--no-instructions'], datadir, {cwd: datadir, ...user})
  const port = await freePort()
  log(`starting a throwaway PostgreSQL on 127.0.0.1:${port}\n`)
  const server = supervise(bin.postgres, [
    '-D', datadir, '-p', String(port), '-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${datadir}`,
    '-c', 'max_connections=1000', '-c', 'shared_buffers=256MB', '-c', 'logging_collector=on', '-c', `log_directory=${datadir}`, '-c', 'log_filename=postmaster.log',
    ...extraArgs
  ], datadir, {...user, errorLog: join(datadir, 'postmaster.log')})
  const target = {driver: /** @type {const} */ ('pgsql'), host: '127.0.0.1', port, user: 'postgres', database}
  await waitUntilReady(server, () => query(target, undefined, `CREATE DATABASE ${database}`, {database: false}), 'PostgreSQL')
  return {target, datadir, stop: server.stop}
}

/** Debian keeps initdb and postgres in /usr/lib/postgresql/<version>/bin, off the PATH. */
function postgresBinaries() {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root) ? readdirSync(root).filter((v) => /^\d+$/.test(v)).sort((a, b) => Number(b) - Number(a)) : []
  const initdb = findBinary('initdb', versions.map((v) => join(root, v, 'bin', 'initdb')))
  const postgres = findBinary('postgres', versions.map((v) => join(root, v, 'bin', 'postgres')))
  return initdb && postgres ? {initdb, postgres} : null
}

/** The `postgres` user, or `nobody`, from /etc/passwd. @returns {{uid?: number, gid?: number}} */
function unprivilegedUser() {
  const passwd = readFileSync('/etc/passwd', 'utf8').split('\n').map((l) => l.split(':'))
  const entry = passwd.find((f) => f[0] === 'postgres') ?? passwd.find((f) => f[0] === 'nobody')
  if (!entry) throw new InvalidError('PostgreSQL refuses to run as root, and there is no `postgres` or `nobody` user to run it as')
  return {uid: Number(entry[2]), gid: Number(entry[3])}
}
