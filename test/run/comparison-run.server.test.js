import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {deriveReport} from '../../tools/derive/report.js'
import {validateReportText} from '../../tools/validate/index.js'
import {RATE, embeddedServers, pointsIn, readYaml, runCli, startCli, tempDir, waitFor, writePlan} from './helpers.js'

// Two subjects, each on its own throwaway MariaDB; the second with a server
// option. No `repeats`: a plan with several subjects measures each point 3 times.
const PLAN = `report: ab
subjects:
  - {id: a}
  - {id: b, label: fewer connections, server_options: {max_connections: 300}}
tables: 1
table_size: 1000
time: 1
options: {${RATE}}
workloads:
  - {name: oltp_point_select, threads: [1, 2]}
variables: [max_connections]
`

describe('benchdoc run of a plan with two subjects', () => {
  const dir = tempDir()
  const reportFile = join(dir, 'data', 'reports', 'ab.yaml')
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let result

  beforeAll(async () => {
    writePlan(dir, PLAN)
    result = await runCli(['run', 'plan.yaml'], {cwd: dir})
  })

  afterAll(async () => {
    // the watchdog shell (its command line names mariadbd) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0, 5_000)
  })

  it('should measure both subjects into one valid comparison, each line of progress naming its subject', () => {
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(/^a: \[2\/2\] oltp_point_select 2 threads \(repeat 3\/3\) · /m)
    expect(result.stderr).toMatch(/^b: \[2\/2\] oltp_point_select 2 threads \(repeat 3\/3\) · /m)
    // one subject is a point ahead of the other for a while: not a warning
    expect(result.stderr).not.toContain('[same-threads]')
    // repeats that spread more than the margin (a busy machine's) are said once, by their own subject
    const noisy = result.stderr.split('\n').filter((l) => l.endsWith('[noisy-repeats]'))
    for (const line of noisy) expect(line).toMatch(/^(a|b): \S+ab\.yaml:\d+:7: warning: Noisy repeats of \1 × /)
    expect(new Set(noisy).size).toBe(noisy.length)
    // warnings (a p95 below the average) can come from real measurements
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => p.severity === 'error')).toEqual([])
    const report = readYaml(reportFile)
    expect([report.kind, report.baseline, report.subjects.map((/** @type {any} */ s) => [s.id, s.label])]).toEqual(['comparison', 'a', [['a', undefined], ['b', 'fewer connections']]])
  })

  it('should interleave the repeats A B A B and record their order in the samples and the run records', () => {
    const report = readYaml(reportFile)
    const orders = report.results.map((/** @type {any} */ p) => [p.subject, p.threads, p.repeats, p.samples.map((/** @type {any} */ s) => s.order)])
    expect(orders).toEqual([
      ['a', 1, 3, [1, 3, 5]],
      ['a', 2, 3, [7, 9, 11]],
      ['b', 1, 3, [2, 4, 6]],
      ['b', 2, 3, [8, 10, 12]]
    ])
    for (const p of report.results) expect(Object.keys(p.samples[0])).toEqual(['order', 'qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects'])
    const record = readYaml(join(dir, 'data', 'runs', 'ab', 'b', 'run.yaml'))
    expect(record.interleaved).toEqual(['a', 'b'])
    expect(record.points.map((/** @type {any} */ p) => p.order)).toEqual([[2, 4, 6], [8, 10, 12]])
    expect(record.plan.server_options).toEqual({max_connections: 300})
  })

  it('should apply the server options to its subject’s server and record them in the parameters', () => {
    const report = readYaml(reportFile)
    const of = (/** @type {string} */ id) => report.parameters.filter((/** @type {any} */ p) => p.subjects[0] === id).map((/** @type {any} */ p) => [p.note.en, p.content])
    expect(of('a')).toEqual([['server variables captured by benchdoc run (SHOW GLOBAL VARIABLES)', 'max_connections = 2000\n']])
    expect(of('b')).toEqual([
      ['server options set by the plan (server_options, given to mariadbd as --name=value)', '[mariadbd]\nmax_connections = 300\n'],
      ['server variables captured by benchdoc run (SHOW GLOBAL VARIABLES)', 'max_connections = 300\n']
    ])
  })

  it('should give every cell an interval and a verdict, pooled over the workload’s points', () => {
    const cells = deriveReport(readYaml(reportFile)).verdicts.cells
    expect(cells.map((c) => [c.key, c.measure, c.n, c.n_baseline, c.df])).toEqual([
      ['1|1', 'tps', 3, 3, 8], ['2|1', 'tps', 3, 3, 8], ['1|1', 'latency_p95', 3, 3, 8], ['2|1', 'latency_p95', 3, 3, 8]
    ])
    for (const c of cells) {
      expect(c.low).toBeLessThan(/** @type {number} */ (c.high))
      expect(['faster', 'slower', 'equivalent', 'inconclusive']).toContain(c.verdict)
    }
  })
})

describe('an interrupted or failing run of a plan with two subjects', () => {
  it('should stop both subjects on SIGINT keeping their finished points, and --resume should go on counting the turns', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN.replace('threads: [1, 2]', 'threads: [1, 2, 3]'))
    const reportFile = join(dir, 'data', 'reports', 'ab.yaml')
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir})
    await waitFor(() => pointsIn(reportFile) >= 2)
    child.kill('SIGINT')
    const result = await done
    expect(result.code).toBe(130)
    expect(result.stderr).toMatch(/^a: interrupted: [1-2] of 3 points written to .*ab\.yaml; run again with --resume to finish$/m)
    expect(result.stderr).toMatch(/^b: interrupted: [1-2] of 3 points written to .*ab\.yaml; run again with --resume to finish$/m)
    // valid; its only warnings on the run say that each subject has points still to measure (a measured
    // figure may draw a warning of its own on a busy machine: a p95 below the average from a heavy tail)
    const figureWarnings = ['p95-not-below-avg', 'max-not-below-p95']
    const problems = validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => !figureWarnings.includes(p.rule))
    expect(problems.map((p) => `${p.severity} ${p.rule}`)).toEqual(['warning partial-run', 'warning partial-run'])
    const before = readYaml(reportFile)
    expect(before.subjects.map((/** @type {any} */ s) => s.run.status)).toEqual(['partial', 'partial'])
    // the watchdog shell (its command line names mariadbd) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0, 5_000)

    const resumed = await runCli(['run', 'plan.yaml', '--resume'], {cwd: dir})
    expect(resumed.code).toBe(0)
    const after = readYaml(reportFile)
    expect(after.results.map((/** @type {any} */ p) => [p.subject, p.threads])).toEqual([['a', 1], ['a', 2], ['a', 3], ['b', 1], ['b', 2], ['b', 3]])
    const kept = before.results.map((/** @type {any} */ p) => `${p.subject}${p.threads}`)
    const earlier = Math.max(...before.results.flatMap((/** @type {any} */ p) => p.samples.map((/** @type {any} */ s) => s.order)))
    for (const p of after.results) {
      if (kept.includes(`${p.subject}${p.threads}`)) expect(p).toEqual(before.results.find((/** @type {any} */ q) => q.subject === p.subject && q.threads === p.threads))
      else for (const s of p.samples) expect(s.order).toBeGreaterThan(earlier)
    }
    // the watchdog shell (its command line names mariadbd) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0, 5_000)
  })

  it('should stop at once, before writing anything, when a subject’s server does not start with its server options, naming the plan line', async () => {
    const started = Date.now()
    const dir = tempDir()
    writePlan(dir, PLAN.replace('server_options: {max_connections: 300}', 'server_options: {no_such_option: 1}'))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^benchdoc run: plan\.yaml:4:5: error: subject b with server_options \{"no_such_option":1\}: the throwaway MariaDB did not start:\n\[ERROR\] \S+mariadbd: unknown variable 'no_such_option=1'\n\[ERROR\] Aborting$/m)
    expect(result.stderr).not.toMatch(/^\s+at /m)
    // the server's own exit is seen at once, not after the minute a server has to answer
    expect(Date.now() - started).toBeLessThan(45_000)
    expect(existsSync(join(dir, 'data', 'reports', 'ab.yaml'))).toBe(false)
    // the watchdog shell (its command line names mariadbd) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0, 5_000)
  })
})
