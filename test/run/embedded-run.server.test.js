import {cpus} from 'node:os'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {validateReportText} from '../../tools/validate/index.js'
import {schemaValidator} from '../../tools/validate/schema-check.js'
import {RATE, allFiles, embeddedServers, readYaml, runCli, tempDir, writePlan} from './helpers.js'

const PLAN = `report: e2e
subject: first
tables: 1
table_size: 1000
time: 2
warmup_time: 1
options: {${RATE}}
workloads:
  - {name: oltp_read_only, threads: [1, 2]}
  - {name: oltp_read_write, threads: [2]}
variables: [max_connections]
`

describe('benchdoc run against the embedded MariaDB', () => {
  const dir = tempDir()
  const reportFile = join(dir, 'data', 'reports', 'e2e.yaml')
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let first

  beforeAll(async () => {
    writePlan(dir, PLAN)
    first = await runCli(['run', 'plan.yaml'], {cwd: dir})
  })

  afterAll(() => {
    expect(embeddedServers()).toEqual([])
  })

  it('should exit 0 and show each point of n on stderr', () => {
    expect(first.code).toBe(0)
    expect(first.stdout).toBe('')
    expect(first.stderr).toMatch(/^\[1\/3\] oltp_read_only 1 thread · elapsed \d:\d\d · remaining ~\d:\d\d · [\d.]+ qps · p95 [\d.]+ ms$/m)
    expect(first.stderr).toMatch(/^\[3\/3\] oltp_read_write 2 threads · /m)
    expect(first.stderr).toMatch(/^3 points written to .*e2e\.yaml in \d:\d\d$/m)
  })

  it('should write a report that passes validation', () => {
    const {problems} = validateReportText(reportFile, readFileSync(reportFile, 'utf8'))
    // the one warning a real run's figures may draw of themselves: a p95 below the average (a heavy tail at 1 s)
    expect(problems.filter((p) => p.rule !== 'p95-not-below-avg')).toEqual([])
    expect(problems.every((p) => p.severity === 'warning')).toBe(true)
  })

  it('should fill in the subject, environment and parameters from what it captured', () => {
    const report = readYaml(reportFile)
    expect(report.kind).toBe('single')
    expect(report.subjects[0]).toMatchObject({id: 'first', product: 'MariaDB', run: {record: '../runs/e2e/first/run.yaml', status: 'complete'}})
    expect(report.subjects[0].version).toMatch(/^\d+\.\d+\.\d+$/)
    expect(report.environment.client.cores).toBe(cpus().length)
    expect(report.environment.sysbench).toBe('1.0.20')
    expect(report.parameters[0]).toMatchObject({component: 'MariaDB', format: 'ini', subjects: ['first'], content: 'max_connections = 2000\n'})
    expect(report.plan).toMatchObject({tables: 1, table_size: 1000, time: 2, warmup_time: 1, warmup_method: 'checkpoint', options: {histogram: true}})
  })

  it('should record one point per plan point, each with figures, a log and its time-series', () => {
    const report = readYaml(reportFile)
    expect(report.results.map((/** @type {any} */ p) => [p.workload, p.threads, p.clients])).toEqual([
      ['oltp_read_only', 1, 1], ['oltp_read_only', 2, 1], ['oltp_read_write', 2, 1]
    ])
    for (const p of report.results) {
      expect(p.qps).toBeGreaterThan(0)
      expect(p.latency_p95).toBeGreaterThan(0)
      expect(p.intervals.length).toBeGreaterThanOrEqual(1)
      expect(existsSync(join(dir, 'data', 'reports', p.log))).toBe(true)
    }
  })

  it('should keep raw logs from which collect gives the same figures', async () => {
    const report = readYaml(reportFile)
    const point = report.results[2]
    const {code, stdout} = await runCli(['collect', join('data', 'reports', point.log)], {cwd: dir})
    expect(code).toBe(0)
    const [collected] = parse(stdout)
    for (const k of ['workload', 'threads', 'qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'intervals']) expect(collected[k]).toEqual(point[k])
  })

  it('should record the exact commands in the run record, as schemas/run.schema.json describes it', () => {
    const record = readYaml(join(dir, 'data', 'runs', 'e2e', 'first', 'run.yaml'))
    const valid = schemaValidator('run')
    expect([valid(record), valid.errors ?? null]).toEqual([true, null])
    expect(record.status).toBe('complete')
    expect(record.commands.run[0].command).toMatch(/^sysbench oltp_read_only --db-driver=mysql --mysql-host=127\.0\.0\.1 --mysql-port=\d+ --mysql-user=root --mysql-db=sbtest --tables=1 --table-size=1000 --threads=1 --time=3 --report-checkpoints=1 --report-interval=1 --histogram=on --rate=300 run$/)
  })

  it('should turn the report into a comparison when a second subject runs', async () => {
    writePlan(dir, PLAN.replace('subject: first', 'subject: second').replace('threads: [2]}', 'threads: [4]}'), 'second.yaml')
    const second = await runCli(['run', 'second.yaml'], {cwd: dir})
    expect(second.stderr).not.toContain('failed')
    expect(second.code).toBe(0)
    const text = readFileSync(reportFile, 'utf8')
    expect(validateReportText(reportFile, text).problems.filter((p) => p.severity === 'error')).toEqual([])
    const report = parse(text)
    expect(report.kind).toBe('comparison')
    expect(report.subjects.map((/** @type {any} */ s) => s.id)).toEqual(['first', 'second'])
    expect(report.plan.workloads).toEqual([{name: 'oltp_read_only', threads: [1, 2]}, {name: 'oltp_read_write', threads: [2, 4]}])
    expect(report.results.length).toBe(6)
  })

  it('should keep every measured point with --resume of a finished run', async () => {
    const before = readFileSync(reportFile, 'utf8')
    const again = await runCli(['run', 'second.yaml', '--resume'], {cwd: dir})
    expect(again.code).toBe(0)
    expect(again.stderr).toContain('[1/3] oltp_read_only 1 threads: measured before, kept (--resume)\n')
    expect(parse(readFileSync(reportFile, 'utf8')).results).toEqual(parse(before).results)
  })

  it('should leave the report byte-identical when a re-run fails at prepare', async () => {
    const before = readFileSync(reportFile, 'utf8')
    writePlan(dir, PLAN.replace('subject: first', 'subject: second').replace(`options: {${RATE}}`, `options: {${RATE}, mysql-storage-engine: nosuchengine}`), 'broken.yaml')
    const broken = await runCli(['run', 'broken.yaml'], {cwd: dir})
    expect(broken.code).toBe(1)
    expect(broken.stderr).toMatch(/^benchdoc run: prepare failed: FATAL: /m)
    expect(readFileSync(reportFile, 'utf8')).toBe(before)
  })

  it('should write nothing outside its data folder', () => {
    expect(allFiles(dir).map((f) => f.path.split('/').slice(0, 2).join('/')).filter((p) => !p.startsWith('data/')).sort()).toEqual(['broken.yaml', 'plan.yaml', 'second.yaml'])
  })
})
