/**
 * The plan's points a subject's run has no result for yet (`partial-run`, a partial subject's note).
 *
 * @typedef {{workload: string, threads: number[]}} Pending  thread counts in the plan's order
 */

/**
 * @param {{plan: {workloads: Array<{name: string, threads?: number[]}>}, results?: Array<{subject: string, workload: string, threads: number}>}} report
 * @param {string} subject
 * @returns {Pending[]}  by workload, in the plan's order; workloads with nothing left are left out
 */
export function pendingPoints(report, subject) {
  const results = report.results ?? []
  return report.plan.workloads.flatMap((w) => {
    const done = new Set(results.filter((p) => p.subject === subject && p.workload === w.name).map((p) => p.threads))
    const left = (w.threads ?? []).filter((t) => !done.has(t))
    return left.length > 0 ? [{workload: w.name, threads: left}] : []
  })
}
