import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile} from '../../tools/site/export-files.js'
import {markdownlint, otherProblems} from '../helpers/export-checks.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {fixture} from '../helpers/paths.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')

/**
 * Derive a fixture project as the build does (no Hugo: the export is
 * written in Node) and give its export in each language.
 * @param {Record<string, string>} files
 * @param {string} id
 */
async function exported(files, id) {
  const {root} = fixtureSite(files)
  const prepared = await prepareSite({root})
  expect(prepared.problems.filter((p) => p.severity === 'error')).toEqual([])
  const file = (/** @type {string} */ lang) => exportFile(join(root, '.benchdoc'), id, lang)
  return {file, text: (/** @type {string} */ lang) => readFileSync(file(lang), 'utf8')}
}

const HOSTILE_NARRATIVE = `---
report: minimal
lang: en
---

## Purpose {#purpose}

Hello <img src=x onerror=alert(2)> *world* <svg onload=alert(5)>.

<script>alert(3)</script>

<iframe src="https://example.com"></iframe>

[click](javascript:alert(4)) and {{< youtube dQw4w9WgXcQ >}}.
`

describe('the export of hostile strings and narratives', () => {
  it('should carry no raw HTML, no javascript: link and no shortcode, as the pages show none, and pass the lint', async () => {
    const hostile = REPORT.replace('kind: comparison', 'kind: comparison\nplace: "<script>alert(1)</script>"\nauthor: "x\\n# Injected heading\\n<svg onload=alert(6)>"\nenvironment:\n  notes: ["<iframe src=x></iframe>", "<img src=x onerror=alert(7)>"]')
    const {file, text} = await exported({'data/reports/minimal.yaml': hostile, 'content/narrative/minimal/en.md': HOSTILE_NARRATIVE}, 'minimal')
    for (const lang of ['en', 'zh', 'ja']) {
      const md = text(lang)
      expect(md, lang).not.toMatch(/(^|[^\\])<(script|img|svg|iframe)/m)
      expect(md, lang).not.toMatch(/javascript:|onerror=alert\(2\)|onload=alert\(5\)/)
      expect(md, lang).toContain('- \\<iframe src=x>\\</iframe>\n- \\<img src=x onerror=alert(7)>\n')
      expect(otherProblems(md, lang), lang).toEqual([])
    }
    expect(text('en')).toContain('## Test purpose {#purpose}\n\nHello  *world* .\n\nclick and {{\\< youtube dQw4w9WgXcQ >}}.\n')
    expect(markdownlint(['en', 'zh', 'ja'].map(file))).toEqual({status: 0, messages: []})
  })

  it('should give back a data string with a newline followed by # exactly, through export and import', async () => {
    const author = 'x\n# Injected heading\n<svg onload=alert(6)>'
    const {text, file} = await exported({'data/reports/minimal.yaml': REPORT.replace('kind: comparison', `kind: comparison\nauthor: ${JSON.stringify(author)}`)}, 'minimal')
    expect(['en', 'zh', 'ja'].map((lang) => text(lang).split('\n').find((line) => line.includes('Injected')))).toEqual(
      ['Author: ', '作者：', '著者：'].map((label) => `${label}x<br># Injected heading<br>\\<svg onload=alert(6)>`)
    )
    for (const lang of ['en', 'zh', 'ja']) {
      const {result, problems} = importMarkdown(text(lang), {path: 'index.md', file: file(lang)})
      expect(problems).toEqual([])
      expect(result?.report.author).toBe(author)
    }
  })
})

describe('text from another language and code in the export', () => {
  it('should mark a text not translated yet with its language, and write code with ASCII quotes', async () => {
    const data = REPORT
      .replace('kind: comparison', 'kind: comparison\nplace: {source: zh, zh: 北京，中国}')
      .replace('plan:', 'parameters:\n  - {component: TiDB, format: yaml, content: "log.level: “error”\\n"}\nplan:')
    const {text} = await exported({'data/reports/minimal.yaml': data}, 'minimal')
    expect(text('en')).toContain('\nPlace: <span lang="zh">北京，中国</span>\n')
    expect(text('zh')).toContain('\n地点：北京，中国\n')
    for (const lang of ['en', 'zh', 'ja']) {
      expect(text(lang)).toContain('```yaml\nlog.level: "error"\n```')
      expect(otherProblems(text(lang), lang), lang).toEqual([])
    }
  })
})

describe('a table the narrative keeps', () => {
  it('should stay narrative through export and import: the points once, the table still in the note', async () => {
    const {result: imported} = importMarkdown(readFileSync(fixture('import/shapes/en-malformed.md'), 'utf8'), {path: 'en-malformed.md'})
    if (!imported) throw new Error('the fixture does not import')
    const id = imported.id
    expect(imported.narrative).toContain('| 64 | 12904.30 | 1,3718 | 41.85 | 43,39 |')
    const {text, file} = await exported({[`data/reports/${id}.yaml`]: imported.yaml, [`content/narrative/${id}/en.md`]: imported.narrative}, id)
    const {result, problems} = importMarkdown(text('en'), {path: 'index.md', file: file('en')})
    expect(problems).toEqual([])
    expect(result?.report.results).toHaveLength(6)
    expect(parse(result?.yaml ?? '')).toEqual(parse(imported.yaml))
    const note = (/** @type {string} */ n) => parseNarrative(n).sections['workload-oltp_update_non_index']?.markdown
    expect(note(result?.narrative ?? '')).toBe(note(imported.narrative))
  })
})
