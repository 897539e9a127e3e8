import {namedThreads, statedHeadline} from '../headlines.js'
import {parseNumber} from '../numbers.js'
import {readResults} from '../results.js'
import {subjectFor, versionTokens} from '../subjects.js'
import {columnRole, measureIn, transpose, withMeasure} from '../tables.js'
import {plainText} from '../text.js'
import {workloadIn} from '../workloads.js'
import {at, placeOf, seeWorkload, terms} from './state.js'

/**
 * The results section: result tables read into points (one per subject and
 * coordinates, never two), stated % changes, summary tables and headline
 * sentences, and prose that names thread counts its table lacks.
 *
 * @typedef {import('./state.js').State} State
 * @typedef {import('../tables.js').Table} Table
 */

/**
 * A results-shaped table made readable: bare-version columns get the measure
 * named in the heading or the sentence above; thread counts across the top
 * are turned around. `unknown` when the measure is nowhere named.
 * @param {State} s
 * @param {any} node
 * @param {Table} table
 * @param {'results' | 'transposed'} kind
 * @returns {{table: Table, kind: 'results' | 'unknown'}}
 */
export function resultShape(s, node, table, kind) {
  const lead = s.previous?.type === 'paragraph' ? plainText(s.previous) : ''
  const measure = measureIn(terms(s, lead, at(node))) ?? measureIn(s.ctx.headings.at(-1) ?? '')
  if (kind === 'transposed') return measure ? {table: transpose(table, measure), kind: 'results'} : {table, kind: 'unknown'}
  return {table: measure ? withMeasure(table, measure) : table, kind: 'results'}
}

/**
 * A result table; true when all of it went into data.
 * @param {State} s
 * @param {any} node
 * @param {Table} table
 * @returns {boolean}
 */
export function resultTable(s, node, table) {
  const {ctx, versions, meta} = s
  const perRow = table.header.some((c) => columnRole(c.text) === 'workload')
  if (!ctx.workload && !perRow) {
    s.say('warning', at(node), 'result-workload', 'Unexpected result table outside a workload section (no heading or text names a sysbench workload); kept in the narrative')
    return false
  }
  const label = ctx.label ?? (versions.kind === 'single' ? versions.ids[0] : null)
  const read = readResults(table, {workload: ctx.workload, subjects: versions.ids, baseline: versions.baseline, label})
  for (const n of read.notes) s.say('warning', n.place, n.rule, n.message)
  for (const p of read.points) addPoint(s, p)
  for (const p of read.points) seeWorkload(s, p.point.workload, [p.point.threads])
  s.changes.push(...read.changes)
  if (read.tables) meta.table_tables ??= read.tables.value
  if (read.tableSize) meta.table_size_cell ??= read.tableSize.value
  // A column with no place in the data keeps the whole table in the narrative.
  return read.points.length > 0 && !read.unmapped
}

/**
 * One point, unless one with the same subject and coordinates is there
 * already. A map, not a scan of every earlier point: linear in the points.
 * @param {State} s
 * @param {import('../results.js').ReadPoint} p
 */
function addPoint(s, p) {
  const key = `${p.point.subject}|${p.point.workload}|${p.point.threads}|${p.point.clients ?? ''}`
  if (s.pointKeys.has(key)) {
    s.say('warning', {line: p.line, column: 1}, 'duplicate-point', `Duplicate point ${p.point.subject} × ${p.point.workload} × ${p.point.threads} threads; the first is kept`)
    return
  }
  s.points.push(p)
  s.pointKeys.set(key, p)
}

/**
 * `| Workload | change |` rows: stated headlines per workload.
 * @param {State} s
 * @param {Table} table
 * @returns {boolean}
 */
export function summaryTable(s, table) {
  const {kind, ids, baseline} = s.versions
  for (const row of table.rows) {
    const w = workloadIn(row.cells[0]?.text ?? '')
    const cell = row.cells.slice(1).find((c) => parseNumber(c.text))
    const n = cell ? parseNumber(cell.text) : null
    if (!w || !n || !cell || kind !== 'comparison') continue
    s.stated.push({workload: w, subject: ids.filter((x) => x !== baseline)[0], value: n.value, text: n.text, place: cell.place, from: 'summary'})
  }
  return true
}

/**
 * A paragraph under a workload: a headline sentence, and prose to check
 * thread counts against.
 * @param {State} s
 * @param {any} node
 * @param {string} text
 */
export function resultProse(s, node, text) {
  const {ctx, versions} = s
  if (ctx.role !== 'results' || !ctx.workload) return
  const h = statedHeadline(text)
  if (h && versions.kind === 'comparison') {
    const named = versionTokens(text).map((t) => subjectFor(t.id, versions.ids)).filter((x) => x && x !== versions.baseline)
    const subject = named[0] ?? versions.ids.filter((x) => x !== versions.baseline)[0]
    s.stated.push({workload: ctx.workload, subject, value: h.value, text: h.text, place: /** @type {any} */ (placeOf(s, node, h.match)), from: 'sentence'})
  }
  s.workloadProse.push({workload: ctx.workload, text, node})
}

/**
 * Thread counts named in result prose that its table does not have.
 * @param {State} s
 * @param {number} clients  clients per point of the plan
 */
export function checkNamedThreads(s, clients) {
  for (const prose of s.workloadProse) {
    const threads = s.workloads.get(prose.workload) ?? []
    if (threads.length === 0) continue
    for (const named of namedThreads(prose.text)) {
      const total = threads.map((t) => t * (clients || 1))
      if (threads.includes(named.threads) || total.includes(named.threads)) continue
      s.say('warning', placeOf(s, prose.node, named.match), 'threads-contradict', `Text names ${named.threads} threads, the ${prose.workload} table has ${threads.join(', ')}`)
    }
  }
}
