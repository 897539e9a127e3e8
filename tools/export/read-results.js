import {MEASURES, pointKey} from '../derive/report.js'
import {AT, CLIENTS, REPEATS} from './layout.js'
import {applyGroups} from './facts.js'
import {importNarrative} from './narrative.js'
import {headingId, headingText, readCodeSpan, readDataText} from './text.js'
import {tableCells} from './table.js'
import {itemText, raw} from './read-sections.js'
import {endOf, positionOf, startOf} from './nodes.js'

/**
 * The results section read back: each workload from the end of its part, the reverse
 * of write-results.js's order; before the result table is the narrative's note, kept
 * as written (a table it keeps stays narrative). The points are the sidecar's; an
 * export before 3 December 2026 has them in its tables, read here.
 *
 * @typedef {import('./read.js').Reading} Reading
 * @typedef {import('./read.js').Section} Section
 * @typedef {import('mdast').RootContent} Node
 * @typedef {import('../domain/measures.js').Measure} Measure
 * @typedef {{name: string, start: number, end: number, nodes: Node[]}} WorkloadPart  a workload's nodes below its heading
 * @typedef {{threads: number, clients: number, dimensions?: Record<string, number>}} Threads  a threads cell read
 */

/** The plan's clients as read (1 when it states none). @param {Reading} st */
const planClients = (st) => (typeof st.plan.clients === 'number' ? st.plan.clients : 1)

/** @param {Reading} st @param {Section} section */
export function readResults(st, section) {
  /** @type {WorkloadPart[]} */
  const workloads = []
  for (const node of section.nodes) {
    if (node.type === 'heading' && node.depth === 3) {
      const text = raw(st, node).replace(/^#+\s*/, '')
      const id = headingId(text)
      const name = id?.startsWith('workload-') ? id.slice('workload-'.length) : readCodeSpan(headingText(text))
      const last = workloads.at(-1)
      if (last) last.end = startOf(node)
      workloads.push({name, start: endOf(node), end: section.end, nodes: []})
    } else workloads.at(-1)?.nodes.push(node)
  }
  for (const w of workloads) readWorkload(st, w)
}

/**
 * @param {Reading} st
 * @param {WorkloadPart} w
 */
function readWorkload(st, w) {
  const {nodes} = w
  let i = nodes.length
  /** @type {{samples?: import('mdast').Table, errors?: import('mdast').List, table?: import('mdast').Table}} */
  const data = {}
  const last = (/** @type {number} */ back) => (i >= back ? nodes[i - back] : undefined)
  const samples = last(1)
  if (i >= 2 && isSamplesTable(st, samples) && raw(st, nodes[i - 2]) === st.L('result_samples')) [data.samples, i] = [samples, i - 2]
  if (i >= 1 && isChart(nodes[i - 1])) i--
  while (i >= 1 && isHeadline(st, nodes[i - 1])) i--
  const beforeErrors = i
  // the sidecar has the points: the table of a workload with points is the page's, not read
  if (st.facts.results) {
    const points = st.facts.results.some((p) => p.workload === w.name)
    // the table, and the paragraph under it that states what holds for every point
    const below = points && last(1)?.type === 'paragraph' && isPageTable(st, last(2)) ? 1 : 0
    if (points && isPageTable(st, last(below + 1))) [i, st.stats.tables] = [i - below - 1, st.stats.tables + 1]
  } else {
    const errors = last(1)
    if (isErrorList(st, errors)) [data.errors, i] = [errors, i - 1]
    const table = last(1)
    if (isResultTable(st, table)) [data.table, i] = [table, i - 1]
    else [data.errors, i] = [undefined, beforeErrors]
  }
  const dataStart = i < nodes.length ? startOf(nodes[i]) : w.end
  const note = st.source.slice(w.start, dataStart).trim()
  if (note) st.narrative.set(`workload-${w.name}`, importNarrative(note, {shift: 1}))
  if (data.table) resultTable(st, data.table, w.name)
  if (data.errors) failedPoints(st, data.errors, w.name)
  if (data.samples) samplesTable(st, data.samples, w.name)
}

/** @param {Node} node */
const isChart = (node) => node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'image'

/**
 * A result table as write-results.js heads it (dimensions, threads, subject
 * measure and % change columns); a table of the narrative headed otherwise stays narrative.
 * @param {Reading} st @param {Node | undefined} node
 * @returns {node is import('mdast').Table}
 */
function isResultTable(st, node) {
  if (node?.type !== 'table') return false
  const {header} = tableCells(node, st.source)
  const at = (st.facts.dimensions ?? []).length
  if (header[at] !== st.L('result_threads') || header.length <= at + 1) return false
  const change = labelPattern(st.L('result_change'))
  return header.slice(at + 1).every((h) => change(h) !== null || resultColumn(st, readDataText(h)) !== null)
}

/**
 * The page's result table (write-results.js), headed by the workload's dimensions and threads.
 * @param {Reading} st @param {Node | undefined} node
 */
function isPageTable(st, node) {
  return node?.type === 'table' && tableCells(node, st.source).header.slice(0, (st.facts.dimensions ?? []).length + 1).includes(st.L('result_threads'))
}

/**
 * The subject and measure a result column holds.
 * @param {Reading} st @param {string} text  the column's heading, read
 * @returns {{subject: string, measure: Measure} | null}
 */
function resultColumn(st, text) {
  const ids = st.facts.subjects
  const names = st.labelOf()
  const measureOf = (/** @type {string} */ t) => MEASURES.find((m) => t === st.L(`result_${m}`))
  for (const id of ids) {
    // with several subjects each column is `<subject> <measure>`
    const rest = ids.length === 1 ? text : text.startsWith(`${names[id]} `) ? text.slice(names[id].length + 1) : null
    const measure = rest === null ? undefined : measureOf(rest)
    if (measure) return {subject: id, measure}
  }
  return null
}

/** @param {Reading} st @param {Node | undefined} node @returns {node is import('mdast').Table} */
function isSamplesTable(st, node) {
  if (node?.type !== 'table') return false
  const {header} = tableCells(node, st.source)
  return header[0] === st.L('summary_subject') && header.includes(st.L('result_repeats'))
}

/** A headline sentence, known by its words up to the baseline (`v2 compared with v1`), as in exports before 3 December 2026 too. @param {Reading} st @param {Node} node */
const isHeadline = (st, node) => node.type === 'paragraph' && labelPattern(`${st.L('result_headline').split('{{ .baseline }}')[0]}{{ .baseline }}{{ .rest }}`)(raw(st, node)) !== null

/** @param {Reading} st @param {Node | undefined} node @returns {node is import('mdast').List} */
const isErrorList = (st, node) => node?.type === 'list' && node.children.every((item) => labelPattern(st.L('result_error'))(itemText(st, item)))

/**
 * A matcher of a label's text with its `{{ .field }}` holes, giving the fields.
 * @param {string} label
 * @returns {(text: string) => Record<string, string> | null}
 */
function labelPattern(label) {
  /** @type {string[]} */
  const names = []
  const re = label
    .split(/(\{\{\s*\.\w+\s*\}\})/)
    .map((part) => {
      const m = /^\{\{\s*\.(\w+)\s*\}\}$/.exec(part)
      if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
      names.push(m[1])
      return '([\\s\\S]+?)'
    })
    .join('')
  const pattern = new RegExp(`^${re}$`)
  return (text) => {
    const m = pattern.exec(text)
    return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) : null
  }
}

/**
 * `150 * 3`: threads and clients, and in an error line the dimensions (`150 @ table_size=1000`).
 * @param {string} text
 */
function parseThreads(text) {
  const [head, ...dims] = text.split(AT)
  const m = new RegExp(`^(\\d+)(?:${CLIENTS.replace(/\*/g, '\\*')}(\\d+))?$`).exec(head.trim())
  if (!m) return null
  const dimensions = Object.fromEntries(dims.map((d) => d.split('=')).map(([name, value]) => [name, Number(value)]))
  return {threads: Number(m[1]), clients: m[2] ? Number(m[2]) : 1, dimensions}
}

/**
 * The result table: a point per subject and row.
 * @param {Reading} st @param {import('mdast').Table} node @param {string} workload
 */
function resultTable(st, node, workload) {
  st.stats.tables++
  const {header, rows} = tableCells(node, st.source)
  const ids = st.facts.subjects
  const dimensions = st.facts.dimensions ?? []
  const at = dimensions.length
  const names = st.labelOf()
  const columns = header.slice(at + 1).map((h) => resultColumn(st, readDataText(h)))
  if (columns.every((c) => c === null) && rows.length > 0) {
    st.say('warning', positionOf(node).start, 'export-columns', `Unexpected result columns ${header.slice(at + 1).map((h) => `\`${h}\``).join(' | ')}, expected \`<subject> <measure>\` with a subject of ${ids.map((id) => `\`${names[id]}\``).join(', ')}; table not read`)
    return
  }
  for (const row of rows) {
    const t = parseThreads(row[at] ?? '')
    if (!t) {
      st.say('warning', positionOf(node).start, 'export-threads', `Unexpected threads cell \`${row[at]}\`, expected \`N\` or \`N * clients\``)
      continue
    }
    for (const id of ids) st.points.push(rowPoint(st, {id, workload, t, row, at, columns, dimensions}))
  }
}

/**
 * One subject's point of a result row.
 * @param {Reading} st
 * @param {{id: string, workload: string, t: Threads, row: string[], at: number,
 *   columns: Array<{subject: string, measure: Measure} | null>, dimensions: Array<{name: string}>}} input
 */
function rowPoint(st, {id, workload, t, row, at, columns, dimensions}) {
  /** @type {import('../types/report.js').Point} */
  const point = {subject: id, workload, threads: t.threads}
  if (st.facts.point_clients || t.clients !== planClients(st)) point.clients = t.clients
  if (at > 0) {
    const values = dimensionsOf(st, dimensions, row, 0)
    if (Object.keys(values).length > 0) point.dimensions = values
  }
  /** @type {Map<string, string>} */
  const written = new Map()
  let empty = true
  columns.forEach((c, i) => {
    const text = row[at + i + 1] ?? ''
    if (!c || c.subject !== id || text === '') return
    empty = false
    if (text === st.missing) {
      point[c.measure] = null
      return
    }
    const value = Number(text)
    if (!Number.isFinite(value)) {
      st.say('warning', undefined, 'export-number', `Unexpected \`${text}\` in a ${c.measure} column, expected a number or \`${st.missing}\``)
      return
    }
    point[c.measure] = value
    written.set(c.measure, text)
  })
  return {point, written, empty}
}

/**
 * A row's dimension values from its cells at `from` (a point without one shows the missing mark).
 * @param {Reading} st @param {Array<{name: string}>} dimensions @param {string[]} row @param {number} from
 * @returns {Record<string, number>}
 */
function dimensionsOf(st, dimensions, row, from) {
  return Object.fromEntries(dimensions.flatMap((d, i) => (row[from + i] === st.missing || row[from + i] === undefined ? [] : [[d.name, Number(row[from + i])]])))
}

/**
 * The point of a row of `workload`, by its subject's label and its threads cell.
 * @param {Reading} st @param {string} workload @param {string} label @param {Threads} t
 */
function findPoint(st, workload, label, t) {
  const dims = t.dimensions && Object.keys(t.dimensions).length > 0 ? {dimensions: t.dimensions} : {}
  const key = pointKey({subject: st.idOf(readDataText(label)), workload, threads: t.threads, clients: t.clients, ...dims}, planClients(st))
  return st.points.find((p) => pointKey(p.point, planClients(st)) === key)
}

/** @param {Reading} st @param {import('mdast').List} list @param {string} workload */
function failedPoints(st, list, workload) {
  for (const item of list.children) {
    const m = labelPattern(st.L('result_error'))(itemText(st, item))
    const t = m ? parseThreads(m.threads) : null
    const found = m && t ? findPoint(st, workload, m.subject, t) : undefined
    if (!found || !m) continue
    found.point.error = readDataText(m.error)
    found.empty = false
  }
}

/**
 * Every repeat's figures: each row gives a point its `repeats`, `spread` and `samples`.
 * @param {Reading} st @param {import('mdast').Table} node @param {string} workload
 */
function samplesTable(st, node, workload) {
  st.stats.tables++
  const {header, rows} = tableCells(node, st.source)
  const dimensions = st.facts.dimensions ?? []
  const at = 1 + dimensions.length
  const keyOf = (/** @type {string} */ h) => (h === st.L('result_order') ? /** @type {const} */ ('order') : MEASURES.find((m) => h === st.L(`result_${m}`)))
  const columns = header.flatMap((h, i) => {
    const key = keyOf(h)
    return i > at + 2 && key ? [{i, key}] : []
  })
  for (const row of rows) {
    const t = parseThreads(row[at] ?? '')
    const found = t ? findPoint(st, workload, row[0] ?? '', {...t, dimensions: dimensionsOf(st, dimensions, row, 1)}) : undefined
    if (!found) {
      st.say('warning', positionOf(node).start, 'export-samples', `Unexpected repeats of \`${row[0]}\` at \`${row[at]}\` threads, expected a point of the results table above`)
      continue
    }
    found.point.repeats = Number(row[at + 1])
    const spread = row[at + 2] ?? ''
    if (spread === st.missing) found.point.spread = null
    else if (spread !== '') {
      found.point.spread = Number(spread)
      found.written.set('spread', spread)
    }
    const lists = columns.map((c) => ({key: c.key, values: (row[c.i] ?? '') === '' ? [] : row[c.i].split(REPEATS)}))
    const n = Math.max(0, ...lists.map((l) => l.values.length))
    if (n > 0) found.point.samples = Array.from({length: n}, (_, j) => sampleOf(st, lists, j, found.written))
  }
}

/**
 * @param {Reading} st @param {Array<{key: Measure | 'order', values: string[]}>} lists @param {number} j @param {Map<string, string>} written
 */
function sampleOf(st, lists, j, written) {
  /** @type {NonNullable<import('../types/report.js').Point['samples']>[number]} */
  const sample = {}
  for (const {key, values} of lists) {
    const text = values[j]
    if (text === undefined || text === st.missing) continue
    sample[key] = Number(text)
    written.set(`samples/${j}/${key}`, text)
  }
  return sample
}

/**
 * The summary table: the authors' stated changes become the report's headlines.
 * @param {Reading} st @param {Section} section
 */
export function readSummary(st, section) {
  for (const node of section.nodes) {
    if (node.type !== 'table') continue
    st.stats.tables++
    const {header, rows} = tableCells(node, st.source)
    // the column is there when the data states a figure (write.js)
    const at = header.indexOf(st.L('summary_stated'))
    for (const row of at < 0 ? [] : rows) {
      const stated = row[at] ?? st.missing
      if (stated === st.missing) continue
      const text = stated.replace(/%$/, '').replace(/^\+/, '').replace(/^−/, '-').replace(/,/g, '')
      st.headlineText.set(`${st.headlines.length}`, text)
      st.headlines.push({workload: row[0], subject: st.idOf(readDataText(row[1] ?? '')), change: Number(text)})
    }
  }
}

/**
 * The points in the data's order (the front matter's `order`), with each number's text as written.
 * @param {Reading} st
 */
export function orderedResults(st) {
  const kept = st.points.filter((p) => !p.empty)
  const indices = dataOrder(st, kept.map((p) => p.point))
  /** @type {Map<string, string>} */
  const written = new Map()
  const stated = new Set(st.facts.clients_stated ?? [])
  const results = indices.map((index, i) => {
    const p = kept[index]
    for (const [m, text] of p.written) written.set(`results/${i}/${m}`, text)
    if (!stated.has(i) || p.point.clients !== undefined) return p.point
    const {subject, workload, threads, ...rest} = p.point
    return {subject, workload, threads, clients: planClients(st), ...rest}
  })
  return {results, written}
}

/**
 * The points' indices in the front matter's `order`, else (edited by hand) the tables', with a warning.
 * @param {Reading} st @param {import('../types/report.js').Point[]} points  in the tables' order
 * @returns {number[]}
 */
function dataOrder(st, points) {
  const table = points.map((_, i) => i)
  const order = st.facts.order
  if (!Array.isArray(order)) return table
  const indices = isStrings(order) ? applyGroups(table, points, order) : order.map((position) => table[position])
  if (indices.length === table.length && new Set(indices).size === table.length && indices.every((i) => i !== undefined)) return indices
  st.say('warning', st.factPlace('order'), 'export-order', `Unexpected \`order\` in the export's facts (its sidecar, or its front matter's \`benchdoc\` block) that does not list each of the ${points.length} points of the tables once, expected one entry per point; the points are kept in the tables' order`)
  return table
}

/** Whether `order` names groups (`subject@workload`) rather than table positions. @param {string[] | number[]} order @returns {order is string[]} */
const isStrings = (order) => typeof order[0] === 'string'
