/**
 * A rendered chart's words: labels are rendered as tokens, so that one
 * rendering serves every language, and each language's text is put in place
 * of them afterwards. Plain string work: nothing here loads Vega.
 */

/**
 * Labels as tokens for the spec, so that one rendering serves every
 * language: `fillLabels` puts each language's text in place of the tokens.
 * Titles are placed by the axes and legend, not by their own width, so the
 * layout holds for any label.
 * @template {Record<string, string>} T
 * @param {T} labels  any labels, only their keys are used
 * @returns {T}
 */
export function labelTokens(labels) {
  return /** @type {T} */ (Object.fromEntries(Object.keys(labels).map((k) => [k, `\u2039${k}\u203a`])))
}

/**
 * @param {string} svg  rendered with `labelTokens`
 * @param {Record<string, string>} labels  one language's text for each token
 */
export function fillLabels(svg, labels) {
  return svg.replace(/\u2039([a-z_]+)\u203a/g, (token, key) => (key in labels ? escapeXml(labels[key]) : token))
}

/**
 * Give an SVG an accessible name: `role="img"` and a `<title>` with the text
 * alternative, so screen readers announce the chart rather than its marks.
 *
 * @param {string} svg
 * @param {string} text
 * @returns {string}
 */
export function labelSvg(svg, text) {
  const escaped = escapeXml(text)
  return svg.replace(/^<svg\b([^>]*)>/, `<svg$1 role="img" aria-label="${escaped}"><title>${escaped}</title>`)
}

/** @param {string} text */
function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}
