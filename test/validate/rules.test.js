import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {formatProblem} from '../../tools/lib/problems.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {checkSchema} from '../../tools/validate/schema-check.js'
import {POINT_RULES, RULES, ruleContext} from '../../tools/validate/rules/index.js'
import {noisyRepeats} from '../../tools/validate/rules/noise.js'
import {validateReportText} from '../../tools/validate/index.js'
import {fixture} from '../helpers/paths.js'

/**
 * Each rule of tools/validate/rules/ alone, on the smallest valid comparison
 * (test/fixtures/validate/minimal.yaml) changed to break it, with the exact
 * messages it says; and each says nothing of the valid report.
 */

const MINIMAL = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const POINT_A = '  - {subject: a, workload: oltp_point_select, threads: 8, qps: 1000.50, latency_avg: 1.2, latency_p95: 2.5}'
const POINT_B = '  - {subject: b, workload: oltp_point_select, threads: 8, qps: 1100, latency_avg: 1.1, latency_p95: 2.1}'

/**
 * The problems one rule says of a report, formatted.
 * @param {string} name  the rule's name in RULES or POINT_RULES
 * @param {string} text  the report's YAML; it must pass the schema
 */
function say(name, text) {
  const doc = parseYamlSource('r.yaml', text)
  expect(checkSchema(doc, 'report').map(formatProblem)).toEqual([])
  /** @type {import('../../tools/lib/problems.js').Problem[]} */
  const problems = []
  const context = ruleContext(doc, problems)
  const rule = [...RULES, noisyRepeats].find((r) => r.name === name)
  if (rule) rule.check(context)
  else {
    const pointRule = POINT_RULES.find((r) => r.name === name)
    if (!pointRule) throw new Error(`no rule ${name}`)
    context.results.forEach((p, i) => pointRule.check(p, i, context))
  }
  return problems.map(formatProblem)
}

/** @param {string} a @param {string} b */
const edit = (a, b) => {
  expect(MINIMAL).toContain(a)
  return MINIMAL.replace(a, b)
}

describe('the rules of a report', () => {
  it('should be named, in the order their problems are said', () => {
    expect(RULES.map((r) => r.name)).toEqual([
      'unique-subject', 'kind-subjects', 'baseline', 'text-source', 'unique-workload', 'chart-size', 'parameter-references',
      'dimensions', 'points', 'subject-has-results', 'partial-run', 'same-threads', 'headline-references', 'suspicious'
    ])
    expect(POINT_RULES.map((r) => r.name)).toEqual(['result-subject', 'duplicate-point', 'p95-not-below-avg', 'max-not-below-p95', 'samples-agree', 'point-has-figures', 'figure-written-out'])
  })

  it.each([...RULES, noisyRepeats, ...POINT_RULES].map((r) => [r.name]))('%s should say nothing of the smallest valid comparison', (name) => {
    expect(say(name, MINIMAL)).toEqual([])
  })
})

describe('unique-subject', () => {
  it('should say a subject id given twice, at the second', () => {
    expect(say('unique-subject', edit("  - {id: b, product: MariaDB, version: '11.4'}", "  - {id: a, product: MariaDB, version: '11.4'}"))).toEqual([
      'r.yaml:6:10: error: Duplicate subject `a` [unique-subject]'
    ])
  })
})

describe('kind-subjects', () => {
  it('should say a single report of two subjects, and a comparison of one', () => {
    expect(say('kind-subjects', edit('kind: comparison', 'kind: single'))).toEqual([
      'r.yaml:3:7: error: Unexpected 2 subjects in a `single` report, expected 1 (or kind `comparison`) [kind-subjects]'
    ])
    expect(say('kind-subjects', edit("  - {id: b, product: MariaDB, version: '11.4'}\n", ''))).toEqual([
      'r.yaml:3:7: error: Unexpected 1 subject in a `comparison` report, expected at least 2 (or kind `single`) [kind-subjects]'
    ])
  })
})

describe('baseline', () => {
  it('should say an unknown baseline, and a baseline in a single report', () => {
    expect(say('baseline', edit('kind: comparison', 'kind: comparison\nbaseline: c'))).toEqual([
      'r.yaml:4:11: error: Unknown subject `c`, expected one of: a, b [known-subject]'
    ])
    expect(say('baseline', edit('kind: comparison', 'kind: single\nbaseline: a'))).toEqual([
      'r.yaml:4:11: error: Unexpected `baseline` in a `single` report [baseline]'
    ])
  })
})

describe('text-source', () => {
  it('should say text per language without the text of its source language', () => {
    expect(say('text-source', edit('kind: comparison', 'kind: comparison\nplace: {source: zh, en: Beijing}'))).toEqual([
      'r.yaml:4:17: error: Missing `zh` text of `place`, expected the text in its source language `zh` [text-source]'
    ])
  })
})

describe('unique-workload', () => {
  it('should say a workload planned twice, at the second', () => {
    expect(say('unique-workload', edit('    - {name: oltp_point_select, threads: [8]}', '    - {name: oltp_point_select, threads: [8]}\n    - {name: oltp_point_select, threads: [16]}'))).toEqual([
      'r.yaml:10:14: error: Duplicate workload `oltp_point_select` [unique-workload]'
    ])
  })
})

describe('chart-size', () => {
  it('should warn of a workload with more points than a chart draws', () => {
    const many = Array.from({length: 2001}, (_, i) => `  - {subject: a, workload: oltp_point_select, threads: ${i + 1}, qps: 1000}`).join('\n')
    expect(say('chart-size', edit(`${POINT_A}\n${POINT_B}`, many))).toEqual([
      'r.yaml:9:14: warning: Workload `oltp_point_select` has 2001 points, more than the 2000 a chart draws: the page shows its table without a chart [chart-size]'
    ])
  })
})

describe('parameter-references', () => {
  it('should say a parameter block narrowed to an unknown subject or workload', () => {
    const text = `${MINIMAL}parameters:\n  - {component: MariaDB, format: ini, subjects: [c], workloads: [oltp_insert], content: "x = 1\\n"}\n`
    expect(say('parameter-references', text)).toEqual([
      'r.yaml:14:50: error: Unknown subject `c`, expected one of: a, b [known-subject]',
      'r.yaml:14:66: error: Unknown workload `oltp_insert`, expected one of: oltp_point_select [known-workload]'
    ])
  })
})

describe('dimensions', () => {
  const declared = (/** @type {string} */ list) => edit('results:\n', `dimensions:\n${list}results:\n`)
  const tableSize = '  - {name: table_size, label: dimension_table_size, unit: rows}\n'

  it('should say a dimension declared twice, and a value of an undeclared one', () => {
    const text = declared(tableSize + tableSize)
      .replace(POINT_A, '  - {subject: a, workload: oltp_point_select, threads: 8, dimensions: {table_size: 1000, nodes: 2}, qps: 1000}')
    expect(say('dimensions', text)).toEqual([
      'r.yaml:12:12: error: Duplicate dimension `table_size` [unique-dimension]',
      'r.yaml:14:97: error: Unknown dimension `nodes`, expected one of: table_size [known-dimension]'
    ])
  })

  it('should say a point without a dimension the other points of its subject × workload have', () => {
    const text = declared(tableSize)
      .replace(POINT_A, `  - {subject: a, workload: oltp_point_select, threads: 8, dimensions: {table_size: 1000}, qps: 1000}\n${POINT_A.replace('threads: 8', 'threads: 16')}`)
    expect(say('dimensions', text)).toEqual([
      'r.yaml:14:5: error: Missing `table_size` of point a × oltp_point_select × 16 threads, expected a value for each dimension the other points of a × oltp_point_select have (table_size) [point-dimensions]'
    ])
  })

  it('should say a declared dimension that no point has', () => {
    expect(say('dimensions', declared(tableSize))).toEqual([
      'r.yaml:11:12: error: Unexpected dimension `table_size` that no point has a value for, expected each declared dimension in some point\'s `dimensions` [unused-dimension]'
    ])
  })
})

describe('result-subject', () => {
  it('should say a point of an unknown subject', () => {
    expect(say('result-subject', edit(POINT_B, POINT_B.replace('subject: b', 'subject: c')))).toEqual([
      'r.yaml:12:15: error: Unknown subject `c`, expected one of: a, b [known-subject]'
    ])
  })
})

describe('points', () => {
  it('should run every point rule on each point in turn, so a point\'s problems are said together', () => {
    const text = edit(`${POINT_A}\n${POINT_B}`, `${POINT_A.replace('subject: a', 'subject: c')}\n${POINT_A.replace('subject: a', 'subject: d')}\n${POINT_A.replace('subject: a', 'subject: c')}`)
    expect(say('points', text)).toEqual([
      'r.yaml:11:15: error: Unknown subject `c`, expected one of: a, b [known-subject]',
      'r.yaml:12:15: error: Unknown subject `d`, expected one of: a, b [known-subject]',
      'r.yaml:13:15: error: Unknown subject `c`, expected one of: a, b [known-subject]',
      'r.yaml:13:5: error: Duplicate point c × oltp_point_select × 8 threads, first at line 11 [duplicate-point]'
    ])
  })
})

describe('duplicate-point', () => {
  it('should say a second point of the same subject, workload and coordinates, naming the first line', () => {
    expect(say('duplicate-point', edit(POINT_B, `${POINT_B}\n${POINT_B}`))).toEqual([
      'r.yaml:13:5: error: Duplicate point b × oltp_point_select × 8 threads, first at line 12 [duplicate-point]'
    ])
  })
})

describe('p95-not-below-avg', () => {
  it('should warn of a p95 below the average', () => {
    expect(say('p95-not-below-avg', edit('latency_avg: 1.1, latency_p95: 2.1', 'latency_avg: 3.1, latency_p95: 2.1'))).toEqual([
      'r.yaml:12:101: warning: Unusual p95 latency 2.1 ms below the average 3.1 ms: possible with a heavy tail, but check the figures [p95-not-below-avg]'
    ])
  })
})

describe('max-not-below-p95', () => {
  it('should warn of a max below the p95', () => {
    expect(say('max-not-below-p95', edit('latency_p95: 2.1}', 'latency_p95: 2.1, latency_max: 2}'))).toEqual([
      'r.yaml:12:119: warning: Unusual max latency 2 ms below the p95 2.1 ms: possible from histogram rounding, but check the figures [max-not-below-p95]'
    ])
  })
})

describe('samples-agree', () => {
  it('should say repeats that are not the number of samples', () => {
    expect(say('samples-agree', edit(POINT_B, '  - {subject: b, workload: oltp_point_select, threads: 8, qps: 1100, repeats: 3, samples: [{qps: 1000}, {qps: 1100}]}'))).toEqual([
      'r.yaml:12:79: error: Unexpected repeats 3, expected 2 (the number of samples) [samples-agree]',
      'r.yaml:12:64: error: Unexpected qps 1100, expected 1050 (the median of its 2 samples) [samples-agree]'
    ])
  })
})

describe('point-has-figures', () => {
  it('should say a point without a figure or an error', () => {
    expect(say('point-has-figures', edit(POINT_B, '  - {subject: b, workload: oltp_point_select, threads: 8, errors: 0}'))).toEqual([
      'r.yaml:12:5: error: Unexpected point without any figure, expected qps, tps or a latency (or `error` saying why the run failed) [point-has-figures]'
    ])
  })
})

describe('subject-has-results', () => {
  it('should say a subject without points in a report with points', () => {
    expect(say('subject-has-results', edit(`\n${POINT_B}`, ''))).toEqual(['r.yaml:6:10: error: Subject `b` has no results [subject-has-results]'])
  })
})

describe('partial-run', () => {
  it('should warn of a compared subject whose run is partial, naming what it has not measured', () => {
    const text = edit("  - {id: b, product: MariaDB, version: '11.4'}", "  - {id: b, product: MariaDB, version: '11.4', run: {record: runs/r/b/run.yaml, status: partial}}")
      .replace('threads: [8]', 'threads: [8, 16]')
      .replace(POINT_A, `${POINT_A}\n${POINT_A.replace('threads: 8', 'threads: 16')}`)
    expect(say('partial-run', text)).toEqual([
      'r.yaml:6:89: warning: Subject `b` is a partial run (still running, or stopped): not measured yet: oltp_point_select at 16 threads. Comparisons cover the measured points only; `benchdoc run PLAN --resume` measures the rest [partial-run]'
    ])
  })
})

describe('same-threads', () => {
  it('should warn of a subject measured at other thread counts than the baseline', () => {
    expect(say('same-threads', edit(POINT_A, `${POINT_A}\n${POINT_A.replace('threads: 8', 'threads: 16')}`))).toEqual([
      'r.yaml:13:5: warning: Thread counts of `b` in oltp_point_select differ from the baseline `a`: 8 vs 8, 16; only common ones are compared [same-threads]'
    ])
  })
})

describe('the plan\'s thread counts', () => {
  it('should be left out where not known, never an empty list, which an export cannot write (fuzz: export/workload-threads-empty.yaml)', () => {
    expect(checkSchema(parseYamlSource('r.yaml', edit('threads: [8]', 'threads: []')), 'report').map(formatProblem)).toEqual([
      'r.yaml:9:42: error: Unexpected empty list at `plan.workloads.0.threads`, expected at least 1 item [schema/minItems]'
    ])
  })
})

describe('a parameter block\'s subjects and workloads', () => {
  it('should be left out where it applies to all, never an empty list, which an export cannot write (fuzz: export/parameter-subjects-empty.yaml)', () => {
    const text = `${MINIMAL}parameters:\n  - {component: TiKV, format: toml, content: '', subjects: [], workloads: []}\n`
    expect(checkSchema(parseYamlSource('r.yaml', text), 'report').map(formatProblem)).toEqual([
      'r.yaml:14:60: error: Unexpected empty list at `parameters.0.subjects`, expected at least 1 item [schema/minItems]',
      'r.yaml:14:75: error: Unexpected empty list at `parameters.0.workloads`, expected at least 1 item [schema/minItems]'
    ])
  })
})

describe('headline-references', () => {
  it('should say a headline of an unknown workload or subject, and one in a single report', () => {
    expect(say('headline-references', `${MINIMAL}headlines:\n  - {workload: oltp_insert, subject: c, change: 5}\n`)).toEqual([
      'r.yaml:14:16: error: Unknown workload `oltp_insert`, expected one of: oltp_point_select [known-workload]',
      'r.yaml:14:38: error: Unknown subject `c`, expected one of: a, b [known-subject]'
    ])
    const single = edit('kind: comparison', 'kind: single').replace(`\n${POINT_B}`, '').replace("  - {id: b, product: MariaDB, version: '11.4'}\n", '')
    expect(say('headline-references', `${single}headlines:\n  - {workload: oltp_point_select, change: 5}\n`)).toEqual([
      'r.yaml:12:5: error: Unexpected headline in a `single` report, expected a comparison to state a % change against [headline-needs-comparison]'
    ])
  })

  it('should refuse a headline of the baseline, which has no change to state and no page shows (fuzz: export/headline-of-baseline.yaml)', () => {
    expect(say('headline-references', `${MINIMAL}headlines:\n  - {workload: oltp_point_select, subject: a, change: 5}\n`)).toEqual([
      'r.yaml:14:44: error: Unexpected headline of `a`, the baseline, expected one of a subject compared with it: b [headline-of-baseline]'
    ])
  })
})

describe('noisy-repeats', () => {
  const repeats = (/** @type {number[]} */ qps) => edit(POINT_B, `  - {subject: b, workload: oltp_point_select, threads: 8, qps: ${qps[1]}, repeats: 3, samples: [${qps.map((q) => `{qps: ${q}}`).join(', ')}]}`)

  it('should warn of repeats whose spread is above the verdict margin, with the CV and the repeats that margin needs', () => {
    expect(say('noisy-repeats', repeats([900, 1100, 1300]))).toEqual([
      "r.yaml:12:91: warning: Noisy repeats of b × oltp_point_select × 8 threads: qps CV 18.6 % over 3 repeats, expected at most the verdict margin 2 %; ±2 % at 80 % power would need 1354 repeats per subject (`benchdoc noise r.yaml` pools the workload's points) [noisy-repeats]"
    ])
  })

  it('should be said only when asked for, as benchdoc run asks and validate does not', () => {
    const text = repeats([900, 1100, 1300]).replace('id: minimal', 'id: r')
    expect(validateReportText('r.yaml', text).problems).toEqual([])
    expect(validateReportText('r.yaml', text, {noisy: true}).problems.map(formatProblem)).toEqual(say('noisy-repeats', text))
  })

  it('should say nothing of repeats within the margin, and take the report’s own margin', () => {
    expect(say('noisy-repeats', repeats([1090, 1100, 1110]))).toEqual([])
    expect(say('noisy-repeats', repeats([1000, 1100, 1200]).replace('kind: comparison', 'kind: comparison\nverdict: {margin: 10}'))).toEqual([])
    expect(say('noisy-repeats', repeats([1000, 1100, 1200]).replace('kind: comparison', 'kind: comparison\nverdict: {margin: 5}'))).toEqual([
      "r.yaml:13:91: warning: Noisy repeats of b × oltp_point_select × 8 threads: qps CV 9.1 % over 3 repeats, expected at most the verdict margin 5 %; ±5 % at 80 % power would need 53 repeats per subject (`benchdoc noise r.yaml` pools the workload's points) [noisy-repeats]"
    ])
  })
})

describe('suspicious', () => {
  it('should warn of data that looks wrong (tools/validate/suspicious.js, tested there)', () => {
    const text = edit('threads: [8]', 'threads: [8, 16, 32]')
      .replace(POINT_A, ['8, qps: 1000', '16, qps: 9000', '32, qps: 1100'].map((t) => `  - {subject: a, workload: oltp_point_select, threads: ${t}}`).join('\n'))
      .replace(POINT_B, ['8, qps: 1000', '16, qps: 1050', '32, qps: 1100'].map((t) => `  - {subject: b, workload: oltp_point_select, threads: ${t}}`).join('\n'))
    expect(say('suspicious', text)).toEqual([
      'r.yaml:12:65: warning: Suspicious qps 9000 for a × oltp_point_select × 16 threads: at least 8.18× above its neighbours on the curve (1000 at 8, 1100 at 32 threads), expected within 3×; check the figure [suspicious-outlier]'
    ])
  })
})
