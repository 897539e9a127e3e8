import {figureKey, fingerprint} from './match.js'
import {compareVersions} from '../derive/versions.js'
import {plural} from '../lib/english.js'

/**
 * The reports of a documentation tree, grouped: the same report, published
 * in every language and doc-version folder, is told by its figures (titles
 * and ids change in translations and copies). The newest file of the first
 * language gives the data, the newest of each other language its narrative
 * and data text; every other file is an alias. Pure.
 *
 * @typedef {import('./plugin.js').Imported} Imported
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {{shown: string, path: string, text: string, rel: string, docVersion: string | null, fromFolder: boolean, result: Imported, problems: Problem[]}} Member
 *   one imported file: `shown` as messages name it, `rel` its path under the folder given (its name when given itself)
 * @typedef {{id: string, members: Member[], primary: Member, readers: Member[], aliases: Member[], figures: number}} Group
 *   `readers`: the primary, then one file per other language; `aliases`: the rest
 */

/**
 * @param {Member[]} members
 * @param {string[]} languages  the site's languages, in order of preference for the data
 * @param {string} [id]  the id every group gets (`--id`); only for one group
 * @returns {{groups: Group[], problems: Problem[]}}
 */
export function groupImports(members, languages, id) {
  /** @type {Map<string, Member[]>} */
  const byFigures = new Map()
  for (const m of members) {
    const key = fingerprint(m.result.report)
    byFigures.set(key, [...(byFigures.get(key) ?? []), m])
  }
  const groups = [...byFigures.values()].map((list) => makeGroup(list, languages, id))
  return apart(groups)
}

/**
 * @param {Member[]} list  files with the same figures
 * @param {string[]} languages
 * @param {string} [id]
 * @returns {Group}
 */
function makeGroup(list, languages, id) {
  const rank = (/** @type {string} */ lang) => (languages.includes(lang) ? languages.indexOf(lang) : languages.length)
  const members = [...list].sort((a, b) =>
    rank(a.result.lang) - rank(b.result.lang) || newestFirst(a.docVersion, b.docVersion) || (a.rel < b.rel ? -1 : a.rel > b.rel ? 1 : 0))
  /** @type {Member[]} */
  const readers = []
  for (const m of members) if (!readers.some((r) => r.result.lang === m.result.lang)) readers.push(m)
  const primary = readers[0]
  return {
    id: id ?? primary.result.id,
    members,
    primary,
    readers,
    aliases: members.filter((m) => !readers.includes(m)),
    figures: (primary.result.report.results ?? []).length
  }
}

/**
 * Doc versions newest first: `dev`, `master`, `main`, `latest`, `stable`, numbered, none.
 * @param {string | null} a
 * @param {string | null} b
 */
export function newestFirst(a, b) {
  const level = (/** @type {string | null} */ v) => (v === null ? 3 : /^(dev|master|main|latest)$/i.test(v) ? 0 : /^stable$/i.test(v) ? 1 : 2)
  const d = level(a) - level(b)
  if (d !== 0 || a === null || b === null || level(a) !== 2) return d
  return compareVersions(b.startsWith('v') ? b : `v${b}`, a.startsWith('v') ? a : `v${a}`)
}

/**
 * Groups that share an id but not their figures stay apart: the most
 * published keeps the id, the others get `-2`, `-3`, … with a warning.
 * @param {Group[]} groups
 * @returns {{groups: Group[], problems: Problem[]}}
 */
function apart(groups) {
  /** @type {Problem[]} */
  const problems = []
  /** @type {Map<string, Group[]>} */
  const byId = new Map()
  for (const g of groups) byId.set(g.id, [...(byId.get(g.id) ?? []), g])
  const taken = new Set(groups.map((g) => g.id))
  for (const same of byId.values()) {
    same.sort((a, b) => b.members.length - a.members.length || newestFirst(a.primary.docVersion, b.primary.docVersion) || (a.primary.rel < b.primary.rel ? -1 : 1))
    const [first, ...rest] = same
    let n = 2
    for (const g of rest) {
      while (taken.has(`${first.id}-${n}`)) n++
      g.id = `${first.id}-${n}`
      taken.add(g.id)
      problems.push({
        file: g.primary.shown, line: 1, col: 1, severity: 'warning', rule: 'group-apart',
        message: `Same title and versions as ${first.primary.shown} (\`${first.id}\`), but ${howDifferent(g.primary.result, first.primary.result)}; imported apart as \`${g.id}\``
      })
    }
  }
  return {groups, problems}
}

/**
 * How the points of `a` differ from `b`'s: `2 of its 8 points are not in that report, which has 3 others`.
 * @param {Imported} a
 * @param {Imported} b
 */
function howDifferent(a, b) {
  const keysOf = (/** @type {Imported} */ r) => (r.report.results ?? []).map((p) => figureKey(p, r.report.plan.clients ?? 1))
  const mine = keysOf(a)
  const theirs = keysOf(b)
  let missing = 0
  for (const key of mine) {
    const at = theirs.indexOf(key)
    if (at < 0) missing++
    else theirs.splice(at, 1)
  }
  if (missing === 0) return `that report has ${plural(theirs.length, 'point')} more than its ${mine.length}`
  const others = theirs.length > 0 ? `, which has ${plural(theirs.length, 'other')}` : ''
  return `${missing} of its ${plural(mine.length, 'point')} ${missing === 1 ? 'is' : 'are'} not in that report${others}`
}
