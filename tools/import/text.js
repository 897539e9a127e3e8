import {toString} from 'mdast-util-to-string'

/**
 * Text of mdast nodes as the importer reads it.
 * @typedef {import('mdast').Nodes} Nodes
 */

/**
 * A heading's text and `{#anchor}` id, without numbering (`3.1 `) in front.
 * @param {import('mdast').Heading} heading
 * @returns {{text: string, anchor: string | null}}
 */
export function headingText(heading) {
  // Inline HTML such as `<code>Point Select</code>` is not part of toString.
  let text = heading.children
    .map((c) => (c.type === 'html' ? c.value.replace(/<[^>]*>/g, '') : toString(c)))
    .join('')
    .trim()
  let anchor = null
  const match = /\s*\{#([^}\s]+)\}\s*$/.exec(text)
  if (match) {
    anchor = match[1]
    text = text.slice(0, match.index).trim()
  }
  text = text.replace(/^(\d+(\.\d+)*\.?)\s+/, '')
  return {text, anchor}
}

/**
 * Plain text of a node (inline code included), whitespace collapsed.
 * @param {Nodes} node
 */
export function plainText(node) {
  return toString(node).replace(/\s+/g, ' ').trim()
}

/**
 * `Label: value` or `Label：value` split at the first colon; null without one.
 * @param {string} text
 * @returns {{label: string, value: string} | null}
 */
export function labelled(text) {
  const match = /^([^:：]{1,40})[:：]\s*(.*)$/s.exec(text.trim())
  return match ? {label: match[1].trim(), value: match[2].trim()} : null
}

/**
 * Inline code values in a node, in order.
 * @param {Nodes} node
 * @returns {string[]}
 */
export function inlineCodes(node) {
  return node.type === 'inlineCode' ? [node.value] : childrenOf(node).flatMap(inlineCodes)
}

/**
 * A node's children; none for a leaf.
 * @param {Nodes} node
 * @returns {Nodes[]}
 */
export function childrenOf(node) {
  return 'children' in node ? node.children : []
}
