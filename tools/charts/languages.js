/**
 * One chart file for several languages. A chart rendered with label and
 * number tokens (labels.js) has the same marks in every language: only some
 * of its texts differ. Each such text is written once per distinct wording,
 * marked with the languages it belongs to, and a style sheet in the file
 * shows the words of the language named by the URL's fragment
 * (`chart.svg#zh`), or of the first language without one. A page shows
 * `<img src="chart.svg#zh">`: the marks travel once instead of once per
 * language. A browser that ignored the fragment would show the first
 * language's words, never a chart without any. Plain string work: nothing
 * here loads Vega.
 *
 * @typedef {{lang: string, labels: Record<string, string>, alt: string, locale?: string}} ChartLanguage
 *   a language's words for the chart's label tokens, its text alternative, and the
 *   locale of its axis numbers when the chart has number tokens
 */
import {escapeXml, fillLabels, fillNumbers} from './labels.js'
import {compactNumbers} from './numbers.js'

/** A text element of Vega's SVG writer: attributes, then content (tspans for several lines). */
const TEXT = /<text\b([^>]*)>([\s\S]*?)<\/text>/g
const TOKEN = '\u2039'

/**
 * @param {string} svg  rendered with tokens (`labelTokens`, `numberToken`)
 * @param {ChartLanguage[]} languages  the first is shown when the URL names none
 * @returns {string}
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
  const titles = languages.map((l) => `<title lang="${escapeXml(l.lang)}">${escapeXml(l.alt)}</title>`).join('')
  const others = languages.slice(1).map((l) => l.lang)
  const anchors = others.map((lang) => `<g id="${lang}"/>`).join('')
  // the anchors come before the chart's content, which the `~` rules reach
  return body.replace(/^(<svg\b[^>]*>)/, `$1${titles}${others.length > 0 ? `<style>${languageRules(languages[0].lang, others)}</style>` : ''}${anchors}`)
}

/**
 * The style sheet that shows one language's texts: the first language's
 * unless the fragment names another. A text shared by several languages has
 * each of their classes; a later rule of the same weight wins.
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
 * The function that writes a language's words and numbers in place of the tokens.
 * @param {ChartLanguage} language
 * @returns {(text: string) => string}
 */
function wordsOf({labels, locale}) {
  const numbers = locale ? numbersOf(locale) : null
  return (text) => {
    // most texts with tokens are an axis's numbers only
    const words = LABEL_TOKEN.test(text) ? fillLabels(text, labels) : text
    return numbers ? numbers(words) : words
  }
}

/** A label token (fillLabels): a number token starts `‹#`. */
const LABEL_TOKEN = /\u2039[a-z_]+\u203a/

/**
 * A locale's numbers written in place of their tokens, each text once: the
 * ticks of one axis come again and again from chart to chart.
 * @type {Map<string, (text: string) => string>}
 */
const numberFillers = new Map()

/** @param {string} locale @returns {(text: string) => string} */
function numbersOf(locale) {
  let filler = numberFillers.get(locale)
  if (!filler) {
    const format = compactNumbers(locale)
    /** @type {Map<string, string>} */
    const filled = new Map()
    filler = (text) => {
      let words = filled.get(text)
      if (words === undefined) {
        if (filled.size >= 10000) filled.clear()
        filled.set(text, (words = fillNumbers(text, format)))
      }
      return words
    }
    numberFillers.set(locale, filler)
  }
  return filler
}
