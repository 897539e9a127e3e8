import {CHANGE_DECIMALS, MEASURES} from '../derive/report.js'
import {formatProblem} from '../lib/problems.js'
import {isEmptyChange} from './compare.js'

/**
 * Render a review (the changes of each report since a git revision) as
 * Markdown, for a pull-request comment, or as plain text. The content is
 * built once as blocks; only the two renderers differ.
 *
 * @typedef {import('./compare.js').ReportChange} ReportChange
 * @typedef {import('./compare.js').NarrativeChange} NarrativeChange
 * @typedef {import('./compare.js').PointFigures} PointFigures
 * @typedef {import('./compare.js').FieldChange} FieldChange
 * @typedef {import('../derive/report.js').Figure} Figure
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {{
 *   id: string,
 *   data: ReportChange | null,
 *   notCompared?: string,
 *   problems: Problem[] | null,
 *   narratives: Array<{lang: string, change: NarrativeChange}>
 * }} ReportReview
 *   `data` null: the data file did not change; `notCompared`: why its figures
 *   could not be compared; `problems` null: the new version was not validated
 *   (unchanged or removed)
 * @typedef {{base: string, reports: ReportReview[]}} Review
 * @typedef {'markdown' | 'text'} Format
 * @typedef {{type: 'heading', depth: 1 | 2 | 3, text: string}
 *   | {type: 'paragraph', text: string}
 *   | {type: 'list', items: string[]}
 *   | {type: 'table', head: string[], right: boolean[], rows: string[][]}
 *   | {type: 'code', lines: string[]}} Block
 * @typedef {{code: (text: string) => string, strong: (text: string) => string}} Inline
 */

/** @type {Record<Format, Inline>} */
const INLINE = {
  markdown: {
    code: (text) => {
      const ticks = '`'.repeat(Math.max(0, ...[...text.matchAll(/`+/g)].map((m) => m[0].length)) + 1)
      const pad = text.startsWith('`') || text.endsWith('`') ? ' ' : ''
      return `${ticks}${pad}${text}${pad}${ticks}`
    },
    strong: (text) => `**${text}**`
  },
  text: {code: (text) => text, strong: (text) => text}
}

/**
 * @param {Review} review
 * @param {Format} [format]
 * @returns {string}
 */
export function formatReview(review, format = 'markdown') {
  const inline = INLINE[format]
  if (review.reports.length === 0) return `No report data changed since ${review.base}.\n`
  const blocks = reviewBlocks(review, inline)
  return format === 'markdown' ? renderMarkdown(blocks) : renderText(blocks)
}

/**
 * @param {Review} review
 * @param {Inline} inline
 * @returns {Block[]}
 */
function reviewBlocks(review, inline) {
  const {code} = inline
  const statusOf = (/** @type {ReportReview} */ r) => r.data?.status ?? 'changed'
  const count = (/** @type {string} */ status) => review.reports.filter((r) => statusOf(r) === status).length
  const counts = [
    [count('changed'), 'changed'],
    [count('added'), 'added'],
    [count('removed'), 'removed']
  ]
    .filter(([n]) => n)
    .map(([n, what], i) => (i === 0 ? `${n} report${n === 1 ? '' : 's'} ${what}` : `${n} ${what}`))
  /** @type {Block[]} */
  const blocks = [
    {type: 'heading', depth: 1, text: `Report data changes since ${code(review.base)}`},
    {type: 'paragraph', text: `${counts.join(', ')}.`}
  ]
  for (const report of review.reports) blocks.push(...reportBlocks(report, inline))
  return blocks
}

/**
 * @param {ReportReview} report
 * @param {Inline} inline
 * @returns {Block[]}
 */
function reportBlocks(report, inline) {
  const {code, strong} = inline
  const data = report.data
  const status = data?.status ?? 'changed'
  /** @type {Block[]} */
  const blocks = [{type: 'heading', depth: 2, text: `${report.id} (${status})`}]

  if (report.problems) {
    const errors = report.problems.filter((p) => p.severity === 'error').length
    const warnings = report.problems.length - errors
    if (report.problems.length === 0) {
      blocks.push({type: 'paragraph', text: 'Validation: no problems.'})
    } else {
      const counted = `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}`
      blocks.push({type: 'paragraph', text: `Validation: ${errors > 0 ? strong(counted) : counted}.`})
      blocks.push({type: 'code', lines: report.problems.map(formatProblem)})
    }
  }
  if (report.notCompared) blocks.push({type: 'paragraph', text: `Figures not compared: ${report.notCompared}.`})

  if (data?.summary) {
    const {subjects, workloads, points} = data.summary
    const list = (/** @type {string[]} */ xs) => xs.map(code).join(', ')
    const what = [
      `${subjects.length} subject${subjects.length === 1 ? '' : 's'} (${list(subjects)})`,
      `${workloads.length} workload${workloads.length === 1 ? '' : 's'} (${list(workloads)})`,
      `${points} point${points === 1 ? '' : 's'}`
    ].join(', ')
    blocks.push({type: 'paragraph', text: `${status === 'added' ? 'New report' : 'Removed report, which had'}: ${what}.`})
  }

  if (data && data.status === 'changed' && !report.notCompared) {
    const {points} = data
    if (isEmptyChange(data)) {
      blocks.push({type: 'paragraph', text: 'No figure or field changed (formatting or comments only).'})
    }
    if (points.changed.length > 0) {
      blocks.push({type: 'heading', depth: 3, text: 'Points changed'})
      blocks.push({
        type: 'table',
        head: ['Subject', 'Workload', 'Threads', 'Clients', 'Measure', 'Old', 'New', 'Change'],
        right: [false, false, true, true, false, true, true, true],
        rows: points.changed.flatMap(({point, measures}) =>
          measures.map((m) => [
            point.subject,
            point.workload,
            String(point.threads),
            String(point.clients),
            m.measure,
            figure(m.old),
            figure(m.new),
            percent(m.change, CHANGE_DECIMALS)
          ])
        )
      })
    }
    if (points.added.length > 0) blocks.push({type: 'heading', depth: 3, text: 'Points added'}, pointsTable(points.added))
    if (points.removed.length > 0) blocks.push({type: 'heading', depth: 3, text: 'Points removed'}, pointsTable(points.removed))
  }

  if (data && data.headlines.length > 0 && !report.notCompared) {
    const added = data.status === 'added'
    /** @param {Figure | null} f */
    const stated = (f) => (f ? percent(f.value, f.decimals) : '—')
    /** @param {string} a @param {string} b */
    const cell = (a, b) => (added || a === b ? b : `${a} → ${b}`)
    blocks.push(
      {type: 'heading', depth: 3, text: 'Headlines'},
      {
        type: 'paragraph',
        text: `Derived: the mean of the per-point % changes over the baseline. Stated: as written in ${code('headlines')}.`
      },
      {
        type: 'table',
        head: ['Workload', 'Subject', 'Metric', 'Derived', 'Stated'],
        right: [false, false, false, true, true],
        rows: data.headlines.map((h) => [
          h.workload,
          h.subject,
          h.metric,
          cell(percent(h.derived.old, CHANGE_DECIMALS), percent(h.derived.new, CHANGE_DECIMALS)),
          cell(stated(h.stated.old), stated(h.stated.new))
        ])
      }
    )
  }

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
 * @param {PointFigures[]} points
 * @returns {Block}
 */
function pointsTable(points) {
  const measures = MEASURES.filter((m) => points.some((p) => p.figures.some((f) => f.measure === m)))
  return {
    type: 'table',
    head: ['Subject', 'Workload', 'Threads', 'Clients', ...measures],
    right: [false, false, true, true, ...measures.map(() => true)],
    rows: points.map(({point, figures}) => [
      point.subject,
      point.workload,
      String(point.threads),
      String(point.clients),
      ...measures.map((m) => {
        const f = figures.find((x) => x.measure === m)
        return f ? figure(f.figure) : '—'
      })
    ])
  }
}

/**
 * @param {FieldChange} change
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
 * @param {NarrativeChange} change
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

/**
 * A value on one line, YAML flow style: `[1, 2]`, `{id: v7, version: v7.0.0}`.
 * @param {unknown} value
 * @returns {string}
 */
export function flow(value) {
  if (value === null) return 'null'
  if (Array.isArray(value)) return `[${value.map(flow).join(', ')}]`
  if (typeof value === 'object') {
    return `{${Object.entries(/** @type {object} */ (value)).map(([k, v]) => `${k}: ${flow(v)}`).join(', ')}}`
  }
  if (typeof value === 'string') return value === '' || value.includes('\n') ? JSON.stringify(value) : value
  return String(value)
}

/**
 * A recorded figure with the decimals it was written with; `—` when unknown.
 * @param {Figure} f
 */
function figure(f) {
  return f.value == null ? '—' : f.value.toFixed(f.decimals)
}

/**
 * A % change with its sign: `+3.01 %`, `-1.93 %`; `—` when unknown.
 * @param {number | null} value
 * @param {number} decimals
 */
function percent(value, decimals) {
  if (value == null) return '—'
  const text = value.toFixed(decimals)
  if (Number(text) === 0) return `${(0).toFixed(decimals)} %`
  return `${value > 0 ? '+' : ''}${text} %`
}

/**
 * @param {Block[]} blocks
 * @returns {string}
 */
function renderMarkdown(blocks) {
  const cell = (/** @type {string} */ text) => text.replace(/\|/g, '\\|').replace(/\n/g, ' ')
  const row = (/** @type {string[]} */ cells) => `| ${cells.map(cell).join(' | ')} |`
  return `${blocks
    .map((b) => {
      switch (b.type) {
        case 'heading':
          return `${'#'.repeat(b.depth)} ${b.text}`
        case 'paragraph':
          return b.text
        case 'list':
          return b.items.map((i) => `- ${i}`).join('\n')
        case 'table':
          return [row(b.head), row(b.right.map((r) => (r ? '---:' : '---'))), ...b.rows.map(row)].join('\n')
        case 'code':
          return ['```', ...b.lines, '```'].join('\n')
      }
      return ''
    })
    .join('\n\n')}\n`
}

/**
 * @param {Block[]} blocks
 * @returns {string}
 */
function renderText(blocks) {
  return `${blocks
    .map((b) => {
      switch (b.type) {
        case 'heading':
          return b.depth === 3 ? `${b.text}:` : `${b.text}\n${(b.depth === 1 ? '=' : '-').repeat(b.text.length)}`
        case 'paragraph':
          return b.text
        case 'list':
          return b.items.map((i) => `- ${i}`).join('\n')
        case 'table': {
          const all = [b.head, ...b.rows]
          const widths = b.head.map((_, i) => Math.max(...all.map((r) => r[i].length)))
          const line = (/** @type {string[]} */ cells) =>
            cells.map((c, i) => (b.right[i] ? c.padStart(widths[i]) : c.padEnd(widths[i]))).join('  ').trimEnd()
          return [line(b.head), line(widths.map((w) => '-'.repeat(w))), ...b.rows.map(line)].join('\n')
        }
        case 'code':
          return b.lines.map((l) => `    ${l}`).join('\n')
      }
      return ''
    })
    .join('\n\n')}\n`
}
