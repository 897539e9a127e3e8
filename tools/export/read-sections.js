import {orderKeys} from '../lib/order-keys.js'
import {CLOUD_FACTS, COLON, LIST, SOFTWARE_FACTS, TABLES, VERSION_FACTS, separators} from './layout.js'
import {headingText, labelPattern, readCode, readCodeSpan, readDataText} from './text.js'
import {tableCells} from './table.js'
import {positionOf, sourceOf} from './nodes.js'

/**
 * The readers of the export's data sections but the results, by layout.js.
 *
 * @typedef {import('./read.js').Reading} Reading
 * @typedef {import('./read.js').Section} Section
 * @typedef {import('./read.js').Row} Row
 * @typedef {import('unist').Node} Node
 */

/** A node's Markdown as written. @param {Reading} st @param {Node} node */
export const raw = (st, node) => sourceOf(st.source, node)

/** The Markdown of a list item's first block. @param {Reading} st @param {import('mdast').ListItem} item */
export const itemText = (st, item) => raw(st, item.children[0] ?? item)

/**
 * `Label: value` with one of the given labels (longest first: one may start
 * another) and the language's colon, or `: ` as older exports wrote it.
 * @template {string} K
 * @param {Reading} st @param {string} text @param {ReadonlyArray<{key: K, label: string}>} facts
 * @returns {{key: K, value: string} | null}
 */
export function fact(st, text, facts) {
  const {colon} = separators(st.L)
  for (const f of [...facts].sort((a, b) => st.L(b.label).length - st.L(a.label).length)) {
    for (const after of colon === COLON ? [colon] : [colon, COLON]) {
      const prefix = `${st.L(f.label)}${after}`
      if (text.startsWith(prefix)) return {key: f.key, value: text.slice(prefix.length)}
    }
  }
  return null
}

/**
 * The values of a line or cell, split at the language's list separator, else
 * at `, ` (older exports). A value of one entry that holds `, ` reads as
 * several in zh and ja: the writer's tests hold such names to the new separator.
 * @param {Reading} st @param {string} value
 */
export function splitList(st, value) {
  const {list} = separators(st.L)
  return value.split(list !== LIST && value.includes(list) ? list : LIST)
}

/**
 * The place and author; the subjects and versions are the sidecar's, the date too (the page writes it as its language does).
 * @param {Reading} st @param {Section} section
 */
export function readVersion(st, section) {
  const facts = VERSION_FACTS.map((key) => ({key, label: `field_${key}`}))
  for (const node of section.nodes) {
    const f = node.type === 'paragraph' ? fact(st, raw(st, node), facts) : null
    if (f) st.report[f.key] = readDataText(f.value)
  }
}

/**
 * The rows of a table laid out by `columns`: each cell read by its type.
 * @param {Reading} st @param {import('mdast').Table} table @param {ReadonlyArray<import('./layout.js').Column>} columns
 * @returns {Row[]}
 */
function layoutRows(st, table, columns) {
  st.stats.tables++
  const {header, rows} = tableCells(table, st.source)
  const keyOf = header.map((h) => columns.find((c) => st.L(c.label) === h))
  return rows.map((row) => {
    /** @type {Row} */
    const o = {}
    keyOf.forEach((c, i) => {
      if (!c || (row[i] ?? '') === '') return
      o[c.key] = c.type === 'integer' ? Number(row[i]) : readDataText(row[i])
    })
    return o
  })
}

/** @param {Reading} st @param {Section} section */
export function readEnvironment(st, section) {
  const env = st.report.environment
  let h3 = /** @type {string | null} */ (null)
  let h4 = /** @type {string | null} */ (null)
  for (const node of section.nodes) {
    if (node.type === 'heading') {
      const text = headingText(raw(st, node).replace(/^#+\s*/, ''))
      if (node.depth === 3) [h3, h4] = [text, null]
      else h4 = text
    } else if (node.type === 'list' && h3 === null) {
      const cloud = /** @type {Record<string, string>} */ ({})
      for (const item of node.children) {
        const f = fact(st, itemText(st, item), CLOUD_FACTS)
        if (f) cloud[f.key] = readDataText(f.value)
      }
      if (Object.keys(cloud).length > 0) env.cloud = {...env.cloud, ...cloud}
    } else if (node.type === 'list' && h3 === st.L('field_notes')) {
      env.notes = [...(env.notes ?? []), ...node.children.map((item) => readDataText(itemText(st, item)))]
    } else if (node.type === 'paragraph' && h3 === st.L('section_software')) {
      const f = fact(st, raw(st, node), SOFTWARE_FACTS)
      if (f) env[f.key] = readDataText(f.value)
    } else if (node.type === 'table') environmentTable(st, node, h3, h4)
  }
}

/**
 * @param {Reading} st @param {import('mdast').Table} node @param {string | null} h3 @param {string | null} h4
 */
function environmentTable(st, node, h3, h4) {
  const env = st.report.environment
  if (h3 === st.L(TABLES.instances.heading)) {
    const {header} = tableCells(node, st.source)
    const kind = header.includes(st.L('field_role')) ? 'instances' : 'machines'
    env[kind] = [...(env[kind] ?? []), ...layoutRows(st, node, TABLES[kind].columns)]
  } else if (h3 === st.L(TABLES.client.heading)) {
    env.client = layoutRows(st, node, TABLES.client.columns)[0]
  } else if (h3 === st.L(TABLES.software.heading)) {
    env.software = layoutRows(st, node, TABLES.software.columns)
  } else if (h3 === st.L(TABLES.components.heading) && h4 !== null) {
    const id = st.idOf(readDataText(h4))
    const subject = st.subjects.find((s) => s.id === id)
    if (subject) subject.components = layoutRows(st, node, TABLES.components.columns)
    else st.say('warning', positionOf(node).start, 'export-components', `Unexpected components of \`${h4}\`, expected one of ${Object.values(st.labelOf()).map((l) => `\`${l}\``).join(', ')}`)
  }
}

/** @param {Reading} st @param {Section} section */
export function readParameters(st, section) {
  /** @type {import('./read.js').ReadParameter | null} what the heading (and a workloads line) says, for each block under it */
  let heading = null
  /** @type {import('./read.js').ReadParameter | null} */
  let param = null
  // a block met again is numbered (`parameters_block`): no subject
  const numbered = labelPattern(st.L('parameters_block'))
  for (const node of section.nodes) {
    if (node.type === 'heading' && node.depth === 3) {
      const text = headingText(raw(st, node).replace(/^#+\s*/, ''))
      // the heading names the subjects (by their labels, which may hold brackets) and workloads the block applies to, if any
      // in the language's brackets (`punct_aside`), or ` (…)` as exports before 2 December 2026 wrote them in every language
      const m = /^(.*)(?: \(|（)(.*)[)）]$/.exec(text)
      const labels = Object.values(st.labelOf())
      const named = splitList(st, m?.[2] ?? '').map(readDataText)
      const which = m && named.every((x) => labels.includes(x) || /^[\w.-]+$/.test(x) || numbered(x) !== null) ? named.filter((x) => labels.includes(x)) : null
      heading = {component: readDataText(which && m ? m[1] : text), ...(which && which.length > 0 ? {subjects: which.map(st.idOf)} : {})}
      param = {...heading}
    } else if (param && node.type === 'paragraph') {
      const text = raw(st, node)
      const f = fact(st, text, [{key: 'workloads', label: 'field_workloads'}])
      if (f && heading) param.workloads = heading.workloads = splitList(st, f.value).map(readCodeSpan)
      else param.note = readDataText(text)
    } else if (param && node.type === 'code') {
      param.format = node.lang ?? 'text'
      // a code block ends with a newline: the sidecar names the contents without one
      param.content = `${readCode(node.value)}${st.facts.no_final_newline?.includes(st.report.parameters.length) ? '' : '\n'}`
      st.report.parameters.push(orderKeys(param, ['component', 'format', 'subjects', 'workloads', 'note', 'content']))
      param = heading && {...heading}
    }
  }
}
