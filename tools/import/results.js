import {columnRole, latencyUnit} from './tables.js'
import {parseNumber, parsePair, parseThreads, toMilliseconds} from './numbers.js'
import {subjectFor} from './subjects.js'
import {workloadIn} from './workloads.js'

/**
 * Result tables in all their published shapes, read into points:
 * - one table per subject under a bold label (`**v2.1:**`);
 * - rows keyed by a version column, `avg / p95` pairs in one cell;
 * - side-by-side subjects (`v5.1.4 TPS | v6.0.0 TPS | … | TPS 提升(%)`);
 * - single-subject tables.
 *
 * @typedef {import('./tables.js').Table} Table
 * @typedef {import('./tables.js').Cell} Cell
 * @typedef {import('unist').Point} Point
 * @typedef {{subject: string, workload: string, threads: number, clients?: number} & Record<string, any>} PointData
 * @typedef {{key: string, text: string}} Written  measure key and its text as published
 * @typedef {{point: PointData, written: Written[], line: number}} ReadPoint
 * @typedef {{subject: string, workload: string, threads: number, clients?: number, metric: 'tps' | 'qps' | null, value: number, text: string, place: Point}} StatedChange
 * @typedef {{message: string, place: Point, rule: string}} Note
 */

/**
 * @param {Table} table
 * @param {{workload: string | null, subjects: string[], baseline: string | null, label: string | null}} context  `workload` null: a workload column names it per row
 * @returns {{points: ReadPoint[], changes: StatedChange[], notes: Note[], unmapped: boolean, tables?: {value: number, place: Point}, tableSize?: {value: number, place: Point}}}
 */
export function readResults(table, context) {
  const {subjects, baseline} = context
  /** @type {Note[]} */
  const notes = []
  const columns = table.header.map((c, i) => {
    let role = columnRole(c.text)
    // `6.1 vs 6.0` over `+5.18%` cells: a stated change, whatever the header says.
    const values = table.rows.map((r) => r.cells[i]?.text ?? '').filter((t) => t !== '')
    if (role === 'other' && values.length > 0 && values.every((t) => /%\s*$/.test(t) && parseNumber(t))) role = 'change'
    const subject = role === 'threads' || role === 'version' ? null : subjectFor(c.text, subjects)
    const metric = /** @type {'tps' | 'qps' | null} */ (/\btps\b/i.test(c.text) ? 'tps' : /\bqps\b/i.test(c.text) ? 'qps' : null)
    const unit = role.startsWith('latency') ? latencyUnit(c.text) : 'ms'
    if (unit !== 'ms') {
      notes.push({rule: 'latency-unit', place: c.place, message: `Unexpected latency in ${unit === 's' ? 'seconds' : 'microseconds'} in column \`${c.text}\`, expected milliseconds; values converted to ms`})
    }
    return {i, role, subject, metric, text: c.text, unit}
  })
  /** @param {import('./numbers.js').Num} n @param {{unit: 'ms' | 's' | 'us'}} c */
  const ms = (n, c) => (c.unit === 'ms' ? n : toMilliseconds(n, c.unit))
  let unmapped = false
  for (const c of columns) {
    const numeric = table.rows.some((r) => parseNumber(r.cells[c.i]?.text ?? ''))
    if (c.role === 'latency_p99' || (c.role === 'other' && numeric)) {
      unmapped = true
      notes.push({rule: 'column-unmapped', place: table.header[c.i].place, message: `Unexpected column \`${c.text}\`${c.role === 'latency_p99' ? ' (99th percentile latency)' : ''}, expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative)`})
    }
  }
  const threadsCol = columns.find((c) => c.role === 'threads')
  const workloadCol = columns.find((c) => c.role === 'workload')
  const versionCol = columns.find((c) => c.role === 'version')
  const sideBySide = columns.some((c) => c.subject && c.role !== 'change')
  const compared = subjects.filter((s) => s !== baseline)
  /** @type {ReadPoint[]} */
  const points = []
  /** @type {StatedChange[]} */
  const changes = []
  /** @type {{value: number, place: Point} | undefined} */
  let tables
  /** @type {{value: number, place: Point} | undefined} */
  let tableSize

  for (const row of table.rows) {
    if (row.cells.length < table.header.length) {
      // Read what the row has: a missing trailing % cell loses no result.
      const missing = table.header.slice(row.cells.length).map((c) => `\`${c.text}\``).join(', ')
      notes.push({rule: 'table-shape', place: row.cells.at(-1)?.place ?? table.place, message: `Unexpected row with ${row.cells.length} cells, expected ${table.header.length}; no ${missing} read from it`})
      if (row.cells.length === 0) continue
    }
    const threadsCell = threadsCol ? row.cells[threadsCol.i] : undefined
    const threads = threadsCell ? parseThreads(threadsCell.text) : null
    if (!threads || !threadsCell) {
      notes.push({rule: 'threads', place: threadsCell?.place ?? row.cells[0].place, message: `Unexpected thread count \`${threadsCell?.text ?? ''}\`, expected a number or \`threads * clients\`; row skipped`})
      continue
    }
    const workload = workloadCol ? workloadIn(row.cells[workloadCol.i]?.text ?? '') : context.workload
    if (!workload) {
      notes.push({rule: 'result-workload', place: ((workloadCol ? row.cells[workloadCol.i] : undefined) ?? row.cells[0]).place, message: `Unexpected workload \`${workloadCol ? row.cells[workloadCol.i]?.text ?? '' : ''}\`, expected a sysbench workload such as \`oltp_point_select\`; row skipped`})
      continue
    }
    /** @type {Map<string, ReadPoint>} */
    const bySubject = new Map()
    /** @param {string} subject */
    const pointOf = (subject) => {
      let p = bySubject.get(subject)
      if (!p) {
        /** @type {PointData} */
        const point = {subject, workload, threads: threads.threads}
        if (threads.clients) point.clients = threads.clients
        p = {point, written: [], line: row.line}
        bySubject.set(subject, p)
      }
      return p
    }
    let rowSubject = context.label
    if (versionCol) {
      rowSubject = subjectFor(row.cells[versionCol.i]?.text ?? '', subjects)
      if (!rowSubject) {
        notes.push({rule: 'known-subject', place: (row.cells[versionCol.i] ?? row.cells[0]).place, message: `Unknown version \`${row.cells[versionCol.i]?.text ?? ''}\`, expected one of: ${subjects.join(', ')}; row skipped`})
        continue
      }
    }
    for (const c of columns) {
      const text = row.cells[c.i]?.text ?? ''
      const place = row.cells[c.i]?.place ?? row.cells[0].place
      if (c.role === 'tables' || c.role === 'table_size') {
        const n = parseNumber(text)
        if (n && c.role === 'tables') tables ??= {value: n.value, place}
        if (n && c.role === 'table_size') tableSize ??= {value: n.value, place}
        continue
      }
      if (c.role === 'change') {
        const n = parseNumber(text)
        const subject = c.subject ?? (compared.length === 1 ? compared[0] : null)
        if (n && subject) changes.push({subject, workload, threads: threads.threads, clients: threads.clients, metric: c.metric, value: n.value, text: n.text, place})
        continue
      }
      if (!['tps', 'qps', 'latency_avg', 'latency_p95', 'latency_max', 'latency_pair'].includes(c.role)) continue
      const subject = sideBySide ? c.subject : rowSubject
      if (!subject) continue
      if (/^(-|—|n\/a|)$/i.test(text.trim())) continue
      const target = pointOf(subject)
      if (c.role === 'latency_pair') {
        const pair = parsePair(text)
        if (!pair) {
          notes.push({rule: 'number', place, message: `Unexpected \`${text}\`, expected \`avg / p95\` latencies; cell skipped`})
          continue
        }
        const [avg, p95] = pair.map((n) => ms(n, c))
        target.point.latency_avg = avg.value
        target.point.latency_p95 = p95.value
        target.written.push({key: 'latency_avg', text: avg.text}, {key: 'latency_p95', text: p95.text})
        continue
      }
      const read = parseNumber(text)
      if (!read) {
        notes.push({rule: 'number', place, message: `Unexpected \`${text}\` in column \`${c.text}\`, expected a number; cell skipped`})
        continue
      }
      const n = c.role.startsWith('latency') ? ms(read, c) : read
      if (read.note) notes.push({rule: 'ja-term', place, message: `Mistranslated number ${read.note}`})
      const measure = /** @type {string} */ (c.role)
      target.point[measure] = n.value
      target.written.push({key: measure, text: n.text})
    }
    if (!sideBySide && !rowSubject && bySubject.size === 0) {
      notes.push({rule: 'result-subject', place: row.cells[0].place, message: 'Unexpected result row without a subject, expected a bold label such as `**v6.0.0:**` above the table or a version column'})
      break
    }
    points.push(...[...bySubject.values()].filter((p) => p.written.length > 0))
  }
  // `3*8, 3*16, …`: when the first factor never changes and the second does,
  // the first is the number of clients.
  const firsts = new Set(points.map((p) => p.point.threads))
  const seconds = new Set(points.map((p) => p.point.clients))
  if (points.length > 1 && firsts.size === 1 && seconds.size > 1 && !seconds.has(undefined)) {
    for (const p of points) [p.point.threads, p.point.clients] = [/** @type {number} */ (p.point.clients), p.point.threads]
    for (const c of changes) if (c.clients !== undefined) [c.threads, c.clients] = [c.clients, c.threads]
  }
  return {points, changes, notes, unmapped, tables, tableSize}
}
