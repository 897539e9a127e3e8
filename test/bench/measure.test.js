import {describe, expect, test} from 'vitest'
import {measure} from '../../bench/measure.js'

describe('the benchmarks\' measure of a child process', () => {
  test('should see the peak memory of a process that a worker thread of the child started', async () => {
    const script = "const {Worker} = require('node:worker_threads'); new Worker(\"require('node:child_process').spawnSync('sleep', ['0.5'])\", {eval: true})"
    const run = await measure(process.execPath, ['-e', script], {cwd: process.cwd()})
    expect(run.status).toBe(0)
    expect(Object.keys(run.peakKiB).sort()).toEqual(['node', 'sleep'])
    expect(run.peakKiB.sleep).toBeGreaterThan(0)
  })
})
