/**
 * What tells apart the reports of a list that share a title (editions of one report imported apart): of each
 * one's facts (the same in the same order for all), those whose values differ within its title's group;
 * `last` (where its data is from) too when they do not tell it from another, or it has none.
 * @param {Array<{title: string, facts: Array<[label: string, value: string | null]>, last: [string, string]}>} entries  in one language
 * @returns {Array<Array<[string, string]>>}  each entry's facts to show, none for a title of its own
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
