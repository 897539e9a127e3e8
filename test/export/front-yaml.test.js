import {describe, expect, it} from 'vitest'
import {frontMatterByYaml, frontMatterText} from '../../tools/export/front-matter.js'
import {frontYaml} from '../../tools/export/front-yaml.js'
import {CJK_PUNCTUATION} from '../../tools/export/text.js'

/**
 * The export's front matter is written directly for its common shape
 * (front-yaml.js) and by `yaml` for the rest: the two must give the same
 * bytes, whatever the strings hold.
 */

/** @param {Record<string, unknown>} extra @param {string} [lang] */
const input = (extra, lang = 'en') => ({
  title: 'TiDB Sysbench performance test report: v1.2.0 vs v1.0.0',
  summary: 'v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%.',
  aliases: [],
  facts: {id: 'bench-0000', lang, kind: 'comparison', subjects: ['v1.0.0', 'v1.2.0'], product: 'TiDB', baseline: 'v1.0.0', metric: /** @type {const} */ ('qps'), ...extra}
})

const STRINGS = [
  '', ' ', 'x', '42', '-7', '0.5', '.5', '1e3', '0x1F', '0o17', 'true', 'False', 'NULL', 'null', '~', '.inf', '-.Inf', '.nan', 'yes', 'no', 'on',
  'v1.0.0', '2020-01-01', '- x', '-', '?', '? x', '-x', 'a: b', 'a:b', 'a:', 'a #b', 'a#b', '#a', '&a', '*a', '!a', '|a', '>a', '%a', '@a', '`a',
  '[a', 'a]', 'a,b', '{a}', 'a b ', ' a', 'a\tb', 'a\nb', '---', '--- a', '...', 'a "b"', "it's", 'a\\b', 'a/b', 'MySQL 8.0 (InnoDB)',
  'v1.2.0@oltp_point_select', 'TiDB 节点', '性能测试报告：v6.0', 'TiDB Sysbench 性能测试报告：v6.0 对比 v5.4', '「引用」', 'ｘ', '\u00a0a', 'a\u2028b', '😀',
  'a\x7fb', 'a\x85b', 'é', 'a: b: c', 'http://x.y/z', '/docs/v5.4/a.md'
]

describe('the front matter written without yaml', () => {
  it('should write the generated reports\' front matter itself, as yaml writes it', () => {
    const front = input({order: ['v1.0.0@oltp_point_select', 'v1.2.0@oltp_point_select']})
    expect(frontYaml({title: front.title, summary: front.summary, benchdoc: front.facts}, CJK_PUNCTUATION)).toBe(
      'title: "TiDB Sysbench performance test report: v1.2.0 vs v1.0.0"\n' +
      'summary: "v1.2.0 compared with v1.0.0, QPS by workload (mean of the per-point changes): Point Select +5.66%."\n' +
      'benchdoc:\n  id: bench-0000\n  lang: en\n  kind: comparison\n  subjects: [v1.0.0, v1.2.0]\n  product: TiDB\n  baseline: v1.0.0\n  metric: qps\n' +
      '  order: [v1.0.0@oltp_point_select, v1.2.0@oltp_point_select]\n'
    )
    expect(frontMatterText(front)).toBe(frontMatterByYaml(front))
  })

  it('should leave to yaml what it does not write itself (a map of labels, a list in block style)', () => {
    expect(frontYaml({title: 't', benchdoc: {id: 'a', labels: {a: 'A'}}}, null)).toBe(null)
    expect(frontYaml({title: 't', benchdoc: {id: 'a', clients_stated: [0, 2]}}, null)).toBe(null)
    expect(frontYaml({title: '性能：a'}, CJK_PUNCTUATION)).toBe(null)
    const front = input({labels: {'v1.0.0': 'old: one'}, clients_stated: [0, 2], point_clients: true})
    expect(frontMatterText(front)).toBe(frontMatterByYaml(front))
  })

  for (const lang of ['en', 'zh', 'ja']) {
    it(`should write every string as yaml does, in a title, a value and a list (${lang})`, () => {
      for (const s of STRINGS) {
        for (const front of [
          {...input({}, lang), title: s},
          {...input({product: s, baseline: s}, lang), summary: s},
          {...input({subjects: [s, 'b'], order: [s, 3, 0]}, lang), aliases: [s, `/${s}`]}
        ]) {
          expect(frontMatterText(front), JSON.stringify(s)).toBe(frontMatterByYaml(front))
        }
      }
    })
  }

  it('should write numbers and booleans as yaml does', () => {
    for (const value of [0, 7, 123456789, -1, -0, 1.5, 1e21, Number.MAX_SAFE_INTEGER + 2, true, false, null]) {
      const front = input({point_clients: value, order: [value, 1]})
      expect(frontMatterText(front), String(value)).toBe(frontMatterByYaml(front))
    }
  })
})
