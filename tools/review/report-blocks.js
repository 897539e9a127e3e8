import {CHANGE_DECIMALS, MEASURES} from '../derive/report.js'
import {isEmptyChange} from './compare.js'
import {LOWER_IS_BETTER, VERDICT_NAMES, figure, flow, percent} from './words.js'
import {plural} from '../lib/english.js'

/**
 * The blocks of one report's section: points and cell verdicts folded, headlines, fields, narrative.
 *
 * @typedef {import('./format.js').ReportReview} ReportReview
 * @typedef {import('./verdicts.js').CellChange} CellChange
 * @typedef {import('./render.js').Block} Block
 * @typedef {import('./render.js').Inline} Inline
 */

/** Columns that say which point a row is; dropped from a table when constant. */
const IDENTITY = ['Subject', 'Workload', 'Threads', 'Clients']

/**
 * @param {ReportReview} report
 * @param {Inline} inline
 */
export function reportBlocks(report, inline) {
  const {code} = inline
  const data = report.data
  const status = data?.status ?? 'changed'
  /** @type {Block[]} */
  const blocks = [{type: 'heading', depth: 2, text: `${report.id} (${status})`}]
  if (report.notCompared) blocks.push({type: 'paragraph', text: `Figures not compared: ${report.notCompared}.`})
  if (data?.summary) {
    const {subjects, workloads, points} = data.summary
    const list = (/** @type {string[]} */ xs) => xs.map(code).join(', ')
    const what = [
      `${plural(subjects.length, 'subject')} (${list(subjects)})`,
      `${plural(workloads.length, 'workload')} (${list(workloads)})`,
      plural(points, 'point')
    ].join(', ')
    blocks.push({type: 'paragraph', text: `${status === 'added' ? 'New report' : 'Removed report, which had'}: ${what}.`})
  }
  if (data && data.status === 'changed' && !report.notCompared) {
    if (isEmptyChange(data)) blocks.push({type: 'paragraph', text: 'No figure or field changed (formatting or comments only).'})
    blocks.push(...pointBlocks(data.points, inline))
  }
  const cells = report.verdicts?.cells ?? []
  if (cells.length > 0 && !report.notCompared && status !== 'removed') {
    const both = cells.filter((c) => c.old && c.new)
    const changed = both.filter((c) => c.old?.verdict !== c.new?.verdict).length
    const parts = [changed && `${changed} changed`, both.length - changed && `${both.length - changed} unchanged`, cells.length - both.length && `${cells.length - both.length} ${data?.status === 'added' ? 'new' : 'added or removed'}`].filter(Boolean)
    blocks.push({type: 'details', summary: `Verdicts of ${plural(cells.length, 'cell')} against the baseline: ${parts.join(', ')}`, blocks: compact(cellsTable(cells), inline)})
  }
  if (data && data.headlines.length > 0 && !report.notCompared) blocks.push(...headlineBlocks(data, inline))
  if (data && data.fields.length > 0 && !report.notCompared) {
    blocks.push({type: 'heading', depth: 3, text: 'Fields changed'}, {type: 'list', items: data.fields.map((f) => fieldLine(f, inline))})
  }
  if (report.narratives.length > 0) {
    blocks.push({type: 'heading', depth: 3, text: 'Narrative'})
    blocks.push({type: 'list', items: report.narratives.map(({lang, change}) => `${code(lang)}: ${narrativeLine(change, inline)}`)})
  }
  return blocks
}

/**
 * Points changed (each measure old → new, better or worse), added and removed, folded.
 * @param {import('./compare.js').ReportChange['points']} points
 * @param {Inline} inline
 * @returns {Block[]}
 */
function pointBlocks(points, inline) {
  const {changed, added, removed} = points
  const measures = changed.reduce((n, p) => n + p.measures.length, 0)
  const parts = [changed.length && `${changed.length} changed`, added.length && `${added.length} added`, removed.length && `${removed.length} removed`].filter(Boolean)
  if (parts.length === 0) return []
  /** @type {Block[]} */
  const inner = []
  if (changed.length > 0) {
    inner.push({type: 'heading', depth: 3, text: `Points changed (${plural(measures, 'figure')})`})
    inner.push(...compact({
      type: 'table',
      head: [...IDENTITY, 'Measure', 'Old', 'New', 'Change'],
      right: [false, false, true, true, false, true, true, true],
      rows: changed.flatMap(({point, measures: ms}) =>
        ms.map((m) => [...identity(point), m.measure, figure(m.old), figure(m.new), directed(m.change, m.measure)])
      )
    }, inline))
  }
  if (added.length > 0) inner.push({type: 'heading', depth: 3, text: 'Points added'}, ...compact(pointsTable(added), inline))
  if (removed.length > 0) inner.push({type: 'heading', depth: 3, text: 'Points removed'}, ...compact(pointsTable(removed), inline))
  return [{type: 'details', summary: `Points: ${parts.join(', ')}`, blocks: inner}]
}

/**
 * @param {CellChange[]} cells
 * @returns {Extract<Block, {type: 'table'}>}
 */
function cellsTable(cells) {
  /** @param {CellChange['old']} j @param {string} measure */
  const change = (j, measure) => (j ? directed(j.change, measure) + (j.low != null && j.high != null ? ` (${percent(j.low, 1)} to ${percent(j.high, 1)})` : '') : '—')
  /** @param {CellChange['old']} j */
  const verdict = (j) => (j ? VERDICT_NAMES[j.verdict] : '—')
  /** @param {string} a @param {string} b */
  const pair = (a, b) => (a === '—' ? b : a === b ? `${b} (unchanged)` : `${a} → ${b}`)
  return {
    type: 'table',
    head: [...IDENTITY, 'Measure', `Change (${[...new Set(cells.flatMap((c) => [c.old, c.new]).map((j) => j?.level ?? 95))].join(' / ')} % CI)`, 'Verdict'],
    right: [false, false, true, true, false, true, false],
    rows: cells.map((c) => [
      ...identity({...c, threads: `${c.threads}${Object.entries(c.dimensions ?? {}).map(([name, value]) => ` @ ${name}=${value}`).join('')}`}), c.measure, pair(change(c.old, c.measure), change(c.new, c.measure)),
      `${pair(verdict(c.old), verdict(c.new))}${c.regression ? ' (regression)' : ''}`
    ])
  }
}

/**
 * @param {NonNullable<ReportReview['data']>} data
 * @param {Inline} inline
 * @returns {Block[]}
 */
function headlineBlocks(data, {code}) {
  const added = data.status === 'added'
  /** @param {import('./compare.js').Figure | null} f */
  const stated = (f) => (f ? percent(f.value, f.decimals) : '—')
  /** @param {string} a @param {string} b */
  const cell = (a, b) => (added || a === b ? b : `${a} → ${b}`)
  return [
    {type: 'heading', depth: 3, text: 'Headlines'},
    {type: 'paragraph', text: `Derived: the mean of the per-point % changes over the baseline. Stated: as written in ${code('headlines')}.`},
    {
      type: 'table',
      head: ['Workload', 'Subject', 'Metric', 'Derived', 'Stated'],
      right: [false, false, false, true, true],
      rows: data.headlines.map((h) => [
        h.workload, h.subject, h.metric,
        cell(percent(h.derived.old, CHANGE_DECIMALS), percent(h.derived.new, CHANGE_DECIMALS)),
        cell(stated(h.stated.old), stated(h.stated.new))
      ])
    }
  ]
}

/**
 * A table without the identity columns that hold one value in every row,
 * said once above it instead; Clients = 1, the default, goes even from one row.
 *
 * @param {Extract<Block, {type: 'table'}>} table
 * @param {Inline} inline
 * @returns {Block[]}
 */
function compact(table, {code}) {
  const drop = table.head.map((name, i) => {
    if (!IDENTITY.includes(name)) return false
    const values = new Set(table.rows.map((r) => r[i]))
    return values.size === 1 && (table.rows.length > 1 || (name === 'Clients' && values.has('1')))
  })
  if (!drop.includes(true)) return [table]
  const keep = (/** @type {unknown[]} */ xs) => xs.filter((_, i) => !drop[i])
  const said = table.head.flatMap((name, i) => (drop[i] ? [`${name.toLowerCase()} ${code(table.rows[0][i])}`] : []))
  return [
    {type: 'paragraph', text: `In every row: ${said.join(', ')}.`},
    {type: 'table', head: /** @type {string[]} */ (keep(table.head)), right: /** @type {boolean[]} */ (keep(table.right)), rows: table.rows.map((r) => /** @type {string[]} */ (keep(r)))}
  ]
}

/** @param {{subject: string, workload: string, threads: number | string, clients: number}} p */
function identity(p) {
  return [p.subject, p.workload, String(p.threads), String(p.clients)]
}

/**
 * A % change with whether it is better or worse for its measure.
 * @param {number | null} change
 * @param {string} measure
 */
function directed(change, measure) {
  const text = percent(change, CHANGE_DECIMALS)
  if (change == null || Number(change.toFixed(CHANGE_DECIMALS)) === 0) return text
  const better = LOWER_IS_BETTER.has(measure) ? change < 0 : change > 0
  return `${text} ${better ? 'better' : 'worse'}`
}

/**
 * @param {import('./compare.js').PointFigures[]} points
 * @returns {Extract<Block, {type: 'table'}>}
 */
function pointsTable(points) {
  const measures = MEASURES.filter((m) => points.some((p) => p.figures.some((f) => f.measure === m)))
  return {
    type: 'table',
    head: [...IDENTITY, ...measures],
    right: [false, false, true, true, ...measures.map(() => true)],
    rows: points.map(({point, figures}) => [
      ...identity(point),
      ...measures.map((m) => {
        const f = figures.find((x) => x.measure === m)
        return f ? figure(f.figure) : '—'
      })
    ])
  }
}

/**
 * @param {import('./compare.js').FieldChange} change
 * @param {Inline} inline
 */
function fieldLine(change, {code}) {
  const head = `${code(change.path)}:`
  if (change.lines) {
    const parts = []
    if (change.lines.removed.length > 0) parts.push(`lines removed ${change.lines.removed.map(code).join(', ')}`)
    if (change.lines.added.length > 0) parts.push(`lines added ${change.lines.added.map(code).join(', ')}`)
    return `${head} ${parts.length > 0 ? parts.join('; ') : 'lines reordered or blank lines changed'}`
  }
  if (change.old === undefined) return `${head} added ${code(flow(change.new))}`
  if (change.new === undefined) return `${head} removed ${code(flow(change.old))}`
  return `${head} ${code(flow(change.old))} → ${code(flow(change.new))}`
}

/**
 * @param {import('./compare.js').NarrativeChange} change
 * @param {Inline} inline
 */
function narrativeLine(change, {code}) {
  if (change.status !== 'changed') return change.status
  const {changed, added, removed} = change.sections
  const parts = []
  if (changed.length > 0) parts.push(`sections changed ${changed.map(code).join(', ')}`)
  if (added.length > 0) parts.push(`sections added ${added.map(code).join(', ')}`)
  if (removed.length > 0) parts.push(`sections removed ${removed.map(code).join(', ')}`)
  if (change.front) parts.push('front matter changed')
  return parts.length > 0 ? parts.join('; ') : 'formatting only, no section changed'
}
