import {escapeHtml, escapeUrlPart, goNumberText, i18nOf, labelText, sentencesText} from '../label-html.js'
import {LINK_BASE} from '../index-html.js'

/**
 * What every renderer of a report page's parts (tools/site/page-html/) is
 * given: the page's language, its report as layouts/_partials/compute/report.html
 * returns it (the Hugo model, hugo-model.js, with the language's `by_lang`
 * merged over it as Hugo's `merge` does), and the language's words, escaped
 * as Go's html/template escapes text. A renderer `<partial>Html(ctx, section)`
 * returns what layouts/_partials/report/<partial>.html prints for
 * `(merge $ctx (dict "section" section))`, whitespace aside (page.html's
 * test compares the pages with whitespace runs outside <pre> made one space).
 *
 * @typedef {import('../label-html.js').I18n} I18n
 * @typedef {import('../../types/view-model.js').Label} Label
 * @typedef {import('../../types/view-model.js').Section} Section
 * @typedef {import('../fact-table-html.js').Site} Site
 * @typedef {Record<string, any>} HugoFields  any: a part of Hugo's model (hugo-model.js: the view model with its tables as HTML), typed by no schema; a renderer reads what its template reads
 * @typedef {HugoFields} HugoReport  the Hugo model of one language: what templates read as `.report`
 * @typedef {{stale: unknown, html: HugoFields} | null | undefined} PageNarrative  `$narrative`: the language's narrative as Hugo reads it
 *
 * @typedef {object} PageContext
 * @property {string} lang  the page's language (`site.Language.Lang`)
 * @property {string} title  the page's title (`.Title`: the report card's title in `lang`)
 * @property {HugoReport} report  `$r`
 * @property {PageNarrative} narrative  `index $r.narrative lang`
 * @property {Section[]} sections  `index $r.sections lang`
 * @property {Site} site  the site's languages (the default first), labels and names
 * @property {I18n} i18n  Hugo's `i18n` in `lang`, not escaped
 * @property {(key: string, args?: Record<string, string | number>) => string} t  `{{ i18n key args }}`: escaped
 * @property {(label: Label) => string} label  `{{ partial "compute/label.html" label }}`: escaped
 * @property {(labels: Label[]) => string} sentences  `{{ partial "compute/sentences.html" labels }}`: escaped
 *
 * @typedef {(ctx: PageContext, section: Section) => string} SectionHtml  a section's renderer: report/<partial>.html
 */

/**
 * A part of the model that a renderer needs and does not find (a chart not
 * drawn, a table without its HTML): the page is left to the templates, which
 * fail the build naming it (write.js). Any other error of a renderer is a bug
 * and stops the build.
 */
export class MissingPart extends Error {}

/**
 * The context of a report's page in one language.
 * @param {HugoReport} model  the Hugo model (hugo-model.js hugoModel), all languages
 * @param {Site} site
 * @param {string} lang
 * @param {string} title  the page's title in `lang`
 * @returns {PageContext}
 */
export function pageContext(model, site, lang, title) {
  const own = model.by_lang?.[lang]
  const report = own ? hugoMerge(model, own) : model
  const i18n = i18nIn(site, lang)
  return {
    lang, title, report, site, i18n,
    narrative: report.narrative?.[lang],
    sections: report.sections?.[lang] ?? [],
    t: (key, args) => escapeHtml(i18n(key, args)),
    label: (l) => escapeHtml(labelText(l, i18n)),
    sentences: (ls) => escapeHtml(sentencesText(ls, i18n))
  }
}

/** Each site's i18n by language, made once per build: its labels are looked up once for every page. @type {WeakMap<Site['labels'], Map<string, I18n>>} */
const i18nBySite = new WeakMap()

/** @param {Site} site @param {string} lang */
function i18nIn(site, lang) {
  let byLang = i18nBySite.get(site.labels)
  if (!byLang) i18nBySite.set(site.labels, (byLang = new Map()))
  let i18n = byLang.get(lang)
  if (!i18n) byLang.set(lang, (i18n = i18nOf(site.labels, lang, site.languages[0])))
  return i18n
}

/**
 * Hugo's `merge base over`: `over`'s values win, but where both hold a map
 * the two are merged the same way (a key only `base` has is kept).
 * @param {HugoFields} base @param {HugoFields} over
 * @returns {HugoFields}
 */
export function hugoMerge(base, over) {
  const out = {...base, ...over}
  for (const key of Object.keys(over)) {
    const [b, o] = [base[key], over[key]]
    if (isMap(b) && isMap(o)) out[key] = hugoMerge(b, o)
  }
  return out
}

/** @param {unknown} x @returns {x is HugoFields} */
const isMap = (x) => x != null && typeof x === 'object' && !Array.isArray(x)

/**
 * A root-relative link (`{{ printf "/%s" path | relURL }}`) as a page's HTML
 * holds it: LINK_BASE and the path, in a quoted attribute. page.html puts
 * the site's root URL (`relURL "/"`) for LINK_BASE once per page.
 * @param {string} path  without its leading `/`
 */
export function rootUrl(path) {
  return `${LINK_BASE}${urlAttr(path)}`
}

/**
 * A URL printed in a quoted attribute, as Go's html/template does: bytes a
 * URL may not hold percent-encoded (its URL normalizer), then escaped as
 * attribute text.
 * @param {string} url
 */
export function urlAttr(url) {
  return escapeHtml(URL_KEPT.test(url) ? url : normalizeUrl(url))
}

/** @param {string} url */
function normalizeUrl(url) {
  return Array.from(new TextEncoder().encode(url), (b) => {
    const c = String.fromCharCode(b)
    return b < 0x80 && URL_CHAR.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, '0')}`
  }).join('')
}

// what Go's URL normalizer keeps: unreserved and reserved characters, and `%`
// (not `'()`, which it encodes so that a URL may sit in a single-quoted attribute)
const URL_CHAR = /[A-Za-z0-9\-._~!#$&*+,/:;=?@[\]%]/
const URL_KEPT = /^[A-Za-z0-9\-._~!#$&*+,/:;=?@[\]%]*$/

/** A number as Hugo prints one read from JSON, escaped. @param {number} x */
export const numberText = (x) => escapeHtml(goNumberText(x))

export {escapeHtml, escapeUrlPart}
