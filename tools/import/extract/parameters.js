import {classifyConfig, cleanContent, componentFromKeys, componentsIn, fenceFormat} from '../config.js'
import {subjectFor, versionTokens} from '../subjects.js'
import {inlineCodes, plainText} from '../text.js'
import {exactWorkloads} from '../workloads.js'
import {at} from './state.js'

/**
 * Configuration blocks read into `parameters`, with the component, subjects and workloads they apply to.
 *
 * @typedef {import('./state.js').State} State
 */

/**
 * @param {State} s
 * @param {import('mdast').Code} node  a code block
 * @param {string | null} itemLabel  the list item's first paragraph, when in a list
 * @returns {boolean}  true when the block was a configuration
 */
export function configBlock(s, node, itemLabel) {
  const kind = classifyConfig(node.value)
  if (!kind) return false
  const fence = fenceFormat(node.lang)
  if (fence && fence !== kind.format) {
    s.say('warning', at(node), 'fence-format', `Unexpected \`${node.lang}\` fence for ${kind.format.toUpperCase()} content, read as \`${kind.format}\``)
  }
  const component = componentOf(s, node, kind.kind)
  if (!component) {
    s.say('warning', at(node), 'config-component', 'Configuration block without a component (no heading or text names one); recorded as `unknown`')
  }
  /** @type {import('../../types/report.js').Parameter} */
  const param = {component: component ?? 'unknown', format: kind.format, content: cleanContent(node.value)}
  const named = subjectsNear(s, itemLabel)
  if (named.length > 0 && named.length < s.versions.ids.length) param.subjects = named
  const previous = s.previous
  const first = s.itemNode?.children[0]
  const leadNode = first?.type === 'paragraph' ? first : previous?.type === 'paragraph' ? previous : null
  const wl = leadNode ? exactWorkloads(inlineCodes(leadNode)) : []
  if (wl.length > 0) param.workloads = wl
  // A block split in two right after the other, for the same component, is one.
  const last = s.lastConfig
  const same = last && last.node === previous && last.param.component === param.component &&
    last.param.format === param.format && JSON.stringify(last.param.subjects) === JSON.stringify(param.subjects) &&
    JSON.stringify(last.param.workloads) === JSON.stringify(param.workloads)
  if (same && last) last.param.content += param.content
  else s.parameters.push(param)
  s.lastConfig = {param: same && last ? last.param : param, node}
  return true
}

/** @param {State} s @param {import('mdast').Code} node @param {string} kind @returns {string | null} */
function componentOf(s, node, kind) {
  if (kind === 'sql') return `${s.versions.product} global variables`
  if (kind === 'haproxy') return 'HAProxy'
  const heading = s.ctx.headings.at(-1) ?? ''
  return componentsIn(heading)[0] ?? s.ctx.mention ?? componentFromKeys(node.value)
}

/**
 * Subjects a block is for: a version in the heading, the list item's label, or the sentence before.
 * @param {State} s
 * @param {string | null} itemLabel
 */
function subjectsNear(s, itemLabel) {
  const heading = s.ctx.headings.at(-1) ?? ''
  const lead = itemLabel ?? (s.previous?.type === 'paragraph' ? plainText(s.previous) : '')
  const near = [versionTokens(heading, true), versionTokens(itemLabel ?? ''), versionTokens(lead)].find((t) => t.length > 0) ?? []
  return [...new Set(near.map((t) => subjectFor(t.id, s.versions.ids)).filter((x) => x !== null))]
}
