import {namedThreads, statedHeadline} from '../headlines.js'
import {parseNumber} from '../numbers.js'
import {readResults} from '../results.js'
import {subjectFor, versionTokens} from '../subjects.js'
import {columnRole, measureIn, transpose, withMeasure} from '../tables.js'
import {plainText} from '../text.js'
import {workloadIn} from '../workloads.js'
import {at, placeOf, seeWorkload, terms} from './state.js'
import {statedThreadsFor, threadStatements} from './stated-threads.js'

/**
 * The results section: result tables, stated % changes, summary tables, headline sentences.
 *
 * @typedef {import('./state.js').State} State
 * @typedef {import('../tables.js').Table} Table
 */

/**
 * A results-shaped table made readable (bare-version columns get the measure named
 * above them, thread counts across the top turned around); `unknown` when none is named.
 * @param {State} s
 * @param {import('mdast').Table} node
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
 * @param {import('mdast').Table} node
 * @param {Table} table
 */
export function resultTable(s, node, table) {
  const {ctx, versions, meta} = s
  const perRow = table.header.some((c) => columnRole(c.text) === 'workload')
  if (!ctx.workload && !perRow) {
    s.say('warning', at(node), 'result-workload', 'Unexpected result table outside a workload section (no heading or text names a sysbench workload); kept in the narrative')
    return false
  }
  const label = ctx.label ?? (versions.kind === 'single' ? versions.ids[0] : null)
  const span = {start: node.position?.start.offset ?? 0, end: node.position?.end.offset ?? 0}
  const statedThreads = () => statedThreadsFor((s.threadStatements ??= threadStatements(s.tree)), s.source, span)
  const context = {workload: ctx.workload, subjects: versions.subjects, baseline: versions.baseline, label, variant: ctx.variant?.label ?? null, product: versions.product, file: s.file, statedThreads}
  const read = readResults(table, context)
  for (const n of read.notes) s.say(n.severity ?? 'warning', n.place, n.rule, n.message)
  for (const p of read.points) {
    if (p.variant) p.point.subject = variantId(s, p.point.subject, p.variant)
    addPoint(s, p)
  }
  /** @type {Map<string, number[]>} */
  const threads = new Map()
  for (const p of read.points) {
    const list = threads.get(p.point.workload)
    if (list) list.push(p.point.threads)
    else threads.set(p.point.workload, [p.point.threads])
  }
  for (const [workload, list] of threads) seeWorkload(s, workload, list)
  for (const c of read.changes) s.changes.push(c.variant ? {...c, subject: variantId(s, c.subject, c.variant)} : c)
  meta.components = {...read.components, ...meta.components}
  if (read.tables) meta.table_tables ??= read.tables.value
  if (read.tableSize) meta.table_size_cell ??= read.tableSize.value
  // a column with no place in the data, or a number read one of two ways, keeps the table in the narrative
  return read.points.length > 0 && !read.unmapped && !read.misread
}

/**
 * The subject of a variant (`v8.5.0` in `Tuning mode` → `v8.5.0-tuning`), made on first use.
 * @param {State} s
 * @param {string} base
 * @param {string} label
 */
export function variantId(s, base, label) {
  const known = s.variants.find((v) => v.base === base && v.variant?.toLowerCase() === label.toLowerCase())
  if (known) return known.id
  const subject = /** @type {import('./versions.js').SubjectData} */ (s.versions.subjects.find((x) => x.id === base))
  const words = label.toLowerCase().normalize('NFKC').replace(/[^a-z0-9\u3040-\u30ff\u4e00-\u9fff]+/g, ' ').trim().split(' ')
  const taken = new Set([...s.versions.ids, ...s.variants.map((v) => v.id)])
  // Ids stay ASCII and short: `v8.5.0-tuning`; a label without Latin words gives `-m1`, `-m2`, ….
  const latin = words.filter((w) => /^[a-z0-9]+$/.test(w))
  let id = latin.length > 0 ? `${base}-${latin[0]}` : `${base}-m1`
  for (let n = 1; taken.has(id); n++) id = latin.length > n ? `${base}-${latin.slice(0, n + 1).join('-')}` : `${base}-m${n + 1}`
  s.variants.push({id, product: subject.product, version: subject.version, variant: label, base})
  return id
}

/**
 * One point, unless one with the same subject and coordinates is there already (a map: linear).
 * @param {State} s
 * @param {import('../results.js').ReadPoint} p
 */
function addPoint(s, p) {
  const {point} = p
  const dims = Object.entries(point.dimensions ?? {}).sort().map(([k, v]) => `${k}=${v}`)
  const key = [point.subject, point.workload, point.threads, point.clients ?? '', ...dims].join('|')
  const first = s.pointKeys.get(key)
  if (!first) {
    s.points.push(p)
    s.pointKeys.set(key, p)
    return
  }
  const name = `${point.subject} × ${point.workload} × ${point.threads} threads${dims.length > 0 ? ` (${dims.join(', ').replace(/=/g, ' ')})` : ''}`
  // Measures of the same point in separate tables (QPS here, latency there) complete it.
  const fresh = p.written.filter((w) => !first.written.some((x) => x.key === w.key))
  for (const w of fresh) {
    first.point[w.key] = point[w.key]
    first.written.push(w)
    first.places[w.key] = p.places[w.key]
  }
  const differ = p.written.find((w) => {
    const x = first.written.find((y) => y.key === w.key)
    return x && x !== w && Number(x.text) !== Number(w.text)
  })
  if (!differ && fresh.length > 0) return
  if (!differ) {
    s.say('warning', {line: p.line, column: 1}, 'duplicate-point', `Duplicate point ${name}; the first is kept`)
    return
  }
  const was = first.written.find((x) => x.key === differ.key)
  const at1 = first.places[differ.key] ?? {line: first.line, column: 1}
  const at2 = p.places[differ.key]
  s.say('error', at2, 'two-values', `Two values for ${name} ${differ.key}: \`${was?.text ?? '(none)'}\` at ${s.file}:${at1.line}:${at1.column} and \`${differ.text}\` at ${s.file}:${at2.line}:${at2.column}; expected one value per subject and coordinates (label a mode or configuration in the header, a sub-heading or a bold label)`)
}

/**
 * `| Workload | change |` rows: stated headlines per workload.
 * @param {State} s
 * @param {Table} table
 */
export function summaryTable(s, table) {
  let all = true
  for (const row of table.rows) {
    const w = workloadIn(row.cells[0]?.text ?? '')
    const cell = row.cells.slice(1).find((c) => parseNumber(c.text))
    const n = cell ? parseNumber(cell.text) : null
    if (!w || !n || !cell) {
      s.say('warning', row.cells[0]?.place, 'summary-row', `Unexpected summary row \`${row.cells.map((c) => c.text).join(' | ')}\`, expected a workload and a % change; not recorded (the table stays in the narrative)`)
      all = false
      continue
    }
    s.stated.push({workload: w, subject: null, value: n.value, text: n.text, place: cell.place, from: 'summary', sentence: row.cells[0]?.text ?? ''})
  }
  return all
}

/**
 * A paragraph under a workload: a headline sentence, and prose to check thread counts against.
 * @param {State} s
 * @param {import('mdast').Paragraph} node
 * @param {string} text
 */
export function resultProse(s, node, text) {
  const {ctx, versions} = s
  if (ctx.role !== 'results' || !ctx.workload) return
  const h = statedHeadline(text)
  if (h) {
    const named = versionTokens(text).map((t) => subjectFor(t.id, versions.ids)).filter((x) => x && x !== versions.baseline)
    const subject = named[0] ?? null
    s.stated.push({workload: ctx.workload, subject, value: h.value, text: h.text, place: /** @type {import('unist').Point} */ (placeOf(s, node, h.match)), from: 'sentence', sentence: text})
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
