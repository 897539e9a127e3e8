/**
 * Where a node of remark's tree stands in its source: readers take Markdown as written, by offsets.
 *
 * @typedef {import('unist').Node} Node
 */

/**
 * A node's place; every node of a parsed tree has one.
 * @param {Node} node
 * @returns {import('unist').Position}
 */
export function positionOf(node) {
  if (!node.position) throw new Error(`A ${node.type} node without its place in the source, expected a parsed tree`)
  return node.position
}

/** @param {Node} node */
export const startOf = (node) => /** @type {number} */ (positionOf(node).start.offset)

/** @param {Node} node */
export const endOf = (node) => /** @type {number} */ (positionOf(node).end.offset)

/** A node's Markdown as written. @param {string} source @param {Node} node */
export const sourceOf = (source, node) => source.slice(startOf(node), endOf(node))
