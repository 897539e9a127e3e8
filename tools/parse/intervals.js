import {numberAfter} from './statistics.js'

/**
 * One `--report-interval` line, in either of sysbench's forms:
 *  - 1.0 and 1.1: `[ 10s ] thds: 8 tps: … qps: … (r/w/o: …) lat (ms,95%): … err/s: … reconn/s: …`
 *    (`eps:` instead of tps and qps for non-SQL tests);
 *  - 0.5 and the 1.0 previews: `[  10s] threads: 8, tps: …, reads: …, writes: …,
 *    response time: 12.34ms (95%), errors: …, reconnects: …` (early 0.5: `reads/s:`,
 *    `writes/s:`, no errors). It prints no other operations, so qps stays null.
 *
 * @typedef {{t: number, threads: number, tps: number | null, qps: number | null, eps: number | null, latency_pct: number | null, percentile: number | null, errors: number | null, reconnects: number | null}} Interval
 */

// a number ends there: `1,234.5` is no tps of 1
const NUM = String.raw`(-?\d+(?:\.\d+)?)(?![\d.]|,\d)`
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
  const interval = line.includes('] thds: ') ? read(line, FORMS.new) : line.includes('] threads: ') ? read(line, FORMS.old) : null
  return interval ? {interval, percentile: interval.percentile} : null
}

/**
 * Each form: its line, its fields by their Interval names, its latency's value and percentile groups.
 * @typedef {{line: RegExp, fields: Record<'tps' | 'qps' | 'eps' | 'errors' | 'reconnects', RegExp | null>, lat: RegExp, value: number, pct: number}} Form
 * @type {{new: Form, old: Form}}
 */
const FORMS = {
  new: {line: NEW, fields: {tps: NEW_FIELDS.tps, qps: NEW_FIELDS.qps, eps: NEW_FIELDS.eps, errors: NEW_FIELDS['err/s'], reconnects: NEW_FIELDS['reconn/s']}, lat: NEW_LAT, value: 2, pct: 1},
  old: {line: OLD, fields: {tps: OLD_FIELDS.tps, qps: null, eps: null, errors: OLD_FIELDS.errors, reconnects: OLD_FIELDS.reconnects}, lat: OLD_LAT, value: 1, pct: 2}
}

/** @param {string} line @param {Form} form @returns {Interval | null} */
function read(line, form) {
  const head = form.line.exec(line)
  if (!head) return null
  const rest = head[3]
  const field = (/** @type {keyof Form['fields']} */ name) => {
    const re = form.fields[name]
    return re ? numberAfter(rest, re) : null
  }
  const lat = form.lat.exec(rest)
  return {
    t: Number(head[1]),
    threads: Number(head[2]),
    tps: field('tps'),
    qps: field('qps'),
    eps: field('eps'),
    latency_pct: lat ? Number(lat[form.value]) : null,
    percentile: lat ? Number(lat[form.pct]) : null,
    errors: field('errors'),
    reconnects: field('reconnects')
  }
}
