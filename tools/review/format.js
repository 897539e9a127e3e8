import {CHANGE_DECIMALS} from '../derive/report.js'
import {plural} from '../lib/english.js'
import {formatProblem} from '../lib/problems.js'
import {INLINE, renderMarkdown, renderText} from './render.js'
import {reportBlocks} from './report-blocks.js'
import {VERDICTS} from './verdicts.js'
import {VERDICT_NAMES, percent} from './words.js'

/**
 * A review as a reader gets it, summary first: what changed and whether it
 * matters, what looks wrong (with file:line), then per report the details,
 * folded. `github` adds a hidden marker line a workflow finds its comment by.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {{
 *   id: string,
 *   data: import('./compare.js').ReportChange | null,
 *   notCompared?: string,
 *   problems: Problem[] | null,
 *   narratives: Array<{lang: string, change: import('./compare.js').NarrativeChange}>,
 *   verdicts?: {cells: import('./verdicts.js').CellChange[], headlines: import('./verdicts.js').HeadlineVerdict[]}
 * }} ReportReview
 *   `data` null: the data file did not change; `notCompared`: why its figures
 *   were not compared; `problems` null: not validated (unchanged or removed);
 *   `verdicts`: the cells whose verdict, change or interval the change touches
 * @typedef {{base: string, commit?: string, reports: ReportReview[], drift: Problem[], summary: import('./summary.js').Summary}} Review
 * @typedef {'markdown' | 'github' | 'text'} Format
 * @typedef {import('./render.js').Block} Block
 * @typedef {import('./render.js').Inline} Inline
 */

/** The first line of a `github` review: how a workflow finds the comment to update. */
export const MARKER = '<!-- benchdoc-review -->'

/**
 * @param {Review} review
 * @param {Format} [format]
 */
export function formatReview(review, format = 'markdown') {
  const inline = INLINE[format === 'text' ? 'text' : 'markdown']
  const nothing = `No report data changed since ${format === 'text' ? review.base : inline.code(review.base)}.`
  /** @type {Block[]} */
  const blocks = review.reports.length === 0 ? [{type: 'paragraph', text: nothing}] : reviewBlocks(review, inline)
  if (format === 'github') blocks.unshift({type: 'paragraph', text: MARKER})
  return format === 'text' ? renderText(blocks) : renderMarkdown(blocks)
}

/**
 * @param {Review} review
 * @param {Inline} inline
 */
function reviewBlocks(review, inline) {
  const {code, strong} = inline
  const {summary} = review
  const reports = Object.entries(summary.reports)
    .filter(([, n]) => n)
    .map(([what, n], i) => (i === 0 ? `${plural(n, 'report')} ${what}` : `${n} ${what}`))
  const touched = VERDICTS.reduce((n, v) => n + summary.verdicts[v], 0)
  const counts = VERDICTS.map((v) => {
    const text = `${summary.verdicts[v]} ${VERDICT_NAMES[v]}`
    return v === 'slower' && summary.verdicts[v] > 0 ? strong(text) : text
  })
  const regressions = summary.regressions > 0 ? `; ${strong(plural(summary.regressions, 'regression'))}` : ''
  const {problems, drift} = summary
  const issues = (/** @type {{errors: number, warnings: number}} */ s) => {
    const text = `${plural(s.errors, 'error')}, ${plural(s.warnings, 'warning')}`
    return s.errors > 0 ? strong(text) : text
  }
  /** @type {Block[]} */
  const blocks = [
    {type: 'heading', depth: 1, text: `Report data changes since ${code(review.base)}`},
    {
      type: 'list',
      items: [
        `${reports.join(', ')}.`,
        touched === 0 ? 'No comparison cell changed.' : `Verdicts of the ${plural(touched, 'cell')} the change touches: ${summary.changed} changed; now ${counts.join(', ')}${regressions}.`,
        `Validation: ${issues(problems)}; drift: ${issues(drift)}.`
      ]
    }
  ]
  if (summary.workloads.length > 0) {
    blocks.push({type: 'heading', depth: 2, text: 'Changed workloads'}, {type: 'list', items: summary.workloads.map((w) => workloadLine(w, inline))})
  }
  const wrong = [...review.reports.flatMap((r) => r.problems ?? []), ...review.drift]
  if (wrong.length > 0) {
    blocks.push({type: 'heading', depth: 2, text: 'What looks wrong'}, {type: 'list', items: wrong.map((p) => problemLine(p, inline))})
  }
  for (const report of review.reports) blocks.push(...reportBlocks(report, inline))
  return blocks
}

/** `a → b`, or what is new, gone or the same. @param {string | null} a @param {string | null} b */
const oldNew = (a, b) => (a == null ? `${b} (new)` : b == null ? `${a} → none` : a === b ? `${b} (unchanged)` : `${a} → ${b}`)

/**
 * `demo` · oltp_read_write · v2: tps headline +5.06 % → -3.35 %, verdict faster → slower, estimate +5.1 % (95 % CI …) → …; sign flipped
 * @param {import('./summary.js').WorkloadLine} w
 * @param {Inline} inline
 */
function workloadLine(w, {code, strong}) {
  const {old, new: now} = w.headline
  const pct = (/** @type {number | null} */ v) => (v == null ? null : percent(v, CHANGE_DECIMALS))
  const headline = old == null && now == null ? 'headline unchanged' : `headline ${oldNew(pct(old), pct(now))}`
  const v = w.verdict
  const est = (/** @type {import('./verdicts.js').Judged | null} */ e) => e && `${pct(e.change)}${e.low != null && e.high != null ? ` (${e.level} % CI ${percent(e.low, 1)} to ${percent(e.high, 1)})` : ''}`
  const estimate = w.estimate ? `, estimate ${oldNew(est(w.estimate.old), est(w.estimate.new))}` : ''
  const verdict = !v.old && !v.new ? '' : `, verdict ${oldNew(v.old && VERDICT_NAMES[v.old], v.new && VERDICT_NAMES[v.new])}${estimate}`
  const flips = w.flips.map((f) => strong(f === 'sign' ? 'sign flipped' : 'verdict flipped'))
  return `${code(w.report)} · ${code(w.workload)} · ${w.subject}: ${w.metric} ${headline}${verdict}${flips.length > 0 ? `; ${flips.join(', ')}` : ''}`
}

/**
 * @param {Problem} p
 * @param {Inline} inline
 */
function problemLine(p, {code}) {
  const [place, rest] = formatProblem(p).split(/: (?=error: |warning: )/)
  return `${code(place)}: ${rest}`
}
