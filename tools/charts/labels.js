import {createHash} from 'node:crypto'
import {escapeHtml} from '../lib/escape-html.js'
/**
 * A rendered chart's words: labels rendered as tokens, so that one rendering serves every language,
 * and each language's text put in their place afterwards. Plain string work: nothing here loads Vega.
 */

/**
 * Labels as tokens (titles are placed by axes and legend, not by their width: the layout holds for any label).
 * @template {Record<string, string>} T
 * @param {T} labels  any labels, only their keys are used
 */
export function labelTokens(labels) {
  return /** @type {T} */ (Object.fromEntries(Object.keys(labels).map((k) => [k, `\u2039${k}\u203a`])))
}

/**
 * The name of a token that stands for `texts` (each language's), made from them, so that a
 * name always stands for the same texts (render.js measures a token as the widest of them).
 * @param {string} prefix  lower-case letters and `_`
 * @param {string[]} texts
 */
export function wordToken(prefix, texts) {
  // hex digits as letters: a token's name is lower-case letters and `_`
  return `${prefix}${createHash('sha256').update(JSON.stringify(texts)).digest('hex').slice(0, 16).replace(/[0-9]/g, (d) => String.fromCharCode(0x67 + Number(d)))}`
}

/**
 * @param {string} svg  rendered with `labelTokens`
 * @param {Record<string, string>} labels  one language's text for each token
 * @param {boolean} [xml]  false: the text is not XML (a download's data), its words go in as they are
 */
export function fillLabels(svg, labels, xml = true) {
  return svg.replace(LABEL_TOKEN, (token, key) => (key in labels ? (xml ? escapeHtml(labels[key]) : labels[key]) : token))
}
/** A label token, such as a subject's name in a line's name (`‹sn_…›‹sep›8`); a number token starts `‹#`. */
export const LABEL_TOKEN = /\u2039([a-z_]+)\u203a/g

/**
 * A text with each label token as the longest of the texts it stands for, to measure it by.
 * @param {string} text @param {(token: string) => string[] | undefined} textsOf  a token's texts (a spec's `usermeta.words`)
 */
export const withLongestWords = (text, textsOf) => text.replace(LABEL_TOKEN, (token) => (textsOf(token) ?? [token]).reduce((a, b) => (b.length > a.length ? b : a)))

/**
 * A number as a token that stands for it in each of `locales` (`fillNumbers`
 * writes each language's): it names its locales, so that the renderer makes
 * room for the widest, and the axis's top, so that every tick has one unit.
 * @param {number} value
 * @param {string} locales  BCP 47 tags, space-separated
 * @param {number[]} [domain]  the axis scale's domain (Vega's `domain('y')`)
 */
export function numberToken(value, locales, domain) {
  const top = domain ? Math.max(...domain.map(Math.abs)) : value
  return `\u2039#${value}@${top}|${locales}\u203a`
}

const NUMBER_TOKEN = /\u2039#([^@|\u203a]*)@([^|\u203a]*)\|([^\u203a]*)\u203a/g

/**
 * The texts a number token stands for, one per locale; null for other text.
 * @param {string} text
 * @param {(locale: string) => import('./numbers.js').AxisNumbers} formatOf
 * @returns {string[] | null}
 */
export function numberTokenTexts(text, formatOf) {
  // most texts measured are not tokens: a character tells them apart
  if (text.charCodeAt(0) !== 0x2039 || text.charCodeAt(1) !== 0x23) return null
  const match = /^\u2039#([^@|\u203a]*)@([^|\u203a]*)\|([^\u203a]*)\u203a$/.exec(text)
  return match ? match[3].split(' ').map((locale) => formatOf(locale).format(Number(match[1]), Number(match[2]))) : null
}

/**
 * @param {string} svg  rendered with number tokens on its axes
 * @param {import('./numbers.js').AxisNumbers} format  one language's numbers
 */
export function fillNumbers(svg, format) {
  return svg.replace(NUMBER_TOKEN, (_, value, top) => escapeHtml(format.format(Number(value), Number(top))))
}

/**
 * An SVG with an accessible name, so screen readers announce the chart rather than its marks.
 * @param {string} svg
 * @param {string} text
 */
export function labelSvg(svg, text) {
  const escaped = escapeHtml(text)
  return svg.replace(/^<svg\b([^>]*)>/, `<svg$1 role="img" aria-label="${escaped}"><title>${escaped}</title>`)
}
