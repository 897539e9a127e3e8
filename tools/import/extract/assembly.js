import {orderKeys} from '../../lib/order-keys.js'
import {assemblePlan, planClients} from './plan.js'
import {checkNamedThreads} from './results.js'
import {at} from './state.js'

/**
 * The report data in the schema's order, from everything read.
 *
 * @typedef {import('./state.js').State} State
 */

const ENVIRONMENT_KEYS = ['cloud', 'instances', 'machines', 'client', 'os', 'sysbench', 'software']
const POINT_KEYS = ['subject', 'workload', 'threads', 'clients', 'dimensions', 'tps', 'qps', 'latency_avg', 'latency_p95', 'latency_max']

/**
 * @param {State} s
 * @param {import('mdast').Root} tree
 * @returns {{report: Record<string, any>, written: Map<string, string>} | null}  null (with an error said) when nothing was read
 */
export function assembleReport(s, tree) {
  const {versions, meta, points, environment} = s
  if (points.length === 0 && s.stated.length === 0 && s.workloads.size === 0) {
    s.say('error', at(tree.children[0] ?? tree), 'no-report', 'No report found: expected result tables or stated figures under workload headings (e.g. `## Results` / `### Point Select`)')
    return null
  }
  const plan = assemblePlan(s)
  /** @type {Record<string, any>} */
  const report = {id: '', kind: versions.kind}
  if (meta.date) report.date = meta.date
  if (meta.place) report.place = meta.place
  if (meta.author) report.author = meta.author
  report.source = {file: s.sourceFile, lang: s.lang}
  report.product = versions.product
  report.subjects = versions.subjects
  if (versions.baseline) report.baseline = versions.baseline
  if (points.length > 0) report.metric = points.every((p) => p.point.tps != null) ? 'tps' : 'qps'
  if (Object.keys(environment).length > 0) report.environment = orderKeys(environment, ENVIRONMENT_KEYS)
  if (s.topology.length > 0) report.topology = s.topology
  if (s.parameters.length > 0) report.parameters = s.parameters
  report.plan = plan
  /** @type {Map<string, string>} */
  const written = new Map()
  if (points.length > 0) {
    report.results = points.map((p, i) => {
      for (const w of p.written) written.set(`results/${i}/${w.key}`, w.text)
      return orderKeys(p.point, POINT_KEYS)
    })
  }
  s.stats.points = points.length
  checkNamedThreads(s, planClients(points, s.topology))
  return {report, written}
}
