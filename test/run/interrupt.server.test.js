import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {validateReportText} from '../../tools/validate/index.js'
import {RATE, embeddedServers, pointsIn, readYaml, runCli, startCli, tempDir, waitFor, writePlan} from './helpers.js'

const PLAN = `report: killed
subject: mariadb
tables: 1
table_size: 1000
time: 1
options: {${RATE}}
workloads:
  - {name: oltp_read_only, threads: [1, 2, 3, 4]}
`

describe('an interrupted run', () => {
  it('should lose no finished point to SIGKILL, and --resume should complete the matrix', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN)
    const reportFile = join(dir, 'data', 'reports', 'killed.yaml')
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir})
    await waitFor(() => pointsIn(reportFile) >= 2)
    child.kill('SIGKILL')
    expect((await done).signal).toBe('SIGKILL')

    const text = readFileSync(reportFile, 'utf8')
    expect(validateReportText(reportFile, text).problems).toEqual([])
    const before = parse(text)
    expect(before.subjects[0].run.status).toBe('partial')
    const finished = before.results
    expect(finished.length).toBeGreaterThanOrEqual(2)
    for (const p of finished) {
      expect(p.qps).toBeGreaterThan(0)
      expect(existsSync(join(dir, 'data', 'reports', p.log))).toBe(true)
    }
    // the server's watchdog stops it when benchdoc dies
    await waitFor(() => embeddedServers().length === 0, 20_000)

    const resumed = await runCli(['run', 'plan.yaml', '--resume'], {cwd: dir})
    expect(resumed.code).toBe(0)
    expect(resumed.stderr).toContain('[1/4] oltp_read_only 1 threads: measured before, kept (--resume)\n')
    const after = readYaml(reportFile)
    expect(after.subjects[0].run.status).toBe('complete')
    expect(after.results.map((/** @type {any} */ p) => p.threads)).toEqual([1, 2, 3, 4])
    expect(after.results.slice(0, finished.length)).toEqual(finished)
    // warnings (a p95 below the average) can come from real measurements
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => p.severity === 'error')).toEqual([])
  })

  it('should replace a subject\'s earlier points only as new ones are measured when a re-run is killed', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN)
    const reportFile = join(dir, 'data', 'reports', 'killed.yaml')
    expect((await runCli(['run', 'plan.yaml'], {cwd: dir})).code).toBe(0)
    const old = readFileSync(reportFile, 'utf8')
    const oldPoints = parse(old).results
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir})
    await waitFor(() => readFileSync(reportFile, 'utf8') !== old)
    child.kill('SIGKILL')
    expect((await done).signal).toBe('SIGKILL')
    const now = parse(readFileSync(reportFile, 'utf8')).results
    expect(now.map((/** @type {any} */ p) => p.threads)).toEqual([1, 2, 3, 4])
    expect(now[0]).not.toEqual(oldPoints[0])
    expect(now[3]).toEqual(oldPoints[3])
    await waitFor(() => embeddedServers().length === 0, 20_000)
  })

  it('should stop sysbench and the server on SIGINT and leave a valid partial run', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN)
    const reportFile = join(dir, 'data', 'reports', 'killed.yaml')
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir})
    await waitFor(() => pointsIn(reportFile) >= 1)
    child.kill('SIGINT')
    const result = await done
    expect(result.code).toBe(130)
    expect(result.stderr).toContain('SIGINT: stopping sysbench; the points measured so far are kept\n')
    expect(result.stderr).toMatch(/^interrupted: [1-3] of 4 points written to .*killed\.yaml; run again with --resume to finish$/m)
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems).toEqual([])
    expect(readYaml(reportFile).subjects[0].run.status).toBe('partial')
    expect(embeddedServers()).toEqual([])
  })
})
