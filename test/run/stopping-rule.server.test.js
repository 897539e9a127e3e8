import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {deriveReport} from '../../tools/derive/report.js'
import {validateReportText} from '../../tools/validate/index.js'
import {RATE, embeddedServers, readYaml, runCli, startCli, tempDir, waitFor, writePlan} from './helpers.js'

// An A/A plan: two subjects on identical throwaway MariaDBs, under a stopping rule.
const plan = (/** @type {number} */ max) => `report: aa
subjects: [{id: a1}, {id: a2}]
tables: 1
table_size: 100
time: 1
repeats: {min: 2, max: ${max}, margin: 2%}
options: {${RATE}}
workloads:
  - {name: oltp_point_select, threads: [1, 2]}
`
const SUMMARY = /^ {2}oltp_point_select (\d) threads: (\d) rounds, stopped(?:: verdicts decided|: intervals within the margin| at max, undecided)$/

describe('benchdoc run of a plan whose repeats stop by a rule', () => {
  const dir = tempDir()
  const reportFile = join(dir, 'data', 'reports', 'aa.yaml')
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let first
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let resumed
  /** @type {any} */
  let before

  beforeAll(async () => {
    writePlan(dir, plan(3))
    first = await runCli(['run', 'plan.yaml'], {cwd: dir})
    before = readYaml(reportFile)
    writePlan(dir, plan(4))
    resumed = await runCli(['run', 'plan.yaml', '--resume'], {cwd: dir})
  })

  afterAll(async () => {
    await waitFor(() => embeddedServers().length === 0, 5_000)
  })

  it('should say per point the rounds measured and why they stopped, between min and max', () => {
    expect(first.code).toBe(0)
    const lines = first.stderr.split('\n')
    const at = lines.indexOf('stopping rule (2–3 rounds, margin 2 %):')
    expect(at).toBeGreaterThan(-1)
    const summary = lines.slice(at + 1, at + 3).map((l) => SUMMARY.exec(l))
    expect(summary.map((m) => m?.[1])).toEqual(['1', '2'])
    for (const m of summary) expect(Number(m?.[2])).toBeGreaterThanOrEqual(2)
    for (const m of summary) expect(Number(m?.[2])).toBeLessThanOrEqual(3)
  })

  it('should record every repeat of both subjects, interleaved, and the rule in the report plan', () => {
    expect(before.plan.repeats).toEqual({min: 2, max: 3, margin: 2})
    const summary = first.stderr.split('\n').map((l) => SUMMARY.exec(l)).filter((m) => m !== null).map((m) => Number(m[2]))
    // each subject's run writes its points as they finish (they take turns): their order in the file is not fixed
    const n = before.results.map((/** @type {any} */ p) => [p.subject, p.threads, p.samples.length]).sort((/** @type {any} */ a, /** @type {any} */ b) => `${a[0]} ${a[1]}`.localeCompare(`${b[0]} ${b[1]}`))
    expect(n).toEqual([['a1', 1, summary[0]], ['a1', 2, summary[1]], ['a2', 1, summary[0]], ['a2', 2, summary[1]]])
    const orders = before.results.flatMap((/** @type {any} */ p) => p.samples.map((/** @type {any} */ s) => s.order)).sort((/** @type {number} */ x, /** @type {number} */ y) => x - y)
    expect(orders).toEqual(Array.from({length: orders.length}, (_, i) => i + 1))
  })

  it('should claim no cell of the A/A plan faster or slower', () => {
    const {verdicts} = deriveReport(before)
    expect(verdicts.cells.filter((c) => c.verdict === 'faster' || c.verdict === 'slower')).toEqual([])
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => p.severity === 'error')).toEqual([])
  })

  it('should continue with --resume where the rule stopped, counting the repeats recorded before', () => {
    expect(resumed.code).toBe(0)
    const after = readYaml(reportFile)
    expect(after.plan.repeats).toEqual({min: 2, max: 4, margin: 2})
    after.results.forEach((/** @type {any} */ p) => {
      const was = before.results.find((/** @type {any} */ q) => q.subject === p.subject && q.threads === p.threads).samples
      // the repeats recorded before are kept as they were, the new ones follow
      expect(p.samples.slice(0, was.length)).toEqual(was)
      expect(p.samples.length).toBeLessThanOrEqual(4)
      const line = resumed.stderr.split('\n').find((l) => l.startsWith(`${p.subject}: [${p.threads}/2] oltp_point_select ${p.threads} threads: `))
      if (p.samples.length === was.length) expect(line).toMatch(/: measured before, kept \(--resume\)$/)
      else expect(line).toMatch(new RegExp(`: ${was.length} rounds measured before; the stopping rule goes on \\(--resume\\)$`))
    })
    expect(resumed.stderr).toContain('stopping rule (2–4 rounds, margin 2 %):')
  })
})

describe('benchdoc run --resume of a rule\'s run interrupted when one subject had measured a round and the other not', () => {
  const MARK = '  a1: oltp_point_select 1 threads recorded with 1 repeat\n'
  const dir = tempDir()
  const reportFile = join(dir, 'data', 'reports', 'aa.yaml')
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let interrupted
  /** @type {Awaited<ReturnType<typeof runCli>>} */
  let resumed
  /** @type {any} */
  let before

  beforeAll(async () => {
    writePlan(dir, plan(3))
    // SIGINT at a trace mark: a1's first repeat of the first point is recorded, a2's is running
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCHDOC_TRACE: '1'}})
    let told = ''
    child.stderr.on('data', (d) => {
      // once: a second SIGINT while the run stops would be one more, and end it by the signal
      if (!told.includes(MARK) && (told += d).includes(MARK)) child.kill('SIGINT')
    })
    interrupted = await done
    before = readYaml(reportFile)
    await waitFor(() => embeddedServers().length === 0, 20_000)
    resumed = await runCli(['run', 'plan.yaml', '--resume'], {cwd: dir})
  })

  it('should keep the one repeat a1 finished, with its place in the turns, and nothing of a2', () => {
    expect(interrupted.code).toBe(130)
    expect(interrupted.stderr).toMatch(/^a1: interrupted: 1 of 2 points written to .*aa\.yaml; run again with --resume to finish$/m)
    expect(interrupted.stderr).toMatch(/^a2: interrupted: 0 of 2 points written to .*aa\.yaml; run again with --resume to finish$/m)
    expect(before.results.map((/** @type {any} */ p) => [p.subject, p.threads, p.repeats, p.samples.map((/** @type {any} */ s) => s.order)])).toEqual([['a1', 1, undefined, [1]]])
  })

  it('should say that a1 goes on from its recorded round, let a2 measure that round first, and stop both together', () => {
    expect(resumed.code).toBe(0)
    const lines = resumed.stderr.split('\n')
    expect(lines).toContain('a1: [1/2] oltp_point_select 1 threads: 1 round measured before; the stopping rule goes on (--resume)')
    expect(lines.filter((l) => l.includes('(--resume)'))).toHaveLength(1)
    const at = lines.indexOf('stopping rule (2–3 rounds, margin 2 %):')
    const summary = lines.slice(at + 1, at + 3).map((l) => SUMMARY.exec(l))
    expect(summary.map((m) => m?.[1])).toEqual(['1', '2'])
    const after = readYaml(reportFile)
    expect(after.results.map((/** @type {any} */ p) => [p.subject, p.threads])).toEqual([['a1', 1], ['a1', 2], ['a2', 1], ['a2', 2]])
    // the rule counted a1's recorded round: each point has as many rounds as the summary says, for both subjects
    after.results.forEach((/** @type {any} */ p) => expect(p.samples).toHaveLength(Number(summary[p.threads - 1]?.[2])))
    // the finished repeat is kept as it was, first
    expect(after.results[0].samples[0]).toEqual(before.results[0].samples[0])
  })

  it('should have each point\'s rounds in turns a1 a2 a1 a2, no repeat twice', () => {
    const after = readYaml(reportFile)
    const orders = after.results.flatMap((/** @type {any} */ p) => p.samples.map((/** @type {any} */ s) => s.order))
    expect(new Set(orders).size).toBe(orders.length)
    for (const threads of [1, 2]) {
      const turns = after.results.filter((/** @type {any} */ p) => p.threads === threads)
        .flatMap((/** @type {any} */ p) => p.samples.map((/** @type {any} */ s) => [s.order, p.subject]))
        .sort((/** @type {any} */ x, /** @type {any} */ y) => x[0] - y[0]).map((/** @type {any} */ t) => t[1])
      expect(turns).toEqual(turns.map((_, i) => (i % 2 === 0 ? 'a1' : 'a2')))
    }
    expect(validateReportText(reportFile, readFileSync(reportFile, 'utf8')).problems.filter((p) => p.severity === 'error')).toEqual([])
  })
})
