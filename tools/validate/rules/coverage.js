import {pendingPoints} from '../../derive/pending.js'

/** @typedef {import('./context.js').ReportRule} ReportRule */

/** In a report with points, every subject has some. @type {ReportRule} */
export const subjectHasResults = {
  name: 'subject-has-results',
  check({report, results, error}) {
    if (results.length === 0) return
    report.subjects.forEach((/** @type {{id: string}} */ s, /** @type {number} */ i) => {
      if (!results.some((p) => p.subject === s.id)) error('subject-has-results', ['subjects', i, 'id'], `Subject \`${s.id}\` has no results`)
    })
  }
}

/**
 * A run still going, or stopped: in a comparison, what it has not measured
 * yet, rather than that its thread counts differ from the others'.
 * @type {ReportRule}
 */
export const partialRun = {
  name: 'partial-run',
  check({report, baseline, partial, warning}) {
    if (baseline === null) return
    report.subjects.forEach((/** @type {{id: string}} */ s, /** @type {number} */ i) => {
      if (!partial.has(s.id)) return
      const pending = pendingPoints(report, s.id).map(({workload, threads}) => `${workload} at ${threads.join(', ')} thread${threads.length === 1 && threads[0] === 1 ? '' : 's'}`)
      if (pending.length === 0) return
      warning('partial-run', ['subjects', i, 'run', 'status'], `Subject \`${s.id}\` is a partial run (still running, or stopped): not measured yet: ${pending.join('; ')}. Comparisons cover the measured points only; \`benchdoc run PLAN --resume\` measures the rest`)
    })
  }
}

/** In a comparison, each subject measured a workload at the baseline's thread counts (a warning). @type {ReportRule} */
export const sameThreads = {
  name: 'same-threads',
  check({report, results, planClients, baseline, partial, warning}) {
    if (!baseline) return
    for (const w of report.plan.workloads) {
      const threadsOf = (/** @type {string} */ s) =>
        [...new Set(results.filter((p) => p.workload === w.name && p.subject === s).map((p) => p.threads * 1e6 + (p.clients ?? planClients)))]
          .sort((a, b) => a - b)
          .map((k) => (k % 1e6 === 1 ? `${Math.floor(k / 1e6)}` : `${Math.floor(k / 1e6)}×${k % 1e6}`))
          .join(', ')
      const base = threadsOf(baseline)
      for (const s of report.subjects) {
        if (s.id === baseline) continue
        const mine = threadsOf(s.id)
        if (mine === base || mine === '' || base === '' || partial.has(s.id) || partial.has(baseline)) continue
        const at = results.findIndex((p) => p.workload === w.name && p.subject === s.id)
        warning('same-threads', ['results', at], `Thread counts of \`${s.id}\` in ${w.name} differ from the baseline \`${baseline}\`: ${mine} vs ${base}; only common ones are compared`)
      }
    }
  }
}
