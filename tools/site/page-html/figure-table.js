import {MissingPart, escapeHtml} from './context.js'

/**
 * report/figure-table.html: a table of figures as the Hugo model holds it
 * (its class and its HTML in each language, figure-table-html.js) in a box
 * that scrolls on its own.
 * @param {import('./context.js').PageContext} ctx
 * @param {{table: {class: string, html: Record<string, string>}, caption: string}} args  `caption` not escaped
 */
export function figureTableHtml({lang}, {table, caption}) {
  const html = table?.html?.[lang]
  if (!html) throw new MissingPart(`a table of figures has no HTML in "${lang}"; run \`benchdoc build\``)
  return `\n<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(caption)}">\n<table class="${escapeHtml(table.class ?? '')}">${html}\n</table>\n</div>\n`
}
