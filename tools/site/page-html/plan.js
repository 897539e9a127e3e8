import {escapeHtml, escapeUrlPart} from './context.js'
import {codeHtml} from './code.js'
import {factsHtml} from './facts.js'
import {textHtml} from './text.js'
import {workloadNameHtml} from './workload-name.js'

/**
 * @typedef {import('./context.js').PageContext} PageContext
 * @typedef {{name: string, threads: string[], options: string[]}} PlanWorkload
 */

/**
 * The test plan as report/plan.html prints it: settings, workloads with
 * their thread counts, further steps, and the prepare and run commands
 * tools/derive made from the plan (one pair, or one per subject when their
 * sysbench drivers differ).
 * @param {PageContext} ctx
 * @returns {string}
 */
export function planHtml(ctx) {
  const {t} = ctx
  const p = ctx.report.plan_page
  const steps = p.steps?.length ? `\n<h3>${t('plan_steps')}</h3>\n<ul>${p.steps.map((/** @type {unknown} */ s) => `<li>${textHtml(ctx, s)}</li>`).join('')}</ul>\n` : ''
  const clients = p.clients ? `<p>${t('plan_clients_note', {clients: p.clients})}</p>` : ''
  return `\n<section id="plan">\n<h2>${t('section_plan')}</h2>\n${factsHtml(ctx, p.settings)}\n${workloadsHtml(ctx)}\n${steps}\n${clients}\n` +
    `${commandsHtml(ctx)}\n<p class="note">${t('plan_placeholders')}</p>\n</section>\n`
}

/** The table of workloads. @param {PageContext} ctx */
function workloadsHtml(ctx) {
  const {t} = ctx
  const p = ctx.report.plan_page
  const {threads, options} = p.workload_columns
  const head = `<th scope="col">${t('plan_workload')}</th>${threads ? `<th scope="col">${t('plan_threads')}</th>` : ''}${options ? `<th scope="col">${t('plan_options')}</th>` : ''}`
  const rows = p.workloads.map((/** @type {PlanWorkload} */ w) => {
    const name = `<td><a href="#workload-${escapeUrlPart(w.name)}">${workloadNameHtml(ctx, w.name)}</a></td>`
    const counts = threads ? `<td>${escapeHtml(w.threads.join(ctx.i18n('punct_list')))}</td>` : ''
    const opts = options ? `<td>${w.options.map((o) => `<code>${escapeHtml(o)}</code> `).join('')}</td>` : ''
    return `\n<tr>\n${name}\n${counts}\n${opts}\n</tr>\n`
  }).join('')
  return `<div class="table-wrap" tabindex="0" role="region" aria-label="${t('plan_workload')}">\n<table class="workloads">\n` +
    `<thead><tr>${head}</tr></thead>\n<tbody>\n${rows}\n</tbody>\n</table>\n</div>`
}

/** Each pair of commands, under its subject's name when there are several. @param {PageContext} ctx */
function commandsHtml(ctx) {
  /** @type {Array<{subject: string | null, prepare: string, run: string}>} */
  const commands = ctx.report.commands ?? []
  return commands.map((c) => {
    const subject = c.subject ? `<p class="commands-subject"><strong>${escapeHtml(c.subject)}</strong></p>` : ''
    return `\n${subject}\n<h3>${ctx.t('plan_prepare')}</h3>\n${codeHtml(c.prepare, 'shell')}\n<h3>${ctx.t('plan_run')}</h3>\n${codeHtml(c.run, 'shell')}\n`
  }).join('')
}
