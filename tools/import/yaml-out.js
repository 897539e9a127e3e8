import {Document, isMap, isScalar, isSeq} from 'yaml'
import {decimalsOf} from '../derive/change.js'

/**
 * Report data as YAML, numbers with their published decimals (`13.70`), one
 * flow map per row-like item so a diff shows one line per point.
 *
 * @param {{results?: readonly object[], subjects?: readonly unknown[]}} report  report data (as read: not yet validated)
 * @param {Map<string, string>} written  path (`results/3/latency_p95`) → published text
 * @param {string} comment  first line comment
 * @param {{fastFrom?: number}} [options]  results from this many points are written by `resultLines`
 */
export function reportYaml(report, written, comment, {fastFrom = FAST_FROM} = {}) {
  const results = report.results
  const lines = Array.isArray(results) && results.length >= fastFrom ? resultLines(results, written) : null
  const doc = new Document(lines === null ? report : {...report, results: []})
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

/** Reports with this many points get their results written line by line. */
const FAST_FROM = 200

/** `results/3/tps` → `['results', 3, 'tps']` @param {string} key */
const pathOf = (key) => key.split('/').map((s) => (/^\d+$/.test(s) ? Number(s) : s))

/**
 * Results written line by line for large reports (yaml's stringifier costs about 0.1 ms
 * a point), as `Document` writes them (a test compares); null where not sure.
 * @param {readonly object[]} results
 * @param {Map<string, string>} written
 */
function resultLines(results, written) {
  const lines = []
  // the same few subject and workload names on every line: each checked once
  /** @type {Map<string, string | null>} */
  const strings = new Map()
  for (let i = 0; i < results.length; i++) {
    const point = /** @type {Record<string, unknown>} */ (results[i])
    let line = ''
    for (const key in point) {
      const value = point[key]
      let text
      if (typeof value === 'number') text = writtenNumber(value, written.get(`results/${i}/${key}`))
      else if (typeof value === 'string') {
        text = strings.get(value)
        if (text === undefined) strings.set(value, (text = flowValue(value, undefined)))
      } else text = flowValue(value, undefined)
      if (text === null) return null
      line += `${line === '' ? '' : ', '}${key}: ${text}`
    }
    lines.push(`  - { ${line} }`)
  }
  return lines.join('\n')
}

/** Strings yaml writes plain in a flow map. */
const PLAIN = /^[A-Za-z_][\w.-]*$/
const SPECIAL = /^(true|false|null|yes|no|on|off|y|n)$/i

/**
 * @param {unknown} value
 * @param {string | undefined} published
 * @returns {string | null}
 */
function flowValue(value, published) {
  if (typeof value === 'number') return writtenNumber(value, published)
  if (typeof value === 'string') return PLAIN.test(value) && !SPECIAL.test(value) ? value : null
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const entries = Object.entries(value)
    if (entries.length === 0) return null
    const parts = []
    for (const [k, v] of entries) {
      const text = typeof v === 'number' || typeof v === 'string' ? flowValue(v, undefined) : null
      if (text === null || !PLAIN.test(k)) return null
      parts.push(`${k}: ${text}`)
    }
    return `{ ${parts.join(', ')} }`
  }
  return null
}

/**
 * A number as yaml writes it with `minFractionDigits`: JSON's text, zeros added up to
 * the published decimals; null for a form left to yaml (an exponent, not finite).
 * @param {number} value
 * @param {string | undefined} published
 */
export function writtenNumber(value, published) {
  if (!Number.isFinite(value)) return null
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
