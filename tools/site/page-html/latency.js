import {figureTableHtml} from './figure-table.js'

/**
 * report/latency.html: the latency summary's table.
 * @type {import('./context.js').SectionHtml}
 */
export function latencyHtml(ctx) {
  const {report, t, i18n} = ctx
  return `\n<section id="latency">\n<h2>${t('latency_title')}</h2>\n${figureTableHtml(ctx, {table: report.overview?.latency, caption: i18n('latency_title')})}\n</section>\n`
}
