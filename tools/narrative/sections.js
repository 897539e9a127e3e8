/**
 * The syntax of each narrative section parse.js read, kept for render.js (parsing it
 * again was half of its rendering): by Markdown, the newest only.
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
