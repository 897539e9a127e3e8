/**
 * Parse the text sysbench prints (1.0.x and 1.1.x): the version, the
 * `--report-interval` lines, checkpoint times, the final statistics and the
 * `--histogram` table. Pure: text in, numbers out; nothing is derived here.
 *
 * @typedef {{t: number, threads: number, tps: number | null, qps: number | null, eps: number | null, latency_pct: number | null, errors: number | null, reconnects: number | null}} Interval
 * @typedef {{value: number, count: number}} Bucket
 * @typedef {{
 *   transactions: number | null, tps: number | null,
 *   queries: number | null, qps: number | null,
 *   errors: number | null, errors_per_sec: number | null,
 *   reconnects: number | null, reconnects_per_sec: number | null,
 *   eps: number | null, total_time: number | null, events: number | null,
 *   latency_min: number | null, latency_avg: number | null, latency_max: number | null,
 *   latency_pct: number | null, latency_sum: number | null
 * }} Statistics
 * @typedef {{
 *   version: string | null,
 *   threads: number | null,
 *   percentile: number,
 *   intervals: Interval[],
 *   checkpoints: number[],
 *   statistics: Statistics | null,
 *   histogram: Bucket[] | null,
 *   fatal: string[]
 * }} SysbenchOutput
 */

const NUMBER = String.raw`(-?\d+(?:\.\d+)?)`

/**
 * @param {string} text  what one sysbench process printed (stdout and stderr)
 * @returns {SysbenchOutput}
 */
export function parseSysbenchOutput(text) {
  const lines = text.replace(/\r\n?/g, '\n').split('\n')
  const version = /^sysbench (\S+)/m.exec(text)?.[1] ?? null
  const threads = numberAfter(text, /^Number of threads: (\d+)/m)
  /** @type {Interval[]} */
  const intervals = []
  /** @type {number[]} */
  const checkpoints = []
  let percentile = 95
  for (const line of lines) {
    const checkpoint = /^\[ *(\d+(?:\.\d+)?)s \] Checkpoint report:/.exec(line)
    if (checkpoint) {
      checkpoints.push(Number(checkpoint[1]))
      continue
    }
    const interval = parseIntervalLine(line)
    if (interval) {
      intervals.push(interval.interval)
      percentile = interval.percentile ?? percentile
    }
  }
  const pct = /^\s*(\d+)th percentile:/m.exec(text)
  if (pct) percentile = Number(pct[1])
  return {
    version,
    threads,
    percentile,
    intervals,
    checkpoints,
    statistics: parseFinalStatistics(text),
    histogram: parseHistogram(lines),
    fatal: lines.filter((l) => /^(FATAL|ERROR|Error):? /.test(l) || /^(FATAL|ERROR):/.test(l)).map((l) => l.trim())
  }
}

/**
 * One `[ 10s ] thds: 8 tps: … qps: … (r/w/o: …) lat (ms,95%): … err/s: … reconn/s: …`
 * line; non-SQL tests print `eps:` instead of tps/qps.
 *
 * @param {string} line
 * @returns {{interval: Interval, percentile: number | null} | null}
 */
export function parseIntervalLine(line) {
  const head = /^\[ *(\d+(?:\.\d+)?)s \] thds: (\d+) (.*)$/.exec(line)
  if (!head) return null
  const rest = head[3]
  const field = (/** @type {string} */ name) => {
    const m = new RegExp(`(?:^|\\s)${name}: ${NUMBER}`).exec(rest)
    return m ? Number(m[1]) : null
  }
  const lat = new RegExp(String.raw`lat \(ms,(\d+)%\): ${NUMBER}`).exec(rest)
  return {
    interval: {
      t: Number(head[1]),
      threads: Number(head[2]),
      tps: field('tps'),
      qps: field('qps'),
      eps: field('eps'),
      latency_pct: lat ? Number(lat[2]) : null,
      errors: field('err/s'),
      reconnects: field('reconn/s')
    },
    percentile: lat ? Number(lat[1]) : null
  }
}

/**
 * The statistics sysbench prints at the end. With `--report-checkpoints`
 * the same block also appears at each checkpoint; the final one is the last.
 *
 * @param {string} text
 * @returns {Statistics | null}
 */
export function parseFinalStatistics(text) {
  // the final block is the last one; with `--report-checkpoints` earlier
  // blocks follow a `Checkpoint report:` line and are skipped
  const sql = [...text.matchAll(/^SQL statistics:/gm)].map((m) => m.index ?? 0)
  const general = [...text.matchAll(/^(General statistics:|Throughput:)/gm)].map((m) => m.index ?? 0)
  const start = sql.length > 0 ? sql[sql.length - 1] : general[general.length - 1]
  if (start === undefined) return null
  if (/Checkpoint report:\s*$/.test(text.slice(0, start))) return null
  const block = text.slice(start)
  if (!/Latency \(ms\):/.test(block)) return null
  const counted = (/** @type {string} */ label) => {
    const m = new RegExp(`^\\s*${label}:\\s+(\\d+)\\s+\\(${NUMBER} per sec\\.\\)`, 'm').exec(block)
    return m ? [Number(m[1]), Number(m[2])] : [null, null]
  }
  const [transactions, tps] = counted('transactions')
  const [queries, qps] = counted('queries')
  const [errors, errorsPerSec] = counted('ignored errors')
  const [reconnects, reconnectsPerSec] = counted('reconnects')
  const latency = block.slice(block.indexOf('Latency (ms):'))
  return {
    transactions,
    tps,
    queries,
    qps,
    errors,
    errors_per_sec: errorsPerSec,
    reconnects,
    reconnects_per_sec: reconnectsPerSec,
    eps: numberAfter(block, new RegExp(String.raw`^\s*events/s \(eps\):\s+${NUMBER}`, 'm')),
    total_time: numberAfter(block, new RegExp(String.raw`^\s*(?:total time|time elapsed):\s+${NUMBER}s`, 'm')),
    events: numberAfter(block, /^\s*total number of events:\s+(\d+)/m),
    latency_min: numberAfter(latency, new RegExp(String.raw`^\s*min:\s+${NUMBER}`, 'm')),
    latency_avg: numberAfter(latency, new RegExp(String.raw`^\s*avg:\s+${NUMBER}`, 'm')),
    latency_max: numberAfter(latency, new RegExp(String.raw`^\s*max:\s+${NUMBER}`, 'm')),
    latency_pct: numberAfter(latency, new RegExp(String.raw`^\s*\d+th percentile:\s+${NUMBER}`, 'm')),
    latency_sum: numberAfter(latency, new RegExp(String.raw`^\s*sum:\s+${NUMBER}`, 'm'))
  }
}

/**
 * The last `Latency histogram` table: one bucket per printed row (sysbench
 * prints only non-empty buckets, value in ms with 3 decimals).
 *
 * @param {string[]} lines
 * @returns {Bucket[] | null}
 */
function parseHistogram(lines) {
  let start = -1
  lines.forEach((l, i) => {
    if (/^Latency histogram/.test(l)) start = i
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

/** @param {string} text @param {RegExp} re */
function numberAfter(text, re) {
  const m = re.exec(text)
  return m ? Number(m[1]) : null
}
