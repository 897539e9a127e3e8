import {BANNER} from './sysbench-output.js'

/**
 * A plain log may hold several sysbench runs (a script's `>>`): it is cut at each
 * banner, with the lines just before one that belong to it (a prompt, a WARNING).
 * Outputs that are no run (prepare, cleanup) are left out.
 *
 * @typedef {{text: string, line: number}} Run  line: 0-based index of its first line in the log
 */

/**
 * @param {string} text  a plain log (no `benchdoc run` headers)
 * @returns {{runs: Run[], skipped: Run[]}}
 */
export function splitRuns(text) {
  const lines = (text.includes('\r') ? text.replace(/\r\n?/g, '\n') : text).split('\n')
  /** @type {number[]} */
  const banners = []
  for (let i = 0; i < lines.length; i++) if (BANNER.test(lines[i])) banners.push(i)
  if (banners.length <= 1) return {runs: [{text, line: 0}], skipped: []}
  const starts = banners.map((b, k) => {
    let s = b
    const floor = k === 0 ? 0 : banners[k - 1] + 1
    while (s > floor && belongsToNext(lines[s - 1])) s--
    return k === 0 ? 0 : s
  })
  const pieces = starts.map((s, k) => ({text: lines.slice(s, starts[k + 1] ?? lines.length).join('\n'), line: s}))
  const isRun = (/** @type {Run} */ p) => /^\s*Number of threads:|^\s*(?:FATAL|ERROR):|^\s*(?:SQL|OLTP test|General) statistics:|^\s*Test execution summary:/m.test(p.text)
  const runs = pieces.filter(isRun)
  return runs.length > 0 ? {runs, skipped: pieces.filter((p) => !isRun(p))} : {runs: [{text, line: 0}], skipped: []}
}

/** A line printed before a run's banner: its command, a prompt, a warning. @param {string} line */
function belongsToNext(line) {
  if (/^\s*(?:FATAL|ALERT|ERROR|Error)\b/.test(line)) return false
  return /^\s*WARNING:/.test(line) || /no version information available/.test(line) || /(?:^|[\s#$>])(?:\S*\/)?sysbench\s/.test(line)
}
