import {MAX_CHART_POINTS} from '../../charts/spec.js'

/** @typedef {import('./context.js').ReportRule} ReportRule */

/** Each workload of the plan once. @type {ReportRule} */
export const uniqueWorkload = {
  name: 'unique-workload',
  check({report, error}) {
    const seen = new Set()
    report.plan.workloads.forEach((/** @type {{name: string}} */ w, /** @type {number} */ i) => {
      if (seen.has(w.name)) error('unique-workload', ['plan', 'workloads', i, 'name'], `Duplicate workload \`${w.name}\``)
      seen.add(w.name)
    })
  }
}

/** A workload with more points than a chart draws is shown as a table alone (a warning). @type {ReportRule} */
export const chartSize = {
  name: 'chart-size',
  check({report, results, warning}) {
    /** @type {Map<string, number>} */
    const perWorkload = new Map()
    for (const p of results) perWorkload.set(p.workload, (perWorkload.get(p.workload) ?? 0) + 1)
    report.plan.workloads.forEach((/** @type {{name: string}} */ w, /** @type {number} */ i) => {
      const n = perWorkload.get(w.name) ?? 0
      if (n > MAX_CHART_POINTS) warning('chart-size', ['plan', 'workloads', i, 'name'], `Workload \`${w.name}\` has ${n} points, more than the ${MAX_CHART_POINTS} a chart draws: the page shows its table without a chart`)
    })
  }
}
