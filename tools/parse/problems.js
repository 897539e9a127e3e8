import {excerpt} from '../lib/input.js'
import {listed, plural} from '../lib/english.js'

/**
 * What keeps a parsed sysbench output from being a point: `refused`, no point at all
 * (not an OLTP run, an excerpt, no throughput), or `failed`, an OLTP run that did not
 * finish (a point whose `error` says why). A point never has figures without throughput.
 *
 * @typedef {{kind: 'refused' | 'failed', message: string}} OutputProblem
 */

export const READS = "benchdoc reads sysbench's OLTP tests (oltp_*.lua, oltp.lua, --test=oltp), whose final statistics start with `SQL statistics:` or `OLTP test statistics:`"

/**
 * @param {import('./sysbench-output.js').SysbenchOutput} output
 * @param {{threadsKnown?: boolean, complete?: boolean, lineOffset?: number}} [options]
 *   threadsKnown: the thread count comes from elsewhere; complete: the output
 *   is all a process printed (a missing start: sysbench failed to start, not an
 *   excerpt); lineOffset: where the output starts in its file, for messages
 * @returns {OutputProblem | null}
 */
export function problemOf(output, {threadsKnown = false, complete = false, lineOffset = 0} = {}) {
  const at = (/** @type {number} */ i) => `line ${i + 1 + lineOffset}`
  const stopsAt = () => (output.lastLine ? `it stops at ${at(output.lastLine.line)}: \`${clip(output.lastLine.text)}\`` : 'it is empty')
  const {test, statistics} = output
  if (test && test.test !== 'oltp') {
    const where = test.line < 0 ? `its command \`${clip(test.text)}\`` : `${at(test.line)}: \`${clip(test.text)}\``
    return {kind: 'refused', message: `a sysbench \`${test.test}\` test (${where}), not an OLTP test: ${READS}`}
  }
  if (output.stage && output.intervals.length === 0) {
    const {stage, line, text} = output.stage
    return {kind: 'refused', message: `the output of \`sysbench … ${stage}\` (${at(line)}: \`${clip(text)}\`), not of a run: benchdoc reads what \`sysbench … run\` prints`}
  }
  const threads = output.threadsLine !== null || threadsKnown
  if (!statistics && output.fatal.length > 0) {
    const fatal = [...new Set(output.fatal)].join('\n')
    // with no thread count there is no point to record the failure in
    return threads ? {kind: 'failed', message: fatal} : {kind: 'refused', message: `sysbench stopped before a run began (no \`Number of threads:\` line): ${fatal}`}
  }
  if (!complete && output.banner === null && output.threadsLine === null && !statistics && output.intervals.length === 0) {
    return {kind: 'refused', message: output.lastLine ? "no sysbench output in it: no banner (`sysbench <version> …`), no `Number of threads:` line, no interval reports, no statistics" : 'the log is empty: no sysbench output'}
  }
  const lacks = []
  if (output.banner === null && !complete) lacks.push('its banner (`sysbench <version> …`)')
  if (!threads && !complete) lacks.push('its `Number of threads:` line')
  if (lacks.length > 0) {
    if (!statistics) lacks.push(`its final statistics (${stopsAt()})`)
    const at2 = statistics ? `, before the statistics at ${at(statistics.line)}` : ''
    return {kind: 'refused', message: `an excerpt of sysbench's output: it lacks ${listed(lacks)}${at2}; benchdoc reads a run's whole output, from the banner to the final statistics`}
  }
  if (!statistics) {
    const head = /^0\./.test(output.version ?? '') ? 'OLTP test statistics:' : 'SQL statistics:'
    return {kind: 'failed', message: `sysbench printed no final statistics: ${stopsAt()}, before \`${head}\`; the run did not finish`}
  }
  if (!statistics.sql) {
    return {kind: 'refused', message: `no \`SQL statistics:\` or \`OLTP test statistics:\` in the final statistics (${at(statistics.line)}), so not an OLTP test (cpu, memory, fileio, threads and mutex print none): ${READS}`}
  }
  if (statistics.tps === null && statistics.qps === null) {
    return {kind: 'refused', message: `the final statistics (${at(statistics.line)}) have no \`transactions:\` or \`queries:\` line, so no throughput`}
  }
  // sysbench prints no negative figure: one is an edited or damaged log, never a point's value
  const negative = Object.entries(statistics).find(([key, value]) => key !== 'line' && typeof value === 'number' && value < 0)
  if (negative) return {kind: 'refused', message: `a negative figure in the final statistics (${at(statistics.line)}): \`${negative[0]}\` is ${negative[1]}, where sysbench prints none; the log was edited or damaged`}
  return null
}

/**
 * Notes on a good output: a percentile other than the 95th is never stored as latency_p95.
 * @param {import('./sysbench-output.js').SysbenchOutput} output
 */
export function notesOf(output) {
  const s = output.statistics
  if (s && s.percentile !== null && s.percentile !== 95) {
    return [`sysbench printed its ${s.percentile}th percentile (${s.latency_pct} ms), not the 95th: latency_p95 left out`]
  }
  return []
}

/**
 * Errors sysbench reported in a run that still printed its final statistics (0.5 goes on after some): a warning at the first (0-based line), not a refusal.
 * @param {import('./sysbench-output.js').SysbenchOutput} output @returns {{line: number, message: string} | null}
 */
export function reportedErrors({statistics, alerts: [first, ...more]}) {
  if (!statistics || !first) return null
  const others = more.length === 0 ? '' : ` and ${plural(more.length, 'more ALERT or FATAL line')}`
  return {line: first.line, message: `sysbench reported an error, then went on to its final statistics: \`${clip(first.text, 160)}\`${others}; the point is read from them: check that the error did not spoil the run`}
}

/** A line shown in a message: at most 40 characters, as every message quotes a file (it could hold someone's secrets). @param {string} text */
function clip(text, max = 40) {
  return excerpt(text.replace(/`/g, ' ').trim(), max)
}
