import {workloadHtml} from './workload.js'

/**
 * report/results.html: what the figures are (said once), how to read the
 * verdicts where there are intervals, then one block per workload that has
 * points or a narrative note.
 * @type {import('./context.js').SectionHtml}
 */
export function resultsHtml(ctx) {
  const {report, t, label} = ctx
  const results = report.results ?? {}
  const method = (results.method ?? []).map((/** @type {import('./context.js').Label} */ l) => `<p class="method">${label(l)}</p>`).join('')
  const howto = results.howto
    ? `\n<aside class="howto" id="how-to-read" aria-labelledby="how-to-read-title">\n<p id="how-to-read-title"><strong>${t('verdict_howto_title')}</strong></p>\n<p>${label(results.howto)}</p>\n</aside>\n`
    : ''
  const workloads = (results.workloads ?? []).map((/** @type {import('./context.js').HugoFields} */ w) => {
    const note = ctx.narrative?.html?.notes?.[w.note_id]
    return `\n${w.has_points || note ? `\n${workloadHtml(ctx, w)}\n` : ''}\n`
  })
  return `\n<section id="results">\n<h2>${t('section_results')}</h2>\n${method}\n${howto}\n${workloads.join('')}\n</section>\n`
}
