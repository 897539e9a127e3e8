import {decimalsOf} from '../derive/change.js'
import {MEASURES} from '../derive/report.js'
import {median} from '../parse/merge.js'

/**
 * A point's `samples` must agree with it: `repeats` counts them, each figure is their median.
 *
 * @param {import('../types/report.js').Point} point
 * @param {(path: Array<string | number>) => string | undefined} sourceOf  source text of the point's scalars
 */
export function samplesProblems(point, sourceOf) {
  const samples = point.samples
  if (!samples) return []
  /** @type {Array<{path: Array<string | number>, message: string}>} */
  const problems = []
  if (point.repeats !== undefined && point.repeats !== samples.length) {
    problems.push({path: ['repeats'], message: `Unexpected repeats ${point.repeats}, expected ${samples.length} (the number of samples)`})
  }
  for (const m of MEASURES) {
    const values = samples.map((s) => s[m] ?? null)
    const mid = median(values)
    if (point[m] == null || mid == null) continue
    const tolerance = 0.5 * 10 ** -decimalsOf(sourceOf([m]) ?? point[m]) + 1e-9
    if (Math.abs(point[m] - mid) > tolerance) {
      problems.push({path: [m], message: `Unexpected ${m} ${point[m]}, expected ${mid} (the median of its ${samples.length} samples)`})
    }
  }
  return problems
}
