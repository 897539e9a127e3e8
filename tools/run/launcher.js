import {spawn} from 'node:child_process'
import {writeSecretFile} from './secret-file.js'

/**
 * How sysbench processes are started. The runner knows only this interface,
 * so a launcher that runs clients on other hosts (e.g. over SSH) can replace
 * the local one without touching the rest.
 *
 * @typedef {{code: number | null, signal: string | null, output: string}} Finished
 * @typedef {{pid: number | undefined, kill: (signal?: NodeJS.Signals) => void, done: Promise<Finished>}} Launched
 * @typedef {{
 *   name: string,
 *   spawn: (args: string[], options?: SpawnOptions) => Launched
 * }} Launcher
 * @typedef {{onLine?: (line: string) => void, secrets?: Record<string, string>}} SpawnOptions
 *   `secrets`: sysbench options (e.g. `mysql-password`) that must not be on
 *   the command line; a launcher hands them over some other way.
 */

/** Thrown (as the rejection of `done`) when the sysbench binary is missing. */
export class NotInstalledError extends Error {}

/**
 * Run sysbench on this machine. Output (stdout and stderr, in arrival order)
 * is kept whole for the log and handed line by line to `onLine` for progress.
 *
 * @param {{command?: string}} [options]
 * @returns {Launcher}
 */
export function localLauncher({command = 'sysbench'} = {}) {
  return {
    name: 'local',
    spawn(args, {onLine, secrets = {}} = {}) {
      // a private 0600 file, removed when sysbench ends (stale ones by the next run)
      const secret = Object.keys(secrets).length > 0 ? writeSecretFile(secrets) : null
      const child = spawn(command, secret ? [`--config-file=${secret.path}`, ...args] : args, {stdio: ['ignore', 'pipe', 'pipe']})
      /** @type {string[]} */
      const chunks = []
      let partial = ''
      const take = (/** @type {Buffer} */ data) => {
        const text = data.toString('utf8')
        chunks.push(text)
        if (!onLine) return
        const lines = (partial + text).split('\n')
        partial = lines.pop() ?? ''
        for (const line of lines) onLine(line)
      }
      child.stdout.on('data', take)
      child.stderr.on('data', take)
      const done = new Promise((resolve, reject) => {
        child.on('error', (error) => {
          secret?.remove()
          if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') reject(new NotInstalledError(`${command} not found`))
          else reject(error)
        })
        child.on('close', (code, signal) => {
          secret?.remove()
          if (partial && onLine) onLine(partial)
          resolve({code, signal, output: chunks.join('')})
        })
      })
      return {
        pid: child.pid,
        kill: (signal = 'SIGTERM') => void (child.exitCode === null && child.signalCode === null && child.kill(signal)),
        done: /** @type {Promise<Finished>} */ (done)
      }
    }
  }
}
