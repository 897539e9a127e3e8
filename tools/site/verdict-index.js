/**
 * A report's verdicts looked up as tools/derive/verdict.js's `cellOf` and `pointIntervalOf` find them,
 * from a map made once per report: the view model asks for every cell.
 *
 * @typedef {ReturnType<typeof import('../derive/verdict.js').deriveVerdicts>} Verdicts
 * @typedef {{subject: string, workload: string, key: string, measure: string}} Where
 */

/** @type {WeakMap<Verdicts, {cells: Map<string, Verdicts['cells'][number]>, points: Map<string, Verdicts['points'][number]>}>} */
const indexes = new WeakMap()

/** @param {Where} where */
const keyOf = ({subject, workload, key, measure}) => `${subject}\u0000${workload}\u0000${key}\u0000${measure}`

/** @param {Verdicts} verdicts */
function indexOf(verdicts) {
  let index = indexes.get(verdicts)
  if (!index) {
    index = {cells: firstByKey(verdicts.cells), points: firstByKey(verdicts.points)}
    indexes.set(verdicts, index)
  }
  return index
}

/**
 * @template {Where} T
 * @param {T[]} list
 */
function firstByKey(list) {
  /** @type {Map<string, T>} */
  const map = new Map()
  for (const item of list) {
    const k = keyOf(item)
    if (!map.has(k)) map.set(k, item)
  }
  return map
}

/**
 * A cell's verdict (`cellOf`), or null.
 * @param {Verdicts} verdicts @param {Where} where
 */
export function cellIn(verdicts, where) {
  const {cells} = indexOf(verdicts)
  // no key to make where there is nothing to find (a report without comparisons)
  return cells.size === 0 ? null : cells.get(keyOf(where)) ?? null
}

/**
 * A point's interval (`pointIntervalOf`), or null when it was measured once.
 * @param {Verdicts} verdicts @param {Where} where
 */
export function pointIn(verdicts, where) {
  const {points} = indexOf(verdicts)
  // most reports measure each point once: every figure of every table asks
  return points.size === 0 ? null : points.get(keyOf(where)) ?? null
}
