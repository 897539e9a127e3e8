import {isDeepStrictEqual} from 'node:util'
import {decimalsOf, percentChange} from '../derive/change.js'
import {MEASURES, baselineOf, deriveReport, metricOf, pointKey} from '../derive/report.js'
import {sourceText} from '../i18n/data-text.js'
import {parseNarrative} from '../narrative/index.js'
import {plural} from '../lib/english.js'

/**
 * Compare two versions of a report's data, and of a narrative, into a list of
 * changes a reviewer can read: figures old → new with their % change, derived
 * and stated headlines, and every other field by path. Pure: no I/O.
 *
 * @typedef {import('../types/report.js').Report} Report  both sides passed the schema (`benchdoc review` compares no other)
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {import('../derive/report.js').Figure} Figure
 * @typedef {import('../derive/report.js').MeasureKey} MeasureKey
 * @typedef {{report: Report, sourceOf?: import('../derive/report.js').SourceOf}} Side  one version of a report, with the source text of its scalars
 * @typedef {{subject: string, workload: string, threads: number, clients: number}} PointId
 * @typedef {{measure: MeasureKey, old: Figure, new: Figure, change: number | null}} MeasureChange
 *   `change` is the % change of new over old, from `percentChange`
 * @typedef {{point: PointId, measures: MeasureChange[]}} PointChange
 * @typedef {{point: PointId, figures: Array<{measure: MeasureKey, figure: Figure}>}} PointFigures
 * @typedef {{path: string, old: unknown, new: unknown, lines?: {removed: string[], added: string[]}}} FieldChange
 *   `old` or `new` is undefined when the field is absent on that side; `lines` for multi-line text
 * @typedef {{
 *   workload: string,
 *   subject: string,
 *   metric: string,
 *   derived: {old: number | null, new: number | null},
 *   stated: {old: Figure | null, new: Figure | null}
 * }} HeadlineChange
 *   derived: mean of the per-point % changes (`deriveReport`); stated: the report's `headlines`
 * @typedef {{subjects: string[], workloads: string[], points: number}} ReportSummary
 * @typedef {{
 *   status: 'added' | 'removed' | 'changed',
 *   summary: ReportSummary | null,
 *   points: {changed: PointChange[], added: PointFigures[], removed: PointFigures[]},
 *   headlines: HeadlineChange[],
 *   fields: FieldChange[]
 * }} ReportChange
 * @typedef {{
 *   status: 'added' | 'removed' | 'changed',
 *   front: boolean,
 *   sections: {changed: string[], added: string[], removed: string[]}
 * }} NarrativeChange
 */

/** Point fields that identify it; every other non-measure field is compared as a field. */
const POINT_ID = new Set(['subject', 'workload', 'threads', 'clients'])

/** Report fields compared on their own (points and headlines); the rest are compared field by field. */
const FIGURE_FIELDS = new Set(['results', 'headlines'])

/**
 * The field that identifies an item of an array of objects, by the array's
 * path: a reordered or inserted item reads as itself, not as every later item changed.
 *
 * @type {Record<string, (item: any) => string | undefined>}  any: an item of one of the arrays named, an object (diffArray checks) read by that array's own keys
 */
const IDENTITY = {
  subjects: (s) => s.id,
  'subjects[].components': (c) => c.name,
  'environment.instances': (i) => i.role,
  'environment.machines': (m) => m.host,
  'environment.software': (s) => sourceText(s.name),
  'plan.workloads': (w) => w.name,
  parameters: (p) =>
    [sourceText(p.component), p.subjects && `subjects ${p.subjects.join(', ')}`, p.workloads && `workloads ${p.workloads.join(', ')}`]
      .filter(Boolean)
      .join('; ')
}

/**
 * Compare two versions of one report. Either side may be null (added,
 * removed): then only its summary and, when added, its headlines are given.
 *
 * @param {Side | null} old
 * @param {Side | null} now
 * @returns {ReportChange}
 */
export function compareReports(old, now) {
  const none = {changed: [], added: [], removed: []}
  if (!now) {
    return {status: 'removed', summary: old ? summarise(old.report) : null, points: none, headlines: [], fields: []}
  }
  if (!old) {
    return {status: 'added', summary: summarise(now.report), points: none, headlines: compareHeadlines(null, now), fields: []}
  }
  return {
    status: 'changed',
    summary: null,
    points: comparePoints(old, now),
    headlines: compareHeadlines(old, now),
    fields: [...compareFields(old.report, now.report), ...comparePointFields(old.report, now.report)]
  }
}

/**
 * Whether a comparison found nothing to show (a change of formatting or comments only).
 * @param {ReportChange} change
 */
export function isEmptyChange(change) {
  const {points, headlines, fields} = change
  return (
    change.status === 'changed' &&
    points.changed.length + points.added.length + points.removed.length + headlines.length + fields.length === 0
  )
}

/**
 * @param {Report} report
 * @returns {ReportSummary}
 */
function summarise(report) {
  return {
    subjects: report.subjects.map((s) => s.id),
    workloads: report.plan.workloads.map((w) => w.name),
    points: (report.results ?? []).length
  }
}

/**
 * The points of a report by key; the first of duplicates wins (the validator reports the others).
 * @param {Report} report
 */
function pointsByKey(report) {
  const planClients = report.plan?.clients ?? 1
  /** @type {Map<string, {index: number, point: Point, id: PointId}>} */
  const byKey = new Map()
  ;(report.results ?? []).forEach((point, index) => {
    const key = pointKey(point, planClients)
    if (byKey.has(key)) return
    const id = {subject: point.subject, workload: point.workload, threads: point.threads, clients: point.clients ?? planClients}
    byKey.set(key, {index, point, id})
  })
  return byKey
}

/**
 * @param {Side} side
 * @param {number} index
 * @param {MeasureKey} measure
 * @returns {Figure}
 */
function figureOf(side, index, measure) {
  const value = side.report.results?.[index][measure] ?? null
  const written = side.sourceOf?.(['results', index, measure])
  return {value, decimals: value == null ? 0 : decimalsOf(written ?? value)}
}

/**
 * @param {Side} side
 * @param {{index: number, id: PointId}} entry
 * @returns {PointFigures}
 */
function figuresOf(side, entry) {
  const figures = MEASURES.filter((m) => side.report.results?.[entry.index][m] != null).map((measure) => ({
    measure,
    figure: figureOf(side, entry.index, measure)
  }))
  return {point: entry.id, figures}
}

/**
 * Points added, removed, and changed (each measure that differs, with its % change), in file order.
 *
 * @param {Side} old
 * @param {Side} now
 */
function comparePoints(old, now) {
  const before = pointsByKey(old.report)
  const after = pointsByKey(now.report)
  /** @type {PointChange[]} */
  const changed = []
  /** @type {PointFigures[]} */
  const added = []
  for (const [key, entry] of after) {
    const was = before.get(key)
    if (!was) {
      added.push(figuresOf(now, entry))
      continue
    }
    /** @type {MeasureChange[]} */
    const measures = []
    for (const measure of MEASURES) {
      const a = figureOf(old, was.index, measure)
      const b = figureOf(now, entry.index, measure)
      if (a.value === b.value) continue
      measures.push({measure, old: a, new: b, change: percentChange(b.value, a.value)})
    }
    if (measures.length > 0) changed.push({point: entry.id, measures})
  }
  const removed = [...before].filter(([key]) => !after.has(key)).map(([, entry]) => figuresOf(old, entry))
  return {changed, added, removed}
}

/**
 * Point fields other than identity and measures, for points on both sides; intervals
 * and samples as their count (a reviewer reads them on the chart and in the verdicts).
 *
 * @param {Report} old
 * @param {Report} now
 */
function comparePointFields(old, now) {
  const before = pointsByKey(old)
  /** @type {FieldChange[]} */
  const out = []
  for (const [key, entry] of pointsByKey(now)) {
    const was = before.get(key)
    if (!was) continue
    const path = `results[${pointLabel(entry.id)}]`
    const names = unionKeys(was.point, entry.point).filter((k) => !POINT_ID.has(k) && !(/** @type {readonly string[]} */ (MEASURES)).includes(k))
    for (const name of names) {
      const a = fieldOf(was.point, name)
      const b = fieldOf(entry.point, name)
      if (isDeepStrictEqual(a, b)) continue
      if (name === 'intervals' || name === 'samples') {
        const same = Array.isArray(a) && Array.isArray(b) && a.length === b.length
        out.push({path: `${path}.${name}`, old: entriesOf(a), new: same ? `${entriesOf(b)}, values changed` : entriesOf(b)})
      } else {
        diffValue(`results[].${name}`, `${path}.${name}`, a, b, out)
      }
    }
  }
  return out
}

/** @param {unknown} list */
function entriesOf(list) {
  return Array.isArray(list) ? plural(list.length, 'entry', 'entries') : undefined
}

/**
 * A point as written in paths: `a × oltp_insert × 8 threads × 1 client`.
 * @param {PointId} id
 */
export function pointLabel(id) {
  return `${id.subject} × ${id.workload} × ${plural(id.threads, 'thread')} × ${plural(id.clients, 'client')}`
}

/**
 * Derived and stated headlines per workload and compared subject, old → new, where either changed.
 *
 * @param {Side | null} old
 * @param {Side} now
 */
function compareHeadlines(old, now) {
  const before = old ? headlinesOf(old) : new Map()
  const after = headlinesOf(now)
  /** @type {HeadlineChange[]} */
  const out = []
  const keys = [...after.keys(), ...[...before.keys()].filter((k) => !after.has(k))]
  for (const key of keys) {
    const a = before.get(key)
    const b = after.get(key)
    const row = /** @type {NonNullable<typeof a>} */ (b ?? a)
    const derived = {old: a?.derived ?? null, new: b?.derived ?? null}
    const stated = {old: a?.stated ?? null, new: b?.stated ?? null}
    if (derived.old === derived.new && stated.old?.value === stated.new?.value) continue
    out.push({workload: row.workload, subject: row.subject, metric: row.metric, derived, stated})
  }
  return out
}

/**
 * @param {Side} side
 */
function headlinesOf(side) {
  const {report, sourceOf = () => undefined} = side
  /** @type {Map<string, {workload: string, subject: string, metric: string, derived: number | null, stated: Figure | null}>} */
  const rows = new Map()
  if (baselineOf(report)) {
    for (const w of deriveReport(report, sourceOf).workloads) {
      for (const h of w.headlines) {
        if (h.derived.value == null) continue
        rows.set(`${w.name}|${h.subject}`, {workload: w.name, subject: h.subject, metric: h.metric, derived: h.derived.value, stated: null})
      }
    }
  }
  const baseline = baselineOf(report)
  const firstCompared = report.subjects.map((s) => s.id).find((s) => s !== baseline)
  ;(report.headlines ?? []).forEach((h, index) => {
    const subject = h.subject ?? firstCompared ?? ''
    const key = `${h.workload}|${subject}`
    const written = sourceOf(['headlines', index, 'change'])
    const stated = {value: h.change, decimals: decimalsOf(written ?? h.change)}
    const row = rows.get(key)
    if (row) row.stated = row.stated ?? stated
    else rows.set(key, {workload: h.workload, subject, metric: h.metric ?? metricOf(report), derived: null, stated})
  })
  return rows
}

/**
 * Every field other than the points and headlines, compared by path.
 *
 * @param {Report} old
 * @param {Report} now
 */
function compareFields(old, now) {
  /** @type {FieldChange[]} */
  const out = []
  for (const key of unionKeys(old, now)) {
    if (FIGURE_FIELDS.has(key)) continue
    diffValue(key, key, fieldOf(old, key), fieldOf(now, key), out)
  }
  return out
}

/**
 * Add the differences between `a` and `b` at `path` to `out`: objects key by
 * key; arrays of objects item by item, matched by IDENTITY or else position;
 * numbers as a whole (thread counts read best as a list); strings by item
 * added or removed; multi-line text also by line.
 *
 * @param {string} shape  path with item identities left out, e.g. `subjects[].version`
 * @param {string} path   path shown, e.g. `subjects[v6.0.0].version`
 * @param {unknown} a
 * @param {unknown} b
 * @param {FieldChange[]} out
 */
function diffValue(shape, path, a, b, out) {
  if (isDeepStrictEqual(a, b)) return
  if (isObject(a) && isObject(b)) {
    for (const key of unionKeys(a, b)) diffValue(`${shape}.${key}`, `${path}.${key}`, a[key], b[key], out)
    return
  }
  if (Array.isArray(a) && Array.isArray(b)) {
    diffArray(shape, path, a, b, out)
    return
  }
  if (typeof a === 'string' && typeof b === 'string' && (a.includes('\n') || b.includes('\n'))) {
    out.push({path, old: a, new: b, lines: diffLines(a, b)})
    return
  }
  out.push({path, old: a, new: b})
}

/**
 * @param {string} shape
 * @param {string} path
 * @param {unknown[]} a
 * @param {unknown[]} b
 * @param {FieldChange[]} out
 */
function diffArray(shape, path, a, b, out) {
  const all = [...a, ...b]
  if (all.every((x) => typeof x === 'number')) {
    out.push({path, old: a, new: b})
    return
  }
  if (all.every((x) => typeof x === 'string')) {
    const {removed, added} = multisetDiff(/** @type {string[]} */ (a), /** @type {string[]} */ (b))
    if (removed.length + added.length === 0) out.push({path, old: a, new: b})
    for (const item of removed) out.push({path, old: item, new: undefined})
    for (const item of added) out.push({path, old: undefined, new: item})
    return
  }
  const identity = Object.hasOwn(IDENTITY, shape) && all.every(isObject) ? IDENTITY[shape] : null
  const keysA = identity ? a.map(identity) : []
  const keysB = identity ? b.map(identity) : []
  const unique = (/** @type {Array<string | undefined>} */ keys) => keys.every((k) => k) && new Set(keys).size === keys.length
  if (identity && unique(keysA) && unique(keysB)) {
    for (const [i, key] of keysA.entries()) {
      const j = keysB.indexOf(key)
      if (j < 0) out.push({path: `${path}[${key}]`, old: a[i], new: undefined})
      else diffValue(`${shape}[]`, `${path}[${key}]`, a[i], b[j], out)
    }
    for (const [j, key] of keysB.entries()) {
      if (!keysA.includes(key)) out.push({path: `${path}[${key}]`, old: undefined, new: b[j]})
    }
    return
  }
  for (let i = 0; i < Math.max(a.length, b.length); i++) diffValue(`${shape}[]`, `${path}[${i}]`, a[i], b[i], out)
}

/**
 * Lines of `a` not in `b` (removed) and of `b` not in `a` (added), repeats counted.
 *
 * @param {string} a
 * @param {string} b
 */
export function diffLines(a, b) {
  const lines = (/** @type {string} */ text) => text.replace(/\n$/, '').split('\n')
  return multisetDiff(lines(a), lines(b))
}

/**
 * @param {string[]} a
 * @param {string[]} b
 */
function multisetDiff(a, b) {
  const count = (/** @type {string[]} */ list) => {
    /** @type {Map<string, number>} */
    const m = new Map()
    for (const x of list) m.set(x, (m.get(x) ?? 0) + 1)
    return m
  }
  const only = (/** @type {string[]} */ list, /** @type {Map<string, number>} */ other) => {
    const left = new Map(other)
    return list.filter((x) => {
      const n = left.get(x) ?? 0
      if (n > 0) left.set(x, n - 1)
      return n === 0
    })
  }
  return {removed: only(a, count(b)), added: only(b, count(a))}
}

/**
 * @param {unknown} x
 * @returns {x is Record<string, unknown>}
 */
function isObject(x) {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/**
 * A field of data read by a name found in it (`unionKeys`).
 * @param {object} data @param {string} name
 */
const fieldOf = (data, name) => /** @type {Record<string, unknown>} */ (data)[name]

/**
 * Keys of `a` in order, then those only in `b`.
 * @param {object} a
 * @param {object} b
 */
function unionKeys(a, b) {
  return [...new Set([...Object.keys(a ?? {}), ...Object.keys(b ?? {})])]
}

/**
 * Compare two versions of a narrative: the `{#section}` ids added, removed or changed,
 * and whether the front matter changed. Either side may be null.
 *
 * @param {string | null} old
 * @param {string | null} now
 * @returns {NarrativeChange}
 */
export function compareNarrative(old, now) {
  const none = {changed: [], added: [], removed: []}
  if (old == null) return {status: 'added', front: false, sections: none}
  if (now == null) return {status: 'removed', front: false, sections: none}
  const a = parseNarrative(old)
  const b = parseNarrative(now)
  const changed = b.order.filter(
    (id) => a.sections[id] && (a.sections[id].markdown !== b.sections[id].markdown || a.sections[id].heading !== b.sections[id].heading)
  )
  return {
    status: 'changed',
    front: !isDeepStrictEqual(a.front, b.front),
    sections: {
      changed,
      added: b.order.filter((id) => !a.sections[id]),
      removed: a.order.filter((id) => !b.sections[id])
    }
  }
}
