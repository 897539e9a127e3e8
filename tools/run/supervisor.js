import {spawn} from 'node:child_process'
import {existsSync, readdirSync, readFileSync, rmSync} from 'node:fs'
import {createServer} from 'node:net'
import {join} from 'node:path'
import {InvalidError} from '../lib/errors.js'

/**
 * A throwaway database server that cannot outlive benchdoc: it runs under a
 * shell that holds a pipe from us, and when benchdoc ends in any way (even
 * SIGKILL) the pipe closes and the shell stops the server and removes its
 * data. Its own process group, so Ctrl-C reaches benchdoc, which stops it in
 * order; a server that ends by itself (a bad option) ends the shell at once.
 *
 * @typedef {{stop: () => Promise<void>, exited: () => boolean}} Supervised
 */

// the pipe's reader (fd 3: a background job's stdin is /dev/null) stops the server and removes
// its folder; the shell only waits for the server, leaving its error log to read
const WATCHDOG = 'exec 3<&0; "$@" & m=$!; { cat <&3 >/dev/null; kill $m 2>/dev/null; while kill -0 $m 2>/dev/null; do sleep 0.1; done; rm -rf "$BENCHDOC_DATADIR"; } & wait $m'

/**
 * @param {string} binary
 * @param {string[]} args
 * @param {string} datadir  removed when the server stops
 * @param {{uid?: number, gid?: number}} [user]  run as this user (servers that refuse root)
 * @returns {Supervised}
 */
export function supervise(binary, args, datadir, user = {}) {
  const child = spawn('sh', ['-c', WATCHDOG, 'sh', binary, ...args], {
    stdio: ['pipe', 'ignore', 'ignore'],
    detached: true,
    env: {...process.env, BENCHDOC_DATADIR: datadir},
    ...user
  })
  let exited = false
  const exit = new Promise((resolve) => child.on('exit', () => {
    exited = true
    resolve(undefined)
  }))
  // our end of the pipe must not keep node alive
  // `_handle` is Node's own pipe handle, which its types do not show
  const stdin = /** @type {{_handle?: {unref?: () => void}} | null} */ (/** @type {unknown} */ (child.stdin))
  child.unref()
  stdin?._handle?.unref?.()
  return {
    exited: () => exited,
    async stop() {
      child.stdin?.end()
      const timer = setTimeout(() => signalGroup(child.pid, 'SIGKILL'), 30_000)
      await exit
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

/**
 * Wait until `ready` succeeds (the server answers), at most a minute.
 * @param {Supervised} server
 * @param {() => Promise<unknown>} ready
 * @param {{name: string, datadir: string, errorLog: string}} about
 */
export async function waitUntilReady(server, ready, {name, datadir, errorLog}) {
  const started = Date.now()
  for (;;) {
    if (server.exited()) {
      const log = existsSync(errorLog) ? readFileSync(errorLog, 'utf8').trim().split('\n').slice(-5).join('\n') : ''
      await server.stop()
      rmSync(datadir, {recursive: true, force: true})
      throw new InvalidError(`the throwaway ${name} did not start:\n${log}`)
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
