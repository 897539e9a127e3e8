/**
 * Marks on a build's or a run's timeline, to see where its time goes without a profiler (which slows it
 * by a third). With BENCHDOC_TRACE set, each mark writes the process's milliseconds and its
 * label to stderr; without it a mark costs a comparison.
 */
const ON = Boolean(process.env.BENCHDOC_TRACE)

/** @param {string} label */
export function mark(label) {
  if (ON) process.stderr.write(`${(process.uptime() * 1000).toFixed(0).padStart(5)} ms  ${label}\n`)
}
