import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {RATE, embeddedServers, readYaml, runCli, tempDir, waitFor, writePlan} from './helpers.js'

const PLAN = `report: noisy
subject: a
tables: 1
table_size: 100
time: 1
repeats: 2
options: {${RATE}}
workloads:
  - {name: oltp_point_select, threads: [1, 2]}
`

describe('benchdoc run of repeats that spread more than the verdict margin', () => {
  afterAll(async () => {
    // the watchdog shell (its command line names mariadbd) may still be removing the data folder
    await waitFor(() => embeddedServers().length === 0, 5_000)
  })

  it('should warn once, after the last point, of each of its points, with its CV and the repeats the margin needs', async () => {
    const dir = tempDir()
    writePlan(dir, PLAN)
    expect((await runCli(['run', 'plan.yaml'], {cwd: dir})).code).toBe(0)
    // a margin of 0.01 %: no two real repeats of a second each come that close
    const reportFile = join(dir, 'data', 'reports', 'noisy.yaml')
    writeFileSync(reportFile, readFileSync(reportFile, 'utf8').replace(/^environment:/m, 'verdict: {margin: 0.01}\nenvironment:'))

    const again = await runCli(['run', 'plan.yaml'], {cwd: dir})
    expect(again.code).toBe(0)
    const report = readYaml(reportFile)
    expect(report.verdict).toEqual({margin: 0.01})
    const lines = again.stderr.trimEnd().split('\n')
    const warnings = lines.filter((l) => l.endsWith('[noisy-repeats]'))
    expect(warnings.map((w) => w.replace(/CV [\d.]+ %/, 'CV x %').replace(/need \d+ repeats/, 'need n repeats'))).toEqual([1, 2].map((threads) =>
      `${reportFile}:${lineOf(reportFile, threads)}: warning: Noisy repeats of a × oltp_point_select × ${threads} threads: tps CV x % over 2 repeats, expected at most the verdict margin 0.01 %; ±0.01 % at 80 % power would need n repeats per subject (\`benchdoc noise ${reportFile}\` pools the workload's points) [noisy-repeats]`
    ))
    // after the last point, before the summary
    expect(lines.slice(-4, -1)).toEqual([expect.stringMatching(/^\[2\/2\] oltp_point_select 2 threads \(repeat 2\/2\) · /), ...warnings])
    expect(lines.at(-1)).toMatch(/^2 points written to .*noisy\.yaml in \d:\d\d$/)
  })
})

/**
 * Where the validator places a point's noisy repeats: its first sample, in the run's own layout.
 * @param {string} file @param {number} threads
 */
function lineOf(file, threads) {
  const lines = readFileSync(file, 'utf8').split('\n')
  return `${lines.indexOf('    samples:', lines.indexOf(`    threads: ${threads}`)) + 2}:7`
}
