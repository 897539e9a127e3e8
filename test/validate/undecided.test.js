import {describe, expect, it} from 'vitest'
import {validateReportText} from '../../tools/validate/index.js'

// A comparison measured under a stopping rule of at most 3 rounds: at 1 thread the repeats
// spread some 10 %, far more than the ±2 % margin, so its cell ends inconclusive at max;
// at 2 threads b is clearly faster after 2 rounds.
const report = (/** @type {string} */ repeats) => `id: rule
kind: comparison
subjects:
  - {id: a, product: MariaDB, version: '11.4'}
  - {id: b, product: MariaDB, version: '11.4'}
metric: tps
plan:
  repeats: ${repeats}
  workloads:
    - {name: oltp_read_only, threads: [1, 2]}
results:
  - subject: a
    workload: oltp_read_only
    threads: 1
    tps: 100
    repeats: 3
    samples: [{tps: 100}, {tps: 112}, {tps: 90}]
  - subject: b
    workload: oltp_read_only
    threads: 1
    tps: 104
    repeats: 3
    samples: [{tps: 104}, {tps: 93}, {tps: 114}]
  - subject: a
    workload: oltp_read_only
    threads: 2
    tps: 200.5
    repeats: 2
    samples: [{tps: 200}, {tps: 201}]
  - subject: b
    workload: oltp_read_only
    threads: 2
    tps: 301
    repeats: 2
    samples: [{tps: 300}, {tps: 302}]
`

describe('validate of a report measured under a stopping rule', () => {
  it('should warn of a cell left inconclusive at the rule\'s max, with its CV and the repeats `benchdoc noise` advises', () => {
    const {problems} = validateReportText('rule.yaml', report('{min: 2, max: 3, margin: 2}'))
    expect(problems.map((p) => `${p.line}:${p.col}: ${p.message} [${p.rule}]`)).toEqual([
      '23:14: Undecided verdict of b × oltp_read_only × 1 threads: tps inconclusive after 3 rounds, the most `repeats` allows, at CV 10.6 %; ±2 % at 80 % power would need 442 repeats per subject (`benchdoc noise rule.yaml` pools the workload\'s points) [undecided-at-max]'
    ])
  })

  it('should not warn of a cell the rule could still have measured further', () => {
    expect(validateReportText('rule.yaml', report('{min: 2, max: 4, margin: 2}')).problems).toEqual([])
  })
})
