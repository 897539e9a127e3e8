import {describe, expect, test} from 'vitest'
import {MARKER, formatReview} from '../../tools/review/format.js'
import {flow} from '../../tools/review/words.js'
import {summarise} from '../../tools/review/summary.js'

/** @type {import('../../tools/review/format.js').ReportReview} */
const REPORT = {
  id: 'small',
  problems: [{file: 'data/reports/small.yaml', line: 3, col: 5, severity: 'warning', message: 'Thread counts differ', rule: 'same-threads'}],
  narratives: [{lang: 'zh', change: {status: 'changed', front: false, sections: {changed: [], added: [], removed: []}}}],
  data: {
    status: 'changed',
    summary: null,
    points: {
      changed: [
        {
          point: {subject: 'b', workload: 'oltp_insert', threads: 8, clients: 2},
          measures: [
            {measure: 'qps', old: {value: 1000, decimals: 2}, new: {value: 1000.01, decimals: 2}, change: 0.001},
            {measure: 'errors', old: {value: 0, decimals: 0}, new: {value: 1.5, decimals: 1}, change: null}
          ]
        }
      ],
      added: [],
      removed: []
    },
    headlines: [],
    fields: [
      {path: 'results[b × oltp_insert × 8 threads × 2 clients].error', old: undefined, new: 'server `gone` | restart'},
      {path: 'environment.notes', old: 'NUMA off', new: undefined},
      {path: 'title', old: '', new: null}
    ]
  }
}

describe('formatReview', () => {
  test('should show a change that rounds to zero as 0.00 %, an unknown one as —, and a warning without bold', () => {
    expect(formatReview({base: 'origin/main', reports: [REPORT], drift: [], summary: summarise([REPORT], [])})).toBe(`# Report data changes since \`origin/main\`

- 1 report changed.
- No comparison cell changed.
- Validation: 0 errors, 1 warning; drift: 0 errors, 0 warnings.

## What looks wrong

- \`data/reports/small.yaml:3:5\`: warning: Thread counts differ [same-threads]

## small (changed)

<details><summary>Points: 1 changed</summary>

### Points changed (2 figures)

In every row: subject \`b\`, workload \`oltp_insert\`, threads \`8\`, clients \`2\`.

| Measure | Old | New | Change |
| --- | ---: | ---: | ---: |
| qps | 1000.00 | 1000.01 | 0.00 % |
| errors | 0 | 1.5 | — |

</details>

### Fields changed

- \`results[b × oltp_insert × 8 threads × 2 clients].error\`: added \`\`server \`gone\` | restart\`\`
- \`environment.notes\`: removed \`NUMA off\`
- \`title\`: \`""\` → \`null\`

### Narrative

- \`zh\`: formatting only, no section changed
`)
  })

  test('should say nothing changed when there is no report', () => {
    const none = {base: 'HEAD', reports: [], drift: [], summary: summarise([], [])}
    expect(formatReview(none, 'text')).toBe('No report data changed since HEAD.\n')
    expect(formatReview(none, 'github')).toBe(`${MARKER}\n\nNo report data changed since \`HEAD\`.\n`)
  })
})

describe('flow', () => {
  test('should write a value on one line in YAML flow style', () => {
    expect(flow({id: 'v7', threads: [1, 2], run: {status: 'partial'}, note: 'a\nb'})).toBe(
      '{id: v7, threads: [1, 2], run: {status: partial}, note: "a\\nb"}'
    )
  })
})
