/**
 * Localisable data text: a free-text field (TEXT_FIELDS) is a plain string, shown as
 * written on every page (names and codes: `CentOS 7.4`), or text by language with its
 * source language (`{source: zh, zh: 操作系统, en: Operating system}`), shown in the
 * page's language, else marked in its source's. Pure.
 *
 * @typedef {{source: string} & Record<string, string>} LocalText
 *   `lang` is set when the text is not in the page's language
 */

/** A language code as Hugo names languages: `en`, `zh`, `pt-br`. */
export const LANG_CODE = /^[a-z]{2,3}(?:-[a-z0-9]{2,8})*$/i

/**
 * Where a report has localisable text, `*` for every item (a test checks the schema's `$defs/text` agree).
 */
export const TEXT_FIELDS = [
  ['title'],
  ['subjects', '*', 'variant'],
  ['place'],
  ['author'],
  ['environment', 'notes', '*'],
  ['environment', 'software', '*', 'name'],
  ['environment', 'software', '*', 'purpose'],
  ['environment', 'software', '*', 'version'],
  ['environment', 'machines', '*', 'cpu'],
  ['parameters', '*', 'component'],
  ['parameters', '*', 'note'],
  ['plan', 'steps', '*']
]

/** The report's fields under which TEXT_FIELDS lie. */
const TEXT_ROOTS = [...new Set(TEXT_FIELDS.map((path) => path[0]))]

/**
 * @param {unknown} value
 * @returns {value is LocalText}
 */
export function isLocalText(value) {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return false
  const entries = Object.entries(value)
  return typeof (/** @type {{source?: unknown}} */ (value).source) === 'string' &&
    entries.every(([k, v]) => typeof v === 'string' && (k === 'source' || LANG_CODE.test(k)))
}

/**
 * The text as written by its author: the source language's, or the string.
 * @param {string | LocalText} value
 */
export function sourceText(value) {
  return typeof value === 'string' ? value : value[value.source] ?? ''
}

/**
 * The text a page in `lang` shows.
 * @param {string | LocalText} value
 * @param {string} lang
 * @returns {{text: string, lang: string | null}}
 */
export function showText(value, lang) {
  if (typeof value === 'string') return {text: value, lang: null}
  if (typeof value[lang] === 'string') return {text: value[lang], lang: null}
  return {text: sourceText(value), lang: value.source}
}

/**
 * Every localisable text of a report with its path.
 * @param {object} report
 */
export function dataTexts(report) {
  /** @type {Array<{path: Array<string | number>, value: string | LocalText}>} */
  const out = []
  /** @param {unknown} node @param {string[]} rest @param {Array<string | number>} path */
  const walk = (node, rest, path) => {
    if (node == null) return
    if (rest.length === 0) {
      if (typeof node === 'string' || isLocalText(node)) out.push({path, value: node})
      return
    }
    const [head, ...tail] = rest
    if (head === '*') {
      if (Array.isArray(node)) node.forEach((item, i) => walk(item, tail, [...path, i]))
    } else if (typeof node === 'object') walk(/** @type {Record<string, unknown>} */ (node)[head], tail, [...path, head])
  }
  for (const field of TEXT_FIELDS) walk(report, field, [])
  return out
}

/**
 * The report with each localised text replaced by what every language's page
 * shows (`{en: {text, lang}, zh: …}`). Neither the copies nor the points,
 * shared with the report, may be changed.
 * @template {object} T
 * @param {T} report
 * @param {string[]} languages
 * @returns {T}  as `report`, but each localised text is the texts every language shows
 */
export function localizeReport(report, languages) {
  // only the fields that hold data text are copied: the points, most of a report, are shared as they are
  const out = /** @type {T} */ ({...report})
  for (const key of TEXT_ROOTS) {
    if (Object.hasOwn(report, key)) /** @type {Record<string, unknown>} */ (out)[key] = structuredClone(/** @type {Record<string, unknown>} */ (report)[key])
  }
  for (const {path, value} of dataTexts(report)) {
    if (typeof value === 'string') continue
    const parent = /** @type {Record<string | number, unknown>} */ (path.slice(0, -1).reduce((node, key) => /** @type {Record<string | number, unknown>} */ (node)[key], /** @type {unknown} */ (out)))
    parent[/** @type {string | number} */ (path.at(-1))] = Object.fromEntries(languages.map((l) => [l, showText(value, l)]))
  }
  return out
}

/** Han, kana or hangul: text in a language, never a name or code. */
const CJK = /[\u3040-\u30ff\u3400-\u9fff\uac00-\ud7af]/
/** A lowercase word of three letters or more: prose, not a product name. */
const WORD = /(?<![\p{L}\p{N}._/-])\p{Ll}{3,}(?![\p{L}\p{N}._/-])/u

/**
 * Whether a plain string reads as words of some language (Han, kana, hangul
 * or a lowercase word), and so cannot be shown unmarked on every page.
 * @param {string} text
 */
export function looksLikeProse(text) {
  return CJK.test(text) || WORD.test(text)
}
