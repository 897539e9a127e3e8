import {escapeHtml} from './context.js'
import {factsHtml} from './facts.js'
import {workloadNameHtml} from './workload-name.js'

/**
 * @typedef {import('./context.js').PageContext} PageContext
 * @typedef {{workload: string, threads: string[]}} Pending
 */

/**
 * The version section as report/version.html prints it: the subjects,
 * their versions, date, place and author (a list of facts), and a note for
 * each subject whose run is partial with what it has not measured yet.
 * @param {PageContext} ctx
 * @returns {string}
 */
export function versionHtml(ctx) {
  const {report, t} = ctx
  /** @type {Array<{label: string, partial?: {pending: Pending[]} | null}>} */
  const subjects = report.subjects ?? []
  const notes = subjects.filter((s) => s.partial).map((s) => {
    const pending = /** @type {{pending: Pending[]}} */ (s.partial).pending
    const list = pending?.length ? `<br>${t('run_partial_pending')}${t('punct_colon')}${pending.map((p) => pendingHtml(ctx, p)).join(t('run_partial_separator'))}` : ''
    return `\n<p class="partial-run" role="note">${t('run_partial', {subject: s.label})}\n${list}</p>\n`
  }).join('')
  return `\n<section id="version">\n<h2>${t('section_version')}</h2>\n${factsHtml(ctx, report.version)}${notes}\n</section>\n`
}

/** @param {PageContext} ctx @param {Pending} p */
function pendingHtml(ctx, p) {
  return workloadNameHtml(ctx, p.workload) + escapeHtml(ctx.i18n('run_partial_threads', {threads: p.threads.join(ctx.i18n('punct_list'))}))
}
