import {parseIntervalLine} from './intervals.js'
import {parseFinalStatistics} from './statistics.js'
import {stageOf, testOf} from './test-kind.js'

/**
 * Parse the text one sysbench run printed, of any version from 0.4 to 1.1, judging
 * nothing (problems.js). Tolerated: CRLF, tabs, lines before the banner (a prompt, a
 * linker's `no version information available`), `DEBUG:` lines anywhere.
 *
 * @typedef {import('./intervals.js').Interval} Interval
 * @typedef {import('./statistics.js').Statistics} Statistics
 * @typedef {import('./test-kind.js').TestSign} TestSign
 * @typedef {{value: number, count: number}} Bucket
 * @typedef {{
 *   version: string | null,
 *   banner: number | null,
 *   threads: number | null,
 *   threadsLine: number | null,
 *   percentile: number,
 *   intervals: Interval[],
 *   checkpoints: number[],
 *   statistics: Statistics | null,
 *   histogram: Bucket[] | null,
 *   fatal: string[],
 *   alerts: Array<{line: number, text: string}>,
 *   test: TestSign | null,
 *   stage: {stage: 'prepare' | 'cleanup', line: number, text: string} | null,
 *   lastLine: {line: number, text: string} | null
 * }} SysbenchOutput
 *   banner, threadsLine, test.line, statistics.line, lastLine.line, alerts[].line: 0-based line indexes
 *   (DEBUG lines counted); alerts: the `ALERT:` and `FATAL:` lines, the errors sysbench reported
 */

/** `sysbench 1.0.20 (using bundled LuaJIT …)`, `sysbench 0.4.12:  multi-threaded system evaluation benchmark` */
export const BANNER = /^\s*sysbench v?(\d+\.\d+(?:\.\d+)?(?:[-+~.][\w.+~-]*)?)(?::\s+multi-threaded system evaluation benchmark| \(using )/

/**
 * @param {string} text  what one sysbench process printed (stdout and stderr)
 * @param {{command?: string | null}} [options]  the command that ran it, when known
 * @returns {SysbenchOutput}
 */
export function parseSysbenchOutput(text, {command = null} = {}) {
  const all = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n')
  // DEBUG lines are blanked, not removed, so line numbers stay those of the log
  const lines = all.map((l) => (/^\s*DEBUG:/.test(l) ? '' : l))
  let banner = -1
  let version = null
  let threadsLine = -1
  let threads = null
  /** @type {Interval[]} */
  const intervals = []
  /** @type {number[]} */
  const checkpoints = []
  /** @type {string[]} */
  const fatal = []
  /** @type {SysbenchOutput['alerts']} */
  const alerts = []
  let percentile = 95
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (line.trimStart().startsWith('[')) {
      const checkpoint = /^\s*\[ *(\d+(?:\.\d+)?)s ?\] Checkpoint report:/.exec(line)
      if (checkpoint) {
        checkpoints.push(Number(checkpoint[1]))
        continue
      }
      const interval = parseIntervalLine(line)
      if (interval) {
        intervals.push(interval.interval)
        percentile = interval.percentile ?? percentile
        continue
      }
    }
    if (banner < 0) {
      const m = BANNER.exec(line)
      if (m) [banner, version] = [i, m[1]]
    }
    const t = threadsLine < 0 ? /^\s*Number of threads:\s+(\d+)\s*$/.exec(line) : null
    if (t) [threadsLine, threads] = [i, Number(t[1])]
    if (/^\s*(?:FATAL|PANIC|ERROR|Error):? /.test(line) || /^\s*(?:FATAL|PANIC|ERROR):/.test(line)) fatal.push(line.trim())
    if (/^\s*(?:ALERT|FATAL):/.test(line)) alerts.push({line: i, text: line.trim()})
  }
  const statistics = parseFinalStatistics(lines)
  if (statistics?.percentile != null) percentile = statistics.percentile
  return {
    version,
    banner: banner < 0 ? null : banner,
    threads,
    threadsLine: threadsLine < 0 ? null : threadsLine,
    percentile,
    intervals,
    checkpoints,
    statistics,
    histogram: parseHistogram(lines),
    fatal,
    alerts,
    test: statistics?.sql ? {test: 'oltp', line: statistics.line, text: lines[statistics.line].trim()} : testOf(lines, command),
    stage: threadsLine < 0 && !statistics ? stageOf(lines) : null,
    lastLine: lastLineOf(lines)
  }
}

/**
 * The last `Latency histogram` table, a bucket per printed (non-empty) row.
 *
 * @param {string[]} lines
 * @returns {Bucket[] | null}
 */
function parseHistogram(lines) {
  let start = -1
  lines.forEach((l, i) => {
    if (/^\s*Latency histogram/.test(l)) start = i
  })
  if (start < 0) return null
  /** @type {Bucket[]} */
  const buckets = []
  for (const line of lines.slice(start + 2)) {
    const m = /^\s*(\d+(?:\.\d+)?) \|\**\s+(\d+)\s*$/.exec(line)
    if (!m) break
    buckets.push({value: Number(m[1]), count: Number(m[2])})
  }
  return buckets
}

/** The last line that is not blank, for saying where an output stops. @param {string[]} lines */
function lastLineOf(lines) {
  for (let i = lines.length - 1; i >= 0; i--) if (lines[i].trim() !== '') return {line: i, text: lines[i].trim()}
  return null
}

export {parseIntervalLine}
