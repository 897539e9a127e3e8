import {coordinateText, pointKey} from '../../derive/report.js'
import {FIGURES} from '../../domain/index.js'
import {samplesProblems} from '../samples-rule.js'
import {unknown} from './context.js'

/** @typedef {import('./context.js').PointRule} PointRule */

/** A point's subject is one of the report's (its workload: checkWorkloadNames, once per name). @type {PointRule} */
export const resultSubject = {
  name: 'result-subject',
  check(p, i, {error, subjectIds}) {
    if (!subjectIds.has(p.subject)) error('known-subject', ['results', i, 'subject'], unknown('subject', p.subject, subjectIds))
  }
}

/** One point per subject × workload × coordinates. @type {PointRule} */
export const duplicatePoint = {
  name: 'duplicate-point',
  check(p, i, {error, seen, planClients, doc}) {
    const key = pointKey(p, planClients)
    const first = seen.get(key)
    if (first === undefined) {
      seen.set(key, i)
      return
    }
    const line = doc.placeOf(['results', first]).line
    error('duplicate-point', ['results', i], `Duplicate point ${p.subject} × ${p.workload} × ${coordinateText(p, planClients)}, first at line ${line}`)
  }
}

/**
 * A p95 below the average is possible for real, heavy-tailed measurements (a few stalls raise the mean): a warning.
 * @type {PointRule}
 */
export const p95NotBelowAvg = {
  name: 'p95-not-below-avg',
  check(p, i, {warning}) {
    if (p.latency_avg == null || p.latency_p95 == null || p.latency_p95 >= p.latency_avg) return
    warning('p95-not-below-avg', ['results', i, 'latency_p95'], `Unusual p95 latency ${p.latency_p95} ms below the average ${p.latency_avg} ms: possible with a heavy tail, but check the figures`)
  }
}

/** sysbench takes the p95 from a bucketed histogram, which can round above the true max: a warning. @type {PointRule} */
export const maxNotBelowP95 = {
  name: 'max-not-below-p95',
  check(p, i, {warning}) {
    if (p.latency_max == null || p.latency_p95 == null || p.latency_max >= p.latency_p95) return
    warning('max-not-below-p95', ['results', i, 'latency_max'], `Unusual max latency ${p.latency_max} ms below the p95 ${p.latency_p95} ms: possible from histogram rounding, but check the figures`)
  }
}

/** A point's repeats and figures agree with its samples (tools/validate/samples-rule.js). @type {PointRule} */
export const samplesAgree = {
  name: 'samples-agree',
  check(p, i, {error, doc}) {
    for (const s of samplesProblems(p, (path) => doc.sourceOf(['results', i, ...path]))) error('samples-agree', ['results', i, ...s.path], s.message)
  }
}

/** A point has a figure, or the error that kept it from having one. @type {PointRule} */
export const pointHasFigures = {
  name: 'point-has-figures',
  check(p, i, {error}) {
    if (p.error || FIGURES.some((m) => p[m] != null)) return
    error('point-has-figures', ['results', i], 'Unexpected point without any figure, expected qps, tps or a latency (or `error` saying why the run failed)')
  }
}

/** The rules of each point, in the order they are said for it. */
/** A figure a page writes out as recorded: JavaScript writes one below 10⁻⁶ or from 10²¹ with an exponent, which the page showed as 0. @type {PointRule} */
export const figureWrittenOut = {
  name: 'figure-written-out',
  check(p, i, {error}) {
    for (const k of FIGURES) if (typeof p[k] === 'number' && /e/.test(String(p[k]))) error('figure-written-out', ['results', i, k], writtenOut(k, /** @type {number} */ (p[k])))
  }
}

/** @param {string} what @param {number} value */
export const writtenOut = (what, value) => `Unexpected ${what} \`${value}\`, expected a figure from 0.000001 to 10²¹, which a page can write out with its decimals`

export const POINT_RULES = [resultSubject, duplicatePoint, p95NotBelowAvg, maxNotBelowP95, samplesAgree, pointHasFigures, figureWrittenOut]

/** Every point rule on every point, point by point. @type {import('./context.js').ReportRule} */
export const points = {
  name: 'points',
  check(c) {
    c.results.forEach((p, i) => {
      for (const rule of POINT_RULES) rule.check(p, i, c)
    })
  }
}
