import {spawn} from 'node:child_process'
import {readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {gunzipSync} from 'node:zlib'
import {parse} from 'yaml'
import {tempFolder} from '../helpers/temp.js'

/** Marks the processes this test process starts (see embeddedServers). */
export const MARK = `${process.pid}-${Date.now()}`

export const CLI = fileURLToPath(new URL('../../tools/cli.js', import.meta.url))

/** A fresh folder for one test's plan and data, removed when the test is done. */
export function tempDir() {
  return tempFolder('benchdoc-test-')
}

/**
 * Start `benchdoc ARGS` as its own process, as a user would.
 * @param {string[]} args
 * @param {{cwd: string, env?: Record<string, string>}} options
 */
export function startCli(args, {cwd, env = {}}) {
  const child = spawn(process.execPath, [CLI, ...args], {cwd, env: {...process.env, BENCHDOC_TEST_MARK: MARK, ...env}, stdio: ['ignore', 'pipe', 'pipe']})
  let stdout = ''
  let stderr = ''
  child.stdout.on('data', (d) => void (stdout += d))
  child.stderr.on('data', (d) => void (stderr += d))
  /** @type {Promise<{code: number | null, signal: string | null, stdout: string, stderr: string}>} */
  const done = new Promise((resolve) => child.on('close', (code, signal) => resolve({code, signal, stdout, stderr})))
  return {child, done}
}

/** @param {string[]} args @param {{cwd: string, env?: Record<string, string>}} options */
export function runCli(args, options) {
  return startCli(args, options).done
}

/**
 * sysbench's own rate limit for the test plans (`options: {${RATE}}`), in transactions a second for each client: at
 * full speed sysbench and the server keep both cores busy for the whole run, and the suite shares them. A limited
 * run is as real, its output as sysbench writes it, at a fraction of the CPU (docs/testing.md).
 */
export const RATE = 'rate: 300'

/** @param {string} dir @param {string} text */
export function writePlan(dir, text, name = 'plan.yaml') {
  writeFileSync(join(dir, name), text)
  return name
}

/** @param {string} file */
export function readYaml(file) {
  return parse(readFileSync(file, 'utf8'))
}

/** Every file under `dir`, gzip files uncompressed. @param {string} dir @returns {Array<{path: string, text: string}>} */
export function allFiles(dir) {
  return readdirSync(dir, {recursive: true}).map(String).filter((f) => statSync(join(dir, f)).isFile()).map((f) => {
    const bytes = readFileSync(join(dir, f))
    return {path: f, text: (f.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8')}
  })
}

/**
 * Throwaway servers still running that a test started: the test gives the
 * CLI an environment mark, which the server's processes inherit (other
 * people's servers on this machine are not ours to count).
 */
export function embeddedServers(mark = MARK, binary = 'mariadbd') {
  /** @type {string[]} */
  const found = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8')
      if (!cmdline.includes(binary)) continue
      if (readFileSync(`/proc/${pid}/environ`, 'utf8').split('\0').includes(`BENCHDOC_TEST_MARK=${mark}`)) found.push(pid)
    } catch {}
  }
  return found
}

/** @param {() => boolean} condition @param {number} timeoutMs */
export async function waitFor(condition, timeoutMs = 60_000) {
  const start = Date.now()
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 100))
  }
}

/**
 * sysbench processes running on this machine whose command line contains
 * `marker` (the port of a test's server tells its clients from others').
 * @param {string} marker
 */
export function sysbenchProcesses(marker) {
  /** @type {Array<{pid: number, cmdline: string}>} */
  const found = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')
      if (/(^|\/)sysbench /.test(cmdline) && cmdline.includes(marker)) found.push({pid: Number(pid), cmdline})
    } catch {}
  }
  return found
}

/** Points in a report file so far; 0 while it is missing or half-written. @param {string} file */
export function pointsIn(file) {
  try {
    return parse(readFileSync(file, 'utf8'))?.results?.length ?? 0
  } catch {
    return 0
  }
}
