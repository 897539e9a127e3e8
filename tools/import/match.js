import {coordinatesKey} from '../derive/report.js'
import {FIGURES} from '../domain/index.js'

/**
 * The same results in two imports of one report, told by their figures:
 * languages name variants differently (`v9.7.0-scaling`, `v9.7.0-m1`), so
 * subjects are paired by the points they hold, never by their ids. Pure.
 *
 * @typedef {Pick<import('../types/report.js').Report, 'subjects' | 'plan' | 'results' | 'headlines' | 'baseline'>} Results
 */

/**
 * A point's place and figures without its subject: `workload|coordinates|tps=…|…`.
 * @param {import('../types/report.js').Point} point
 * @param {number} planClients
 */
export function figureKey(point, planClients) {
  const figures = FIGURES.filter((m) => point[m] != null).map((m) => `${m}=${point[m]}`)
  return [point.workload, coordinatesKey(point, planClients), ...figures].join('|')
}

/**
 * Every figure of a report, sorted, without subject ids: the same fingerprint
 * means the same results. Without points (results as images), the stated headlines.
 * @param {Results} report
 */
export function fingerprint(report) {
  const clients = report.plan.clients ?? 1
  const points = (report.results ?? []).map((p) => figureKey(p, clients))
  // headlines only without points: a translation may state one sentence fewer
  const keys = points.length > 0 ? points : (report.headlines ?? []).map((h) => `headline|${h.workload}|${h.change}`)
  return keys.sort().join('\n')
}

/**
 * Which subject of `other` is which of `base`: the one holding a point with the same
 * coordinates and figures, else of the same id; one to one, else unpaired.
 * @param {Results} other
 * @param {Results} base
 * @returns {Map<string, string>}  subject id in `other` → subject id in `base`
 */
export function pairSubjects(other, base) {
  /** @type {Map<string, Set<string>>} */
  const owners = new Map()
  for (const p of base.results ?? []) {
    const key = figureKey(p, base.plan.clients ?? 1)
    owners.set(key, (owners.get(key) ?? new Set()).add(p.subject))
  }
  /** @type {Map<string, Set<string>>} */
  const candidates = new Map()
  for (const p of other.results ?? []) {
    const found = owners.get(figureKey(p, other.plan.clients ?? 1))
    if (!found || found.size !== 1) continue
    candidates.set(p.subject, (candidates.get(p.subject) ?? new Set()).add([...found][0]))
  }
  /** @type {Map<string, string>} */
  const pairs = new Map()
  const baseIds = new Set(base.subjects.map((s) => s.id))
  for (const s of other.subjects) {
    const found = candidates.get(s.id)
    const id = found ? (found.size === 1 ? [...found][0] : null) : baseIds.has(s.id) ? s.id : null
    if (id !== null && ![...pairs.values()].includes(id)) pairs.set(s.id, id)
  }
  return pairs
}

/**
 * `other` with its subject ids as `base` names them; unpaired ids stay as they are.
 * @template {Results} T
 * @param {T} other
 * @param {Map<string, string>} pairs
 * @returns {T}
 */
export function renameSubjects(other, pairs) {
  const to = (/** @type {string} */ id) => pairs.get(id) ?? id
  return {
    ...other,
    subjects: other.subjects.map((s) => ({...s, id: to(s.id)})),
    ...(other.baseline ? {baseline: to(other.baseline)} : {}),
    ...(other.results ? {results: other.results.map((p) => ({...p, subject: to(p.subject)}))} : {}),
    ...(other.headlines ? {headlines: other.headlines.map((h) => (h.subject ? {...h, subject: to(h.subject)} : h))} : {})
  }
}
