import {splitCombinedLog} from '../parse/combined-log.js'
import {medianOfRepeats, mergeClients} from '../parse/merge.js'
import {parseSysbenchOutput} from '../parse/sysbench-output.js'
import {MEASURES} from '../derive/report.js'

/**
 * One point from logs of the same point: each log's sections (client ×
 * repeat) are grouped by repeat, clients merged, then the median over
 * repeats taken, exactly as `benchdoc run` does.
 *
 * @param {Array<{file: string, text: string}>} logs
 * @param {{warmup?: number}} [options]
 * @returns {Record<string, any>}
 */
export function collectLog(logs, {warmup = 0} = {}) {
  const sections = logs.flatMap((log) => splitCombinedLog(log.text))
  /** @type {Map<number, import('../parse/sysbench-output.js').SysbenchOutput[]>} */
  const byRepeat = new Map()
  for (const s of sections) byRepeat.set(s.repeat, [...(byRepeat.get(s.repeat) ?? []), parseSysbenchOutput(s.text)])
  const figures = medianOfRepeats([...byRepeat.values()].map((clients) => mergeClients(clients, {warmup})))
  const first = sections[0]
  const parsed = parseSysbenchOutput(first.text)
  const clients = byRepeat.get(first.repeat)?.length ?? 1
  /** @type {Record<string, any>} */
  const point = {}
  if (first.workload) point.workload = first.workload
  const threads = first.threads ?? parsed.threads
  if (threads != null) point.threads = threads
  point.clients = clients
  if (figures.error) point.error = figures.error
  else {
    for (const k of MEASURES) if (figures[k] != null) point[k] = figures[k]
    if (figures.repeats > 1) Object.assign(point, {repeats: figures.repeats, spread: figures.spread})
  }
  point.log = logs.map((l) => l.file).join(', ')
  if (figures.intervals.length > 0) point.intervals = figures.intervals
  return point
}
