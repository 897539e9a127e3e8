import {Document, isMap, isScalar, isSeq} from 'yaml'
import {decimalsOf} from '../derive/change.js'

/**
 * Report data as YAML, numbers written with the decimals they were published
 * with (`13.70` stays `13.70`), one flow map per row-like item so a diff shows
 * one line per point.
 *
 * @param {Record<string, any>} report
 * @param {Map<string, string>} written  path (`results/3/latency_p95`) → published text
 * @param {string} comment  first line comment
 * @returns {string}
 */
export function reportYaml(report, written, comment) {
  const doc = new Document(report)
  for (const [key, text] of written) {
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
  if (isMap(source)) source.flow = true
  doc.commentBefore = ` ${comment}`
  return doc.toString({lineWidth: 0})
}

/**
 * The written precision must survive the round trip; anything else is a bug
 * in `reportYaml`. Checked on the document the validator parsed anyway, so a
 * large report is parsed once.
 * @param {import('../lib/yaml-source.js').SourceDoc} back  the YAML `reportYaml` wrote, parsed
 * @param {Map<string, string>} written
 */
export function checkWritten(back, written) {
  for (const [key, published] of written) {
    const got = back.sourceOf(pathOf(key))
    if (got !== undefined && Number(got) !== Number(published)) throw new Error(`YAML round trip changed ${key}: ${published} → ${got}`)
    if (got !== undefined && decimalsOf(got) !== decimalsOf(published)) throw new Error(`YAML round trip changed the precision of ${key}: ${published} → ${got}`)
  }
}

/** `results/3/tps` → `['results', 3, 'tps']` @param {string} key */
const pathOf = (key) => key.split('/').map((s) => (/^\d+$/.test(s) ? Number(s) : s))
