import {describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {compareWithData} from '../../tools/import/merge.js'
import {formatProblem} from '../../tools/lib/problems.js'
import {SPECS, expectedValues, shapeSource} from './shapes-spec.js'

/**
 * Every shape of published report the importer reads exactly (issue 7):
 * modes as variants, workloads in list items, products in the first column,
 * table sizes and node counts as dimensions, versions in prose, misread
 * numbers, clients from the result table, headlines in three languages,
 * drafts, and translations checked both ways. Each value is checked against
 * the simple reader in test/helpers/source-tables.js, told per fixture what
 * each cell stands for.
 */

/** @param {string} name @param {string} [text] */
function run(name, text = shapeSource(name)) {
  const {result, problems} = importMarkdown(text, {path: name})
  return {result, report: /** @type {any} */ (result?.report), messages: problems.map(formatProblem)}
}

describe('every shape of the report family, imported exactly', () => {
  for (const name of Object.keys(SPECS)) {
    it(`should import ${name} with zero errors and exactly the expected warnings`, () => {
      const {result, messages} = run(name)
      expect(messages).toEqual(SPECS[name].warnings ?? [])
      expect(result).not.toBeNull()
    })

    it(`should give every value of ${name} as a separate reader of its tables finds it, and no other`, () => {
      const {report} = run(name)
      const expected = expectedValues(name)
      for (const e of expected) {
        const point = report.results.find((/** @type {any} */ p) =>
          p.subject === e.subject && p.workload === e.workload && p.threads === e.threads && p.clients === e.clients &&
          JSON.stringify(p.dimensions) === JSON.stringify(e.dimensions))
        expect(point, JSON.stringify(e)).toBeDefined()
        expect(point[/** @type {string} */ (e.measure)], JSON.stringify(e)).toBe(e.value)
      }
      const recorded = report.results.flatMap((/** @type {any} */ p) => ['tps', 'qps', 'latency_avg', 'latency_p95', 'latency_max'].filter((m) => p[m] != null))
      expect(recorded.length).toBe(expected.length)
    })
  }

  it('should make a measure repeated per mode into subjects with a variant, ids kept short', () => {
    // A label is free text, recorded in the source's language.
    expect(run('en-modes-columns.md').report.subjects).toEqual([
      {id: 'v9.2.0-general', product: 'TiDB', version: 'v9.2.0', variant: {source: 'en', en: 'General mode'}},
      {id: 'v9.2.0-tuning', product: 'TiDB', version: 'v9.2.0', variant: {source: 'en', en: 'Tuning mode'}}
    ])
    const named = (/** @type {string} */ name) => run(name).report.subjects.map((/** @type {any} */ s) => `${s.id} ${typeof s.variant === 'string' ? s.variant : s.variant[s.variant.source]}`)
    expect(named('en-network-headings.md')).toEqual(['v9.1.4-pod Pod network', 'v9.1.4-host Host network'])
    expect(named('zh-bold-labels.md')).toEqual(['v9.1.4-m1 默认配置', 'v9.1.4-m2 调优配置'])
  })

  it('should compare products named in the first column, the one named last as the baseline', () => {
    const {result, report} = run('en-products-list.md')
    expect(result?.id).toBe('tidb-v9.0.1-vs-mysql-8.4.2')
    expect(report.subjects).toEqual([{id: 'v8.4.2', product: 'MySQL', version: '8.4.2'}, {id: 'v9.0.1', product: 'TiDB', version: 'v9.0.1'}])
    expect(report.baseline).toBe('v8.4.2')
    expect(report.plan.workloads).toEqual([{name: 'oltp_point_select', threads: [64, 128]}, {name: 'oltp_read_only', threads: [64]}])
  })

  it('should declare table size and TiDB nodes as dimensions, and keep table size out of the plan when it varies', () => {
    for (const name of ['en-table-size.md', 'zh-table-size.md']) {
      const {report} = run(name)
      expect(report.dimensions).toEqual([{name: 'table_size', label: 'dimension_table_size', unit: 'rows'}])
      expect(report.plan.table_size).toBeUndefined()
    }
    expect(run('en-scaling.md').report.dimensions).toEqual([{name: 'tidb_nodes', label: 'dimension_tidb_nodes', unit: 'nodes', component: 'TiDB'}])
  })

  it('should declare the nodes of any component, named as the headers write it, under one label', () => {
    expect(run('en-scaling-pd.md').report.dimensions).toEqual([{name: 'pd_nodes', label: 'dimension_nodes', unit: 'nodes', component: 'PD'}])
    expect(run('ja-scaling-mysql.md').report.dimensions).toEqual([{name: 'mysql_nodes', label: 'dimension_nodes', unit: 'nodes', component: 'MySQL'}])
  })

  it('should read a scaling table without a threads column at the thread count its caption or the report states', () => {
    expect(run('en-scaling-caption.md').report.plan.workloads).toEqual([{name: 'oltp_read_only', threads: [256]}])
    expect(run('zh-scaling-prose.md').report.plan.workloads).toEqual([{name: 'oltp_point_select', threads: [200]}])
  })

  it('should refuse a scaling table without a threads column when no thread count, or two, are stated, naming the table', () => {
    const source = shapeSource('en-scaling-caption.md')
    const silent = run('en-scaling-caption.md', source.replace('; sysbench ran each point with 256 threads.', '.'))
    expect(silent.result).toBeNull()
    expect(silent.messages).toContain('en-scaling-caption.md:11:1: error: Unexpected scaling table `TiDB nodes` | `QPS` | `95% latency (ms)` without a threads column: neither its caption nor the report states a thread count; expected a `Threads` column, or one thread count in its caption or the report (`… at 256 threads`). Table not read [scaling-threads]')
    // the caption decides over the report; two counts in the caption are ambiguous
    const two = run('en-scaling-caption.md', source.replace('with 256 threads', 'with 256 threads (6 nodes: 512 threads)').replace('Three TiKV', 'All runs use 64 threads. Three TiKV'))
    expect(two.messages).toContain('en-scaling-caption.md:11:1: error: Unexpected scaling table `TiDB nodes` | `QPS` | `95% latency (ms)` without a threads column: its caption states 2 thread counts (256, 512); expected a `Threads` column, or one thread count in its caption or the report (`… at 256 threads`). Table not read [scaling-threads]')
    const report = run('en-scaling-caption.md', source.replace('; sysbench ran each point with 256 threads.', '.').replace('Three TiKV', 'All runs use 64 threads. Three TiKV'))
    expect(report.messages).toEqual([])
    expect(report.report.results.map((/** @type {any} */ p) => p.threads)).toEqual([64, 64, 64, 64])
  })

  it('should read the version named only in prose, in en, zh and ja', () => {
    for (const name of ['en-scaling.md', 'zh-scaling.md', 'ja-scaling.md']) {
      expect(run(name).report.subjects, name).toEqual([{id: 'v9.3.1', product: 'TiDB', version: '9.3.1'}])
    }
  })

  it('should take clients from the result table only, never from the topology', () => {
    const {report} = run('en-clients.md')
    expect(report.plan.clients).toBeUndefined()
    expect(report.results.filter((/** @type {any} */ p) => p.workload === 'oltp_point_select').map((/** @type {any} */ p) => p.clients)).toEqual([undefined, undefined, undefined, undefined])
    expect(report.results.filter((/** @type {any} */ p) => p.workload === 'oltp_read_write').map((/** @type {any} */ p) => `${p.threads}×${p.clients}`)).toEqual(['8×3', '8×3', '16×3', '16×3'])
  })

  it('should record the same headlines from the en, zh and ja text of one report, and from a mode comparison', () => {
    const want = [{workload: 'oltp_point_select', subject: 'v9.4.0', change: 4.52}, {workload: 'oltp_update_index', subject: 'v9.4.0', change: -2.1}]
    for (const name of ['en-headlines.md', 'zh-headlines.md', 'ja-headlines.md']) expect(run(name).report.headlines, name).toEqual(want)
    // 4.52 stated, 4.5224 derived: within the `agrees` rule, so recorded.
    expect(run('en-modes-columns.md').report.headlines).toEqual([{workload: 'oltp_point_select', subject: 'v9.2.0-tuning', change: 9.65}])
  })

  it('should refuse a draft whose results are marked TODO, saying it has no results', () => {
    const {result, messages} = run('en-draft.md')
    expect(result).toBeNull()
    expect(messages).toEqual(['en-draft.md:11:1: error: No results: the report names workloads (oltp_point_select, oltp_read_write) but has no result table and no stated figure; its results are marked `TODO`. Expected a finished report; nothing imported [no-results]'])
  })

  it('should refuse two values for the same point, naming both cells', () => {
    const {result, messages} = run('en-two-values.md')
    expect(result).toBeNull()
    expect(messages).toEqual(['en-two-values.md:15:8: error: Two values for v9.0.5 × oltp_point_select × 32 threads qps: `33010.20` at en-two-values.md:9:8 and `34880.65` at en-two-values.md:15:8; expected one value per subject and coordinates (label a mode or configuration in the header, a sub-heading or a bold label) [two-values]'])
  })

  it('should keep both scenarios of one report, the second as a variant with its own dimensions', () => {
    const {result, report} = run('en-two-scenarios.md')
    expect(result?.id).toBe('tidb-v9.7.0-vs-mysql-8.0.36')
    // the product named in the first column, its version in the deployment block; MySQL, named last, the baseline
    expect(report.subjects).toEqual([
      {id: 'v8.0.36', product: 'MySQL', version: '8.0.36'},
      {id: 'v9.7.0', product: 'TiDB', version: 'v9.7.0'},
      {id: 'v9.7.0-scaling', product: 'TiDB', version: 'v9.7.0', variant: {source: 'en', en: 'scaling out'}}
    ])
    expect(report.baseline).toBe('v8.0.36')
    expect(report.dimensions.map((/** @type {any} */ d) => d.name)).toEqual(['table_size', 'tidb_nodes', 'tikv_nodes'])
    const coordinates = (/** @type {string} */ subject) => report.results.filter((/** @type {any} */ p) => p.subject === subject)
      .map((/** @type {any} */ p) => `${p.workload} ${p.threads}×${p.clients ?? 1} ${JSON.stringify(p.dimensions)}`)
    expect(coordinates('v8.0.36')).toEqual([
      'oltp_read_write 32×1 {"table_size":1000000}', 'oltp_read_write 64×1 {"table_size":1000000}', 'oltp_read_write 64×1 {"table_size":5000000}',
      'oltp_insert 32×1 {"table_size":1000000}', 'oltp_insert 64×1 {"table_size":1000000}'
    ])
    // one sysbench client of 128 threads per node: `128 * 2` on 2 nodes is 128 threads × 2 clients
    expect(coordinates('v9.7.0-scaling')).toEqual([
      'oltp_read_write 128×1 {"tidb_nodes":1,"table_size":1000000}', 'oltp_read_write 128×2 {"tidb_nodes":2,"table_size":1000000}',
      'oltp_read_write 128×3 {"tidb_nodes":3,"table_size":5000000}', 'oltp_insert 128×3 {"tikv_nodes":3,"table_size":1000000}',
      'oltp_insert 128×3 {"tikv_nodes":5,"table_size":1000000}'
    ])
    expect(report.plan.tables).toBe(16)
    expect(report.date).toBe('2023-03')
  })

  it('should refuse the rows of a product whose version the report names nowhere, naming the cell', () => {
    const source = shapeSource('en-two-scenarios.md').replace('MySQL version: 8.0.36\n', '')
    const {report, messages} = run('en-two-scenarios.md', source)
    expect(messages.filter((m) => m.includes('[known-subject]'))[0]).toBe('en-two-scenarios.md:57:7: warning: Unexpected product `MySQL` whose version the report names nowhere, expected a line such as `MySQL version: 8.0.36`; row skipped [known-subject]')
    expect(messages.filter((m) => m.includes('[known-subject]')).length).toBe(5)
    expect(report.subjects.map((/** @type {any} */ s) => s.id)).toEqual(['v9.7.0', 'v9.7.0-scaling'])
  })

  it('should check a translation whose variant ids differ by language against the data by its figures', () => {
    const data = /** @type {import('../../tools/import/plugin.js').Imported} */ (run('en-two-scenarios.md').result)
    const zh = /** @type {any} */ (run('zh-two-scenarios.md').result)
    expect(zh.report.subjects.map((/** @type {any} */ s) => s.id)).toEqual(['v8.0.36', 'v9.7.0', 'v9.7.0-m1'])
    expect(compareWithData(zh, 'zh-two-scenarios.md', 'tidb-v9.7.0-vs-mysql-8.0.36.yaml', data.yaml)).toEqual([])
    const changed = run('zh-two-scenarios.md', shapeSource('zh-two-scenarios.md').replace('| 41180 |', '| 41181 |')).result
    expect(compareWithData(/** @type {any} */ (changed), 'zh-two-scenarios.md', 'tidb-v9.7.0-vs-mysql-8.0.36.yaml', data.yaml).map(formatProblem)).toEqual([
      // the other points still pair the subjects: the one changed figure is named
      'zh-two-scenarios.md:89:1: error: Unexpected qps 41181 for v9.7.0-scaling × oltp_insert × 128×3 threads (tikv_nodes 5, table_size 1000000), expected 41180 as in tidb-v9.7.0-vs-mysql-8.0.36.yaml:62:138 [merge-number]'
    ])
  })

  it('should check a translation both ways: a point the translation lacks is an error too', () => {
    const data = /** @type {import('../../tools/import/plugin.js').Imported} */ (run('en-scaling.md').result)
    const ja = run('ja-scaling.md').result
    expect(compareWithData(/** @type {any} */ (ja), 'ja-scaling.md', 'tidb-v9.3.1.yaml', data.yaml)).toEqual([])
    const shorter = shapeSource('ja-scaling.md').replace('| 4 | 128 | 190450.60 | 0.95 |\n', '')
    const cut = run('ja-scaling.md', shorter).result
    const problems = compareWithData(/** @type {any} */ (cut), 'ja-scaling.md', 'tidb-v9.3.1.yaml', data.yaml)
    expect(problems.map(formatProblem)).toEqual(['ja-scaling.md:1:1: error: Missing point v9.3.1 × oltp_point_select × 128 threads (tidb_nodes 4): in tidb-v9.3.1.yaml:25:5, not in the translation [merge-missing]'])
  })
})
