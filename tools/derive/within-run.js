import {mean} from './stats.js'

/** Batches a run's interval reports are cut into. */
export const BATCHES = 10

/**
 * Within-run noise of a point measured once, from its sysbench interval
 * reports by batch means (docs/statistics.md, "Verdicts"): the series of the report's
 * throughput metric, warm-up left out, is cut into k = min(10, ⌊n/2⌋)
 * consecutive batches of equal size (the last k·size intervals: what is left
 * over goes from the start, where a run ramps up). With batch means m₁…m_k,
 *
 *   cv = sd(m) / (mean(m) · √k)
 *
 * estimates the coefficient of variation of the point's mean throughput. It
 * sees only the noise within one run, so it understates the noise between
 * runs: pages label it "within-run noise" and never base a verdict on it.
 * Null for a point with repeats, or with fewer than 10 intervals.
 *
 * @param {import('../types/report.js').Point} point
 * @param {'qps' | 'tps'} metric
 * @returns {{cv: number, batches: number} | null}
 */
export function withinRunNoise(point, metric) {
  if ((point.repeats ?? 1) > 1 || (point.samples?.length ?? 0) > 1) return null
  const values = /** @type {number[]} */ ((point.intervals ?? []).map((e) => e[metric]).filter((v) => typeof v === 'number'))
  if (values.length < 10) return null
  const k = Math.min(BATCHES, Math.floor(values.length / 2))
  const size = Math.floor(values.length / k)
  const used = values.slice(values.length - k * size)
  const means = Array.from({length: k}, (_, i) => mean(used.slice(i * size, (i + 1) * size)))
  const m = mean(means)
  if (!(m > 0)) return null
  const sd = Math.sqrt(means.reduce((s, x) => s + (x - m) ** 2, 0) / (k - 1))
  return {cv: sd / (m * Math.sqrt(k)), batches: k}
}
