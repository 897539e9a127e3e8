import {subjectIn} from './subjects.js'

/**
 * What a result column's header says beyond its measure: its subject, a mode label
 * (`General mode TPS`) and dimension values ("TPS (1 million rows)", "4 TiDB nodes").
 *
 * @typedef {Record<string, number>} Dims  `table_size`, `<component>_nodes` (`tidb_nodes`, `pd_nodes`)
 * @typedef {import('./extract/versions.js').SubjectData} SubjectData
 */

/** Words of measures, units and percentiles: not part of a variant label. */
const MEASURE_WORDS = [
  /\b(tps|qps)\b/gi,
  /latency|延迟|时延|レイテンシ|响应时间|\brt\b/gi,
  /\b(avg|average|mean|max|maximum|min|p9[59]|percentile)\b|平均|最大|\b9[59](th)?\b\s*%?/gi,
  /[(（]\s*(ms|s|sec|µs|us)\s*[)）]|\bms\b|毫秒|ミリ秒/gi
]

/** Dimension words in a header, as `[pattern, reader]`. */
const SIZE = /(?<![\w.,-])(?:(\d+(?:\.\d+)?)\s*(million|m\b|thousand|k\b|billion|千万|百万|万|億|亿)(?![.,]\d)|(\d[\d,]*)\s*(?:rows\b|行))/i
// `4 TiDB nodes`, `1 TiDB physical node`, `3 节点`, `3 物理节点 TiKV` (the component after, as zh writes it)
const NODES = /(\d+)\s*(?:([A-Za-z][\w-]*)\s*)?(?:physical\s+|物理)?(?:nodes?\b|(?:节点|ノード)(?:\s*(?!(?:tps|qps|avg|max|latency)\b)([A-Za-z][\w-]*))?)/i
const MULTIPLIERS = {million: 1e6, m: 1e6, thousand: 1e3, k: 1e3, billion: 1e9, 千万: 1e7, 百万: 1e6, 万: 1e4, 億: 1e8, 亿: 1e8}

/**
 * A row count as written in a header or cell: `1 million`, `1000 万`, `10M`, `100万行`, `10,000,000 rows`.
 * @param {string} text
 */
export function rowCountIn(text) {
  const m = SIZE.exec(text)
  if (!m) return null
  if (m[3]) return Number(m[3].replace(/,/g, ''))
  const unit = /** @type {keyof typeof MULTIPLIERS} */ (m[2].toLowerCase())
  return Math.round(Number(m[1]) * MULTIPLIERS[unit])
}

/**
 * Nodes of a component named in a header or cell (`2 TiDB nodes`, `3 物理节点
 * TiKV`): the component as written and the dimension's name (`pd_nodes`).
 * @param {string} text
 * @param {string} [component]  when the header names none
 * @returns {{name: string, value: number, component: string} | null}
 */
export function nodesIn(text, component = 'TiDB') {
  const m = NODES.exec(text)
  if (!m) return null
  const written = m[2] ?? m[3] ?? component
  return {name: nodesName(written), value: Number(m[1]), component: written}
}

/** `PD` → `pd_nodes`, `TiFlash` → `tiflash_nodes`. @param {string} component */
export function nodesName(component) {
  return `${component.toLowerCase().replace(/[^a-z0-9]+/g, '_')}_nodes`
}

/**
 * A header that only names a dimension value (`1 million`, `4 nodes`), its measure named above the table.
 * @param {string} text
 */
export function bareDimension(text) {
  const rest = text.replace(SIZE, '').replace(NODES, '').replace(/rows?|tables?|表|テーブル|[\s(),（）:]/gi, '')
  return rest === '' && (SIZE.test(text) || NODES.test(text))
}

/**
 * @param {string} header
 * @param {SubjectData[]} subjects
 * @returns {{subject: string | null, variant: string | null, dims: Dims, components: Record<string, string>}}
 *   `components`: the component each nodes dimension counts, as written
 */
export function readHeader(header, subjects) {
  /** @type {Dims} */
  const dims = {}
  /** @type {Record<string, string>} */
  const components = {}
  const size = rowCountIn(header)
  if (size !== null) dims.table_size = size
  const nodes = nodesIn(header)
  if (nodes) {
    dims[nodes.name] = nodes.value
    components[nodes.name] = nodes.component
  }
  const subject = subjectIn(header, subjects)
  return {subject, variant: variantIn(header, subjects), dims, components}
}

/**
 * A header without measure, unit, version, product and dimension words, when
 * a label is left: `General mode TPS` → `General mode`.
 * @param {string} header
 * @param {SubjectData[]} subjects
 */
export function variantIn(header, subjects) {
  let rest = header.replace(/<[^>]*>/g, ' ').replace(SIZE, ' ').replace(NODES, ' ')
  for (const re of MEASURE_WORDS) rest = rest.replace(re, ' ')
  rest = rest.replace(/(?<![\w.])v?\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z.]+)?(?![\w.])/g, ' ')
  for (const p of new Set(subjects.map((s) => s.product))) rest = rest.replace(new RegExp(`\\b${p}\\b`, 'gi'), ' ')
  rest = rest.replace(/[()（）[\]/%:：,，.\-_|]+/g, ' ').replace(/\s+/g, ' ').trim()
  return /[A-Za-z\u3040-\u30ff\u4e00-\u9fff]{2,}/.test(rest) ? rest : null
}
