#!/usr/bin/env node
/**
 * `make fuzz`: every reader's fuzz target for FUZZ_MINUTES each (default 10), from
 * FUZZ_SEED (default: the clock). Each failing input, shrunk to its fewest edits, is
 * saved under test/fuzz/regressions/<target>/, which the short run of `make test`
 * replays: commit it with the fix. FUZZ_TARGETS=report,plan runs only those. Each input
 * is written to <target>/last-input.<ext> before it is judged, and removed when the target's
 * time is up: one left behind killed the process (out of memory), and is a finding too.
 */
import {createHash} from 'node:crypto'
import {mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {fuzz} from './oracle.js'
import {REGRESSIONS, readerTargets} from './targets.js'

const minutes = Number(process.env.FUZZ_MINUTES ?? 10)
const names = process.env.FUZZ_TARGETS?.split(',').filter(Boolean)
let seed = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31)
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-fuzz-'))
let found = 0
try {
  for (const target of readerTargets(dir).filter((t) => !names || names.includes(t.name))) {
    const end = Date.now() + minutes * 60_000
    let runs = 0
    const first = seed
    mkdirSync(join(REGRESSIONS, target.name), {recursive: true})
    const last = join(REGRESSIONS, target.name, `last-input.${target.ext}`)
    const before = (/** @type {string} */ text) => writeFileSync(last, text)
    while (Date.now() < end) {
      const result = await fuzz(target, {seed: seed++, timeLimitMs: end - Date.now(), shrink: true, before})
      runs += result.runs
      if (result.input === null) continue
      // judged again alone, it passed: a time near the oracle's limit on a busy machine, not a finding
      if (result.failures.length === 0) {
        console.log(`${target.name}: an input failed once and passed when judged again (a time near the limit): not kept`)
        continue
      }
      found++
      const name = `${createHash('sha256').update(result.input).digest('hex').slice(0, 12)}.${target.ext}`
      const file = join(REGRESSIONS, target.name, name)
      writeFileSync(file, result.input)
      console.log(`${target.name}: ${relative(process.cwd(), file)}:\n  ${result.failures.join('\n  ').slice(0, 3000)}`)
    }
    rmSync(last, {force: true})
    console.log(`${target.name}: ${runs} inputs in ${minutes} min (seeds ${first}–${seed - 1})`)
  }
} finally {
  rmSync(dir, {recursive: true, force: true})
}
console.log(found === 0 ? 'no finding' : `${found} finding${found === 1 ? '' : 's'}: fix each, and commit its input with the fix`)
process.exitCode = found === 0 ? 0 : 1
