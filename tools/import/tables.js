import {toString} from 'mdast-util-to-string'
import {bareDimension} from './columns.js'
import {mapTerms} from './terms-ja.js'
import {childrenOf} from './text.js'

/**
 * GFM tables read into cells with places, and a table's kind told from its header.
 *
 * @typedef {import('unist').Point} Point
 * @typedef {import('./terms-ja.js').TermHit} TermHit
 * @typedef {{text: string, raw: string, place: Point}} Cell
 * @typedef {{cells: Cell[], line: number}} Row
 * @typedef {{header: Cell[], rows: Row[], place: Point, terms: Array<TermHit & {place: Point}>, short: Row[]}} Table
 */

/**
 * @param {import('mdast').Table} node
 * @param {string} [source]  the document, to read cells where Markdown misread `*` as emphasis
 * @returns {Table}
 */
export function readTable(node, source = '') {
  /** @type {Array<TermHit & {place: Point}>} */
  const terms = []
  const start = /** @type {Point} */ (node.position?.start ?? {line: 1, column: 1})
  const rows = node.children.map((row) => ({
    line: row.position?.start.line ?? start.line,
    cells: row.children.map((cell) => {
      const raw = cellText(cell, source)
      const place = /** @type {Point} */ (cell.children[0]?.position?.start ?? cell.position?.start ?? start)
      const mapped = mapTerms(raw)
      for (const hit of mapped.hits) terms.push({...hit, place})
      return {text: mapped.text, raw, place}
    })
  }))
  const [header, ...body] = rows
  const key = (/** @type {Row} */ r) => r.cells.map((c) => c.text.toLowerCase()).join('|')
  const headerKey = key(header)
  // A header row repeated in the body (copy-pasted tables) is not data.
  const data = body.filter((r) => r.cells[0]?.text.toLowerCase() !== header.cells[0]?.text.toLowerCase() || key(r) !== headerKey)
  const filled = data.filter((r) => r.cells.some((c) => c.text !== ''))
  const width = header.cells.length
  return {
    header: header.cells,
    rows: filled,
    place: start,
    terms,
    short: filled.filter((r) => r.cells.length < width)
  }
}

/**
 * Role of a column told from its header text.
 * @typedef {'threads' | 'workload' | 'tps' | 'qps' | 'latency_avg' | 'latency_p95' | 'latency_p99' | 'latency_max' | 'latency_pair' | 'change' | 'version' | 'tables' | 'table_size' | 'other'} ColumnRole
 */

/**
 * @param {string} header
 * @returns {ColumnRole}
 */
export function columnRole(header) {
  const h = header.toLowerCase()
  if (/thread|线程|スレッド|并发|並列|同時実行|concurrency/.test(h)) return 'threads'
  if (/table\s*count|表数量|テーブル数/.test(h)) return 'tables'
  if (/table\s*size|表大小|テーブルサイズ/.test(h)) return 'table_size'
  if (/^(workloads?|scenarios?|场景|测试场景|测试类型|测试项|负载|ワークロード|シナリオ|テスト)$/.test(h.trim())) return 'workload'
  // A latency column names latency, or a percentile, or only a time unit.
  if (/latency|延迟|时延|レイテンシ|响应时间|\brt\b|\bp9[59]\b|9[59](th|%)|[(（]\s*(ms|s|sec|µs|us)\s*[)）]|毫秒|ミリ秒/.test(h)) {
    if (/avg.*\/.*9[59]|平均.*\/.*9[59]/.test(h)) return 'latency_pair'
    if (/99/.test(h) && !/95/.test(h)) return 'latency_p99'
    if (/95/.test(h)) return 'latency_p95'
    if (/avg|average|mean|平均/.test(h)) return 'latency_avg'
    if (/max|最大/.test(h)) return 'latency_max'
    if (/\btps\b|\bqps\b/.test(h)) return /\btps\b/.test(h) ? 'tps' : 'qps'
    return 'latency_avg'
  }
  if (/提升|change|improve|increase|gain|向上|改善|diff|差/.test(h) || /\(%\)|（%）|^%$/.test(h)) return 'change'
  if (/\btps\b/.test(h)) return 'tps'
  if (/\bqps\b/.test(h)) return 'qps'
  if (/^([a-z]+\s*)?(版本|version|バージョン|subject|product|database|db|产品|数据库|製品|データベース)s?$/.test(h.trim())) return 'version'
  return 'other'
}

/**
 * Unit of a latency column, from its header: no unit means milliseconds, the data's unit.
 * @param {string} header
 * @returns {'ms' | 's' | 'us'}
 */
export function latencyUnit(header) {
  const h = header.toLowerCase()
  if (/\bms\b|毫秒|ミリ秒|millisecond/.test(h)) return 'ms'
  if (/(µs|μs|\bus\b|微秒|マイクロ秒|microsecond)/.test(h)) return 'us'
  if (/[(（]\s*(s|sec|secs|seconds?)\s*[)）]|\bseconds?\b|(?<![毫ミリ])秒/.test(h)) return 's'
  return 'ms'
}

/**
 * Kind of a table, from its header.
 * @typedef {'results' | 'transposed' | 'summary' | 'hashes' | 'software' | 'machines' | 'spec' | 'instances' | 'nodes' | 'topology' | 'unknown'} TableKind
 */

/**
 * @param {string[]} header  header texts (terms already mapped)
 * @returns {TableKind}
 */
export function tableKind(header) {
  const h = header.map((x) => x.toLowerCase())
  const has = (/** @type {RegExp} */ re) => h.some((x) => re.test(x))
  const roles = header.map(columnRole)
  if (roles.includes('threads') && roles.some((r) => r === 'tps' || r === 'qps' || r.startsWith('latency'))) return 'results'
  // `| TiDB nodes | QPS |`: a scaling table, its threads stated in its caption or the report.
  if (header.some(nodesColumn) && roles.some((r) => r === 'tps' || r === 'qps' || r.startsWith('latency'))) return 'results'
  // `| Threads | v2.1 | v3.0 |`: the measure is named above the table.
  if (roles.includes('threads') && header.some((x) => bareVersion(x) || bareDimension(x))) return 'results'
  // `| Version | 64 | 128 | 256 |`: thread counts across, subjects down.
  if (header.length >= 3 && header.slice(1).every((x) => /^\d+$/.test(x.trim())) && !roles.includes('threads')) return 'transposed'
  if (has(/git\s*hash|githash|ギットハッシュ|commit/)) return 'hashes'
  if (has(/ip|マシン|机器|host/) && has(/部署|deploy|デプロイ|instance|实例|インスタンス/) && !has(/type|类型|タイプ/)) return 'topology'
  if (has(/node\s*size|ノードサイズ|节点规格|节点大小/)) return 'nodes'
  if (has(/instance\s*type|インスタンス\s*(タイプ|の種類)|ec2|实例类型|机型/)) return 'instances'
  if (has(/cpu/) && has(/mem|内存|メモリ|ram|disk|硬盘|磁盘|ディスク/)) return 'machines'
  if (header.length === 2 && has(/^(类别|类型|category|カテゴリ|カテゴリー|項目|item|type|タイプ|種類|種別|分類)$/)) return 'spec'
  if (has(/版本|version|バージョン/)) return 'software'
  if (header.length >= 2 && roles.slice(1).includes('change') || has(/百分比|percent/)) return 'summary'
  return 'unknown'
}

/**
 * A column of node counts: `TiDB nodes`, `MySQL 节点数`, or `Nodes` alone (TiDB's).
 * @param {string} header
 */
export function nodesColumn(header) {
  return /^([A-Za-z][\w-]*)?\s*(nodes?|节点数?|ノード数?)(\s*\(?([A-Za-z][\w-]*)\)?)?$/i.test(header.trim())
}

/**
 * A header that is only a version (`v2.1`), its measure named above the table.
 * @param {string} text
 */
export function bareVersion(text) {
  return /^(?:[A-Za-z]+\s+)?v\d+(?:\.\d+)+(?:-[0-9A-Za-z.]+)?$/.test(text.trim())
}

/**
 * The one measure a heading or sentence names for the tables under it ("Point Select QPS").
 * @param {string} text
 * @returns {'tps' | 'qps' | 'latency_p95' | 'latency_avg' | null}
 */
export function measureIn(text) {
  /** @type {Set<'tps' | 'qps' | 'latency_p95' | 'latency_avg'>} */
  const found = new Set()
  if (/\bqps\b/i.test(text)) found.add('qps')
  if (/\btps\b/i.test(text)) found.add('tps')
  if (/latency|延迟|レイテンシ/i.test(text)) found.add(/9[59]/.test(text) ? 'latency_p95' : /avg|average|平均/i.test(text) ? 'latency_avg' : 'latency_p95')
  return found.size === 1 ? [...found][0] : null
}

/** Header text a measure gets appended as. */
const MEASURE_LABEL = {tps: 'TPS', qps: 'QPS', latency_p95: '95% latency (ms)', latency_avg: 'avg latency (ms)'}

/**
 * A result table with the measure named above it added to its bare version headers.
 * @param {Table} table
 * @param {'tps' | 'qps' | 'latency_p95' | 'latency_avg'} measure
 * @returns {Table}
 */
export function withMeasure(table, measure) {
  return {...table, header: table.header.map((c) => (bareVersion(c.text) || bareDimension(c.text) ? {...c, text: `${c.text} ${MEASURE_LABEL[measure]}`} : c))}
}

/**
 * `| Version | 64 | 128 |` turned into `| Threads | v2.1 QPS | v3.0 QPS |`, places kept.
 * @param {Table} table
 * @param {'tps' | 'qps' | 'latency_p95' | 'latency_avg'} measure
 * @returns {Table}
 */
export function transpose(table, measure) {
  const first = table.header[0]
  const header = [{...first, text: 'Threads'}, ...table.rows.map((r) => ({...r.cells[0], text: `${r.cells[0]?.text ?? ''} ${MEASURE_LABEL[measure]}`}))]
  const rows = table.header.slice(1).map((h, j) => ({
    line: table.rows[0]?.cells[j + 1]?.place.line ?? h.place.line,
    cells: [h, ...table.rows.map((r) => r.cells[j + 1] ?? {text: '', raw: '', place: h.place})]
  }))
  return {...table, header, rows, short: []}
}

/** Whitespace `cellText` collapses. */
const SPACES = /\s\s|[^\S ]/

/**
 * Text of a cell. `448GB*2 RAID1 + 3.57T*6` parses as emphasis, which drops
 * the `*`: such cells are read from the source.
 * @param {import('mdast').TableCell} cell
 * @param {string} source
 */
function cellText(cell, source) {
  const only = cell.children.length === 1 ? cell.children[0] : null
  // one text node (most cells, every cell of a large plain table): no emphasis to undo
  if (only?.type === 'text') return SPACES.test(only.value) ? only.value.replace(/\s+/g, ' ').trim() : only.value.trim()
  /** @param {import('mdast').Nodes} n @returns {boolean} */
  const emphasis = (n) => n.type === 'emphasis' || n.type === 'strong' || childrenOf(n).some(emphasis)
  const first = cell.children[0]?.position?.start.offset
  const last = cell.children.at(-1)?.position?.end.offset
  if (source && emphasis(cell) && first !== undefined && last !== undefined) {
    const raw = source.slice(first, last).replace(/\s+/g, ' ').trim()
    // A whole cell in bold or italics (`**55,021.90**`, a best value) is only emphasis.
    if (/^([*_]{1,3})[^*_].*\1$/.test(raw) && cell.children.length === 1) return toString(cell).replace(/\s+/g, ' ').trim()
    return raw.replace(/\\([*_`])/g, '$1')
  }
  return toString(cell).replace(/\s+/g, ' ').trim()
}
