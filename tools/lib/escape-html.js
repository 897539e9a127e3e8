/** Text escaped for the HTML and SVG Node writes (a view model's label in a language: tools/i18n/label-text.js; a chart's texts). */

/** What HTML text and a quoted attribute value escape. */
const HTML_ESCAPES = /** @type {Record<string, string>} */ ({'"': '&quot;', '&': '&amp;', "'": '&#39;', '<': '&lt;', '>': '&gt;'})

/**
 * Text for HTML or SVG text or a quoted attribute value.
 * @param {string} text
 */
export function escapeHtml(text) {
  return ESCAPED.test(text) ? text.replace(ESCAPED_ALL, (c) => HTML_ESCAPES[c]) : text
}

const ESCAPED = /["&'<>]/
const ESCAPED_ALL = /["&'<>]/g
