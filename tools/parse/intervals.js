/**
 * One `--report-interval` line, in either of sysbench's forms:
 *  - 1.0 and 1.1: `[ 10s ] thds: 8 tps: … qps: … (r/w/o: …) lat (ms,95%): … err/s: … reconn/s: …`
 *    (non-SQL tests print `eps:` instead of tps and qps);
 *  - 0.5 and the 1.0 previews: `[  10s] threads: 8, tps: …, reads: …, writes: …,
 *    response time: 12.34ms (95%), errors: …, reconnects: …` (`reads/s:` and
 *    `writes/s:` in early 0.5, without errors and reconnects).
 * The old form prints no other operations (BEGIN, COMMIT), so its queries
 * per second are unknown there: qps stays null rather than reads + writes.
 *
 * @typedef {{t: number, threads: number, tps: number | null, qps: number | null, eps: number | null, latency_pct: number | null, percentile: number | null, errors: number | null, reconnects: number | null}} Interval
 */

const NUM = String.raw`(-?\d+(?:\.\d+)?)`
const NEW = /^\s*\[ *(\d+(?:\.\d+)?)s \] thds: (\d+) (.*)$/
const OLD = /^\s*\[ *(\d+(?:\.\d+)?)s\] threads: (\d+),? (.*)$/
// `err/s 0.00` without its colon has been seen in real logs
const NEW_FIELDS = Object.fromEntries(['tps', 'qps', 'eps', 'err/s', 'reconn/s'].map((n) => [n, new RegExp(String.raw`(?:^|\s)${n}:?\s+${NUM}`)]))
const NEW_LAT = new RegExp(String.raw`lat \(ms,(\d+)%\):?\s+${NUM}`)
const OLD_FIELDS = Object.fromEntries(['tps', 'errors', 'reconnects'].map((n) => [n, new RegExp(String.raw`(?:^|[\s,])${n}:\s+${NUM}`)]))
const OLD_LAT = new RegExp(String.raw`response time:\s+${NUM}\s*ms \((\d+)%\)`)

/**
 * @param {string} line
 * @returns {{interval: Interval, percentile: number | null} | null}
 */
export function parseIntervalLine(line) {
  const interval = parseNew(line) ?? parseOld(line)
  return interval ? {interval, percentile: interval.percentile} : null
}

/** @param {string} line @returns {Interval | null} */
function parseNew(line) {
  if (!line.includes('] thds: ')) return null
  const head = NEW.exec(line)
  if (!head) return null
  const rest = head[3]
  const field = (/** @type {string} */ name) => numberAfter(rest, NEW_FIELDS[name])
  const lat = NEW_LAT.exec(rest)
  return {
    t: Number(head[1]),
    threads: Number(head[2]),
    tps: field('tps'),
    qps: field('qps'),
    eps: field('eps'),
    latency_pct: lat ? Number(lat[2]) : null,
    percentile: lat ? Number(lat[1]) : null,
    errors: field('err/s'),
    reconnects: field('reconn/s')
  }
}

/** @param {string} line @returns {Interval | null} */
function parseOld(line) {
  if (!line.includes('] threads: ')) return null
  const head = OLD.exec(line)
  if (!head) return null
  const rest = head[3]
  const field = (/** @type {string} */ name) => numberAfter(rest, OLD_FIELDS[name])
  const lat = OLD_LAT.exec(rest)
  return {
    t: Number(head[1]),
    threads: Number(head[2]),
    tps: field('tps'),
    qps: null,
    eps: null,
    latency_pct: lat ? Number(lat[1]) : null,
    percentile: lat ? Number(lat[2]) : null,
    errors: field('errors'),
    reconnects: field('reconnects')
  }
}

/** @param {string} text @param {RegExp} re */
function numberAfter(text, re) {
  const m = re.exec(text)
  return m ? Number(m[1]) : null
}
