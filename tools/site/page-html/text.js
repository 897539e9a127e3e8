import {dataTextHtml} from '../fact-table-html.js'

/**
 * A data text as report/text.html prints it: in the page's language, or,
 * not translated yet, in its own language with that `lang` and a visible
 * mark saying so (compute/text.html picks the language's; the escaping and
 * the mark are fact-table-html.js's, shared with the tables of facts).
 * @param {import('./context.js').PageContext} ctx
 * @param {unknown} text  a plain value, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js)
 */
export function textHtml(ctx, text) {
  return dataTextHtml(text, {i18n: ctx.i18n, lang: ctx.lang, names: ctx.site.names ?? {}})
}
