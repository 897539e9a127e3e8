/**
 * The statistics sysbench prints at the end of a run, in both generations:
 *  - 1.0 and 1.1: `SQL statistics:` (OLTP only), `General statistics:` or
 *    `Throughput:` (1.1), then `Latency (ms):` with bare numbers;
 *  - 0.4 and 0.5: `OLTP test statistics:` (OLTP only), then `Test execution
 *    summary:` (0.4) or `General statistics:` (0.5), numbers in `ms`.
 * Lines come without CR and DEBUG lines.
 *
 * @typedef {{
 *   line: number, sql: boolean,
 *   transactions: number | null, tps: number | null,
 *   queries: number | null, qps: number | null,
 *   errors: number | null, errors_per_sec: number | null,
 *   reconnects: number | null, reconnects_per_sec: number | null,
 *   eps: number | null, total_time: number | null, events: number | null,
 *   latency_min: number | null, latency_avg: number | null, latency_max: number | null,
 *   latency_pct: number | null, percentile: number | null, latency_sum: number | null
 * }} Statistics
 *   line: 0-based index of the block's first line; sql: it has the SQL part;
 *   percentile: the one sysbench printed (95 unless --percentile), or null
 */

const NUM = String.raw`(-?\d+(?:\.\d+)?)`
const SQL_HEAD = /^\s*(?:SQL statistics|OLTP test statistics):\s*$/
const GENERAL_HEAD = /^\s*(?:General statistics|Test execution summary):\s*$/
const THROUGHPUT_HEAD = /^\s*Throughput:\s*$/
const LATENCY_HEAD = /^\s*(?:Latency \(ms\)|per-request statistics|response time):\s*$/
const CHECKPOINT = /^\s*\[ *\d+(?:\.\d+)?s ?\] Checkpoint report:/

/**
 * The final statistics: the last block, unless it is a checkpoint's (then the run has none).
 * @param {string[]} lines
 * @returns {Statistics | null}
 */
export function parseFinalStatistics(lines) {
  const start = finalBlockStart(lines)
  if (start < 0) return null
  for (let i = start - 1; i >= 0 && i >= start - 2; i--) if (CHECKPOINT.test(lines[i])) return null
  const block = lines.slice(start)
  const latencyAt = block.findIndex((l) => LATENCY_HEAD.test(l))
  if (latencyAt < 0) return null
  const counted = countedFigures(block)
  const latency = latencyFigures(block.slice(latencyAt + 1))
  return {
    line: start,
    sql: SQL_HEAD.test(lines[start]),
    ...counted,
    ...generalFigures(block),
    ...latency,
    latency_sum: latency.latency_sum ?? eventExecutionMs(block)
  }
}

/**
 * Index of the first line of the last statistics block (its SQL part, else its general part).
 * @param {string[]} lines
 */
function finalBlockStart(lines) {
  let sql = -1
  let general = -1
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]
    if (SQL_HEAD.test(line)) sql = i
    // 1.1's `Throughput:` with events/s; fileio's `Throughput:` (MiB/s) is no statistics block
    else if (GENERAL_HEAD.test(line) || (THROUGHPUT_HEAD.test(line) && /^\s*events\/s \(eps\):/.test(lines[i + 1] ?? ''))) general = i
  }
  return sql >= 0 ? sql : general
}

/**
 * `transactions: N (X per sec.)` and the like; in 0.4 and 0.5 queries are
 * `read/write requests` plus `other operations`, errors `deadlocks`.
 * @param {string[]} block
 */
function countedFigures(block) {
  const text = block.join('\n')
  /** @param {string} label @returns {[number | null, number | null]} */
  const counted = (label) => {
    const m = new RegExp(String.raw`^\s*${label}:\s+(\d+)\s+\(\s*${NUM} per sec(?:\.|ond)\)`, 'm').exec(text)
    return m ? [Number(m[1]), Number(m[2])] : [null, null]
  }
  const [transactions, tps] = counted('transactions')
  let [queries, qps] = counted('queries')
  if (queries === null) {
    const [rw, rwPerSec] = counted('read/write requests')
    const [other, otherPerSec] = counted('other operations')
    if (rw !== null) [queries, qps] = [rw + (other ?? 0), round((rwPerSec ?? 0) + (otherPerSec ?? 0), 2)]
  }
  const [ignored, ignoredPerSec] = counted('ignored errors')
  const [deadlocks, deadlocksPerSec] = counted('deadlocks')
  const [reconnects, reconnectsPerSec] = counted('reconnects')
  return {
    transactions, tps, queries, qps,
    errors: sumKnown(ignored, deadlocks), errors_per_sec: sumKnown(ignoredPerSec, deadlocksPerSec),
    reconnects, reconnects_per_sec: reconnectsPerSec
  }
}

/** @param {string[]} block */
function generalFigures(block) {
  const text = block.join('\n')
  return {
    eps: numberAfter(text, new RegExp(String.raw`^\s*events/s \(eps\):\s+${NUM}`, 'm')),
    total_time: numberAfter(text, new RegExp(String.raw`^\s*(?:total time|time elapsed):\s+${NUM}\s*s`, 'm')),
    events: numberAfter(text, /^\s*total number of events:\s+(\d+)\s*$/m)
  }
}

/**
 * min, avg, max, the percentile and the sum, in ms (0.4 and 0.5 print `12.34ms`).
 * @param {string[]} latencyLines  the lines after the latency heading
 */
function latencyFigures(latencyLines) {
  const text = latencyLines.join('\n')
  const ms = (/** @type {string} */ label) => numberAfter(text, new RegExp(String.raw`^\s*${label}:\s+${NUM}\s*(?:ms)?\s*$`, 'm'))
  const pct = new RegExp(String.raw`^\s*(?:approx\.\s+)?(\d+)(?:th)? percentile:\s+${NUM}\s*(?:ms)?\s*$`, 'm').exec(text)
  return {
    latency_min: ms('min'),
    latency_avg: ms('avg'),
    latency_max: ms('max'),
    latency_pct: pct ? Number(pct[2]) : null,
    percentile: pct ? Number(pct[1]) : null,
    latency_sum: ms('sum')
  }
}

/**
 * 0.4 and 0.5's total latency, printed in seconds (`total time taken by event execution: 7675.9758`), in ms.
 * @param {string[]} block
 */
function eventExecutionMs(block) {
  const s = numberAfter(block.join('\n'), new RegExp(String.raw`^\s*total time taken by event execution:\s+${NUM}\s*s?\s*$`, 'm'))
  return s === null ? null : round(s * 1000, 4)
}

/** @param {number | null} a @param {number | null} b */
function sumKnown(a, b) {
  if (a === null) return b
  if (b === null) return a
  return round(a + b, 2)
}

/**
 * Round as sysbench's printf("%.2f") does (on the binary value, so 0.155
 * gives 0.15), which also removes float noise from sums.
 * @param {number} x @param {number} d
 */
export function round(x, d) {
  return Number(x.toFixed(d))
}

/** @param {string} text @param {RegExp} re */
export function numberAfter(text, re) {
  const m = re.exec(text)
  return m ? Number(m[1]) : null
}
