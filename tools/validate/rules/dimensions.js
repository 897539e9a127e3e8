import {dimensionNames} from '../../derive/report.js'
import {unknown} from './context.js'

/**
 * Dimensions are declared once, by unique names; a point has values of declared ones
 * only, and all points of a series (subject × workload) the same ones, or one would be
 * left unpaired. Series may differ (scenarios varying table size, cluster size).
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
    const series = seriesDimensions(results, known)
    results.forEach((p, i) => {
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
      if (results.length > 0 && !used.has(name) && names.indexOf(name) === i) error('unused-dimension', ['dimensions', i, 'name'], `Unexpected dimension \`${name}\` that no point has a value for, expected each declared dimension in some point's \`dimensions\``)
    })
  }
}

/** @param {import('../../types/report.js').Point} p */
const seriesOf = (p) => `${p.subject} × ${p.workload}`

/**
 * The declared dimensions each series (subject × workload) has values of, in any of its points.
 * @param {import('../../types/report.js').Point[]} results @param {Set<string>} known
 */
function seriesDimensions(results, known) {
  /** @type {Map<string, Set<string>>} */
  const series = new Map()
  for (const p of results) {
    const have = series.get(seriesOf(p)) ?? new Set()
    for (const name of Object.keys(p.dimensions ?? {})) if (known.has(name)) have.add(name)
    series.set(seriesOf(p), have)
  }
  return series
}
