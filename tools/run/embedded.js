import {spawn, execFile} from 'node:child_process'
import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {createServer} from 'node:net'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {InvalidError} from '../lib/errors.js'
import {query} from './sql-client.js'

/**
 * A throwaway MariaDB for a plan without a target: a fresh data directory,
 * a free port on 127.0.0.1, root without password, stopped at the end.
 *
 * mariadbd runs under a small shell that holds a pipe from us: when benchdoc
 * ends in any way (even SIGKILL) the pipe closes, the shell stops mariadbd and
 * removes the data directory, so no server outlives the run. It runs in its
 * own process group, so Ctrl-C reaches benchdoc, which stops it in order.
 *
 * @typedef {{target: {driver: 'mysql', host: string, port: number, user: string, database: string}, datadir: string, stop: () => Promise<void>}} Embedded
 */

const WATCHDOG = '"$@" & m=$!; cat >/dev/null; kill $m 2>/dev/null; wait $m; rm -rf "$BENCHDOC_DATADIR" "$BENCHDOC_DATADIR.tmp"'

/**
 * @param {{database?: string, log?: (text: string) => void, serverOptions?: Record<string, string | number | boolean>}} [options]
 *   serverOptions: a plan's `server_options`, passed as `--name=value` after (so overriding) the defaults
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
 * @param {{database?: string, log?: (text: string) => void, serverOptions?: Record<string, string | number | boolean>}} options
 * @returns {Promise<Embedded>}
 */
async function startOne({database = 'sbtest', log = () => {}, serverOptions = {}}) {
  const mariadbd = findBinary('mariadbd', ['/usr/sbin/mariadbd', '/usr/bin/mariadbd'])
  const installDb = findBinary('mariadb-install-db', ['/usr/bin/mariadb-install-db', '/usr/sbin/mariadb-install-db'])
  if (!mariadbd || !installDb) {
    throw new InvalidError('MariaDB is not installed, and the plan has no target: install it with `apt-get install mariadb-server mariadb-client` (or `make system`), or name a server in the plan\'s `target`')
  }
  const datadir = mkdtempSync(join(tmpdir(), 'benchdoc-mariadb-'))
  // a private tmpdir: servers sharing /tmp collide on their temporary tables' names
  const privateTmp = `${datadir}.tmp`
  mkdirSync(privateTmp)
  await new Promise((resolve, reject) => {
    execFile(installDb, ['--no-defaults', `--datadir=${datadir}`, `--tmpdir=${privateTmp}`, '--user=root', '--auth-root-authentication-method=normal', '--skip-test-db'], (error, _out, stderr) => {
      if (error) reject(new InvalidError(`mariadb-install-db failed: ${String(stderr).trim().split('\n').slice(-3).join(' ')}`))
      else resolve(undefined)
    })
  }).catch((error) => {
    rmSync(datadir, {recursive: true, force: true})
    rmSync(privateTmp, {recursive: true, force: true})
    throw error
  })
  const port = await freePort()
  log(`starting a throwaway MariaDB on 127.0.0.1:${port}\n`)
  const args = [
    '--no-defaults', `--datadir=${datadir}`, `--tmpdir=${privateTmp}`, '--user=root', '--bind-address=127.0.0.1', `--port=${port}`,
    `--socket=${join(datadir, 'mysqld.sock')}`, `--pid-file=${join(datadir, 'mysqld.pid')}`, `--log-error=${join(datadir, 'error.log')}`,
    '--skip-name-resolve', '--innodb-buffer-pool-size=256M', '--max-connections=2000',
    ...serverOptionArgs(serverOptions)
  ]
  const child = spawn('sh', ['-c', WATCHDOG, 'sh', mariadbd, ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    env: {...process.env, BENCHDOC_DATADIR: datadir}
  })
  let exited = false
  const exit = new Promise((resolve) => child.on('exit', () => {
    exited = true
    resolve(undefined)
  }))
  // our end of the pipe must not keep node alive
  const stdin = /** @type {any} */ (child.stdin)
  child.unref()
  stdin?._handle?.unref?.()
  const target = {driver: /** @type {const} */ ('mysql'), host: '127.0.0.1', port, user: 'root', database}
  const stop = async () => {
    if (exited) return
    child.stdin?.end()
    const timer = setTimeout(() => {
      try {
        process.kill(-(child.pid ?? 0), 'SIGKILL')
      } catch {}
    }, 30_000)
    await exit
    clearTimeout(timer)
    rmSync(datadir, {recursive: true, force: true})
    rmSync(privateTmp, {recursive: true, force: true})
  }
  const started = Date.now()
  const errorLog = () => (existsSync(join(datadir, 'error.log')) ? readFileSync(join(datadir, 'error.log'), 'utf8') : '')
  for (;;) {
    // mariadbd refusing an option (a server_options value) aborts; say why at once
    const aborted = /\[ERROR\] Aborting/.test(errorLog())
    if (exited || aborted) {
      const why = errorLog().split('\n').filter((l) => /\[ERROR\]/.test(l)).slice(0, 3).join('\n')
      await stop()
      throw new InvalidError(`the throwaway MariaDB did not start${Object.keys(serverOptions).length > 0 ? ` (server_options: ${serverOptionArgs(serverOptions).join(' ')})` : ''}:\n${why}`)
    }
    try {
      await query(target, undefined, `CREATE DATABASE IF NOT EXISTS \`${database}\``, {database: false})
      break
    } catch (error) {
      if (!(error instanceof Error) || error instanceof InvalidError || Date.now() - started > 60_000) {
        await stop()
        throw error instanceof InvalidError ? error : new InvalidError(`the throwaway MariaDB did not answer within a minute: ${/** @type {Error} */ (error).message}`)
      }
      await new Promise((r) => setTimeout(r, 150))
    }
  }
  return {target, datadir, stop}
}

/** @param {string} name @param {string[]} places */
function findBinary(name, places) {
  for (const dir of (process.env.PATH ?? '').split(':')) if (dir && existsSync(join(dir, name))) return join(dir, name)
  return places.find((p) => existsSync(p)) ?? null
}

/** A port on 127.0.0.1 that nothing listens on right now. @returns {Promise<number>} */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

/**
 * mariadbd arguments for a plan's `server_options` (my.cnf names and values).
 * @param {Record<string, string | number | boolean>} options
 * @returns {string[]}
 */
export function serverOptionArgs(options) {
  return Object.entries(options).map(([name, value]) => `--${name}=${value === true ? 'ON' : value === false ? 'OFF' : String(value)}`)
}
