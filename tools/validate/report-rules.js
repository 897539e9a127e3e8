import {deriveReport, deriveWorkloads} from '../derive/report.js'
import {RULES, ruleContext} from './rules/index.js'
import {noisyRepeats, undecidedAtMax} from './rules/noise.js'

/**
 * Checks a schema cannot express: the rules of rules/, then whether stated headlines agree.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 * @typedef {ReturnType<typeof deriveReport>} Derived
 */

/**
 * @param {SourceDoc} doc  a document whose data passed the schema
 * @param {{derive?: boolean, noisy?: boolean}} [options]  `derive: false`: only check, and
 *   derive no more than a stated headline needs (no verdicts); `noisy`: also warn of noisy
 *   repeats (benchdoc run does; validate does not: docs/validating.md says why)
 * @returns {{problems: Problem[], derived: Derived | null}}
 *   `derived`: the report's one derivation, for every later step of a build; null when
 *   a rule found an error (derivation trusts the rules) or when asked not to derive
 */
export function checkReportRules(doc, {derive = true, noisy = false} = {}) {
  /** @type {Problem[]} */
  const problems = []
  const context = ruleContext(doc, problems)
  for (const rule of noisy ? [...RULES, noisyRepeats] : RULES) rule.check(context)
  const failed = () => problems.some((p) => p.severity === 'error')
  if (failed()) return {problems, derived: null}
  const derived = checkStatedHeadlines(context, derive)
  // measured under a stopping rule: the cells it left undecided, deriving their verdicts when not asked to
  if (context.report.plan.repeats) undecidedAtMax(context, (derived ?? deriveReport(context.report, doc.sourceOf)).verdicts.cells)
  // a stated headline that disagrees is an error too: no build step may use the derivation
  return {problems, derived: failed() ? null : derived}
}

/**
 * A stated headline agrees with the one derived from the points; on a report
 * the other rules passed, since derivation trusts them.
 * @param {import('./rules/context.js').RuleContext} context
 * @param {boolean} derive
 * @returns {Derived | null}  the derivation, when asked for
 */
function checkStatedHeadlines({report, doc, error}, derive) {
  if (!derive && !report.headlines?.length) return null
  const derived = derive ? deriveReport(report, doc.sourceOf) : null
  for (const w of derived?.workloads ?? deriveWorkloads(report, doc.sourceOf).workloads) {
    for (const h of w.headlines) {
      if (h.agrees !== false || h.stated_index == null || h.derived.value == null || h.stated == null) continue
      error('headline-agrees', ['headlines', h.stated_index, 'change'], `Stated ${w.name} change ${h.stated.value} % disagrees with ${h.derived.value.toFixed(3)} % derived from the points (mean of per-point ${h.metric} changes)`)
    }
  }
  return derived
}

/**
 * The id must equal the file name; on any data with an id, to show with schema errors.
 * @param {SourceDoc} doc
 * @param {string} expectedId
 * @returns {Problem[]}
 */
export function checkId(doc, expectedId) {
  const data = /** @type {Record<string, unknown> | null} */ (doc.data && typeof doc.data === 'object' ? doc.data : null)
  if (!data || typeof data.id !== 'string' || data.id === expectedId) return []
  return [{file: doc.file, ...doc.placeOf(['id']), severity: 'error', message: `Unexpected id \`${data.id}\`, expected \`${expectedId}\` (the file name)`, rule: 'id-matches-file'}]
}
