import {unknown} from './context.js'
import {writtenOut} from './points.js'

/** @typedef {import('./context.js').ReportRule} ReportRule */

/** A parameter block narrowed to subjects and workloads names known ones (`known-subject`, `known-workload`). @type {ReportRule} */
export const parameterReferences = {
  name: 'parameter-references',
  check({report, error, subjectIds, workloadNames}) {
    for (const [i, p] of (report.parameters ?? []).entries()) {
      for (const [j, s] of (p.subjects ?? []).entries()) {
        if (!subjectIds.has(s)) error('known-subject', ['parameters', i, 'subjects', j], unknown('subject', s, subjectIds))
      }
      for (const [j, w] of (p.workloads ?? []).entries()) {
        if (!workloadNames.has(w)) error('known-workload', ['parameters', i, 'workloads', j], unknown('workload', w, workloadNames))
      }
    }
  }
}

/**
 * A stated headline names a planned workload and a known subject, in a comparison, and is stated once
 * (pages and exports show one per workload, subject and measure).
 * @type {ReportRule}
 */
export const headlineReferences = {
  name: 'headline-references',
  check({report, error, subjectIds, workloadNames, baseline}) {
    const seen = new Set()
    for (const [i, h] of (report.headlines ?? []).entries()) {
      const key = `${h.workload}|${h.subject ?? ''}|${h.metric ?? ''}`
      if (seen.has(key)) error('unique-headline', ['headlines', i], `Duplicate headline of ${h.workload}${h.subject === undefined ? '' : ` for \`${h.subject}\``}, expected each stated once`)
      seen.add(key)
      if (/e/.test(String(h.change))) error('figure-written-out', ['headlines', i, 'change'], writtenOut('change', h.change))
      if (!workloadNames.has(h.workload)) error('known-workload', ['headlines', i, 'workload'], unknown('workload', h.workload, workloadNames))
      if (h.subject !== undefined && !subjectIds.has(h.subject)) error('known-subject', ['headlines', i, 'subject'], unknown('subject', h.subject, subjectIds))
      // a change is a subject's against the baseline: the baseline's own has nothing to compare with, and no page shows it
      else if (h.subject !== undefined && h.subject === baseline) error('headline-of-baseline', ['headlines', i, 'subject'], `Unexpected headline of \`${h.subject}\`, the baseline, expected one of a subject compared with it: ${[...subjectIds].filter((id) => id !== baseline).join(', ')}`)
      if (!baseline) error('headline-needs-comparison', ['headlines', i], 'Unexpected headline in a `single` report, expected a comparison to state a % change against')
    }
  }
}
