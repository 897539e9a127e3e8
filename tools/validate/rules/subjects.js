import {unknown} from './context.js'

/** @typedef {import('./context.js').ReportRule} ReportRule */

/** Each subject id once. @type {ReportRule} */
export const uniqueSubject = {
  name: 'unique-subject',
  check({report, error}) {
    const seen = new Set()
    report.subjects.forEach((/** @type {{id: string}} */ s, /** @type {number} */ i) => {
      if (seen.has(s.id)) error('unique-subject', ['subjects', i, 'id'], `Duplicate subject \`${s.id}\``)
      seen.add(s.id)
    })
  }
}

/** A `single` report has one subject, a `comparison` at least two. @type {ReportRule} */
export const kindSubjects = {
  name: 'kind-subjects',
  check({report, error}) {
    if (report.kind === 'single' && report.subjects.length !== 1) {
      error('kind-subjects', ['kind'], `Unexpected ${report.subjects.length} subjects in a \`single\` report, expected 1 (or kind \`comparison\`)`)
    }
    if (report.kind === 'comparison' && report.subjects.length < 2) {
      error('kind-subjects', ['kind'], 'Unexpected 1 subject in a `comparison` report, expected at least 2 (or kind `single`)')
    }
  }
}

/** A baseline only in a comparison, and one of its subjects (`known-subject`). @type {ReportRule} */
export const baseline = {
  name: 'baseline',
  check({report, error, subjectIds}) {
    if (report.baseline === undefined) return
    if (report.kind !== 'comparison') error('baseline', ['baseline'], 'Unexpected `baseline` in a `single` report')
    else if (!subjectIds.has(report.baseline)) error('known-subject', ['baseline'], unknown('subject', report.baseline, subjectIds))
  }
}
