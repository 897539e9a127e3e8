import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {deriveReport} from '../../tools/derive/report.js'
import {validateReportText} from '../../tools/validate/index.js'
import {embeddedServers, readYaml, runCli, tempDir, waitFor, writePlan} from './helpers.js'

// An A/A plan: two subjects on identical throwaway MariaDBs, under a stopping rule.
const plan = (/** @type {number} */ max) => `report: aa
subjects: [{id: a1}, {id: a2}]
tables: 1
table_size: 100
time: 1
repeats: {min: 2, max: ${max}, margin: 2%}
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
    const n = before.results.map((/** @type {any} */ p) => [p.subject, p.threads, p.samples.length])
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
    after.results.forEach((/** @type {any} */ p, /** @type {number} */ i) => {
      const was = before.results[i].samples
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
