/**
 * Timing and memory of a child process for the benchmarks: wall time, and the
 * peak resident memory of the child and of each process it starts (Hugo),
 * sampled from /proc while it runs (Linux).
 */
import {spawn} from 'node:child_process'
import {readFileSync, readdirSync} from 'node:fs'

/**
 * @typedef {{ms: number, stdout: string, stderr: string, status: number | null, peakKiB: Record<string, number>}} Measured
 *   `peakKiB`: the highest VmHWM seen per command name (node, hugo, …)
 */

/**
 * Run a command to its end, sampling its process tree's peak memory.
 * @param {string} command
 * @param {string[]} args
 * @param {{cwd: string, env?: Record<string, string | undefined>}} options
 * @returns {Promise<Measured>}
 */
export function measure(command, args, {cwd, env = process.env}) {
  const started = process.hrtime.bigint()
  const child = spawn(command, args, {cwd, env, stdio: ['ignore', 'pipe', 'pipe']})
  /** @type {Record<string, number>} */
  const peakKiB = {}
  const sample = () => {
    for (const pid of tree(child.pid ?? 0)) {
      const status = read(`/proc/${pid}/status`)
      const name = /^Name:\s*(\S+)/m.exec(status)?.[1]
      const hwm = Number(/^VmHWM:\s*(\d+)/m.exec(status)?.[1] ?? 0)
      if (name) peakKiB[name.replace(/-[\d.]+$/, '')] = Math.max(peakKiB[name.replace(/-[\d.]+$/, '')] ?? 0, hwm)
    }
  }
  const timer = setInterval(sample, 25)
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => (stdout += d))
  child.stderr.on('data', (d) => (stderr += d))
  return new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (status) => {
      clearInterval(timer)
      resolve({ms: Number(process.hrtime.bigint() - started) / 1e6, stdout, stderr, status, peakKiB})
    })
  })
}

/**
 * A process and its descendants: the children of each of its threads (a
 * process started from a worker thread is that thread's child, not the main
 * thread's).
 * @param {number} pid
 * @returns {number[]}
 */
function tree(pid) {
  if (!pid) return []
  const children = tasks(pid).flatMap((tid) => read(`/proc/${pid}/task/${tid}/children`).split(/\s+/).filter(Boolean).map(Number))
  return [pid, ...children.flatMap(tree)]
}

/** @param {number} pid @returns {string[]} */
function tasks(pid) {
  try {
    return readdirSync(`/proc/${pid}/task`)
  } catch {
    return []
  }
}

/** @param {string} file */
function read(file) {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return ''
  }
}
