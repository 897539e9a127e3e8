import {codeHtml} from './code.js'
import {textHtml} from './text.js'
import {workloadNameHtml} from './workload-name.js'

/**
 * @typedef {import('./context.js').PageContext} PageContext
 * @typedef {import('../../types/view-model.js').Parameter} Parameter
 */

/**
 * The parameters section as report/parameters.html prints it: each block
 * of configuration with its component and, where it does not apply to every
 * subject or workload, what it applies to.
 * @param {PageContext} ctx
 * @returns {string}
 */
export function parametersHtml(ctx) {
  /** @type {Parameter[]} */
  const parameters = ctx.report.parameters ?? []
  return `\n<section id="parameters">\n<h2>${ctx.t('section_parameters')}</h2>\n${parameters.map((p) => parameterHtml(ctx, p)).join('')}\n</section>\n`
}

/** @param {PageContext} ctx @param {Parameter} p */
function parameterHtml(ctx, p) {
  const {t} = ctx
  const subjects = p.subjects?.length ? `<span class="applies">${t('parameters_subjects', {subjects: p.subjects.join(ctx.i18n('punct_list'))})}</span>` : ''
  const workloads = p.workloads?.length ? `<p class="applies">${t('field_workloads')}${t('punct_colon')}${p.workloads.map((w) => workloadNameHtml(ctx, w)).join(t('punct_list'))}</p>` : ''
  const note = p.note ? `<p class="note">${textHtml(ctx, p.note)}</p>` : ''
  return `\n<div class="parameter">\n<h3>${textHtml(ctx, p.component)}${subjects}</h3>\n${workloads}\n${note}\n${codeHtml(p.content, p.format)}\n</div>\n`
}

