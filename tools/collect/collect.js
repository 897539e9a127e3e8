import {splitCombinedLog} from '../parse/combined-log.js'
import {medianOfRepeats, mergeClients, samplesOf} from '../parse/merge.js'
import {parseSysbenchOutput} from '../parse/sysbench-output.js'
import {MEASURES} from '../derive/report.js'

/**
 * One point from logs of the same point: each log's sections (client ×
 * repeat) are grouped by repeat, clients merged, then the median over
 * repeats taken, exactly as `benchdoc run` does; with repeats, every
 * repeat's figures are kept as `samples`. With `repeats`, each log is a
 * repeat of its own (one log per run of the point).
 *
 * @param {Array<{file: string, text: string}>} logs
 * @param {{warmup?: number, repeats?: boolean}} [options]
 * @returns {Record<string, any>}
 */
export function collectLog(logs, {warmup = 0, repeats = false} = {}) {
  const sections = logs.flatMap((log, i) => splitCombinedLog(log.text).map((s) => (repeats ? {...s, repeat: i * 1000 + s.repeat} : s)))
  /** @type {Map<number, import('../parse/sysbench-output.js').SysbenchOutput[]>} */
  const byRepeat = new Map()
  for (const s of sections) byRepeat.set(s.repeat, [...(byRepeat.get(s.repeat) ?? []), parseSysbenchOutput(s.text)])
  const perRepeat = [...byRepeat.values()].map((clients) => mergeClients(clients, {warmup}))
  const figures = medianOfRepeats(perRepeat)
  const samples = samplesOf(perRepeat)
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
    if (figures.repeats > 1) Object.assign(point, {repeats: samples?.length ?? figures.repeats, spread: figures.spread}, samples ? {samples} : {})
  }
  point.log = logs.map((l) => l.file).join(', ')
  if (figures.intervals.length > 0) point.intervals = figures.intervals
  return point
}
