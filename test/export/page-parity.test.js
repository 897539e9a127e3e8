import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'yaml'
import {beforeAll, describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile} from '../../tools/site/export-files.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

/**
 * The export says what the page says, in the page's words (native reading of 2 December 2026,
 * Z5–Z30 and J5–J26): the version facts, dates, counts, options, topology, workload names,
 * brackets and headings as the page writes them, and it still reads back into the same data.
 */

/** Three versions, a month for a date, thousands of threads, an instance counted twice. */
const THREE = `id: three
kind: comparison
date: 2017-02
subjects:
  - {id: v4, product: TiDB, version: v4.0.19}
  - {id: v5, product: TiDB, version: v5.0.13}
  - {id: v6, product: TiDB, version: v6.0.19}
topology:
  - {hosts: [h1], instances: [{component: TiDB, count: 2}, {component: PD}]}
plan:
  table_size: 10000000
  workloads:
    - {name: oltp_point_select, threads: [150, 1200]}
results:
${[[150, 1000], [1200, 2000]].flatMap(([threads, tps]) => ['v4', 'v5', 'v6'].map((s, i) => `  - {subject: ${s}, workload: oltp_point_select, threads: ${threads}, tps: ${tps + i * 100}, latency_p95: 2}`)).join('\n')}
`

/** A component's settings for one subject met again after another component's. */
const AGAIN = `id: again
kind: comparison
subjects:
  - {id: a, product: TiDB, version: v1.0.3}
  - {id: b, product: TiDB, version: v2.0.10}
parameters:
  - {component: TiDB, subjects: [a], format: toml, content: "x = 1\\n"}
  - {component: TiKV, subjects: [a], format: toml, content: "y = 1\\n"}
  - {component: TiDB, subjects: [a], format: toml, content: "x = 2\\n"}
plan:
  workloads:
    - {name: oltp_point_select, threads: [8]}
results:
  - {subject: a, workload: oltp_point_select, threads: 8, qps: 100}
  - {subject: b, workload: oltp_point_select, threads: 8, qps: 110}
`

/** The page's note where a language has no narrative (`narrative_none`), which is no narrative. @type {Record<string, string>} */
const NONE = {en: 'No narrative has been written', zh: '本报告暂无文字说明', ja: 'このレポートの本文はまだ'}

let root = ''
/** @param {string} id @param {string} lang */
const md = (id, lang) => readFileSync(exportFile(join(root, '.benchdoc'), id, lang), 'utf8')
/** A section's text below its heading. @param {string} text @param {string} id */
const section = (text, id) => text.split(` {#${id}}\n\n`)[1].split('\n## ')[0].trim()

beforeAll(async () => {
  ;({root} = fixtureSite({
    'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'),
    'data/reports/tidb-v4.0-vs-v3.0.yaml': readFileSync(join(ROOT, 'data/reports/tidb-v4.0-vs-v3.0.yaml'), 'utf8'),
    'data/reports/three.yaml': THREE,
    'data/reports/again.yaml': AGAIN,
    // a narrative in English alone: the zh and ja pages say where to read it
    'content/narrative/tidb-v4.0-vs-v3.0/en.md': readFileSync(join(ROOT, 'content/narrative/tidb-v4.0-vs-v3.0/en.md'), 'utf8')
  }))
  const prepared = await prepareSite({root})
  expect(prepared.problems.filter((p) => p.severity === 'error')).toEqual([])
}, 120_000)

describe('the export in the page\'s words', () => {
  it('should name the subjects and their shared version, date the report and head the section as the page does (Z5, Z7, Z21)', () => {
    expect(md('mariadb-demo', 'zh')).toContain('\n## 测试版本与时间 {#version}\n\n测试对象：flush at commit、flush each second\n\n版本：MariaDB 10.11.19（2 种配置）\n\n日期：2026 年 11 月 26 日\n')
    expect(md('mariadb-demo', 'ja')).toContain('\nテスト対象：flush at commit、flush each second\n\nバージョン：MariaDB 10.11.19（2 種類の構成）\n\n実施日：2026年11月26日\n')
    expect(md('mariadb-demo', 'en')).toContain('\nSubjects: flush at commit, flush each second\n\nVersion: MariaDB 10.11.19 (2 configurations)\n\nDate: November 26, 2026\n')
    expect(section(md('three', 'zh'), 'version')).toBe('版本：TiDB v4.0.19、TiDB v5.0.13、TiDB v6.0.19\n\n日期：2017 年 2 月')
    expect(md('tidb-v4.0-vs-v3.0', 'zh')).toContain('\n## 测试版本 {#version}\n\n版本：TiDB v3.0、TiDB v4.0\n')
    expect(md('tidb-v4.0-vs-v3.0', 'ja')).toContain('\n## テスト対象のバージョン {#version}\n')
  })

  it('should write the plan\'s counts, options and workloads as the page, and its sentence for a plan without thread counts (Z6, Z17, Z22, Z23)', () => {
    const zh = section(md('mariadb-demo', 'zh'), 'plan')
    expect(zh).toContain('\n- 每张表行数：1 万\n')
    expect(zh).toContain('\n- 其他选项：`--histogram=on`\n\n| 测试场景 | 线程数 |\n| --- | --- |\n| 只读 `oltp_read_only` | 1、2、4 |\n| 读写 `oltp_read_write` | 1、2、4 |\n')
    expect(section(md('mariadb-demo', 'ja'), 'plan')).toContain('\n- 追加オプション：`--histogram=on`\n')
    expect(section(md('three', 'zh'), 'plan')).toContain('- 每张表行数：1000 万\n\n| 测试场景 | 线程数 |\n| --- | --- |\n| 点查 `oltp_point_select` | 150、1200 |')
    expect(section(md('three', 'ja'), 'plan')).toContain('- テーブルあたりの行数：10,000,000\n\n| ワークロード | スレッド数 |\n| --- | --- |\n| Point Select `oltp_point_select` | 150、1,200 |')
    // no thread counts: no column for them, and ${THREADS} is the reader's choice
    const none = section(md('tidb-v4.0-vs-v3.0', 'zh'), 'plan')
    expect(none).toContain('\n| 测试场景 |\n| --- |\n| 点查 `oltp_point_select` |\n')
    expect(none.split('\n').at(-1)).toBe('将 ${HOST}、${PORT}、${USER} 和 ${PASSWORD} 替换为你的连接信息；${WORKLOAD} 依次取上表列出的测试场景，${THREADS} 取你选定的线程数（原报告未给出线程数）。')
    expect(section(md('tidb-v4.0-vs-v3.0', 'ja'), 'plan').split('\n').at(-1)).toBe('${HOST}、${PORT}、${USER}、${PASSWORD} は接続先に合わせて置き換えてください。${WORKLOAD} には上に挙げたワークロードを順に指定します。スレッド数はレポートに記載がないため、${THREADS} には任意の値を指定してください。')
  })

  it('should write the topology as the page, a count only above one (Z25)', () => {
    expect(section(md('mariadb-demo', 'zh'), 'topology')).toBe('| 主机 | 部署实例 |\n| --- | --- |\n| vm | MariaDB、Sysbench |')
    expect(section(md('three', 'ja'), 'topology')).toBe('| ホスト | デプロイしたインスタンス |\n| --- | --- |\n| h1 | 2 × TiDB、PD |')
  })

  it('should bracket its headings and notes as the language does, and put the subject first in every column head (Z24, Z27)', () => {
    expect(md('mariadb-demo', 'zh')).toContain('\n### MariaDB（flush at commit）\n')
    expect(md('mariadb-demo', 'en')).toContain('\n### MariaDB (flush at commit)\n')
    // a verdict's repeats and CV in its brackets, no bracket beside another
    expect(md('mariadb-demo', 'zh')).toContain('\n| 1 | 229.14（相对极差 149.9%） | 9.91 | 325.97（相对极差 133.1%） | 6.21 | +32.53%（95% 置信区间 −40.8% 至 +196.5%，无法判定；重复 3 次（基线 3 次），变异系数 59.7%） |')
    expect(md('mariadb-demo', 'ja')).toContain('\n| 1 | 229.14（相対レンジ 149.9%） |')
    expect(md('mariadb-demo', 'en')).toContain('\n| 1 | 229.14 (spread 149.9%) | 9.91 | 325.97 (spread 133.1%) | 6.21 | +32.53% (95% CI −40.8% to +196.5%), inconclusive (3 vs 3 repeats, CV 59.7%) |')
    expect(md('three', 'zh')).toContain('\n| 线程数 | v4 TPS | v4 P95 延迟（毫秒） | v5 TPS | v5 P95 延迟（毫秒） | v6 TPS | v6 P95 延迟（毫秒） | v5 TPS 变化（%） | v6 TPS 变化（%） | v5 P95 延迟变化（%） | v6 P95 延迟变化（%） |\n')
    expect(md('three', 'en')).toContain(' | v5 TPS change (%) | v6 TPS change (%) | v5 p95 change (%) | v6 p95 change (%) |\n')
  })

  it('should name each workload as the page, head the summary by version where the subjects are versions, and word the mean of the changes once (Z23, Z26, Z30)', () => {
    const zh = md('three', 'zh')
    expect(zh).toContain('\n### 点查 `oltp_point_select` {#workload-oltp_point_select}\n')
    expect(zh).toContain('\nv5 对比 v4（各测试点变化的平均值）：TPS +7.50%。\n')
    expect(parse(zh.split('---\n')[1]).summary).toBe('v5 对比 v4，各测试场景的 TPS 变化（各测试点变化的平均值）：点查 +7.50%。v6 对比 v4，各测试场景的 TPS 变化（各测试点变化的平均值）：点查 +15.00%。')
    expect(section(zh, 'summary')).toContain('| 测试场景 | 版本 | TPS 相比 v4 的变化（%） |\n| --- | --- | ---: |\n| 点查 `oltp_point_select` | v5 | +7.50% |\n')
    expect(md('three', 'ja')).toContain('\nv4 に対する v5 の変化率（測定点ごとの変化率の平均）：TPS +7.50%。\n')
    expect(section(md('three', 'ja'), 'summary')).toContain('| ワークロード | バージョン | v4 に対する TPS の変化率（%） |')
    // the subjects of the demo are configurations of one version: subjects
    expect(section(md('mariadb-demo', 'zh'), 'summary')).toContain('| 测试场景 | 测试对象 | TPS 相比 flush at commit 的变化（%） |')
  })

  it('should promise repeats in the downloads only where there are some, and show the page\'s note where there is no narrative (Z18, point 4)', () => {
    expect(section(md('three', 'zh'), 'results').split('\n')[0]).toBe('每个测试点的全部指标见下载文件：[CSV 数据（每个测试点一行）](/downloads/three/three.csv)、[JSON 格式的报告数据](/downloads/three/three.json)。')
    expect(section(md('three', 'ja'), 'results').split('\n')[0]).toMatch(/^各測定点のすべての指標は、次のファイルからダウンロードできます：\[/)
    expect(section(md('mariadb-demo', 'zh'), 'results').split('\n')[0]).toMatch(/^每个测试点的全部指标及每次重复的数据见下载文件：\[/)
    expect(section(md('three', 'zh'), 'purpose')).toBe('本报告暂无文字说明，但本页的测试数据是完整的。')
    expect(section(md('three', 'ja'), 'purpose')).toBe('このレポートの本文はまだ書かれていません。このページのデータはすべてそろっています。')
    expect(section(md('tidb-v4.0-vs-v3.0', 'zh'), 'purpose')).toBe('本报告的正文暂无中文版本，现有以下语言版本：[English](/en/reports/tidb-v4.0-vs-v3.0/)。本页的测试数据是完整的。')
    const {result, problems} = importMarkdown(md('tidb-v4.0-vs-v3.0', 'zh'), {path: 'a.md', file: exportFile(join(root, '.benchdoc'), 'tidb-v4.0-vs-v3.0', 'zh')})
    expect(problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(result?.narrative).not.toContain('本报告的正文暂无')
  })

  it('should read each of them back into the same data, the date, plan and topology from the sidecar, and no narrative of the note', () => {
    for (const lang of ['en', 'zh', 'ja']) {
      const {result, problems} = importMarkdown(md('three', lang), {path: 'three.md', file: exportFile(join(root, '.benchdoc'), 'three', lang)})
      expect(problems, lang).toEqual([])
      expect(parse(result?.yaml ?? ''), lang).toEqual({schema_version: 1, ...parse(THREE)})
      expect(result?.narrative, lang).not.toContain(NONE[lang])
    }
  })

  it('should number a parameter block met again in the words of the page\'s language, and read it back as the same subject\'s (Z1, J1 of the third reading)', () => {
    const heading = {en: '### TiDB (TiDB v1.0.3, block 2)', zh: '### TiDB（TiDB v1.0.3、第 2 组配置）', ja: '### TiDB（TiDB v1.0.3、設定 2）'}
    for (const lang of /** @type {const} */ (['en', 'zh', 'ja'])) {
      expect(md('again', lang), lang).toContain(`\n${heading[lang]}\n`)
      const {result, problems} = importMarkdown(md('again', lang), {path: 'again.md', file: exportFile(join(root, '.benchdoc'), 'again', lang)})
      expect(problems, lang).toEqual([])
      expect(parse(result?.yaml ?? '').parameters, lang).toEqual(parse(AGAIN).parameters)
    }
  })
})
