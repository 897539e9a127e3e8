import {splitCombinedLog} from '../parse/combined-log.js'
import {medianOfRepeats, mergeClients, samplesOf} from '../parse/merge.js'
import {notesOf, problemOf, reportedErrors} from '../parse/problems.js'
import {splitRuns} from '../parse/runs.js'
import {parseSysbenchOutput} from '../parse/sysbench-output.js'
import {MEASURES} from '../domain/index.js'

/**
 * Points from sysbench logs produced elsewhere, read exactly as `benchdoc run` reads
 * its own: a log it kept (sections by client and repeat) or a plain sysbench log.
 *
 * @typedef {{file: string, text: string}} Log
 * @typedef {'each' | 'merge' | 'repeats'} Mode
 *   each: every log is its own point (a plain log: every run in it);
 *   merge: all logs are parallel clients of one point;
 *   repeats: every log (every run of a plain log) is a repeat of one point
 * @typedef {{file: string, runs: number, line: number, repeat: string, text: string, header: boolean, threads: number | null, workload: string | null, command: string | null}} Unit
 *   one sysbench process's output; line: where it starts in its file (0-based)
 * @typedef {Partial<import('../types/report.js').Point>} CollectedPoint  a point as a report's `results` holds it, but the subject (and what the logs do not say)
 * @typedef {{points: CollectedPoint[], refused: string[], notes: string[]}} Collected
 *   refused: `file: why` for each log (or run) that is no point at all;
 *   notes: `file: warning: …` for what the user should know about a point
 */

/**
 * @param {Log[]} logs
 * @param {{warmup?: number, mode?: Mode}} [options]
 */
export function collectLogs(logs, {warmup = 0, mode = 'each'} = {}) {
  /** @type {Collected} */
  const out = {points: [], refused: [], notes: []}
  for (const group of groupsOf(logs, mode)) {
    const result = pointOf(group, warmup)
    if ('refused' in result) out.refused.push(...result.refused)
    else {
      out.points.push(result.point)
      out.notes.push(...result.notes)
    }
  }
  return out
}

/**
 * The units that make each point.
 * @param {Log[]} logs
 * @param {Mode} mode
 * @returns {Unit[][]}
 */
function groupsOf(logs, mode) {
  const perLog = logs.map((log, l) => unitsOf(log).map((u, r) => ({...u, repeat: mode === 'repeats' ? `${l}/${u.header ? u.repeat : r}` : u.header ? u.repeat : '1'})))
  if (mode !== 'each') return [perLog.flat()]
  return perLog.flatMap((units) => (units[0]?.header ? [units] : units.map((u) => [u])))
}

/**
 * @param {Log} log
 * @returns {Unit[]}
 */
function unitsOf(log) {
  const sections = splitCombinedLog(log.text)
  if (sections[0].header) {
    return sections.map((s) => ({file: log.file, runs: sections.length, line: s.line, repeat: String(s.repeat), text: s.text, header: true, threads: s.threads, workload: s.workload, command: s.command}))
  }
  const {runs} = splitRuns(log.text)
  return runs.map((r) => ({file: log.file, runs: runs.length, line: r.line, repeat: '1', text: r.text, header: false, threads: null, workload: null, command: null}))
}

/**
 * One point from its units, as `benchdoc run` makes it, or why it is no point.
 * @param {Unit[]} units
 * @param {number} warmup
 * @returns {{point: CollectedPoint, notes: string[]} | {refused: string[]}}
 */
function pointOf(units, warmup) {
  const parsed = units.map((u) => ({u, output: parseSysbenchOutput(u.text, {command: u.command})}))
  const where = (/** @type {Unit} */ u) => (u.runs > 1 ? `${u.file}:${u.line + 1}` : u.file)
  const refused = parsed.flatMap(({u, output}) => {
    const problem = problemOf(output, {threadsKnown: u.threads !== null, lineOffset: u.line})
    return problem?.kind === 'refused' ? [`${where(u)}: ${problem.message}`] : []
  })
  if (refused.length > 0) return {refused}
  const versions = [...new Set(parsed.map((p) => p.output.version))]
  if (versions.length > 1) return {refused: [`${units.map(where).join(', ')}: printed by different sysbench versions (${versions.join(', ')}); the clients and repeats of one point run one version`]}
  /** @type {Map<string, Array<typeof parsed[number]>>} */
  const byRepeat = new Map()
  for (const p of parsed) byRepeat.set(p.u.repeat, [...(byRepeat.get(p.u.repeat) ?? []), p])
  const perRepeat = [...byRepeat.values()].map((clients) => mergeClients(clients.map((c) => c.output), {warmup, complete: false, lineOffsets: clients.map((c) => c.u.line)}))
  const figures = medianOfRepeats(perRepeat)
  const first = parsed[0]
  const point = pointRecord(first, byRepeat.get(first.u.repeat)?.length ?? 1, figures, samplesOf(perRepeat))
  point.log = [...new Set(units.map((u) => u.file))].join(', ')
  if (figures.intervals.length > 0) point.intervals = figures.intervals
  const notes = point.latency_p95 === undefined && !point.error ? [...new Set(parsed.flatMap(({u, output}) => notesOf(output).map((n) => `${where(u)}: warning: ${n}`)))] : []
  const errors = parsed.flatMap(({u, output}) => {
    const e = reportedErrors(output)
    return e ? [`${u.file}:${u.line + e.line + 1}: warning: ${e.message}`] : []
  })
  return {point, notes: [...notes, ...errors]}
}

/**
 * @param {{u: Unit, output: import('../parse/sysbench-output.js').SysbenchOutput}} first
 * @param {number} clients
 * @param {ReturnType<typeof medianOfRepeats>} figures
 * @param {ReturnType<typeof samplesOf>} samples
 */
function pointRecord(first, clients, figures, samples) {
  /** @type {CollectedPoint} */
  const point = {}
  if (first.u.workload) point.workload = first.u.workload
  const threads = first.u.threads ?? first.output.threads
  if (threads != null) point.threads = threads
  point.clients = clients
  if (first.output.version) point.sysbench = first.output.version
  if (figures.error) point.error = figures.error
  else {
    for (const k of MEASURES) if (figures[k] != null) point[k] = figures[k]
    if (figures.repeats > 1) Object.assign(point, {repeats: samples?.length ?? figures.repeats, spread: figures.spread}, samples ? {samples} : {})
  }
  return point
}
