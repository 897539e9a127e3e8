import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {main} from '../../tools/cli.js'
import {importMarkdown} from '../../tools/import/import.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {fixture} from '../helpers/paths.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const EN = '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n\n## Conclusions {#conclusions}\n\nIt is faster.\n'

/** @param {string} root @param {string[]} argv */
async function run(root, argv) {
  let out = ''
  let err = ''
  const code = await main(argv, {cwd: root, env: {}, out: (t) => void (out += t), err: (t) => void (err += t)})
  return {code, out, err}
}

describe('a translation in the export', () => {
  it('should say it is stale, and show an untranslated section\'s source marked, as the page does, plain and --docs, and read back without them', async () => {
    const {root} = fixtureSite({'data/reports/minimal.yaml': REPORT, 'content/narrative/minimal/en.md': EN})
    const zh = join(root, 'content/narrative/minimal/zh.md')
    expect((await run(root, ['i18n', 'init', 'minimal', 'zh'])).code).toBe(0)
    const scaffold = readFileSync(zh, 'utf8')
    writeFileSync(zh, scaffold.replace(/<!-- benchdoc-translate[^>]*?Why\.\n-->/, '为什么。'))
    const stamped = await run(root, ['i18n', 'stamp', 'minimal', 'zh', '--force'])
    expect(stamped.code, stamped.err).toBe(0)
    writeFileSync(join(root, 'content/narrative/minimal/en.md'), EN.replace('Why.', 'Why, now.'))
    expect((await run(root, ['i18n', 'status'])).out).toBe('report   en      zh                 ja\nminimal  source  stale (1 section)  missing\n')
    const out = join(root, 'out')
    const exported = await run(root, ['export', 'minimal', '--lang', 'zh', '--out', out])
    expect(exported.code, exported.err).toBe(0)
    const md = readFileSync(join(out, 'zh', 'minimal.md'), 'utf8')
    const docs = join(root, 'docs')
    expect((await run(root, ['export', 'minimal', '--lang', 'zh', '--docs', '--out', docs])).code).toBe(0)
    // the documentation layout the same, its chart link aside
    expect(readFileSync(join(docs, 'benchmark', 'minimal.md'), 'utf8').replace('/media/minimal/oltp_point_select.svg', '/charts/minimal/oltp_point_select.svg#zh')).toBe(md)
    expect(md).toContain('\n# MariaDB Sysbench 性能测试报告：MariaDB 11.4 对比 MariaDB 10.11\n\n本译文有 1 个章节未随原文更新；最新内容请阅读： [English](/en/reports/minimal/)\n\n## 测试目的 {#purpose}\n\n为什么。\n')
    expect(md).toContain('\n## 结论 {#conclusions}\n\n尚未翻译，显示的是原文（英语）\n\n<div lang="en">\n\nIt is faster.\n\n</div>\n')
    expect(md).not.toContain('benchdoc-translate')
    // read back, the notes are not the translation's text, and the section not translated yet is missing again
    const {result} = importMarkdown(md, {path: 'minimal.md', file: join(out, 'zh', 'minimal.md')})
    expect(result?.narrative).toBe('---\nreport: minimal\nlang: zh\n---\n\n## 测试目的 {#purpose}\n\n为什么。\n')
  })
})
