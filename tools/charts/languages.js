/**
 * One chart file for several languages: the marks once, each differing text once per wording with its
 * languages' classes, and a style sheet that shows the language the URL's fragment names
 * (`<img src="chart.svg#zh">`), else the first's. Plain string work: nothing here loads Vega.
 *
 * @typedef {{lang: string, labels: Record<string, string>, alt: string, locale?: string}} ChartLanguage
 *   a language's words for the label tokens, its text alternative, its axis numbers' locale
 */
import {escapeHtml} from '../lib/escape-html.js'
import {LABEL_TOKEN, fillLabels, fillNumbers} from './labels.js'
import {compactNumbers} from './numbers.js'
import {memo} from '../lib/memo.js'

/** A text element of Vega's SVG writer: attributes, then content (tspans for several lines). */
const TEXT = /<text\b([^>]*)>([\s\S]*?)<\/text>/g
const TOKEN = '\u2039'

/**
 * @param {string} svg  rendered with tokens (`labelTokens`, `numberToken`)
 * @param {ChartLanguage[]} languages  the first is shown when the URL names none
 */
export function multilingualSvg(svg, languages) {
  if (languages.length === 0) throw new Error('a chart file needs at least one language')
  const fill = languages.map((l) => wordsOf(l))
  const body = svg.replace(TEXT, (element, attributes, content) => {
    if (!content.includes(TOKEN)) return element
    /** @type {Map<string, string[]>} wording → its languages */
    const wordings = new Map()
    for (const [i, {lang}] of languages.entries()) {
      const text = fill[i](content)
      wordings.set(text, [...(wordings.get(text) ?? []), lang])
    }
    if (wordings.size === 1) return `<text${attributes}>${[...wordings.keys()][0]}</text>`
    return [...wordings].map(([text, langs]) => `<text class="${langs.join(' ')}"${attributes}>${text}</text>`).join('')
  })
  const titles = languages.map((l) => `<title lang="${escapeHtml(l.lang)}">${escapeHtml(l.alt)}</title>`).join('')
  const others = languages.slice(1).map((l) => l.lang)
  const anchors = others.map((lang) => `<g id="${lang}"/>`).join('')
  // the anchors come before the chart's content, which the `~` rules reach
  return body.replace(/^(<svg\b[^>]*>)/, `$1${titles}${others.length > 0 ? `<style>${languageRules(languages[0].lang, others)}</style>` : ''}${anchors}`)
}

/**
 * The style sheet that shows the first language's texts unless the fragment
 * names another (a text several share has each class; a later rule wins).
 * @param {string} first @param {string[]} others
 */
export function languageRules(first, others) {
  const targeted = (/** @type {string} */ lang, /** @type {string} */ cls) => `#${lang}:target~* .${cls}`
  return [
    `${others.map((l) => `.${l}`).join(',')}{display:none}`,
    `.${first}{display:inline}`,
    `${others.map((l) => targeted(l, first)).join(',')}{display:none}`,
    ...others.map((l) => `${targeted(l, l)}{display:inline}`)
  ].join('')
}

/**
 * @param {ChartLanguage} language
 * @returns {(text: string) => string}
 */
function wordsOf({labels, locale}) {
  const numbers = locale ? numbersOf(locale) : null
  return (text) => {
    // most texts with tokens are an axis's numbers only
    const words = text.search(LABEL_TOKEN) >= 0 ? fillLabels(text, labels) : text
    return numbers ? numbers(words) : words
  }
}

/** A locale's numbers in place of their tokens, each text once: ticks repeat from chart to chart. */
const numbersOf = memo((/** @type {string} */ locale) => {
  const format = compactNumbers(locale)
  return memo((/** @type {string} */ text) => fillNumbers(text, format))
})
