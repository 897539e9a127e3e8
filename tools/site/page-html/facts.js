/**
 * A list of facts as report/facts.html prints it: the definition list Node
 * wrote in each language (fact-table-html.js factsHtml, in hugo-model.js),
 * the page's language's; nothing for a list without a fact (Hugo's model
 * keeps that as the empty list).
 * @param {import('./context.js').PageContext} ctx
 * @param {{html: Record<string, string>} | unknown[] | null | undefined} facts
 */
export function factsHtml(ctx, facts) {
  if (!facts || Array.isArray(facts)) return '\n'
  return `\n${facts.html[ctx.lang] ?? ''}\n`
}
