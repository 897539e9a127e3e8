import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {compareWithData} from '../../tools/import/merge.js'
import {formatProblem} from '../../tools/lib/problems.js'
import {sourceCells} from '../helpers/source-tables.js'

/**
 * Every shape of published report the importer reads exactly (issue 7):
 * modes as variants, workloads in list items, products in the first column,
 * table sizes and node counts as dimensions, versions in prose, misread
 * numbers, clients from the result table, headlines in three languages,
 * drafts, and translations checked both ways. Each value is checked against
 * the simple reader in test/helpers/source-tables.js, told per fixture what
 * each cell stands for.
 */

export const SHAPES = join(import.meta.dirname, '..', 'fixtures', 'import', 'shapes')

/** @param {string} name */
export const shapeSource = (name) => readFileSync(join(SHAPES, name), 'utf8')

/** @param {string} name @param {string} [text] */
function run(name, text = shapeSource(name)) {
  const {result, problems} = importMarkdown(text, {path: name})
  return {result, report: /** @type {any} */ (result?.report), messages: problems.map(formatProblem)}
}

const WORKLOADS = [['Point Select', 'oltp_point_select'], ['oltp_point_select', 'oltp_point_select'], ['Read Write', 'oltp_read_write'], ['Read Only', 'oltp_read_only'], ['只读', 'oltp_read_only'], ['Update Index', 'oltp_update_index'], ['Update Non-Index', 'oltp_update_non_index']]
/** @param {string[]} context */
const workloadOf = (context) => WORKLOADS.find(([name]) => context.some((c) => c.includes(name)))?.[1]
/** @param {string} text */
const measureOf = (text) => (/TPS/.test(text) ? 'tps' : /QPS/.test(text) ? 'qps' : /95%/.test(text) ? 'latency_p95' : null)

/**
 * How to read one fixture's cells: the subject of a cell (from its column
 * head, first cell or context), its dimension values, and numbers written wrongly.
 * @typedef {{
 *   subject: (cell: import('../helpers/source-tables.js').SourceCell) => string,
 *   dims?: (cell: import('../helpers/source-tables.js').SourceCell) => Record<string, number> | undefined,
 *   skip?: RegExp,
 *   readings?: Record<string, number>,
 *   warnings?: string[]
 * }} Spec
 */

/** @type {Record<string, Spec>} */
export const SPECS = {
  'en-modes-columns.md': {subject: (c) => (/General/.test(c.header[c.column]) ? 'v9.2.0-general' : 'v9.2.0-tuning')},
  'en-network-headings.md': {subject: (c) => (c.context.includes('Pod network') ? 'v9.1.4-pod' : 'v9.1.4-host')},
  'zh-bold-labels.md': {subject: (c) => (c.context.includes('默认配置') ? 'v9.1.4-m1' : 'v9.1.4-m2')},
  'en-products-list.md': {subject: (c) => (c.row[0] === 'TiDB' ? 'v9.0.1' : 'v8.4.2'), skip: /^Database$/},
  'en-table-size.md': {subject: () => 'v9.1.0', dims: (c) => ({table_size: /^10 million/.test(c.header[c.column]) ? 10000000 : 1000000})},
  'zh-table-size.md': {subject: () => 'v9.1.0', dims: (c) => ({table_size: c.header[c.column] === '1000 万' ? 10000000 : 1000000})},
  'en-scaling.md': {subject: () => 'v9.3.1', dims: (c) => ({tidb_nodes: Number(c.row[0])}), skip: /nodes/},
  'zh-scaling.md': {subject: () => 'v9.3.1', dims: (c) => ({tidb_nodes: Number(c.row[0])}), skip: /nodes/},
  'ja-scaling.md': {subject: () => 'v9.3.1', dims: (c) => ({tidb_nodes: Number(c.row[0])}), skip: /nodes/},
  'en-malformed.md': {
    subject: (c) => (c.header[c.column].startsWith('v9.0.3') ? 'v9.0.3' : 'v9.0.2'),
    readings: {'1,3718': 13718, '43,39': 43.39, '15 012.60': 15012.6},
    warnings: [
      "en-malformed.md:13:19: warning: Unexpected number `1,3718` in column `v9.0.3 TPS`, read as `13718` (comma as a misplaced thousands separator) rather than `1.3718` (comma as decimal point), nearer the column's other values; the table stays in the narrative [number-misread]",
      "en-malformed.md:13:36: warning: Unexpected number `43,39` in column `v9.0.3 95% latency (ms)`, read as `43.39` (comma as decimal point) rather than `4339` (comma as a misplaced thousands separator), nearer the column's other values; the table stays in the narrative [number-misread]",
      'en-malformed.md:14:20: warning: Unexpected number `15 012.60` in column `v9.0.3 TPS`, read as `15012.60` (space dropped); the table stays in the narrative [number-misread]'
    ]
  },
  'en-clients.md': {subject: (c) => (c.header[c.column].startsWith('v9.2.2') ? 'v9.2.2' : 'v9.2.1')},
  'en-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')},
  'zh-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')},
  'ja-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')}
}

/**
 * The values the source's tables give, read by the simple reader and the spec.
 * @param {string} name
 */
export function expectedValues(name) {
  const spec = SPECS[name]
  const out = []
  for (const c of sourceCells(shapeSource(name))) {
    const head = c.header[c.column]
    // Tables without a threads column (topology, environment) hold no results.
    if (!c.header.some((h) => /thread|线程|スレッド/i.test(h))) continue
    if (/thread|线程|スレッド/i.test(head) || spec.skip?.test(head) || c.text === '') continue
    const threadsText = c.row[c.header.findIndex((h) => /thread|线程|スレッド/i.test(h))].replace(/\\/g, '')
    const product = /^(\d+)\*(\d+)$/.exec(threadsText)
    const measure = measureOf(head) ?? measureOf(c.context.at(-1) ?? '')
    const value = spec.readings?.[c.text] ?? Number(c.text.replace(/,/g, ''))
    out.push({
      subject: spec.subject(c), workload: workloadOf(c.context), measure, value,
      // `3*8`: 3 clients of 8 threads each
      threads: product ? Number(product[2]) : Number(threadsText), clients: product ? Number(product[1]) : undefined,
      dimensions: spec.dims?.(c)
    })
  }
  return out
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
    expect(run('en-modes-columns.md').report.subjects).toEqual([
      {id: 'v9.2.0-general', product: 'TiDB', version: 'v9.2.0', variant: 'General mode'},
      {id: 'v9.2.0-tuning', product: 'TiDB', version: 'v9.2.0', variant: 'Tuning mode'}
    ])
    expect(run('en-network-headings.md').report.subjects.map((/** @type {any} */ s) => `${s.id} ${s.variant}`)).toEqual(['v9.1.4-pod Pod network', 'v9.1.4-host Host network'])
    expect(run('zh-bold-labels.md').report.subjects.map((/** @type {any} */ s) => `${s.id} ${s.variant}`)).toEqual(['v9.1.4-m1 默认配置', 'v9.1.4-m2 调优配置'])
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

  it('should check a translation both ways: a point the translation lacks is an error too', () => {
    const data = /** @type {import('../../tools/import/plugin.js').Imported} */ (run('en-scaling.md').result)
    const ja = run('ja-scaling.md').result
    expect(compareWithData(/** @type {any} */ (ja), 'ja-scaling.md', 'tidb-v9.3.1.yaml', data.yaml)).toEqual([])
    const shorter = shapeSource('ja-scaling.md').replace('| 4 | 128 | 190450.60 | 0.95 |\n', '')
    const cut = run('ja-scaling.md', shorter).result
    const problems = compareWithData(/** @type {any} */ (cut), 'ja-scaling.md', 'tidb-v9.3.1.yaml', data.yaml)
    expect(problems.map(formatProblem)).toEqual(['ja-scaling.md:1:1: error: Missing point v9.3.1 × oltp_point_select × 128 threads (tidb_nodes 4): in tidb-v9.3.1.yaml:24:5, not in the translation [merge-missing]'])
  })
})
