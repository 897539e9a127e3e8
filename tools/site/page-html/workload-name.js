import {escapeHtml} from './context.js'

/**
 * report/workload-name.html: a sysbench workload's display name with its id
 * as code beside it, or the id alone.
 * @param {import('./context.js').PageContext} ctx
 * @param {string} name  the workload's id
 */
export function workloadNameHtml({i18n}, name) {
  const shown = i18n(`workload_${name}`)
  return `${shown ? `${escapeHtml(shown)} ` : ''}<code>${escapeHtml(name)}</code>`
}
