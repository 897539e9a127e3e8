import {execFile, spawn} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {createServer} from 'node:net'
import {basename, join} from 'node:path'
import {promisify} from 'node:util'
import {InvalidError} from '../lib/errors.js'

/**
 * A throwaway database server that cannot outlive benchdoc: it runs under a
 * shell that holds a pipe from us, and when benchdoc ends in any way (even
 * SIGKILL) the pipe closes and the shell stops the server and removes its
 * data. Its own process group, so Ctrl-C reaches benchdoc, which stops it in
 * order; a server that ends by itself (a bad option) ends the shell at once.
 *
 * @typedef {{stop: () => Promise<void>, exited: () => boolean, said: () => Promise<string>}} Supervised
 *   said: once the server has ended, its stderr and then its error log's last lines
 */

// the pipe's reader (fd 3: a background job's stdin is /dev/null) stops the server and removes its folder, as soon
// as the shell exits (node then closes our end): so the shell first copies the server's error log to its stderr
const WATCHDOG = 'exec 3<&0; "$@" & m=$!; { cat <&3 >/dev/null; kill $m; while kill -0 $m; do sleep 0.1; done; rm -rf "$BENCHDOC_DATADIR"; } 2>/dev/null & wait $m; s=$?; [ -f "$BENCHDOC_ERROR_LOG" ] && tail -n 50 "$BENCHDOC_ERROR_LOG" >&2; exit $s'

/**
 * @param {string} binary
 * @param {string[]} args
 * @param {string} datadir  removed when the server stops
 * @param {{uid?: number, gid?: number, errorLog?: string}} [options]  uid, gid: run as this user
 *   (servers that refuse root); errorLog: the server's log file, for `said`
 * @returns {Supervised}
 */
export function supervise(binary, args, datadir, {errorLog = '', ...user} = {}) {
  const child = spawn('sh', ['-c', WATCHDOG, 'sh', binary, ...args], {
    stdio: ['pipe', 'ignore', 'pipe'],
    detached: true,
    env: {...process.env, BENCHDOC_DATADIR: datadir, BENCHDOC_ERROR_LOG: errorLog},
    ...user
  })
  let said = ''
  child.stderr.on('data', (d) => void (said = (said + d).slice(-16_384)))
  const closed = new Promise((resolve) => child.on('close', resolve))
  // our ends of the pipes must not keep node alive
  // `_handle` is Node's own pipe handle, which its types do not show
  child.unref()
  for (const pipe of [child.stdin, child.stderr]) /** @type {{_handle?: {unref?: () => void}}} */ (/** @type {unknown} */ (pipe))._handle?.unref?.()
  return {
    exited: () => child.exitCode !== null || child.signalCode !== null,
    // the stderr pipe closes once the server and the shell have ended (a stray child holding it: 5 s)
    said: () => new Promise((resolve) => {
      const timer = setTimeout(() => resolve(said), 5_000)
      void closed.then(() => resolve(said)).finally(() => clearTimeout(timer))
    }),
    async stop() {
      child.stdin?.end()
      const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 30_000)
      await closed
      // benchdoc ends only when nothing it started is left (the watchdog removes the folder last)
      while (groupRuns(child.pid)) await new Promise((r) => setTimeout(r, 20))
      clearTimeout(timer)
      rmSync(datadir, {recursive: true, force: true})
    }
  }
}

/**
 * Send a signal to a process group; false when the group has no process left.
 * @param {number | undefined} pid  the group's leader
 * @param {NodeJS.Signals | 0} signal
 */
function signalGroup(pid, signal) {
  if (!pid) return false // -0 would be our own group
  try {
    process.kill(-pid, signal)
    return true
  } catch {
    return false
  }
}

/**
 * Whether a process of the group still runs; zombies do not count (init may reap orphans seconds later).
 * @param {number | undefined} pgid
 */
function groupRuns(pgid) {
  if (!pgid) return false
  if (!existsSync('/proc/self/stat')) return signalGroup(pgid, 0)
  for (const pid of readdirSync('/proc')) {
    if (pid.charCodeAt(0) > 57) continue // not a number: not a process
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
      const [state, , group] = stat.slice(stat.lastIndexOf(')') + 2).split(' ', 3)
      if (Number(group) === pgid && state !== 'Z') return true
    } catch {} // ended while we looked
  }
  return false
}

/** Make a server's data folder (mariadb-install-db, initdb), removed if that fails. @param {string} binary @param {string[]} args @param {string} folder @param {{cwd?: string, uid?: number, gid?: number}} [options] */
export async function initialize(binary, args, folder, options = {}) {
  await promisify(execFile)(binary, args, options).catch((/** @type {{stderr?: string}} */ error) => {
    rmSync(folder, {recursive: true, force: true})
    throw new InvalidError(`${basename(binary)} failed: ${String(error.stderr).trim().split('\n').slice(-3).join(' ')}`)
  })
}

/**
 * Wait until `ready` succeeds (the server answers), at most a minute.
 * @param {Supervised} server
 * @param {() => Promise<unknown>} ready
 * @param {string} name
 */
export async function waitUntilReady(server, ready, name) {
  const started = Date.now()
  for (;;) {
    if (server.exited()) {
      const said = errorLines(await server.said())
      await server.stop()
      throw new InvalidError(`the throwaway ${name} did not start:\n${said}`)
    }
    try {
      await ready()
      return
    } catch (error) {
      if (!(error instanceof Error) || error instanceof InvalidError || Date.now() - started > 60_000) {
        await server.stop()
        throw error instanceof InvalidError ? error : new InvalidError(`the throwaway ${name} did not answer within a minute: ${/** @type {Error} */ (error).message}`)
      }
      await new Promise((r) => setTimeout(r, 150))
    }
  }
}

/** A server's own error lines without their timestamps (MariaDB's `[ERROR] …`, PostgreSQL's `FATAL:  …`), else its last lines. @param {string} text */
export function errorLines(text) {
  const lines = text.trim().split('\n')
  const marked = lines.flatMap((l) => /\[ERROR\].*|\b(?:PANIC|FATAL|ERROR|DETAIL|HINT): .*/.exec(l) ?? [])
  return [...new Set(marked.length > 0 ? marked : lines.slice(-5))].join('\n')
}

/** @param {string} name @param {string[]} places */
export function findBinary(name, places) {
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
