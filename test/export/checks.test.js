import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {markdownlint, otherProblems} from '../helpers/export-checks.js'
import {tempFolder} from '../helpers/temp.js'

/** What the Hugo template wrote before tools/export/: each problem a documentation repository's CI refused. */
const OLD_SHAPE = `---
title: Old
---

# Old

## Test environment {#environment}

### Hardware

| Host |
| --- |
| a |


### Hardware

| Role |
| --- |
| b |

- Advice:
  - nested by two

\`\`\`yaml
log.level: “error”
\`\`\`

Place: 北京，中国
and a second line <span lang="zh">open
`

describe('the checks a documentation repository runs', () => {
  it('should find what the old export had: blank lines, same sibling headings, two-space nesting', () => {
    const file = join(tempFolder('benchdoc-checks-'), 'old.md')
    writeFileSync(file, OLD_SHAPE)
    const {status, messages} = markdownlint([file])
    expect(status).toBe(1)
    expect(messages.map((m) => m.slice(file.length))).toEqual([
      ':15 error MD012/no-multiple-blanks Multiple consecutive blank lines [Expected: 1; Actual: 2]',
      ':16 error MD024/no-duplicate-heading Multiple headings with the same content [Context: "Hardware"]',
      ':23:1 error MD007/ul-indent Unordered list indentation [Expected: 4; Actual: 2]'
    ])
  })

  it('should find a line break in a paragraph, quotes in code, CJK punctuation in English and an open tag', () => {
    expect(otherProblems(`${OLD_SHAPE}\u0007\n`, 'en')).toEqual([
      '31: control character U+0007',
      '25: typographic or full-width punctuation in code',
      '29: line break inside a paragraph',
      '30: <span> never closed',
      'line 29 (marked text removed): CJK punctuation ，'
    ])
  })

  it('should accept CJK punctuation in a Chinese file and in text marked as Chinese in an English one', () => {
    expect(otherProblems('# 标题\n\n地点：北京，中国\n', 'zh')).toEqual([])
    expect(otherProblems('# Title\n\nPlace: <span lang="zh">北京，中国</span>\n', 'en')).toEqual([])
  })
})
