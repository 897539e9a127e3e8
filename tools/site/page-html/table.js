import {MissingPart} from './context.js'

/**
 * A table of facts as report/table.html prints it: its HTML Node wrote in
 * each language (fact-table-html.js factTableHtml, in hugo-model.js), the
 * page's language's. A table without it fails, as the template does.
 * @param {import('./context.js').PageContext} ctx
 * @param {{html: Record<string, string>}} table
 */
export function tableHtml(ctx, table) {
  const html = table.html[ctx.lang]
  if (!html) throw new MissingPart(`a table of facts has no HTML in "${ctx.lang}"; run \`benchdoc build\``)
  return `\n${html}\n`
}
