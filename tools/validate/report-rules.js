import {MAX_CHART_POINTS} from '../charts/spec.js'
import {baselineOf, coordinateText, deriveReport, deriveWorkloads, dimensionNames, pointKey} from '../derive/report.js'
import {pendingPoints} from '../derive/pending.js'
import {dataTexts, isLocalText} from '../i18n/data-text.js'
import {samplesProblems} from './samples-rule.js'
import {checkSuspicious} from './suspicious.js'
import {FIGURES} from '../domain/index.js'

/**
 * Checks on a report that a schema cannot express. Each rule reads the
 * schema-valid report and reports problems at the place of the node at fault.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 * @typedef {ReturnType<typeof deriveReport>} Derived
 */

/**
 * @param {SourceDoc} doc  a document whose data passed the schema
 * @param {string} expectedId  the id the file name implies
 * @param {{derive?: boolean}} [options]  `derive: false`: only check, and
 *   derive no more than a stated headline needs (no verdicts)
 * @returns {{problems: Problem[], derived: Derived | null}}
 *   `derived`: the report's one derivation, for every later step of a build
 *   (null when a rule found an error, since derivation trusts those rules,
 *   or when asked not to derive)
 */
export function checkReportRules(doc, expectedId, {derive = true} = {}) {
  const report = /** @type {any} */ (doc.data)
  /** @type {Problem[]} */
  const problems = []
  /** @param {'error' | 'warning'} severity @param {string} rule @param {Array<string | number>} path @param {string} message */
  const report_ = (severity, rule, path, message) =>
    problems.push({file: doc.file, ...doc.placeOf(path), severity, message, rule})
  const error = report_.bind(null, 'error')
  const warning = report_.bind(null, 'warning')

  const subjectIds = new Set()
  report.subjects.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    if (subjectIds.has(s.id)) error('unique-subject', ['subjects', i, 'id'], `Duplicate subject \`${s.id}\``)
    subjectIds.add(s.id)
  })
  if (report.kind === 'single' && report.subjects.length !== 1) {
    error('kind-subjects', ['kind'], `Unexpected ${report.subjects.length} subjects in a \`single\` report, expected 1 (or kind \`comparison\`)`)
  }
  if (report.kind === 'comparison' && report.subjects.length < 2) {
    error('kind-subjects', ['kind'], 'Unexpected 1 subject in a `comparison` report, expected at least 2 (or kind `single`)')
  }
  if (report.baseline !== undefined) {
    if (report.kind !== 'comparison') error('baseline', ['baseline'], 'Unexpected `baseline` in a `single` report')
    else if (!subjectIds.has(report.baseline)) error('known-subject', ['baseline'], unknown('subject', report.baseline, subjectIds))
  }

  for (const {path, value} of dataTexts(report)) {
    if (isLocalText(value) && typeof value[value.source] !== 'string') {
      error('text-source', [...path, 'source'], `Missing \`${value.source}\` text of \`${path.join('.')}\`, expected the text in its source language \`${value.source}\``)
    }
  }

  const workloadNames = new Set()
  report.plan.workloads.forEach((/** @type {any} */ w, /** @type {number} */ i) => {
    if (workloadNames.has(w.name)) error('unique-workload', ['plan', 'workloads', i, 'name'], `Duplicate workload \`${w.name}\``)
    workloadNames.add(w.name)
  })

  /** @type {Map<string, number>} */
  const perWorkload = new Map()
  for (const p of report.results ?? []) perWorkload.set(p.workload, (perWorkload.get(p.workload) ?? 0) + 1)
  report.plan.workloads.forEach((/** @type {any} */ w, /** @type {number} */ i) => {
    const n = perWorkload.get(w.name) ?? 0
    if (n > MAX_CHART_POINTS) warning('chart-size', ['plan', 'workloads', i, 'name'], `Workload \`${w.name}\` has ${n} points, more than the ${MAX_CHART_POINTS} a chart draws: the page shows its table without a chart`)
  })

  for (const [i, p] of (report.parameters ?? []).entries()) {
    for (const [j, s] of (p.subjects ?? []).entries()) {
      if (!subjectIds.has(s)) error('known-subject', ['parameters', i, 'subjects', j], unknown('subject', s, subjectIds))
    }
    for (const [j, w] of (p.workloads ?? []).entries()) {
      if (!workloadNames.has(w)) error('known-workload', ['parameters', i, 'workloads', j], unknown('workload', w, workloadNames))
    }
  }

  const results = /** @type {any[]} */ (report.results ?? [])
  const planClients = report.plan.clients ?? 1
  checkDimensions(report, error)
  /** @type {Map<string, number>} */
  const seen = new Map()
  results.forEach((p, i) => {
    if (!subjectIds.has(p.subject)) error('known-subject', ['results', i, 'subject'], unknown('subject', p.subject, subjectIds))
    // an unknown workload is reported once per name by checkWorkloadNames
    const key = pointKey(p, planClients)
    const first = seen.get(key)
    if (first !== undefined) {
      const line = doc.placeOf(['results', first]).line
      error('duplicate-point', ['results', i], `Duplicate point ${p.subject} × ${p.workload} × ${coordinateText(p, planClients)}, first at line ${line}`)
    } else seen.set(key, i)
    if (p.latency_avg != null && p.latency_p95 != null && p.latency_p95 < p.latency_avg) {
      // Possible for real, heavy-tailed measurements (a few stalls raise the mean), so a warning.
      warning('p95-not-below-avg', ['results', i, 'latency_p95'], `Unusual p95 latency ${p.latency_p95} ms below the average ${p.latency_avg} ms: possible with a heavy tail, but check the figures`)
    }
    if (p.latency_max != null && p.latency_p95 != null && p.latency_max < p.latency_p95) {
      // sysbench takes the p95 from a bucketed histogram, which can round above the true max.
      warning('max-not-below-p95', ['results', i, 'latency_max'], `Unusual max latency ${p.latency_max} ms below the p95 ${p.latency_p95} ms: possible from histogram rounding, but check the figures`)
    }
    for (const s of samplesProblems(p, (path) => doc.sourceOf(['results', i, ...path]))) error('samples-agree', ['results', i, ...s.path], s.message)
    const measured = FIGURES.some((m) => p[m] != null)
    if (!measured && !p.error) {
      error('point-has-figures', ['results', i], 'Unexpected point without any figure, expected qps, tps or a latency (or `error` saying why the run failed)')
    }
  })

  if (results.length > 0) {
    report.subjects.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
      if (!results.some((p) => p.subject === s.id)) error('subject-has-results', ['subjects', i, 'id'], `Subject \`${s.id}\` has no results`)
    })
  }

  // a run still going, or stopped: in a comparison, say what it has not
  // measured yet, rather than that its thread counts differ from the others'
  // (a report of one subject says nothing: `benchdoc run` says it stopped)
  const partial = new Set(report.subjects.filter((/** @type {any} */ s) => s.run?.status === 'partial').map((/** @type {any} */ s) => s.id))
  const comparison = baselineOf(report) !== null
  report.subjects.forEach((/** @type {any} */ s, /** @type {number} */ i) => {
    if (!partial.has(s.id) || !comparison) return
    const pending = pendingPoints(report, s.id).map(({workload, threads}) => `${workload} at ${threads.join(', ')} thread${threads.length === 1 && threads[0] === 1 ? '' : 's'}`)
    if (pending.length === 0) return
    warning('partial-run', ['subjects', i, 'run', 'status'], `Subject \`${s.id}\` is a partial run (still running, or stopped): not measured yet: ${pending.join('; ')}. Comparisons cover the measured points only; \`benchdoc run PLAN --resume\` measures the rest`)
  })

  const baseline = baselineOf(report)
  if (baseline) {
    for (const w of report.plan.workloads) {
      const threadsOf = (/** @type {string} */ s) =>
        [...new Set(results.filter((p) => p.workload === w.name && p.subject === s).map((p) => p.threads * 1e6 + (p.clients ?? planClients)))]
          .sort((a, b) => a - b)
          .map((k) => (k % 1e6 === 1 ? `${Math.floor(k / 1e6)}` : `${Math.floor(k / 1e6)}×${k % 1e6}`))
          .join(', ')
      const base = threadsOf(baseline)
      for (const s of report.subjects) {
        if (s.id === baseline) continue
        const mine = threadsOf(s.id)
        if (mine === base || mine === '' || base === '' || partial.has(s.id) || partial.has(baseline)) continue
        const at = results.findIndex((p) => p.workload === w.name && p.subject === s.id)
        warning('same-threads', ['results', at], `Thread counts of \`${s.id}\` in ${w.name} differ from the baseline \`${baseline}\`: ${mine} vs ${base}; only common ones are compared`)
      }
    }
  }

  for (const [i, h] of (report.headlines ?? []).entries()) {
    if (!workloadNames.has(h.workload)) error('known-workload', ['headlines', i, 'workload'], unknown('workload', h.workload, workloadNames))
    if (h.subject !== undefined && !subjectIds.has(h.subject)) error('known-subject', ['headlines', i, 'subject'], unknown('subject', h.subject, subjectIds))
    if (!baseline) error('headline-needs-comparison', ['headlines', i], 'Unexpected headline in a `single` report, expected a comparison to state a % change against')
  }

  checkSuspicious(report, warning)

  if (problems.some((p) => p.severity === 'error')) return {problems, derived: null}

  if (!derive && !(report.headlines?.length > 0)) return {problems, derived: null}
  const derived = derive ? deriveReport(report, doc.sourceOf) : null
  for (const w of derived?.workloads ?? deriveWorkloads(report, doc.sourceOf).workloads) {
    for (const h of w.headlines) {
      if (h.agrees !== false || h.stated_index == null || h.derived.value == null || h.stated == null) continue
      error('headline-agrees', ['headlines', h.stated_index, 'change'], `Stated ${w.name} change ${h.stated.value} % disagrees with ${h.derived.value.toFixed(3)} % derived from the points (mean of per-point ${h.metric} changes)`)
    }
  }
  return {problems, derived}
}

/**
 * The id must equal the file name. Runs on any data with an id, so it shows
 * together with schema errors.
 * @param {SourceDoc} doc
 * @param {string} expectedId
 * @returns {Problem[]}
 */
export function checkId(doc, expectedId) {
  const data = /** @type {Record<string, unknown> | null} */ (doc.data && typeof doc.data === 'object' ? doc.data : null)
  if (!data || typeof data.id !== 'string' || data.id === expectedId) return []
  return [{file: doc.file, ...doc.placeOf(['id']), severity: 'error', message: `Unexpected id \`${data.id}\`, expected \`${expectedId}\` (the file name)`, rule: 'id-matches-file'}]
}

/**
 * Dimensions are declared once, by unique names; a point has values for
 * declared ones only, and the points of one subject × workload (one series
 * of a table or chart) all have the same dimensions: a % change compares
 * points of equal coordinates, so a value missing from one point of a series
 * would silently leave it unpaired. Different series may have different
 * dimensions: a report of two scenarios varies table size in one and cluster
 * size in the other.
 * @param {any} report
 * @param {(rule: string, path: Array<string | number>, message: string) => void} error
 */
function checkDimensions(report, error) {
  const names = dimensionNames(report)
  names.forEach((name, i) => {
    if (names.indexOf(name) !== i) error('unique-dimension', ['dimensions', i, 'name'], `Duplicate dimension \`${name}\``)
  })
  const known = new Set(names)
  const points = /** @type {any[]} */ (report.results ?? [])
  /** @type {Map<string, Set<string>>} the declared dimensions each series has */
  const series = new Map()
  const seriesOf = (/** @type {any} */ p) => `${p.subject} × ${p.workload}`
  for (const p of points) {
    const have = series.get(seriesOf(p)) ?? new Set()
    for (const name of Object.keys(p.dimensions ?? {})) if (known.has(name)) have.add(name)
    series.set(seriesOf(p), have)
  }
  points.forEach((p, i) => {
    const values = p.dimensions ?? {}
    for (const name of Object.keys(values)) {
      if (!known.has(name)) error('known-dimension', ['results', i, 'dimensions', name], known.size > 0 ? unknown('dimension', name, known) : `Unknown dimension \`${name}\`, expected it declared in \`dimensions\``)
    }
    const have = /** @type {Set<string>} */ (series.get(seriesOf(p)))
    const missing = [...have].filter((name) => values[name] === undefined)
    if (missing.length > 0) error('point-dimensions', ['results', i], `Missing ${missing.map((m) => `\`${m}\``).join(', ')} of point ${p.subject} × ${p.workload} × ${p.threads} threads, expected a value for each dimension the other points of ${seriesOf(p)} have (${[...have].join(', ')})`)
  })
  const used = new Set([...series.values()].flatMap((have) => [...have]))
  names.forEach((name, i) => {
    if (points.length > 0 && !used.has(name) && names.indexOf(name) === i) error('unused-dimension', ['dimensions', i, 'name'], `Unexpected dimension \`${name}\` that no point has a value for, expected each declared dimension in some point's \`dimensions\``)
  })
}

/** @param {string} what @param {string} value @param {Set<string>} known */
function unknown(what, value, known) {
  return `Unknown ${what} \`${value}\`, expected one of: ${[...known].join(', ')}`
}
