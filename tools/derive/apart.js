/**
 * What tells apart the reports of a list that share a title (two editions of one report, imported apart):
 * of each report's facts, given in the same order for every report, those whose values differ within
 * its group of the same title. A report whose title is its own shows none; one those facts do not tell
 * from another of its group, or that lacks them all (null), shows its `last` too (where its data is from).
 *
 * @typedef {[label: string, value: string | null]} Fact
 * @param {Array<{title: string, facts: Fact[], last: [string, string]}>} entries  in one language
 * @returns {Array<Array<[string, string]>>}  each entry's facts to show, in that order
 */
export function apart(entries) {
  /** @type {Map<string, typeof entries>} */
  const groups = new Map()
  for (const e of entries) groups.set(e.title, [...(groups.get(e.title) ?? []), e])
  return entries.map((e) => {
    const group = /** @type {typeof entries} */ (groups.get(e.title))
    if (group.length < 2) return []
    const differ = e.facts.map((_, i) => new Set(group.map((o) => o.facts[i][1])).size > 1)
    const told = (/** @type {typeof e} */ o) => JSON.stringify(o.facts.filter((_, i) => differ[i]))
    const shown = /** @type {Array<[string, string]>} */ (e.facts.filter(([, value], i) => differ[i] && value !== null))
    return shown.length === 0 || group.some((o) => o !== e && told(o) === told(e)) ? [...shown, e.last] : shown
  })
}
