/**
 * The syntax of each narrative section parse.js read, kept for render.js:
 * a build parses every narrative (to check it) and then renders each section
 * to HTML, and parsing the section's Markdown a second time was half of that
 * rendering. Keyed by the section's Markdown, so the rendering needs nothing
 * but the text it is given; a text not (or no longer) kept is parsed again.
 * The newest sections only: a long `serve` parses many versions of a file.
 *
 * @typedef {import('mdast').RootContent[]} Nodes
 */

/** @type {Map<string, Nodes>} */
const kept = new Map()
const MOST = 512

/**
 * @param {string} markdown  a section as parse.js gives it
 * @param {Nodes} nodes  its part of the file's tree
 */
export function keepSection(markdown, nodes) {
  kept.delete(markdown)
  if (kept.size >= MOST) kept.delete(/** @type {string} */ (kept.keys().next().value))
  kept.set(markdown, nodes)
}

/**
 * @param {string} markdown
 * @returns {Nodes | undefined}
 */
export function keptSection(markdown) {
  return kept.get(markdown)
}
