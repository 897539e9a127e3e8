import {dimensionNames} from '../../derive/report.js'
import {unknown} from './context.js'

/**
 * Dimensions are declared once, by unique names, and every point has a value
 * for each declared one and for no other: a % change compares points of equal
 * coordinates, so a missing value would silently pair the wrong points
 * (`unique-dimension`, `known-dimension`, `point-dimensions`).
 * @type {import('./context.js').ReportRule}
 */
export const dimensions = {
  name: 'dimensions',
  check({report, results, error}) {
    const names = dimensionNames(report)
    names.forEach((name, i) => {
      if (names.indexOf(name) !== i) error('unique-dimension', ['dimensions', i, 'name'], `Duplicate dimension \`${name}\``)
    })
    const known = new Set(names)
    results.forEach((p, i) => {
      const values = p.dimensions ?? {}
      for (const name of Object.keys(values)) {
        if (!known.has(name)) error('known-dimension', ['results', i, 'dimensions', name], known.size > 0 ? unknown('dimension', name, known) : `Unknown dimension \`${name}\`, expected it declared in \`dimensions\``)
      }
      const missing = [...known].filter((name) => values[name] === undefined)
      if (missing.length > 0) error('point-dimensions', ['results', i], `Missing ${missing.map((m) => `\`${m}\``).join(', ')} of point ${p.subject} × ${p.workload} × ${p.threads} threads, expected a value for every declared dimension`)
    })
  }
}
