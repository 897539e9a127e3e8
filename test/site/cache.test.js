import {existsSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const other = REPORT.replace('id: minimal', 'id: other')

/** A fixture project with two reports. */
function project() {
  return fixtureSite({
    'data/reports/minimal.yaml': REPORT,
    'data/reports/other.yaml': other,
    'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n'
  })
}

describe('the build cache', () => {
  test('should derive and chart only the report whose data changed, and show its new number', async () => {
    const {root, env} = project()
    const first = await buildSite({root, env})
    // one rendering shared by en, zh and ja; the other report's is the same chart
    expect([first.reports, first.unchanged, first.charts]).toEqual([2, 0, {rendered: 1, cached: 1}])

    const again = await buildSite({root, env})
    expect([again.reports, again.unchanged, again.charts]).toEqual([2, 2, {rendered: 0, cached: 0}])

    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    const changed = await buildSite({root, env})
    expect([changed.reports, changed.unchanged, changed.charts]).toEqual([2, 1, {rendered: 1, cached: 0}])
    expect(readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')).toContain('1,234')
  })

  test('should not read a report whose files are as they were, and read one rewritten with the same size', async () => {
    const {root, env} = project()
    // files written in the last 2 s are read whatever their stamp says (tools/site/stamps.js)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    await buildSite({root, env})
    const again = await buildSite({root, env})
    expect([again.unchanged, again.unread]).toEqual([2, 2])

    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    const changed = await buildSite({root, env})
    expect([changed.unchanged, changed.unread, changed.charts]).toEqual([1, 1, {rendered: 1, cached: 0}])
    expect(readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')).toContain('1,234')
  })

  test('should check a changed narrative again and keep the warnings of unchanged reports', async () => {
    const {root, env} = project()
    writeFileSync(join(root, 'content/narrative/minimal/zh.md'), '---\nreport: minimal\nlang: zh\n---\n\n## 目的 {#purpose}\n\n原因。\n')
    const first = await buildSite({root, env})
    const unstamped = first.problems.filter((p) => p.rule === 'unstamped').map((p) => `${p.file} ${p.severity}`)
    expect(unstamped).toEqual(['content/narrative/minimal/zh.md warning'])

    const again = await buildSite({root, env})
    expect(again.unchanged).toBe(2)
    expect(again.problems.filter((p) => p.rule === 'unstamped').map((p) => `${p.file} ${p.severity}`)).toEqual(unstamped)

    writeFileSync(join(root, 'content/narrative/minimal/zh.md'), '---\nreport: other\nlang: zh\n---\n\n## 目的 {#purpose}\n\n原因。\n')
    const broken = await buildSite({root, env})
    expect(broken.built).toBe(false)
    expect(broken.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
      'content/narrative/minimal/zh.md:2 Unexpected report `other` in front matter, expected `minimal`'
    ])
  })

  test('should drop the derived data of a report that was removed', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    rmSync(join(root, 'data/reports/other.yaml'))
    const after = await buildSite({root, env})
    expect(after.reports).toBe(1)
    expect(() => readFileSync(join(root, '.benchdoc/data/reports/other.json'))).toThrow(/ENOENT/)
  })
})

describe('charts', () => {
  test('should carry each language its own labels', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const chart = (/** @type {string} */ lang) => readFileSync(join(root, `.benchdoc/static/charts/minimal/${lang}/oltp_point_select.svg`), 'utf8')
    expect(chart('en')).toContain('>Threads</text>')
    expect(chart('zh')).toContain('>线程数</text>')
    expect(chart('ja')).toContain('>P95 レイテンシ（ms）</text>')
    expect(chart('en')).not.toContain('\u2039')
    // one rendering for all three: only the words and numbers differ
    const marks = (/** @type {string} */ svg) => svg.replace(/<title>[^<]*<\/title>|aria-label="[^"]*"|>[^<]*<\/text>/g, '')
    expect(marks(chart('ja'))).toBe(marks(chart('zh')))
    expect(marks(chart('en'))).toBe(marks(chart('zh')))
    expect(chart('en')).toContain('>1K</text>')
    expect(chart('zh')).toContain('>1000</text>')
  })

  test('should write one file for the languages whose chart has the same words and numbers, and show it on each page', async () => {
    // ja labelled and numbered as zh is
    const config = readFileSync(join(ROOT, 'config.toml'), 'utf8').replace('languageCode = "ja"', 'languageCode = "zh-CN"')
    expect(config).toContain('languageCode = "zh-CN"\n    contentDir = "content/ja"')
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT, 'i18n/ja.yaml': readFileSync(join(ROOT, 'i18n/zh.yaml'), 'utf8'), 'config.toml': config})
    expect((await buildSite({root, env})).built).toBe(true)
    const src = (/** @type {string} */ lang) => readFileSync(join(root, `public/${lang}/reports/minimal/index.html`), 'utf8').match(/<img src="([^"?]+)/)?.[1]
    expect([src('en'), src('zh'), src('ja')]).toEqual(['/charts/minimal/en/oltp_point_select.svg', '/charts/minimal/zh/oltp_point_select.svg', '/charts/minimal/zh/oltp_point_select.svg'])
    expect(existsSync(join(root, '.benchdoc/static/charts/minimal/ja'))).toBe(false)
  })
})
