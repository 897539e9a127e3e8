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

const WORKLOADS = [['Point Select', 'oltp_point_select'], ['oltp_point_select', 'oltp_point_select'], ['Read Write', 'oltp_read_write'], ['Read Only', 'oltp_read_only'], ['只读', 'oltp_read_only'], ['Update Index', 'oltp_update_index'], ['Update Non-Index', 'oltp_update_non_index'], ['OLTP RW', 'oltp_read_write'], ['标准 oltp', 'oltp_read_write'], ['Insert RW', 'oltp_insert'], ['标准 insert', 'oltp_insert']]
/** @param {string[]} context */
const workloadOf = (context) => WORKLOADS.find(([name]) => context.some((c) => c.includes(name)))?.[1]
/** @param {string} text */
const measureOf = (text) => (/TPS/i.test(text) ? 'tps' : /QPS/i.test(text) ? 'qps' : /95%/.test(text) ? 'latency_p95' : null)

/**
 * How to read one fixture's cells: the subject of a cell (from its column
 * head, first cell or context), its dimension values, and numbers written wrongly.
 * @typedef {{
 *   subject: (cell: import('../helpers/source-tables.js').SourceCell) => string,
 *   dims?: (cell: import('../helpers/source-tables.js').SourceCell) => Record<string, number> | undefined,
 *   skip?: RegExp,
 *   threads?: (cell: import('../helpers/source-tables.js').SourceCell) => number,
 *   coordinates?: (cell: import('../helpers/source-tables.js').SourceCell) => {threads: number, clients?: number},
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
  // the 2017 v1.0 shapes: products in a first column headed `-`, table size per row
  // (`1 million`, `100 万`), `64 * 4` threads × clients for TiDB and `64` for MySQL,
  // `avg / .95` latency pairs, and a second scenario whose rows are cluster sizes
  // (`2 TiDB physical nodes`, `3 物理节点 TiKV`, one client of 128 threads per node)
  'en-two-scenarios.md': twoScenarios('en-two-scenarios.md', 'v9.7.0-scaling', [55, 66, 83, 91]),
  'zh-two-scenarios.md': twoScenarios('zh-two-scenarios.md', 'v9.7.0-m1', [52, 63, 80, 88]),
  // `General mode TPS | 95% latency (ms) | Tuning mode TPS | 95% latency (ms)`: each latency column is its mode's
  'en-modes-repeated.md': {subject: (c) => (c.column <= 2 ? 'v9.8.1-general' : 'v9.8.1-tuning')},
  'en-clients.md': {subject: (c) => (c.header[c.column].startsWith('v9.2.2') ? 'v9.2.2' : 'v9.2.1')},
  'en-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')},
  'zh-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')},
  'ja-headlines.md': {subject: (c) => (c.header[c.column].startsWith('v9.4.0') ? 'v9.4.0' : 'v9.3.0')}
}

/**
 * How a reader tells the cells of the two-scenario report (en and zh): the
 * product or cluster size in the first column, table size in the third,
 * `threads * clients` in the fourth.
 * @param {string} name  the fixture
 * @param {string} scaling  the id the second scenario's subject gets
 * @param {number[]} lines  the first row of each series warned about
 * @returns {Spec}
 */
function twoScenarios(name, scaling, lines) {
  const sizes = {'1 million': 1000000, '5 million': 5000000, '100 万': 1000000, '500 万': 5000000}
  return {
    subject: (c) => (c.row[0] === 'TiDB' ? 'v9.7.0' : c.row[0] === 'MySQL' ? 'v8.0.36' : scaling),
    dims: (c) => {
      const nodes = /^(\d+) (?:(TiDB|TiKV) physical nodes?|物理节点 (TiDB|TiKV))$/.exec(c.row[0])
      const size = sizes[/** @type {keyof typeof sizes} */ (c.row[2])]
      return nodes ? {[`${(nodes[2] ?? nodes[3]).toLowerCase()}_nodes`]: Number(nodes[1]), table_size: size} : {table_size: size}
    },
    skip: /^(-|table count|table size)$/i,
    coordinates: (c) => {
      const [threads, clients] = c.row[3].split('*').map((x) => Number(x.trim()))
      return {threads, clients}
    },
    warnings: [
      `${name}:${lines[0]}:1: warning: Imported data: Thread counts of \`v9.7.0\` in oltp_read_write differ from the baseline \`v8.0.36\`: 32×4, 64×4 vs 32, 64; only common ones are compared [same-threads]`,
      `${name}:${lines[1]}:1: warning: Imported data: Thread counts of \`v9.7.0\` in oltp_insert differ from the baseline \`v8.0.36\`: 32×4, 64×4 vs 32, 64; only common ones are compared [same-threads]`,
      `${name}:${lines[2]}:1: warning: Imported data: Thread counts of \`${scaling}\` in oltp_read_write differ from the baseline \`v8.0.36\`: 128, 128×2, 128×3 vs 32, 64; only common ones are compared [same-threads]`,
      `${name}:${lines[3]}:1: warning: Imported data: Thread counts of \`${scaling}\` in oltp_insert differ from the baseline \`v8.0.36\`: 128×3 vs 32, 64; only common ones are compared [same-threads]`
    ]
  }
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
    // `3*8`: 3 clients of 8 threads each, unless the spec reads them otherwise
    const coordinates = spec.coordinates?.(c) ?? {threads: product ? Number(product[2]) : Number(threadsText), clients: product ? Number(product[1]) : undefined}
    // `67.04 ms / 110.88 ms` under `latency(avg / .95)`: two figures in one cell
    const pair = /avg\s*\/\s*\.?95/i.test(head)
    const parts = pair ? c.text.split('/').map((t) => t.replace(/ms/, '').trim()) : [c.text]
    parts.forEach((text, k) => {
      const measure = pair ? ['latency_avg', 'latency_p95'][k] : measureOf(head) ?? measureOf(c.context.at(-1) ?? '')
      // The reading a misread number should get, as its text (`15012.60`).
      const written = spec.readings?.[text] ?? text.replace(/,/g, '')
      const value = Number(written)
      out.push({
        subject: spec.subject(c), workload: workloadOf(c.context), measure, value, decimals: written.split('.')[1]?.length ?? 0,
        ...coordinates, dimensions: spec.dims?.(c)
      })
    })
  }
  return out
}

