import {spawnSync} from 'node:child_process'
import {existsSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {settledWords} from '../../bench/disk.js'

const disk = new URL('../../bench/disk.js', import.meta.url).href

describe('the benchmarks\' disk', () => {
  test('a folder given to removeAtExit is still there while the bench runs and gone once it exits', () => {
    const dir = mkdtempSync(join(tmpdir(), 'benchdoc-disk-test-'))
    writeFileSync(join(dir, 'page.html'), 'x')
    const script = `import(${JSON.stringify(disk)}).then(({removeAtExit}) => { removeAtExit(${JSON.stringify(dir)}); console.log(require('node:fs').existsSync(${JSON.stringify(dir)})) })`
    const run = spawnSync(process.execPath, ['-e', script], {encoding: 'utf8'})
    expect(run.stderr).toBe('')
    expect(run.stdout).toBe('true\n')
    expect(existsSync(dir)).toBe(false)
  })

  test('the wait is printed with the probe\'s time, and says so when the disk never settled', () => {
    expect(settledWords({waitedMs: 34_400, probeMs: 17.4, settled: true})).toBe('disk settled after 34 s (200 small files written in 17 ms)')
    expect(settledWords({waitedMs: 120_900, probeMs: 212, settled: false})).toBe('disk NOT settled after 121 s (200 small files written in 212 ms; settled is ≤ 40 ms)')
  })
})
