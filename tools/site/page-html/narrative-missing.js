import {escapeHtml, rootUrl} from './context.js'

/**
 * @typedef {import('./context.js').PageContext} PageContext
 */

/**
 * The note that this language has no narrative, linking to the languages
 * that have one: report/narrative-missing.html.
 * @param {PageContext} ctx
 * @returns {string}
 */
export function narrativeMissingHtml(ctx) {
  /** @type {string[] | null | undefined} */
  const have = ctx.report.narrative_languages
  const text = have?.length
    ? `${ctx.t('narrative_missing', {language: languageName(ctx, ctx.lang)})}\n${translationLinks(ctx, (lang) => have.includes(lang), '#purpose')}`
    : ctx.t('narrative_none')
  return `\n<p class="narrative-missing">\n${text}\n</p>\n`
}

/**
 * The links to this report's page in the other languages that `wanted`
 * picks, each after a space, in the order of Hugo's `.Translations`.
 * @param {PageContext} ctx
 * @param {(lang: string) => boolean} wanted
 * @param {string} [fragment]
 */
export function translationLinks(ctx, wanted, fragment = '') {
  return hugoOrder(ctx.site, ctx.site.languages.filter((lang) => lang !== ctx.lang && wanted(lang))).map((lang) => {
    const code = escapeHtml(lang)
    return ` <a href="${rootUrl(`${lang}/reports/${ctx.report.id}/`)}${fragment}" hreflang="${code}" lang="${code}">${escapeHtml(languageName(ctx, lang))}</a>`
  }).join('')
}

/** A language's name (config.toml languageName; its code when it has none). @param {PageContext} ctx @param {string} lang */
function languageName(ctx, lang) {
  return ctx.site.names?.[lang] || lang
}

/**
 * Languages in Hugo's order of a site's languages: by weight, then by code
 * (the site's list has the default language first, whatever its weight).
 * @param {import('./context.js').Site} site
 * @param {string[]} languages
 */
function hugoOrder({weights}, languages) {
  if (!weights) return languages
  return [...languages].sort((a, b) => (weights[a] ?? 0) - (weights[b] ?? 0) || (a < b ? -1 : a > b ? 1 : 0))
}
