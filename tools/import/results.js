import {readHeader, nodesIn, rowCountIn} from './columns.js'
import {columnRole, latencyUnit, nodesColumn} from './tables.js'
import {misreadNumber, parseNumber, parsePair, parseThreads, toMilliseconds, tooLarge} from './numbers.js'
import {productIn, subjectIn} from './subjects.js'
import {workloadIn} from './workloads.js'
import {FIGURES} from '../domain/index.js'

/**
 * Result tables in all their published shapes, read into points: one table
 * per subject under a bold label, rows keyed by a version column, subjects
 * side by side (`v5.1.4 TPS | v6.0.0 TPS`), a measure repeated per mode
 * (variants), dimension values per row or per column. A point's subject is a
 * base subject id plus, for variants, the variant label.
 *
 * @typedef {import('./tables.js').Table} Table
 * @typedef {import('./tables.js').Cell} Cell
 * @typedef {import('unist').Point} Point
 * @typedef {import('./columns.js').Dims} Dims
 * @typedef {import('./extract/versions.js').SubjectData} SubjectData
 * @typedef {import('../types/report.js').Point} PointData
 * @typedef {typeof FIGURES[number]} Figure
 * @typedef {{key: Figure, text: string}} Written  measure key and its text as published
 * @typedef {{point: PointData, variant: string | null, written: Written[], places: Record<string, Point>, line: number}} ReadPoint
 * @typedef {{subject: string, variant: string | null, workload: string, threads: number, clients?: number, dimensions?: Dims, metric: 'tps' | 'qps' | null, value: number, text: string, place: Point}} StatedChange
 * @typedef {{message: string, place: Point, rule: string, severity?: 'error' | 'warning'}} Note
 * @typedef {{i: number, role: import('./tables.js').ColumnRole | 'nodes', subject: string | null, variant: string | null, dims: Dims, components: Record<string, string>, metric: 'tps' | 'qps' | null, text: string, unit: 'ms' | 's' | 'us'}} Column
 * @typedef {{workload: string | null, subjects: SubjectData[], baseline: string | null, label: string | null, variant: string | null, product?: string, statedThreads?: () => import('./extract/stated-threads.js').StatedThreads}} Context
 *   `workload` null: a workload column names it per row; `label`: the subject of rows that name none; `variant`: a mode label above the table;
 *   `product`: the report's product (TiDB), whose subject a row counting cluster nodes is;
 *   `statedThreads`: the thread count the report states for this table, for a scaling table without a threads column
 */

const MEASURE_ROLES = [...FIGURES, 'latency_pair']

/**
 * @param {Table} table
 * @param {Context & {file: string}} context  `file`: the source, as messages name it
 * @returns {{points: ReadPoint[], changes: StatedChange[], notes: Note[], unmapped: boolean, misread: boolean, components: Record<string, string>, tables?: {value: number, place: Point}, tableSize?: {value: number, place: Point}}}
 *   `components`: the component each nodes dimension counts, as the headers write it
 */
export function readResults(table, context) {
  /** @type {Note[]} */
  const notes = []
  const columns = readColumns(table, context, notes)
  const fixed = threadsOfScaling(table, columns, context, notes)
  const components = Object.assign({}, ...columns.map((c) => c.components))
  if (fixed === null) return {points: [], changes: [], notes, unmapped: true, misread: false, components}
  const unmapped = unmappedColumns(table, columns, notes)
  const misread = resolveMisread(table, columns, notes)
  /** @type {ReadPoint[]} */
  const points = []
  /** @type {StatedChange[]} */
  const changes = []
  /** @type {{tables?: {value: number, place: Point}, tableSize?: {value: number, place: Point}}} */
  const found = {}
  for (const row of table.rows) {
    const read = readRow(row, table, columns, {...context, fixed}, notes, misread.values, found)
    if (read === 'stop') break
    if (!read) continue
    points.push(...read.points)
    changes.push(...read.changes)
  }
  clientsFirst(points, changes)
  return {points, changes, notes, unmapped, misread: misread.some, components, ...found}
}

/**
 * @param {Table} table
 * @param {Context} context
 * @param {Note[]} notes
 * @returns {Column[]}
 */
function readColumns(table, context, notes) {
  return ownedByGroup(table.header.map((c, i) => {
    /** @type {Column['role']} */
    let role = columnRole(c.text)
    if (role === 'other' && nodesColumn(c.text)) role = 'nodes'
    // `6.1 vs 6.0` over `+5.18%` cells: a stated change, whatever the header says.
    const values = table.rows.map((r) => r.cells[i]?.text ?? '').filter((t) => t !== '')
    if (role === 'other' && values.length > 0 && values.every((t) => /%\s*$/.test(t) && parseNumber(t))) role = 'change'
    const named = role === 'other' ? namedByCells(c.text, values, context.subjects) : null
    if (named) role = named
    const measure = MEASURE_ROLES.includes(role) || role === 'change'
    const nodes = role === 'nodes' ? nodesIn(`1 ${c.text}`) : null
    // `1 TiDB physical node` down the column: each cell names its component
    const cellNodes = named === 'nodes' ? values.map((t) => nodesIn(t)).filter((n) => n !== null) : []
    const components = Object.fromEntries([...(nodes && !named ? [nodes] : []), ...cellNodes].map((n) => [n.name, n.component]))
    const head = measure ? readHeader(c.text, context.subjects) : {subject: role === 'threads' || role === 'version' ? null : subjectIn(c.text, context.subjects), variant: null, dims: {}, components}
    const metric = /** @type {'tps' | 'qps' | null} */ (/\btps\b/i.test(c.text) ? 'tps' : /\bqps\b/i.test(c.text) ? 'qps' : null)
    const unit = role.startsWith('latency') ? latencyUnit(c.text) : 'ms'
    if (unit !== 'ms') {
      notes.push({rule: 'latency-unit', place: c.place, message: `Unexpected latency in ${unit === 's' ? 'seconds' : 'microseconds'} in column \`${c.text}\`, expected milliseconds; values converted to ms`})
    }
    return {i, role, subject: head.subject, variant: role === 'change' ? null : head.variant, dims: head.dims, components: head.components, metric, text: c.text, unit}
  }))
}

/**
 * `Threads | General mode TPS | 95% latency (ms) | Tuning mode TPS | 95%
 * latency (ms)`: a repeated measure header without a mode, version or
 * dimension of its own belongs to the nearest named column to its left.
 * @param {Column[]} columns
 * @returns {Column[]}
 */
function ownedByGroup(columns) {
  const measure = (/** @type {Column} */ c) => MEASURE_ROLES.includes(c.role)
  const named = (/** @type {Column} */ c) => measure(c) && (c.subject !== null || c.variant !== null || Object.keys(c.dims).length > 0)
  const unnamed = columns.filter((c) => measure(c) && !named(c))
  const repeated = unnamed.some((c) => unnamed.filter((x) => x.role === c.role).length > 1)
  if (!repeated || !unnamed.every((c) => columns.slice(0, c.i).some(named))) return columns
  return columns.map((c) => {
    if (!unnamed.includes(c)) return c
    const owner = /** @type {Column} */ (columns.slice(0, c.i).reverse().find(named))
    return {...c, subject: owner.subject, variant: owner.variant, dims: owner.dims, components: owner.components}
  })
}

/**
 * A column whose header says nothing, told by its cells: node counts (`1 TiDB physical
 * node`) make a nodes column, products or versions under a wordless header the subject's.
 * @param {string} header
 * @param {string[]} values  the column's non-empty cells
 * @param {SubjectData[]} subjects
 * @returns {'nodes' | 'version' | null}
 */
function namedByCells(header, values, subjects) {
  if (values.length === 0) return null
  if (values.every((t) => !parseNumber(t) && nodesIn(t) !== null)) return 'nodes'
  if (!/[\p{L}\d]/u.test(header) && values.every((t) => productIn(t, false) !== null || subjectIn(t, subjects) !== null)) return 'version'
  return null
}

/**
 * A scaling table without a threads column ran at the one thread count the
 * report states for it (stated-threads.js); without one, or with two, an error.
 * @param {Table} table
 * @param {Column[]} columns
 * @param {Context} context
 * @param {Note[]} notes
 * @returns {number | undefined | null}  undefined: the table has its own threads
 *   (or is no scaling table); null: not to be read
 */
function threadsOfScaling(table, columns, context, notes) {
  if (columns.some((c) => c.role === 'threads')) return undefined
  const scaling = columns.some((c) => c.role === 'nodes' || Object.keys(c.dims).some((k) => k.endsWith('_nodes')))
  if (!scaling || !context.statedThreads) return undefined
  const stated = context.statedThreads()
  if (stated.threads !== null) return stated.threads
  const named = table.header.map((c) => `\`${c.text}\``).join(' | ')
  const why = stated.stated.length > 1 ? `${stated.where} states ${stated.stated.length} thread counts (${stated.stated.join(', ')})` : 'neither its caption nor the report states a thread count'
  notes.push({severity: 'error', rule: 'scaling-threads', place: table.place, message: `Unexpected scaling table ${named} without a threads column: ${why}; expected a \`Threads\` column, or one thread count in its caption or the report (\`… at 256 threads\`). Table not read`})
  return null
}

/** Columns the data has no field for. @param {Table} table @param {Column[]} columns @param {Note[]} notes */
function unmappedColumns(table, columns, notes) {
  let unmapped = false
  for (const c of columns) {
    const numeric = table.rows.some((r) => parseNumber(r.cells[c.i]?.text ?? ''))
    if (c.role === 'latency_p99' || (c.role === 'other' && numeric)) {
      unmapped = true
      notes.push({rule: 'column-unmapped', place: table.header[c.i].place, message: `Unexpected column \`${c.text}\`${c.role === 'latency_p99' ? ' (99th percentile latency)' : ''}, expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative)`})
    }
  }
  return unmapped
}

/**
 * Numbers written wrongly, read the way nearest the column's other values, with a warning.
 * @param {Table} table
 * @param {Column[]} columns
 * @param {Note[]} notes
 * @returns {{values: Map<Cell, import('./numbers.js').Num>, some: boolean}}
 */
function resolveMisread(table, columns, notes) {
  /** @type {Map<Cell, import('./numbers.js').Num>} */
  const values = new Map()
  for (const c of columns) {
    if (!MEASURE_ROLES.includes(c.role) || c.role === 'latency_pair') continue
    const cells = table.rows.map((r) => r.cells[c.i]).filter((x) => x !== undefined)
    const read = cells.map((x) => parseNumber(x.text))
    if (read.every((n) => n !== null)) continue
    const good = /** @type {number[]} */ (read.map((n) => n?.value).filter((v) => v !== undefined && v > 0))
    const middle = good.length > 0 ? [...good].sort((a, b) => a - b)[Math.floor(good.length / 2)] : null
    for (const [k, cell] of cells.entries()) {
      if (read[k]) continue
      const mis = misreadNumber(cell.text)
      if (!mis) continue
      const [first, second] = mis.readings
      const distance = (/** @type {number} */ v) => (middle && v > 0 ? Math.abs(Math.log(v / middle)) : Infinity)
      const pick = !second ? first : middle === null ? (second.text.split('.')[1].length <= 2 ? second : first) : distance(second.value) < distance(first.value) ? second : first
      const other = second ? (pick === first ? second : first) : null
      const why = !other ? '' : middle === null ? `, the column having no other value to compare with` : `, nearer the column's other values`
      values.set(cell, {value: pick.value, text: pick.text})
      notes.push({rule: 'number-misread', place: cell.place, message: `Unexpected number \`${cell.text}\` in column \`${c.text}\`, read as \`${pick.text}\` (${pick.how}${mis.space && pick.how !== 'space dropped' ? ', space dropped' : ''})${other ? ` rather than \`${other.text}\` (${other.how})` : ''}${why}; the table stays in the narrative`})
    }
  }
  return {values, some: values.size > 0}
}

/**
 * One row's points (one per subject, variant and dimension values) and stated changes.
 * @param {import('./tables.js').Row} row
 * @param {Table} table
 * @param {Column[]} columns
 * @param {Context & {file: string, fixed?: number}} context
 * @param {Note[]} notes
 * @param {Map<Cell, import('./numbers.js').Num>} misread
 * @param {{tables?: {value: number, place: Point}, tableSize?: {value: number, place: Point}}} found
 * @returns {{points: ReadPoint[], changes: StatedChange[]} | null | 'stop'}
 */
function readRow(row, table, columns, context, notes, misread, found) {
  if (row.cells.length < table.header.length) {
    // Read what the row has: a missing trailing % cell loses no result.
    const missing = table.header.slice(row.cells.length).map((c) => `\`${c.text}\``).join(', ')
    notes.push({rule: 'table-shape', place: row.cells.at(-1)?.place ?? table.place, message: `Unexpected row with ${row.cells.length} cells, expected ${table.header.length}; no ${missing} read from it`})
    if (row.cells.length === 0) return null
  }
  const keys = rowKeys(row, columns, context, notes, found)
  if (!keys) return null
  const {threads, workload, rowSubject, rowDims, threadsPlace} = keys
  /** @type {Map<string, ReadPoint>} */
  const bySubject = new Map()
  /** @type {StatedChange[]} */
  const changes = []
  const sideBySide = columns.some((c) => c.subject && c.role !== 'change')
  for (const c of columns) {
    const cell = row.cells[c.i]
    const text = cell?.text ?? ''
    const place = cell?.place ?? row.cells[0].place
    const subject = c.subject ?? (sideBySide && c.role === 'change' ? null : rowSubject)
    const variant = c.variant ?? context.variant
    const dims = {...rowDims, ...c.dims}
    if (c.role === 'change') {
      const n = parseNumber(text)
      const compared = context.subjects.map((x) => x.id).filter((x) => x !== context.baseline)
      const of = c.subject ?? (compared.length === 1 ? compared[0] : null)
      if (n && of) changes.push({subject: of, variant, workload, threads: threads.threads, clients: threads.clients, dimensions: dims, metric: c.metric, value: n.value, text: n.text, place})
      else if (!n && !/^(-|—|n\/a|)$/i.test(text.trim())) notes.push({rule: 'number', place, message: `Unexpected \`${text}\` in column \`${c.text}\`, expected a % change; not checked`})
      continue
    }
    if (!MEASURE_ROLES.includes(c.role) || /^(-|—|n\/a|)$/i.test(text.trim())) continue
    if (!subject) {
      notes.push({rule: 'result-subject', place, message: `Unexpected \`${text}\` in column \`${c.text}\` that names no subject, expected a version or product in the header (e.g. \`${context.subjects[0]?.id ?? 'v1.0.0'} ${c.text}\`); cell skipped`})
      continue
    }
    const key = `${subject}|${variant ?? ''}|${JSON.stringify(dims)}`
    let target = bySubject.get(key)
    if (!target) {
      /** @type {PointData} */
      const point = {subject, workload, threads: threads.threads}
      if (threads.clients) point.clients = threads.clients
      if (Object.keys(dims).length > 0) point.dimensions = dims
      // the thread cell is the place of the point's threads and clients
      const places = threadsPlace ? {threads: threadsPlace, ...(threads.clients ? {clients: threadsPlace} : {})} : {}
      target = {point, variant, written: [], places, line: row.line}
      bySubject.set(key, target)
    }
    readCell(target, c, cell, text, place, context, notes, misread)
  }
  if (!sideBySide && !rowSubject && bySubject.size === 0) {
    notes.push({rule: 'result-subject', place: row.cells[0].place, message: 'Unexpected result row without a subject, expected a bold label such as `**v6.0.0:**` above the table or a version column'})
    return 'stop'
  }
  return {points: [...bySubject.values()].filter((p) => p.written.length > 0), changes}
}

/**
 * A row's threads, workload, subject and dimension values.
 * @param {import('./tables.js').Row} row
 * @param {Column[]} columns
 * @param {Context & {fixed?: number}} context  `fixed`: the threads of a table without a threads column
 * @param {Note[]} notes
 * @param {{tables?: {value: number, place: Point}, tableSize?: {value: number, place: Point}}} found
 */
function rowKeys(row, columns, context, notes, found) {
  const threadsCol = columns.find((c) => c.role === 'threads')
  const workloadCol = columns.find((c) => c.role === 'workload')
  const versionCol = columns.find((c) => c.role === 'version')
  const threadsCell = threadsCol ? row.cells[threadsCol.i] : undefined
  const threads = threadsCell ? parseThreads(threadsCell.text) : context.fixed !== undefined ? {threads: context.fixed} : null
  if (!threads) {
    notes.push({rule: 'threads', place: threadsCell?.place ?? row.cells[0].place, message: `Unexpected thread count \`${threadsCell?.text ?? ''}\`, expected a number or \`threads * clients\`; row skipped`})
    return null
  }
  const workload = workloadCol ? workloadIn(row.cells[workloadCol.i]?.text ?? '') : context.workload
  if (!workload) {
    notes.push({rule: 'result-workload', place: ((workloadCol ? row.cells[workloadCol.i] : undefined) ?? row.cells[0]).place, message: `Unexpected workload \`${workloadCol ? row.cells[workloadCol.i]?.text ?? '' : ''}\`, expected a sysbench workload such as \`oltp_point_select\`; row skipped`})
    return null
  }
  let rowSubject = context.label
  if (versionCol) {
    const cell = row.cells[versionCol.i]
    rowSubject = subjectIn(cell?.text ?? '', context.subjects)
    const product = rowSubject ? null : productIn(cell?.text ?? '', false)
    if (product && !context.subjects.some((x) => x.product.toLowerCase() === product.toLowerCase())) {
      notes.push({rule: 'known-subject', place: (cell ?? row.cells[0]).place, message: `Unexpected product \`${cell?.text ?? ''}\` whose version the report names nowhere, expected a line such as \`${product} version: 8.0.36\`; row skipped`})
      return null
    }
    if (!rowSubject) {
      notes.push({rule: 'known-subject', place: (cell ?? row.cells[0]).place, message: `Unknown version \`${cell?.text ?? ''}\`, expected one of: ${context.subjects.map((x) => x.id).join(', ')}; row skipped`})
      return null
    }
  }
  /** @type {Dims} */
  const rowDims = {}
  for (const c of columns) {
    const cell = row.cells[c.i]
    if (!cell) continue
    if (c.role === 'tables') {
      const n = parseNumber(cell.text)
      if (n) found.tables ??= {value: n.value, place: cell.place}
    } else if (c.role === 'table_size') {
      const n = rowCountIn(cell.text) ?? parseNumber(cell.text)?.value ?? null
      if (n !== null) {
        found.tableSize ??= {value: n, place: cell.place}
        rowDims.table_size = n
      }
    } else if (c.role === 'nodes') {
      // a cell that names its component (`3 TiKV physical nodes`) says whose nodes they are
      const named = parseNumber(cell.text) ? null : nodesIn(cell.text, '')
      const n = parseNumber(cell.text)?.value ?? named?.value ?? null
      if (n !== null) rowDims[named?.component ? named.name : Object.keys(c.components)[0] ?? 'tidb_nodes'] = n
      // `1 TiDB physical node`, `3 TiKV physical nodes`: a row of the product's own cluster
      rowSubject ??= subjectIn(cell.text, context.subjects) ?? productSubject(context)
    }
  }
  return {threads, workload, rowSubject, rowDims, threadsPlace: threadsCell?.place}
}

/**
 * The subject of the report's own product when one subject measures it: a node-counting row's.
 * @param {Context} context
 */
function productSubject(context) {
  const own = context.subjects.filter((x) => x.product === context.product)
  return own.length === 1 ? own[0].id : null
}

/**
 * One measure cell into its point; a second value for the same point and measure is an error.
 * @param {ReadPoint} target
 * @param {Column} c
 * @param {Cell | undefined} cell
 * @param {string} text
 * @param {Point} place
 * @param {Context & {file: string}} context
 * @param {Note[]} notes
 * @param {Map<Cell, import('./numbers.js').Num>} misread
 */
function readCell(target, c, cell, text, place, context, notes, misread) {
  /** @param {import('./numbers.js').Num} n @param {{unit: 'ms' | 's' | 'us'}} col */
  const ms = (n, col) => (col.unit === 'ms' ? n : toMilliseconds(n, col.unit))
  /** @type {Array<[Figure, import('./numbers.js').Num]>} */
  let values
  if (c.role === 'latency_pair') {
    const pair = parsePair(text)
    if (!pair) {
      notes.push({rule: 'number', place, message: `Unexpected \`${text}\`, expected \`avg / p95\` latencies; cell skipped`})
      return
    }
    const [avg, p95] = pair.map((n) => ms(n, c))
    values = [['latency_avg', avg], ['latency_p95', p95]]
  } else {
    const read = parseNumber(text) ?? (cell ? misread.get(cell) : undefined)
    const huge = read ? null : tooLarge(text)
    if (huge) {
      notes.push({severity: 'error', rule: 'number-range', place, message: `Unexpected number ${huge} in column \`${c.text}\`, too large to record (at most about 1.8e308); expected the figure as measured`})
      return
    }
    if (!read) {
      notes.push({rule: 'number', place, message: `Unexpected \`${text}\` in column \`${c.text}\`, expected a number; cell skipped`})
      return
    }
    if (read.note) notes.push({rule: 'ja-term', place, message: `Mistranslated number ${read.note}`})
    // a measure column (the caller skips others), not the latency pair
    values = [[/** @type {Figure} */ (c.role), c.role.startsWith('latency') ? ms(read, c) : read]]
  }
  for (const [measure, n] of values) {
    const before = target.places[measure]
    if (before) {
      const first = target.written.find((w) => w.key === measure)?.text
      const p = target.point
      notes.push({severity: 'error', rule: 'two-values', place, message: `Two values for ${p.subject}${target.variant ? ` (${target.variant})` : ''} × ${p.workload} × ${p.threads} threads${p.dimensions ? ` (${Object.entries(p.dimensions).map(([k, v]) => `${k} ${v}`).join(', ')})` : ''} ${measure}: \`${first}\` at ${context.file}:${before.line}:${before.column} and \`${n.text}\` at ${context.file}:${place.line}:${place.column}; expected one value per subject and coordinates (label a mode or configuration in the header)`})
      continue
    }
    target.point[measure] = n.value
    target.places[measure] = place
    target.written.push({key: measure, text: n.text})
  }
}

/**
 * `3*8, 3*16, …`: when the first factor never changes and the second does,
 * the first is the number of clients; not where the second factor is each
 * row's node count (one client per node).
 * @param {ReadPoint[]} points
 * @param {StatedChange[]} changes
 */
function clientsFirst(points, changes) {
  const firsts = new Set(points.map((p) => p.point.threads))
  const seconds = new Set(points.map((p) => p.point.clients))
  const perNode = points.every((p) => Object.entries(p.point.dimensions ?? {}).some(([k, v]) => k.endsWith('_nodes') && v === p.point.clients))
  if (points.length > 1 && firsts.size === 1 && seconds.size > 1 && !seconds.has(undefined) && !perNode) {
    for (const p of points) [p.point.threads, p.point.clients] = [/** @type {number} */ (p.point.clients), p.point.threads]
    for (const c of changes) if (c.clients !== undefined) [c.threads, c.clients] = [c.clients, c.threads]
  }
}
