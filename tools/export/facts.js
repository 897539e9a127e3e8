import {deriveReport, pointKey} from '../derive/report.js'
import {dataTexts, isLocalText} from '../i18n/data-text.js'

/**
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../i18n/data-text.js').LocalText} LocalText
 * @typedef {{
 *   subjects: string[], labels?: Record<string, string>, variants?: Record<string, NonNullable<Report['subjects'][number]['variant']>>,
 *   dimensions?: Report['dimensions'], title?: Report['title'], product?: string, source?: Report['source'], baseline?: string,
 *   metric?: Report['metric'], texts?: Record<string, LocalText>, point_clients?: true, clients_stated?: number[], order?: string[] | number[],
 *   db_drivers?: Record<string, string>, db_driver?: string, runs?: Record<string, NonNullable<Report['subjects'][number]['run']>>, verdict?: Report['verdict']
 * }} ExportFacts
 *   the report's facts the Markdown has no place for (exportFacts)
 */

/**
 * The few facts of a report the Markdown export has no place for, in its
 * sidecar (front-matter.js) so `benchdoc import` gives back the same
 * data; every number stays in the tables:
 * - `subjects` (ids, in order), `labels`, `variants`, `dimensions`;
 * - `db_drivers` of the subjects with their own, and the plan's `db_driver` (the page lists every driver);
 * - `runs`: each subject's record of `benchdoc run` (its file and whether it is complete);
 * - `title`, `product`, `source`, `baseline`, `metric`, `verdict`: only when set (pages
 *   show the defaults);
 * - `texts`: localised data text by dotted path (the page shows one language);
 * - `point_clients` (every point states its clients) or `clients_stated` (the
 *   points stating the plan's clients, which a table cannot tell apart);
 * - `order`: the data's order of its points when not the tables', as
 *   `subject@workload` groups or, failing that, each point's table position.
 *
 * @param {Report} report  schema-valid report data
 * @param {ReturnType<typeof deriveReport>} [derived]  its derived figures, when the caller has them
 * @returns {ExportFacts}
 */
export function exportFacts(report, derived = deriveReport(report)) {
  /** @type {ExportFacts} */
  const facts = {subjects: report.subjects.map((s) => s.id)}
  const labelled = report.subjects.flatMap((s) => (s.label !== undefined ? [/** @type {const} */ ([s.id, s.label])] : []))
  if (labelled.length > 0) facts.labels = Object.fromEntries(labelled)
  const variants = report.subjects.flatMap((s) => (s.variant !== undefined ? [/** @type {const} */ ([s.id, s.variant])] : []))
  if (variants.length > 0) facts.variants = Object.fromEntries(variants)
  if (report.dimensions !== undefined) facts.dimensions = report.dimensions
  const drivers = report.subjects.flatMap((s) => (s.db_driver !== undefined ? [/** @type {const} */ ([s.id, s.db_driver])] : []))
  if (drivers.length > 0) Object.assign(facts, {db_drivers: Object.fromEntries(drivers)}, report.plan.db_driver === undefined ? {} : {db_driver: report.plan.db_driver})
  const runs = report.subjects.flatMap((s) => (s.run !== undefined ? [/** @type {const} */ ([s.id, s.run])] : []))
  if (runs.length > 0) facts.runs = Object.fromEntries(runs)
  // the data's own, when set (pages show the defaults)
  for (const key of /** @type {const} */ (['title', 'product', 'source', 'baseline', 'metric', 'verdict'])) if (report[key] !== undefined) Object.assign(facts, {[key]: report[key]})
  const texts = dataTexts(report).flatMap((t) => (isLocalText(t.value) ? [/** @type {const} */ ([t.path.join('.'), t.value])] : []))
  if (texts.length > 0) facts.texts = Object.fromEntries(texts)
  const results = report.results ?? []
  if (results.length > 0 && results.every((p) => p.clients !== undefined)) facts.point_clients = true
  else {
    // points that state the plan's clients, which the tables cannot tell from points that leave them out
    const planClients = report.plan.clients ?? 1
    const stated = results.flatMap((p, i) => (p.clients === planClients ? [i] : []))
    if (stated.length > 0) facts.clients_stated = stated
  }
  const order = pointOrder(report, derived)
  if (order) facts.order = order
  return facts
}

/**
 * Point indices in the order the export's result tables list them.
 * @param {Report} report
 * @param {ReturnType<typeof deriveReport>} [derived]  its derived figures, when the caller has them
 * @returns {number[]}
 */
export function tableOrder(report, derived = deriveReport(report)) {
  const results = report.results ?? []
  const planClients = report.plan.clients ?? 1
  /** @type {Map<string, number>} */
  const byKey = new Map(results.map((p, i) => [pointKey(p, planClients), i]))
  const subjects = report.subjects.map((s) => s.id)
  // a row's key is its coordinates' (derive/report.js): a point's key is its subject's and workload's before it
  return derived.workloads.flatMap((w) => w.rows.flatMap((row) => subjects.flatMap((s) => byKey.get(`${s}|${w.name}|${row.key}`) ?? [])))
}

/**
 * @param {Report} report
 * @param {ReturnType<typeof deriveReport>} derived
 * @returns {string[] | number[] | null}  null when the data is in table order
 */
function pointOrder(report, derived) {
  const results = report.results ?? []
  const table = tableOrder(report, derived)
  if (table.length !== results.length) return null
  if (table.every((index, i) => index === i)) return null
  /** @type {string[]} */
  const groups = []
  for (const p of results) {
    const g = `${p.subject}@${p.workload}`
    if (groups.at(-1) !== g) groups.push(g)
  }
  if (new Set(groups).size === groups.length && applyGroups(table, results, groups).every((index, i) => index === i)) return groups
  // each point's place in the table (every point has one: the table lists them all)
  const place = new Array(results.length)
  table.forEach((index, at) => { place[index] = at })
  return place
}

/**
 * Point indices in table order, regrouped as `subject@workload` groups say.
 * @param {number[]} table  indices in table order
 * @param {Array<{subject: string, workload: string}>} points
 * @param {string[]} groups
 */
export function applyGroups(table, points, groups) {
  /** @type {Map<string, number[]>} each group's points, in table order */
  const members = new Map(groups.map((g) => [g, []]))
  for (const i of table) members.get(`${points[i].subject}@${points[i].workload}`)?.push(i)
  return groups.flatMap((g) => members.get(g) ?? [])
}
