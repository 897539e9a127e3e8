/**
 * The benchmarks' disk: what they delete is deleted when they are done, and a
 * timed build first waits for the disk to be as fast as it gets.
 *
 * Why: on this machine (ext4 mounted with `discard`, a virtual disk), writes
 * in the 30–40 s after some hundred MB were deleted take ten times as long:
 * 1 ms instead of 0.08 ms for a 13 KB file written and renamed. A build
 * writes some 17,000 files at 1,000 reports, so a figure taken then measures
 * the last deletion (the previous shape's project, the bare Hugo site), not
 * the build: the full shape's cold build took 30.4 s and 40.3 s for the same
 * work, a second after nothing and after deleting 700 MB.
 */
import {mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {execFileSync} from 'node:child_process'

/** @type {string[]} */
const toRemove = []
let registered = false

/**
 * Delete `path` when the process exits, not now (see above).
 * @param {string} path
 */
export function removeAtExit(path) {
  toRemove.push(path)
  if (registered) return
  registered = true
  process.on('exit', () => {
    for (const p of toRemove.splice(0)) rmSync(p, {recursive: true, force: true})
  })
}

/** Files a probe writes, and how long they may take on a settled disk (about 15 ms seen here). */
const PROBE_FILES = 200
const SETTLED_MS = 40
/** How long to wait at most, and between probes. */
const MAX_WAIT_MS = 120_000
const EVERY_MS = 2_000

/**
 * Wait until the disk writes small files at its settled speed: `sync`, then a
 * probe of PROBE_FILES files of 13 KB each written and renamed (as a build
 * writes them), every EVERY_MS until it takes SETTLED_MS or less, at most MAX_WAIT_MS.
 * @returns {Promise<{waitedMs: number, probeMs: number, settled: boolean}>}
 */
export async function settleDisk() {
  execFileSync('sync')
  const started = Date.now()
  const dir = mkdtempSync(join(tmpdir(), 'benchdoc-probe-'))
  removeAtExit(dir)
  const body = 'x'.repeat(13_000)
  for (let round = 0; ; round++) {
    const probeMs = probe(join(dir, String(round)), body)
    const waitedMs = Date.now() - started
    if (probeMs <= SETTLED_MS || waitedMs >= MAX_WAIT_MS) return {waitedMs, probeMs, settled: probeMs <= SETTLED_MS}
    await new Promise((resolve) => setTimeout(resolve, EVERY_MS))
  }
}

/**
 * How long PROBE_FILES small atomic writes take, in ms.
 * @param {string} dir  new
 * @param {string} body
 */
function probe(dir, body) {
  mkdirSync(dir)
  const started = process.hrtime.bigint()
  for (let i = 0; i < PROBE_FILES; i++) {
    writeFileSync(join(dir, `${i}.tmp`), body)
    renameSync(join(dir, `${i}.tmp`), join(dir, String(i)))
  }
  return Number(process.hrtime.bigint() - started) / 1e6
}

/**
 * The wait as the bench prints it.
 * @param {{waitedMs: number, probeMs: number, settled: boolean}} settled
 */
export function settledWords({waitedMs, probeMs, settled}) {
  const probe = `${PROBE_FILES} small files written in ${probeMs.toFixed(0)} ms`
  return settled ? `disk settled after ${(waitedMs / 1000).toFixed(0)} s (${probe})` : `disk NOT settled after ${(waitedMs / 1000).toFixed(0)} s (${probe}; settled is ≤ ${SETTLED_MS} ms)`
}
