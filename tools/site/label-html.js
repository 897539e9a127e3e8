/**
 * A view model's label written in a language (tools/i18n/label-text.js), and text escaped, for the HTML Node writes.
 * @typedef {import('../i18n/label-text.js').I18n} I18n
 */
export {i18nOf, labelText, sentencesText} from '../i18n/label-text.js'

/** What HTML text and a quoted attribute value escape. */
const HTML_ESCAPES = /** @type {Record<string, string>} */ ({'"': '&quot;', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;'})

/**
 * Text for HTML text or a quoted attribute value.
 * @param {string} text
 */
export function escapeHtml(text) {
  return ESCAPED.test(text) ? text.replace(ESCAPED_ALL, (c) => HTML_ESCAPES[c]) : text
}

const ESCAPED = /["&'<>]/
const ESCAPED_ALL = /["&'<>]/g
