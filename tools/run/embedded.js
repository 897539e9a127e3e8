import {mkdirSync, mkdtempSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {InvalidError} from '../lib/errors.js'
import {query} from './sql-client.js'
import {findBinary, freePort, initialize, supervise, waitUntilReady} from './supervisor.js'

export {freePort}

/**
 * A throwaway MariaDB for a plan without a target, on a free port of 127.0.0.1, stopped at the end.
 *
 * @typedef {import('./sql-client.js').Connection & {host: string, port: number}} EmbeddedTarget
 * @typedef {{target: EmbeddedTarget, datadir: string, stop: () => Promise<void>}} Embedded
 */

/**
 * @param {{database?: string, log?: (text: string) => void, extraArgs?: string[]}} [options]
 *   extraArgs: given to mariadbd after (so overriding) benchdoc's own, e.g. a plan's server options
 * @returns {Promise<Embedded>}
 */
export function startEmbeddedMariadb(options = {}) {
  // one at a time: concurrent mariadb-install-db runs collide on their temporary tables
  const started = starting.then(() => startOne(options))
  starting = started.then(() => undefined, () => undefined)
  return started
}

/** The start of the server being started, if any. */
let starting = Promise.resolve()

/**
 * @param {{database?: string, log?: (text: string) => void, extraArgs?: string[]}} options
 * @returns {Promise<Embedded>}
 */
async function startOne({database = 'sbtest', log = () => {}, extraArgs = []}) {
  const mariadbd = findBinary('mariadbd', ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'])
  const installDb = findBinary('mariadb-install-db', ['/usr/bin/mariadb-install-db', '/usr/sbin/mariadb-install-db'])
  if (!mariadbd || !installDb) {
    throw new InvalidError('MariaDB is not installed, and the plan has no target: install it with `apt-get install mariadb-server mariadb-client`, or name a server in the plan\'s `target`')
  }
  // the data and a private tmpdir in one folder: servers sharing /tmp collide on temporary file names
  const base = mkdtempSync(join(tmpdir(), 'benchdoc-mariadb-'))
  const datadir = join(base, 'data')
  const privateTmp = join(base, 'tmp')
  mkdirSync(datadir)
  mkdirSync(privateTmp)
  await initialize(installDb, ['--no-defaults', `--datadir=${datadir}`, `--tmpdir=${privateTmp}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], base)
  const port = await freePort()
  log(`starting a throwaway MariaDB on 127.0.0.1:${port}\n`)
  const server = supervise(mariadbd, [
    '--no-defaults', `--datadir=${datadir}`, `--tmpdir=${privateTmp}`, '--user=root', '--bind-address=127.0.0.1', `--port=${port}`,
    `--socket=${join(datadir, 'mysqld.sock')}`, `--pid-file=${join(datadir, 'mysqld.pid')}`, `--log-error=${join(datadir, 'error.log')}`,
    '--skip-name-resolve', '--innodb-buffer-pool-size=256M', '--max-connections=2000',
    ...extraArgs
  ], base, {errorLog: join(datadir, 'error.log')})
  const target = {driver: /** @type {const} */ ('mysql'), host: '127.0.0.1', port, user: 'root', database}
  await waitUntilReady(server, () => query(target, undefined, `CREATE DATABASE IF NOT EXISTS \`${database}\``, {database: false}), 'MariaDB')
  return {target, datadir, stop: server.stop}
}
