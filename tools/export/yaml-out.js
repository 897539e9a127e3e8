import {Document, isMap, isScalar, isSeq, visit} from 'yaml'
import {decimalsOf} from '../derive/change.js'

/**
 * Data as YAML, numbers with their published decimals (`13.70`), one flow map per
 * row-like item so a diff shows one line per point: an imported report's data
 * (import/) and an export's sidecar (front-matter.js).
 *
 * @param {{results?: readonly object[], subjects?: readonly unknown[]}} report  report data (as read: not yet validated), or a sidecar's facts
 * @param {Map<string, string>} written  path (`results/3/latency_p95`) → published text
 * @param {string} comment  first line comment
 * @param {{byLine?: boolean}} [options]  false: the results too written by `yaml` (a test compares the two)
 */
export function dataYaml(report, written, comment, {byLine = true} = {}) {
  const results = report.results
  const lines = byLine && Array.isArray(results) && results.length > 0 ? resultLines(results, written) : null
  const doc = new Document(lines === null ? report : {...report, results: []})
  // yaml writes blanks on lines of their own (` \n`) as a block scalar that reads back without them (eemeli/yaml#695)
  visit(doc, {Scalar(_, node) { if (typeof node.value === 'string' && BLANK_LINES.test(node.value)) node.type = 'QUOTE_DOUBLE' }})
  for (const [key, text] of written) {
    // results written by `resultLines` are not in the document
    if (lines !== null && key.startsWith('results/')) continue
    const node = doc.getIn(pathOf(key), true)
    if (isScalar(node)) node.minFractionDigits = decimalsOf(text)
  }
  /** @param {Array<string | number>} path */
  const flowItems = (path) => {
    const seq = doc.getIn(path, true)
    if (isSeq(seq)) for (const item of seq.items) if (isMap(item)) item.flow = true
  }
  for (const path of [['results'], ['topology'], ['environment', 'instances'], ['environment', 'machines'], ['environment', 'software'], ['plan', 'workloads'], ['headlines']]) flowItems(path)
  for (const [i] of (report.subjects ?? []).entries()) flowItems(['subjects', i, 'components'])
  const source = doc.getIn(['source'], true)
  // one line, unless it lists the other files of the same results (one line each)
  if (isMap(source)) source.flow = !source.has('aliases')
  flowItems(['source', 'aliases'])
  doc.commentBefore = ` ${comment}`
  const text = doc.toString({lineWidth: 0})
  return lines === null ? text : text.replace(/^results: \[\]$/m, () => `results:\n${lines}`)
}

/** Blanks and line breaks only, at least one of each. */
const BLANK_LINES = /^\s*(?:[^\S\n]\s*\n|\n\s*[^\S\n])\s*$/

/** `results/3/tps` → `['results', 3, 'tps']` @param {string} key */
const pathOf = (key) => key.split('/').map((s) => (/^\d+$/.test(s) ? Number(s) : s))

/**
 * The results written line by line (yaml's stringifier costs about 0.1 ms a point: 20,000
 * took 0.7 s against 0.1–0.15 s), as `Document` writes them (a test compares); null where not sure.
 * @param {readonly object[]} results
 * @param {Map<string, string>} written
 */
function resultLines(results, written) {
  const lines = []
  // the same few subject and workload names on every line: each checked once
  /** @type {Map<string, string | null>} */
  const strings = new Map()
  for (let i = 0; i < results.length; i++) {
    const text = flowValue(results[i], `results/${i}`, written, strings)
    if (text === null) return null
    lines.push(`  - ${text}`)
  }
  return lines.join('\n')
}

/** Strings yaml writes plain in a flow map. */
const PLAIN = /^[A-Za-z_][\w./-]*$/
const SPECIAL = /^(true|false|null|yes|no|on|off|y|n)$/i

/**
 * A value as `Document` writes it in a flow collection on one line; null where not sure.
 * @param {unknown} value
 * @param {string} path  its path in `written`
 * @param {Map<string, string>} written
 * @param {Map<string, string | null>} strings  each string's text, once found
 * @returns {string | null}
 */
function flowValue(value, path, written, strings) {
  if (typeof value === 'number') return writtenNumber(value, written.get(path))
  if (typeof value === 'string') {
    let text = strings.get(value)
    if (text === undefined) strings.set(value, (text = PLAIN.test(value) && !SPECIAL.test(value) ? value : quoted(value)))
    return text
  }
  if (value === null) return 'null'
  if (typeof value !== 'object') return null
  const array = Array.isArray(value)
  const parts = []
  for (const [key, v] of Object.entries(value)) {
    const text = flowValue(v, `${path}/${key}`, written, strings)
    if (text === null || (!array && (!PLAIN.test(key) || SPECIAL.test(key)))) return null
    parts.push(array ? text : `${key}: ${text}`)
  }
  if (parts.length === 0) return array ? '[]' : '{}'
  return array ? `[ ${parts.join(', ')} ]` : `{ ${parts.join(', ')} }`
}

/** A string yaml may quote, as it writes it in a flow collection; null if not on one line. @param {string} value */
function quoted(value) {
  const doc = new Document([value])
  if (isSeq(doc.contents)) doc.contents.flow = true
  const text = doc.toString({lineWidth: 0}).slice(2, -3)
  return text.includes('\n') ? null : text
}

/**
 * A number as yaml writes it with `minFractionDigits`: JSON's text, zeros added up to
 * the published decimals; null for a form left to yaml (an exponent, -0, not finite).
 * @param {number} value
 * @param {string | undefined} published
 */
export function writtenNumber(value, published) {
  if (!Number.isFinite(value) || Object.is(value, -0)) return null
  let n = JSON.stringify(value)
  if (/e/i.test(n)) return null
  const digits = published === undefined ? 0 : decimalsOf(published)
  if (digits > 0) {
    let i = n.indexOf('.')
    if (i < 0) {
      i = n.length
      n += '.'
    }
    for (let d = digits - (n.length - i - 1); d > 0; d--) n += '0'
  }
  return n
}
