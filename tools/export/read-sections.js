import {halfWidthName, variantText} from '../derive/subjects.js'
import {orderKeys} from '../lib/order-keys.js'
import {CLOUD_FACTS, COLON, LIST, PLAN_FACTS, SOFTWARE_FACTS, TABLES, VERSION_FACTS, separators} from './layout.js'
import {escapeText, headingText, readCode, readCodeSpan, readDataText} from './text.js'
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

/** @param {Reading} st @param {Section} section */
export function readVersion(st, section) {
  const facts = [{key: /** @type {const} */ ('versions'), label: 'field_versions'}, ...VERSION_FACTS.map((key) => ({key, label: `field_${key}`}))]
  for (const node of section.nodes) {
    if (node.type !== 'paragraph') continue
    const f = fact(st, raw(st, node), facts)
    if (f?.key === 'versions') versions(st, f.value)
    else if (f) st.report[f.key] = readDataText(f.value)
  }
}

/**
 * `TiDB v5.1.4, TiDB v6.0.0 DMR` → each subject's product and version (from its id, else after the first word).
 * @param {Reading} st @param {string} value
 */
function versions(st, value) {
  const entries = splitList(st, value)
  st.subjects.forEach((s, i) => {
    const named = entries[i] ?? ''
    // only its variant is read: products and versions are what this line gives
    const variant = variantText(/** @type {import('../derive/subjects.js').NamedSubject} */ (s), st.lang)
    const suffix = variant !== undefined ? ` (${escapeText(String(variant))})` : ''
    const entry = suffix && halfWidthName(named).endsWith(suffix) ? halfWidthName(named).slice(0, -suffix.length) : named
    const at = entry.indexOf(` ${escapeText(s.id)}`)
    const cut = at >= 0 ? at : entry.indexOf(' ')
    s.product = readDataText(cut >= 0 ? entry.slice(0, cut) : entry)
    s.version = readDataText(cut >= 0 ? entry.slice(cut + 1) : '')
    const ordered = orderKeys(s, ['id', 'label', 'product', 'version', 'variant', 'components'])
    for (const k of /** @type {Array<keyof typeof s>} */ (Object.keys(s))) delete s[k]
    Object.assign(s, ordered)
  })
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
  for (const node of section.nodes) {
    if (node.type === 'heading' && node.depth === 3) {
      const text = headingText(raw(st, node).replace(/^#+\s*/, ''))
      // the heading names the subjects (by their labels, which may hold brackets) and workloads the block applies to, if any
      const m = /^(.*) \((.*)\)$/.exec(text)
      const labels = Object.values(st.labelOf()).map(halfWidthName)
      const named = splitList(st, m?.[2] ?? '').map((x) => halfWidthName(readDataText(x)))
      const which = m && named.every((x) => labels.includes(x) || /^[\w.-]+$/.test(x)) ? named.filter((x) => labels.includes(x)) : null
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

/** @param {Reading} st @param {Section} section */
export function readTopology(st, section) {
  for (const node of section.nodes) {
    if (node.type !== 'table') continue
    st.stats.tables++
    for (const row of tableCells(node, st.source).rows) {
      const instances = splitList(st, row[1] ?? '').map((s) => {
        const c = /^(\d+)\*(.+)$/.exec(s)
        return c ? {component: readDataText(c[2]), count: Number(c[1])} : {component: readDataText(s)}
      })
      st.report.topology.push({hosts: splitList(st, row[0] ?? '').map(readDataText), instances})
    }
  }
}

/** @param {Reading} st @param {Section} section */
export function readPlan(st, section) {
  const plan = st.plan
  const facts = PLAN_FACTS.map((f) => ({key: f.key, label: `plan_${f.key}`}))
  for (const node of section.nodes) {
    if (node.type === 'list') {
      for (const item of node.children) {
        const f = fact(st, itemText(st, item), facts)
        const type = PLAN_FACTS.find((p) => p.key === f?.key)?.type
        if (!f || !type) continue
        if (type === 'boolean') plan[f.key] = f.value === st.L('plan_yes')
        else if (type === 'json') plan[f.key] = planJson(st, f.value, item)
        else if (type === 'list') {
          const before = plan[f.key]
          plan[f.key] = [...(Array.isArray(before) ? before : []), readDataText(f.value)]
        }
        else plan[f.key] = type === 'integer' ? Number(f.value) : readDataText(f.value)
      }
    } else if (node.type === 'table') {
      const {header, rows} = tableCells(node, st.source)
      if (header[0] !== st.L('plan_workload')) continue
      st.stats.tables++
      plan.workloads = rows.map((row) => ({
        name: readCodeSpan(row[0]),
        ...(row[1] ? {threads: splitList(st, row[1]).map(Number)} : {}),
        ...(row[2] ? {options: planJson(st, row[2], node)} : {})
      }))
    }
  }
}

/**
 * Options of the plan, JSON in a code span; one edited into something else is an error at its node.
 * @param {Reading} st @param {string} text @param {import('mdast').Node} node
 */
function planJson(st, text, node) {
  try {
    return JSON.parse(readCodeSpan(text))
  } catch {
    st.say('error', positionOf(node).start, 'export-json', `Unexpected \`${text.slice(0, 40)}\` in the plan, expected options as JSON in a code span`)
    return undefined
  }
}
