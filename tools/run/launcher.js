import {spawn} from 'node:child_process'
import {hostname} from 'node:os'
import {captureClient} from './environment.js'
import {collectOutput} from './output.js'
import {writeSecretFile} from './secret-file.js'

/**
 * How sysbench processes are started, here (localLauncher) or on client hosts (sshLauncher).
 *
 * @typedef {{code: number | null, signal: string | null, output: string, host?: string, reason?: string}} Finished
 *   reason: why the client never started (unreachable host, refused login, …)
 * @typedef {{
 *   pid: number | undefined, host: string, kill: (signal?: NodeJS.Signals) => void,
 *   done: Promise<Finished>, firstOutput: Promise<number>
 * }} Launched  firstOutput: when the process's first output arrived (ms since the epoch)
 * @typedef {{onLine?: (line: string) => void, secrets?: Record<string, string>}} SpawnOptions
 *   secrets: sysbench options (e.g. `mysql-password`) that must not be on a
 *   command line; a launcher hands them over some other way
 * @typedef {import('./environment.js').ClientMachine & {host: string, sysbench: string}} HostEnvironment
 * @typedef {{
 *   name: string,
 *   spawn: (args: string[], options?: SpawnOptions) => Launched,
 *   spawnClients: (args: string[], count: number, options?: {onLine?: (line: string, client: number) => void, secrets?: Record<string, string>}) => Launched[],
 *   environment: () => Promise<HostEnvironment[]>
 * }} Launcher
 */

/** Thrown (as the rejection of `done`) when the sysbench binary is missing. */
export class NotInstalledError extends Error {}

/**
 * Run sysbench on this machine: output kept whole for the log, and handed line by line to `onLine`.
 *
 * @returns {Launcher}
 */
export function localLauncher() {
  const command = 'sysbench'
  /** @type {Launcher['spawn']} */
  const spawnOne = (args, {onLine, secrets = {}} = {}) => {
    // a private 0600 file, removed when sysbench ends (stale ones by the next run)
    const secret = Object.keys(secrets).length > 0 ? writeSecretFile(secrets) : null
    const child = spawn(command, secret ? [`--config-file=${secret.path}`, ...args] : args, {stdio: ['ignore', 'pipe', 'pipe']})
    const output = collectOutput(onLine)
    child.stdout.on('data', output.take)
    child.stderr.on('data', output.take)
    const done = new Promise((resolve, reject) => {
      child.on('error', (error) => {
        secret?.remove()
        output.end()
        if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') reject(new NotInstalledError(`${command} not found`))
        else reject(error)
      })
      child.on('close', (code, signal) => {
        secret?.remove()
        output.end()
        resolve({code, signal, output: output.text()})
      })
    })
    return {
      pid: child.pid,
      host: hostname(),
      kill: (signal = 'SIGTERM') => void (child.exitCode === null && child.signalCode === null && child.kill(signal)),
      done: /** @type {Promise<Finished>} */ (done),
      firstOutput: output.firstOutput
    }
  }
  return {
    name: 'local',
    spawn: spawnOne,
    spawnClients: (args, count, {onLine, secrets} = {}) =>
      Array.from({length: count}, (_, c) => spawnOne(args, {secrets, onLine: onLine && ((line) => onLine(line, c))})),
    async environment() {
      const {output} = await spawnOne(['--version']).done
      return [{host: hostname(), sysbench: /sysbench (\S+)/.exec(output)?.[1] ?? 'unknown', ...captureClient()}]
    }
  }
}
