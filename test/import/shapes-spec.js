import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {sourceCells} from '../helpers/source-tables.js'

/**
 * The importer's shape fixtures and, per fixture, how the simple reader of
 * test/helpers/source-tables.js tells what each cell stands for; shared by
 * the import test and the serial test that builds the pages.
 */

export const SHAPES = join(import.meta.dirname, '..', 'fixtures', 'import', 'shapes')

/** @param {string} name */
export const shapeSource = (name) => readFileSync(join(SHAPES, name), 'utf8')

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
 *   threads?: (cell: import('../helpers/source-tables.js').SourceCell) => number,
 *   readings?: Record<string, string>,
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
  // any component's nodes: `PD nodes` as a column and in headers, `MySQL ノード数`
  'en-scaling-pd.md': {subject: () => 'v9.6.0', dims: (c) => ({pd_nodes: c.header[0] === 'PD nodes' ? Number(c.row[0]) : Number(/\((\d+) PD node/.exec(c.header[c.column])?.[1])}), skip: /^PD nodes$/},
  'ja-scaling-mysql.md': {subject: () => 'v8.4.6', dims: (c) => ({mysql_nodes: Number(c.row[0])}), skip: /ノード数/},
  // no threads column: the caption below the table, or the parameters' prose, states them
  'en-scaling-caption.md': {subject: () => 'v9.5.2', dims: (c) => ({tidb_nodes: Number(c.row[0])}), skip: /nodes/, threads: (c) => Number(/with (\d+) threads/.exec(c.caption.join(' '))?.[1])},
  'zh-scaling-prose.md': {subject: () => 'v9.5.3', dims: (c) => ({tidb_nodes: Number(c.row[0])}), skip: /节点数/, threads: (c) => Number(c.prose.map((l) => /使用 (\d+) 线程/.exec(l)?.[1]).find(Boolean))},
  'en-malformed.md': {
    subject: (c) => (c.header[c.column].startsWith('v9.0.3') ? 'v9.0.3' : 'v9.0.2'),
    readings: {'1,3718': '13718', '43,39': '43.39', '15 012.60': '15012.60'},
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
    // Tables without a threads column (topology, environment) hold no
    // results, unless the spec says where the text states their threads.
    const threadsColumn = c.header.findIndex((h) => /thread|线程|スレッド/i.test(h))
    if (threadsColumn < 0 && !spec.threads) continue
    if (threadsColumn === c.column || spec.skip?.test(head) || c.text === '') continue
    const threadsText = threadsColumn >= 0 ? c.row[threadsColumn].replace(/\\/g, '') : String(spec.threads?.(c))
    const product = /^(\d+)\*(\d+)$/.exec(threadsText)
    const measure = measureOf(head) ?? measureOf(c.context.at(-1) ?? '')
    // The reading a misread number should get, as its text (`15012.60`).
    const written = spec.readings?.[c.text] ?? c.text.replace(/,/g, '')
    const value = Number(written)
    out.push({
      subject: spec.subject(c), workload: workloadOf(c.context), measure, value, decimals: written.split('.')[1]?.length ?? 0,
      // `3*8`: 3 clients of 8 threads each
      threads: product ? Number(product[2]) : Number(threadsText), clients: product ? Number(product[1]) : undefined,
      dimensions: spec.dims?.(c)
    })
  }
  return out
}

