import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {CONFIG, EN, LABELS, ZH, project} from './project.js'
import {ROOT} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

const Z = 'content/narrative/r/zh.md'

/** A project with en and zh labels, and the r narrative in en and zh (zh stamped first). */
async function stamped(/** @type {string} */ zh = ZH, /** @type {Record<string, string>} */ more = {}) {
  const p = project({
    'i18n/en.yaml': LABELS.en,
    'i18n/zh.yaml': LABELS.zh,
    'content/narrative/r/en.md': EN,
    'content/narrative/r/zh.md': ZH,
    ...more
  })
  expect((await p.run(['stamp', 'r', 'zh', '--force'])).code).toBe(0)
  // Replace the body, keep the stamp: the stamp adds 8 lines after `lang: zh`.
  const stampedText = p.read(Z)
  const front = stampedText.slice(0, stampedText.indexOf('\n---\n') + 5)
  p.write(Z, front + zh.slice(zh.indexOf('\n---\n') + 5))
  return p
}

/** Lines of the body move down by the 8 stamp lines (key, lang, sections, two digests, translation, two digests). */
const S = 8

describe('benchdoc i18n check: narratives', () => {
  test('should accept a faithful, stamped translation (full-width digits, grouping and spelled counts agree)', async () => {
    const result = await (await stamped()).run(['check'])
    expect(result.lines).toEqual(['2 label files and 1 report checked: 0 errors, 0 warnings'])
    expect(result.code).toBe(0)
  })

  test('should warn about a translation without `translated_from`', async () => {
    const p = project({'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, 'content/narrative/r/en.md': EN, 'content/narrative/r/zh.md': ZH})
    const result = await p.run(['check'])
    expect(result.lines).toEqual([
      `${Z}:1:1: warning: Missing \`translated_from\` in front matter, expected the digests of the en.md sections this translates (\`benchdoc i18n stamp r zh\`) [unstamped]`,
      '2 label files and 1 report checked: 0 errors, 1 warning'
    ])
    expect(result.code).toBe(0)
  })

  test('should report numbers that differ, at the translated section', async () => {
    const result = await (await stamped(ZH.replace('4.5 %', '4.6%').replace('1000', '100'))).run(['check'])
    expect(result.lines).toEqual([
      `${Z}:${10 + S}:1: error: Unexpected numbers in section \`conclusions\`: missing \`4.5%\` and \`1000\`, extra \`4.6%\` and \`100\`, expected the numbers of en.md:10 [numbers-differ]`,
      '2 label files and 1 report checked: 1 error, 0 warnings'
    ])
    expect(result.code).toBe(1)
  })

  test('should ignore list numbering', async () => {
    const zh = ZH.replace('- Point Select', '1. Point Select').replace('- 从', '2. 从')
    expect((await (await stamped(zh)).run(['check'])).code).toBe(0)
  })

  test('should report a count written in digits that the source does not state', async () => {
    const result = await (await stamped(ZH.replace('从 1000 线程起领先', '从 1000 线程起，3 种负载领先'))).run(['check'])
    expect(result.lines[0]).toBe(
      `${Z}:${10 + S}:1: error: Unexpected numbers in section \`conclusions\`: extra \`3\`, expected the numbers of en.md:10 [numbers-differ]`
    )
  })

  test('should report a missing section where it belongs, and an extra one at its heading', async () => {
    const zh = ZH.replace(/## 测试目的[^]*?(?=## 测试结论)/, '').replace('- 从 1000 线程起领先。\n', '- 从 1000 线程起领先。\n\n## 其他 {#other}\n\n文字。\n')
    const result = await (await stamped(zh)).run(['check'])
    expect(result.lines).toEqual([
      `${Z}:${6 + S}:1: error: Missing section \`purpose\` of en.md:6, expected its translation before \`conclusions\` [missing-section]`,
      `${Z}:${11 + S}:1: error: Unexpected section \`other\`, expected one of the sections of en.md: \`purpose\`, \`conclusions\` [extra-section]`,
      '2 label files and 1 report checked: 2 errors, 0 warnings'
    ])
  })

  test('should report a missing last section at the end of the file', async () => {
    const zh = ZH.slice(0, ZH.indexOf('## 测试结论'))
    const result = await (await stamped(zh)).run(['check'])
    expect(result.lines[0]).toBe(
      `${Z}:${9 + S}:1: error: Missing section \`conclusions\` of en.md:10, expected its translation at the end [missing-section]`
    )
  })

  test('should warn about inline code and link URLs that differ, and a product name translated away', async () => {
    const zh = ZH.replace('`raftstore.store-pool-size`', '`raftstore.store_pool_size`')
      .replace('https://docs.pingcap.com/tidb', 'https://docs.pingcap.com/zh/tidb')
      .replace('TiDB v6.0.0 运行', '该数据库 v6.0.0 运行')
    const result = await (await stamped(zh)).run(['check'])
    expect(result.lines).toEqual([
      `${Z}:${6 + S}:1: warning: Unexpected inline code in section \`purpose\`: missing \`raftstore.store-pool-size\`, extra \`raftstore.store_pool_size\`, expected the code of en.md:6 [code-differs]`,
      `${Z}:${6 + S}:1: warning: Unexpected links in section \`purpose\`: missing \`https://docs.pingcap.com/tidb\`, extra \`https://docs.pingcap.com/zh/tidb\`, expected the URLs of en.md:6 [links-differ]`,
      `${Z}:${6 + S}:1: warning: Missing \`TiDB\` in section \`purpose\`, expected it untranslated as in en.md:6 [term-missing]`,
      '2 label files and 1 report checked: 0 errors, 3 warnings'
    ])
    expect(result.code).toBe(0)
  })

  test('should report a machine-mangled term at its place', async () => {
    const result = await (await stamped(ZH.replace('TiDB v6.0.0 运行', 'ティビ v6.0.0 运行'))).run(['check'])
    expect(result.lines).toEqual([
      `${Z}:${6 + S}:1: warning: Missing \`TiDB\` in section \`purpose\`, expected it untranslated as in en.md:6 [term-missing]`,
      `${Z}:${8 + S}:1: error: Unexpected \`ティビ\`, expected \`TiDB\` (a machine-translation error) [forbidden-term]`,
      '2 label files and 1 report checked: 1 error, 1 warning'
    ])
    const inLine = await (await stamped(ZH.replace('Update Index 提升', 'Update Index（品質保証）提升'))).run(['check'])
    expect(inLine.lines[0]).toBe(`${Z}:${12 + S}:39: error: Unexpected \`品質保証\`, expected \`QPS\` (a machine-translation error) [forbidden-term]`)
    const heading = await (await stamped(ZH.replace('## 测试结论', '## ティビ 测试结论'))).run(['check'])
    expect(heading.lines[0]).toBe(`${Z}:${10 + S}:4: error: Unexpected \`ティビ\`, expected \`TiDB\` (a machine-translation error) [forbidden-term]`)
  })

  test('should warn, at the source, about a site language with no narrative, naming the command that starts it', async () => {
    const p = project({
      'i18n/en.yaml': LABELS.en,
      'i18n/zh.yaml': LABELS.zh,
      'i18n/ja.yaml': LABELS.zh.replace('Sysbench 性能测试报告', 'Sysbench 性能テストレポート').replace('由 {{ .id }}.yaml 生成', '{{ .id }}.yaml から生成'),
      'config.toml': CONFIG,
      'content/narrative/r/en.md': EN
    })
    const result = await p.run(['check'])
    expect(result.lines).toEqual([
      'content/narrative/r/en.md:1:1: warning: Missing `zh.md`, expected a zh translation of en.md (the zh page shows a notice instead); start one with `benchdoc i18n init r zh` [missing-translation]',
      'content/narrative/r/en.md:1:1: warning: Missing `ja.md`, expected a ja translation of en.md (the ja page shows a notice instead); start one with `benchdoc i18n init r ja` [missing-translation]',
      '3 label files and 1 report checked: 0 errors, 2 warnings'
    ])
    expect(result.code).toBe(0)
  })

  test('should report a stamp it cannot read, and a source language without a narrative', async () => {
    const p = project({'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, 'content/narrative/r/en.md': EN})
    p.write(Z, ZH.replace('lang: zh\n', 'lang: zh\ntranslated_from:\n  lang: en\n  sections:\n    purpose: 123\n'))
    expect((await p.run(['check'])).lines[0]).toBe(
      `${Z}:7:1: error: Unexpected digest \`123\` for section \`purpose\`, expected 12 lowercase hex digits in quotes [stamp-format]`
    )
    p.write(Z, ZH.replace('lang: zh\n', 'lang: zh\ntranslated_from:\n  lang: de\n  sections: {}\n'))
    expect((await p.run(['check'])).lines[0]).toBe(
      `${Z}:5:1: error: Unexpected \`translated_from.lang\` \`de\`, expected the language of another narrative of this report, such as \`en\` [unknown-source]`
    )
  })

  test('should warn about a percentage in the conclusions that is not a figure of the report', async () => {
    const data = readFileSync(join(ROOT, 'data/reports/tidb-v4.0-vs-v3.0.yaml'), 'utf8')
    const en = EN.replace('by 5.055%, update index by 4.5%', 'by 14%, update index by 16%')
    const zh = ZH.replace('５．０５５％', '14%').replace('4.5 %', '16%')
    const p = await stamped(zh, {'content/narrative/r/en.md': en, 'data/reports/r.yaml': data})
    const result = await p.run(['check'])
    expect(result.lines).toEqual([
      'content/narrative/r/en.md:12:49: warning: Unexpected `16%` in section `conclusions`, expected a stated or derived % change of data/reports/r.yaml [unknown-figure]',
      `${Z}:${12 + S}:39: warning: Unexpected \`16%\` in section \`conclusions\`, expected a stated or derived % change of data/reports/r.yaml [unknown-figure]`,
      '2 label files and 1 report checked: 0 errors, 2 warnings'
    ])
  })

  test('should check only the named reports, and refuse an unknown one', async () => {
    const p = await stamped()
    expect((await p.run(['check', 'r'])).lines).toEqual(['1 report checked: 0 errors, 0 warnings'])
    await expect(p.run(['check', 'nope'])).rejects.toThrow(exactly(
      'Unknown report `nope`, expected a folder in content/narrative/ or a file in data/reports/'
    ))
  })
})

describe('benchdoc i18n check: labels', () => {
  test('should report keys, fields, empty labels, mangled and missing terms at their lines', async () => {
    const zh = [
      'site_title: "システムベンチ 性能测试报告"', // 1: mangled, and Sysbench missing
      'site_generated: "由 {{ .name }}.yaml 生成"', // 2: wrong field
      'result_qps: ""', //                          3: empty, and QPS missing
      'site_extra: "多余"' //                       4: extra
    ].join('\n') + '\n'
    const p = project({'i18n/en.yaml': LABELS.en + 'site_motto: "Reports"\n', 'i18n/zh.yaml': zh})
    const result = await p.run(['check'])
    expect(result.lines).toEqual([
      'i18n/zh.yaml:1:13: warning: Missing `Sysbench` in `site_title`, expected it untranslated as in en.yaml:1 [term-missing]',
      'i18n/zh.yaml:1:14: error: Unexpected `システムベンチ` in `site_title`, expected `Sysbench` (a machine-translation error) [forbidden-term]',
      'i18n/zh.yaml:2:17: error: Unexpected fields `{{ .name }}` in `site_generated`, expected `{{ .id }}` as in en.yaml:3 [label-fields]',
      'i18n/zh.yaml:3:1: error: Missing label `site_motto` of en.yaml:4, expected it after `site_generated` [label-missing]',
      'i18n/zh.yaml:3:13: error: Unexpected empty label `result_qps`, expected text [label-empty]',
      'i18n/zh.yaml:3:13: warning: Missing `QPS` in `result_qps`, expected it untranslated as in en.yaml:2 [term-missing]',
      'i18n/zh.yaml:4:1: error: Unexpected label `site_extra`, expected only the keys of en.yaml [label-extra]',
      '2 label files and 0 reports checked: 5 errors, 2 warnings'
    ])
    expect(result.code).toBe(1)
  })
})
