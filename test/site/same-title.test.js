import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'

const TITLE = '{source: en, en: "TiDB Cloud Sysbench performance test report: v8.5.0", zh: "TiDB Cloud Sysbench 性能测试报告：v8.5.0"}'

/**
 * A single-subject report of TiDB v8.5.0.
 * @param {string} id @param {string} title @param {string} fields  more top-level YAML
 * @param {string[]} [workloads]
 */
const report = (id, title, fields, workloads = ['oltp_point_select']) => `id: ${id}
title: ${title}
kind: single
${fields}
subjects:
  - {id: v8.5.0, product: TiDB, version: v8.5.0}
plan:
  workloads:
${workloads.map((w) => `    - {name: ${w}, threads: [8]}`).join('\n')}
results:
${workloads.map((w) => `  - {subject: v8.5.0, workload: ${w}, threads: 8, qps: 1000, latency_avg: 1.2, latency_p95: 2.5}`).join('\n')}
`

/** Each item of a language's reports list, and the first cell of each row of its home page's table. @param {string} root @param {string} lang */
function lists(root, lang) {
  const read = (/** @type {string} */ path) => readFileSync(join(root, 'public', lang, path), 'utf8')
  return {
    reports: [...read('reports/index.html').matchAll(/<li>(<a href="[^"]*">[^]*?)<\/li>/g)].map((m) => m[1]),
    index: [...read('index.html').matchAll(/<tr>\s*<td>(<a [^]*?)<\/td>/g)].map((m) => m[1])
  }
}

/**
 * Reports of the same title in a list (two editions of one report, imported
 * apart) each show, under the title, the facts that differ between them
 * (tools/derive/apart.js): date, service, subjects, workloads; where none of
 * them does, the file its data came from. A title of its own shows none.
 */
describe('the lists of a site with reports of the same title', () => {
  test('should show under each of them what tells it from the others, in each language, and nothing under a title of its own', async () => {
    const {root, env} = fixtureSite({
      'data/reports/tidb-v8.5.0.yaml': report('tidb-v8.5.0', TITLE, 'date: 2025-01\nenvironment: {cloud: {provider: AWS, service: TiDB Cloud Dedicated}}'),
      'data/reports/tidb-v8.5.0-2.yaml': report('tidb-v8.5.0-2', TITLE, 'date: 2025-06\nenvironment: {cloud: {provider: AWS, service: TiDB Cloud Premium}}', ['oltp_point_select', 'oltp_insert']),
      'data/reports/cloud-a.yaml': report('cloud-a', 'TiDB v8.5.0 on the cloud', 'date: 2024-12\nsource: {file: en/v8.5/cloud.md, lang: en}'),
      'data/reports/cloud-b.yaml': report('cloud-b', 'TiDB v8.5.0 on the cloud', 'date: 2024-12\nsource: {file: en/dev/cloud.md, lang: en}'),
      'data/reports/minimal.yaml': report('minimal', 'A title of its own', 'date: 2024-11')
    })
    const result = await buildSite({root, env})
    expect(result.problems).toEqual([])
    const en = lists(root, 'en')
    expect(en.reports).toEqual([
      '<a href="/en/reports/tidb-v8.5.0-2/">TiDB Cloud Sysbench performance test report: v8.5.0</a><small class="apart">Date: June 2025 · Service: TiDB Cloud Premium · Workloads: Point Select, Insert</small>',
      '<a href="/en/reports/tidb-v8.5.0/">TiDB Cloud Sysbench performance test report: v8.5.0</a><small class="apart">Date: January 2025 · Service: TiDB Cloud Dedicated · Workloads: Point Select</small>',
      '<a href="/en/reports/cloud-a/">TiDB v8.5.0 on the cloud</a><small class="apart">Source: en/v8.5/cloud.md</small>',
      '<a href="/en/reports/cloud-b/">TiDB v8.5.0 on the cloud</a><small class="apart">Source: en/dev/cloud.md</small>',
      '<a href="/en/reports/minimal/">A title of its own</a>'
    ])
    expect(en.index).toEqual(en.reports)
    expect(lists(root, 'zh').reports.slice(0, 2)).toEqual([
      '<a href="/zh/reports/tidb-v8.5.0-2/">TiDB Cloud Sysbench 性能测试报告：v8.5.0</a><small class="apart">日期：2025 年 6 月／服务：TiDB Cloud Premium／测试场景：点查、插入</small>',
      '<a href="/zh/reports/tidb-v8.5.0/">TiDB Cloud Sysbench 性能测试报告：v8.5.0</a><small class="apart">日期：2025 年 1 月／服务：TiDB Cloud Dedicated／测试场景：点查</small>'
    ])
  }, 60_000)
})
