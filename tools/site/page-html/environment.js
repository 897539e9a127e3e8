import {escapeHtml} from './context.js'
import {factsHtml} from './facts.js'
import {tableHtml} from './table.js'
import {textHtml} from './text.js'

/**
 * @typedef {{html: Record<string, string>}} HugoTable  a table of facts as Hugo's model holds it (hugo-model.js)
 * @typedef {{html: Record<string, string>} | unknown[]} HugoFacts  a list of facts as Hugo's model holds it: its HTML, or the empty list
 * @typedef {{cloud: HugoFacts, hardware: HugoTable[], notes: unknown[], client: HugoTable | null,
 *   software: HugoFacts, software_table: HugoTable | null, components: Array<{name: string, table: HugoTable}>}} HugoEnvironment
 */

/**
 * The test environment as report/environment.html prints it, from the
 * model's `environment_page`: cloud, hardware (instances or machines),
 * client, software versions and component git hashes.
 * @param {import('./context.js').PageContext} ctx
 * @returns {string}
 */
export function environmentHtml(ctx) {
  const {t} = ctx
  /** @type {HugoEnvironment} */
  const e = ctx.report.environment_page
  const parts = [`<h2>${t('section_environment')}</h2>`, factsHtml(ctx, e.cloud)]
  if (e.hardware?.length) parts.push(`<h3>${t('section_hardware')}</h3>`, ...e.hardware.map((h) => tableHtml(ctx, h)))
  if (e.notes?.length) parts.push(`<ul class="notes">${e.notes.map((/** @type {unknown} */ n) => `<li>${textHtml(ctx, n)}</li>`).join('')}</ul>`)
  if (e.client) parts.push(`<h3>${t('field_client')}</h3>`, tableHtml(ctx, e.client))
  if (hasFacts(e.software) || e.software_table) {
    parts.push(`<h3>${t('section_software')}</h3>`, factsHtml(ctx, e.software))
    if (e.software_table) parts.push(tableHtml(ctx, e.software_table))
  }
  if (e.components?.length) {
    parts.push(`<h3>${t('section_components')}</h3>`, ...e.components.map((c) => `<h4>${escapeHtml(c.name)}</h4>\n${tableHtml(ctx, c.table)}`))
  }
  return `\n<section id="environment">\n${parts.join('\n')}\n</section>\n`
}

/** A list of facts as Hugo's model holds it: its HTML, or the empty list. @param {unknown} facts */
const hasFacts = (facts) => facts != null && !Array.isArray(facts)
