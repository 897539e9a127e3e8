import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {dirname, join} from 'node:path'
import * as vega from './vega.mjs'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {compactNumbers} from './numbers.js'
import {numberToken, numberTokenTexts, withLongestWords} from './labels.js'
import {compactSvg} from './compact.js'
import {memo} from '../lib/memo.js'

/** Number tokens (`axisNumbers` with several locales), each measured as the widest of its numbers: the layout holds for every language. */
vega.expressionFunction('numberToken', numberToken)
/**
 * @typedef {(item: object, text: unknown) => number} Width  a text item's width in pixels
 * @typedef {{width?: number, height?: number, bounds: {x1: number, y1: number, x2: number, y2: number}}} GroupItem
 * @typedef {{initialize(el: null, width: number, height: number, origin: number[]): StringRenderer, background(color: unknown): StringRenderer,
 *   renderAsync(scene: unknown): Promise<StringRenderer>, svg(): string}} StringRenderer
 */
// Vega exports these (its types do not list them): `textMetrics.width` for a caller to replace
const {textMetrics, fontSize, SVGStringRenderer: StringRenderer} = /** @type {{
 *   textMetrics: {width: Width, estimateWidth: Width}, fontSize: (item: object) => number, SVGStringRenderer: new (loader: unknown) => StringRenderer
 * }} */ (/** @type {unknown} */ (vega))
// Vega truncates a text to its limit with `width` itself: then it wants the raw estimate
let truncating = false
/** @type {Width} */
const estimate = (item, text) => {
  truncating = true
  try {
    return textMetrics.estimateWidth(item, text)
  } finally {
    truncating = false
  }
}
/** The texts of each number token measured: Vega measures every axis label several times. */
const textsOf = memo((/** @type {string} */ text) => numberTokenTexts(text, compactNumbers))
/**
 * The texts each label token of a shared rendering stands for (a spec's `usermeta.words`), measured as
 * the widest; a token's name is made from its texts (tools/site/versions-charts.js), so an entry never changes.
 * @type {Map<string, string[]>}
 */
const wordTexts = new Map()
/** @param {unknown} usermeta  a spec's */
function learnWords(usermeta) {
  const words = /** @type {{words?: Record<string, string[]>} | undefined} */ (usermeta)?.words
  if (!words) return
  if (wordTexts.size >= 10000) wordTexts.clear()
  for (const [token, texts] of Object.entries(words)) wordTexts.set(token, texts)
}
textMetrics.width = (/** @type {object} */ item, /** @type {unknown} */ text) => {
  const trimmed = text == null ? '' : String(text).trim()
  // most texts measured are not tokens: the memo holds only those
  let texts = trimmed.charCodeAt(0) === 0x2039 ? (wordTexts.get(trimmed) ?? textsOf(trimmed)) : null
  if (!texts && trimmed.includes('\u2039') && wordTexts.size > 0) texts = [withLongestWords(trimmed, (token) => wordTexts.get(token))]
  if (truncating) return Math.max(...(texts ?? [String(text)]).map((t) => Math.floor(0.8 * t.length * fontSize(item))))
  return texts ? Math.max(...texts.map((t) => estimate(item, t))) : estimate(item, text)
}

/**
 * One Vega view per chart shape (the spec without its data), re-used with each
 * chart's data: building the dataflow is a third of a chart. A view renders one
 * chart at a time (`queue`); `layouts`: its layout operators (`touchLayouts`), `tuples`: the rows it holds, `links`: whether its shape draws any.
 * @type {Map<string, {view: Promise<vega.View>, ranked: Promise<string[]>, layouts: Promise<number[]>, queue: Promise<unknown>, tuples: object[], links: boolean}>}
 */
const views = new Map()

/** Each shape's runtime (runtimeOf), compiled once for all its views. @type {Map<string, Promise<Shape>>} */
const runtimes = new Map()

/** Views kept at most: each holds its dataflow. */
const MOST_VIEWS = 50

/**
 * Render a Vega-Lite spec with inline `data.values` to SVG, headless (no canvas, no browser).
 * @param {import('./job.js').ChartSpec} spec
 * @param {string} [cacheDir]  where compiled shapes are kept between builds (runtimeOf)
 * @param {{compact?: boolean}} [options]  compact: false gives the SVG as Vega writes it, not made smaller by compact.js
 * @returns {Promise<string>}
 */
export async function renderSvg(spec, cacheDir, {compact = true} = {}) {
  // the words only size the tokens (learnWords), and the description (the page's text alternative) is not
  // drawn: the charts of every report share the compiled shape
  const {data, usermeta, description, ...shape} = spec
  const shapeKey = JSON.stringify(shape)
  learnWords(usermeta)
  let entry = views.get(shapeKey)
  if (!entry) {
    if (views.size >= MOST_VIEWS) {
      for (const {view, queue} of views.values()) queue.then(() => view).then((v) => v.finalize(), () => {})
      views.clear()
    }
    let made = runtimes.get(shapeKey)
    if (!made) runtimes.set(shapeKey, (made = runtimeOf(shape, shapeKey, cacheDir)))
    const view = made.then(({runtime}) => new vega.View(runtime, {renderer: 'none'}))
    // only a shape with links has any for the renderer to know (`knowLinks`)
    entry = {view, ranked: made.then(({ranked}) => ranked), layouts: made.then(({runtime}) => layoutsOf(runtime)), queue: view, tuples: [], links: shapeKey.includes('"href"')}
    // a shape that does not compile fails each of its charts (through `queue`), not the thread (an unhandled rejection)
    entry.ranked.catch(() => {})
    entry.layouts.catch(() => {})
    views.set(shapeKey, entry)
  }
  const current = entry
  const rendered = entry.queue.then(async () => {
    const rows = withRanks(data.values, await current.ranked)
    const view = await current.view
    current.tuples = changeRows(view, current.tuples, rows)
    touchLayouts(view, await current.layouts)
    return padded(await view.runAsync(), compact, current.links)
  })
  entry.queue = rendered.catch(() => {})
  return rendered
}

/**
 * The ids of a runtime's layout operators (vega-view-transforms' ViewLayout), those of its top level.
 * @param {import('vega').Runtime} runtime
 */
function layoutsOf(runtime) {
  const operators = /** @type {Array<{id: number | string, type: string}>} */ (/** @type {{operators: unknown}} */ (runtime).operators)
  return operators.filter((op) => op.type === 'viewlayout').map((op) => Number(op.id))
}

/**
 * Have a view lay its groups out again on its next run: it re-lays a legend's entries only when
 * the legend's own item changed, not its labels, so a legend kept the places of the names the view
 * drew before (a chart then differed by the charts before it). Vega's types list neither
 * `touch` (its dataflow's) nor `_runtime` (the parsed runtime, its operators by id).
 * @param {vega.View} view @param {number[]} layouts  layoutsOf
 */
function touchLayouts(view, layouts) {
  const flow = /** @type {{touch(op: object): void, _runtime: {nodes: Record<number, object>}}} */ (/** @type {unknown} */ (view))
  for (const id of layouts) flow.touch(flow._runtime.nodes[id])
}

/**
 * Give a view its next chart's rows by changing those it holds in place, adding or removing only
 * those beyond: the items drawn from a row are set anew, not removed and made again.
 * @param {vega.View} view @param {object[]} tuples  the rows it holds (changed here) @param {readonly object[]} rows
 * @returns {object[]}  the rows it holds now
 */
function changeRows(view, tuples, rows) {
  const change = vega.changeset()
  const kept = Math.min(tuples.length, rows.length)
  for (let i = 0; i < kept; i++) {
    const tuple = /** @type {Record<string, unknown>} */ (tuples[i])
    const row = /** @type {Record<string, unknown>} */ (rows[i])
    for (const field in row) if (tuple[field] !== row[field]) change.modify(tuple, field, row[field])
    for (const field in tuple) if (!(field in row) && tuple[field] !== undefined) change.modify(tuple, field, undefined)
  }
  const added = rows.slice(kept).map((row) => ({...row}))
  change.insert(added).remove(tuples.slice(kept))
  view.change('rows', change)
  return [...tuples.slice(0, kept), ...added]
}

/** Vega-Lite's and Vega's versions, and this file's way of parsing: what a compiled shape depends on. */
const RUNTIME_KEY = (() => {
  const require = createRequire(import.meta.url)
  const version = (/** @type {string} */ name) => JSON.parse(readFileSync(join(dirname(require.resolve(name)), '..', 'package.json'), 'utf8')).version
  return `vega-lite ${version('vega-lite')} vega ${version('vega')} runtime 3`
})()

/**
 * A shape's Vega runtime (plain JSON), from the cache when an earlier build
 * compiled it: compiling cost a changed report's first chart a quarter second.
 * @param {Record<string, unknown>} shape @param {string} key  its JSON @param {string} [cacheDir]
 * @returns {Promise<Shape>}
 */
async function runtimeOf(shape, key, cacheDir) {
  const file = cacheDir && join(cacheDir, `${createHash('sha256').update(key).update(RUNTIME_KEY).digest('hex').slice(0, 32)}.vg.json`)
  if (file && existsSync(file)) {
    try {
      return JSON.parse(readFileSync(file, 'utf8'))
    } catch {} // half-written by a build that was stopped: compile it again
  }
  const parsed = await parseShape(shape)
  if (file) writeFileAtomic(file, JSON.stringify(parsed))
  return parsed
}

/**
 * A spec's shape compiled to a Vega runtime, laid out by `padded`, not Vega's autosize `pad` (the same
 * SVG), with which a re-used view whose size changes runs its whole dataflow again.
 * @param {Record<string, unknown>} shape  a spec without its data
 * @returns {Promise<Shape>}
 */
async function parseShape(shape) {
  const asked = /** @type {string | {type?: string} | undefined} */ (shape.autosize)
  const autosize = typeof asked === 'string' ? asked : (asked?.type ?? 'pad')
  if (autosize !== 'pad') throw new Error(`chart spec asks for autosize ${autosize}: only pad is drawn`)
  const {compile} = await import('vega-lite')
  const compiled = compile(/** @type {import('vega-lite').TopLevelSpec} */ ({...shape, autosize: 'none', data: {name: 'rows'}})).spec
  const ranked = rankedFacets(/** @type {VegaGroup} */ (/** @type {unknown} */ (compiled)))
  keepRanks(/** @type {{data?: VegaData[]}} */ (/** @type {unknown} */ (compiled)), ranked)
  const runtime = vega.parse(compiled)
  sortGuideItems(runtime.operators)
  return {runtime, ranked}
}

/**
 * @typedef {{runtime: import('vega').Runtime, ranked: string[]}} Shape
 *   a shape's runtime, and the fields its lines are grouped by, ranked (`rankedFacets`)
 * @typedef {{marks?: Array<VegaGroup & {from?: {facet?: {groupby?: string | string[]}}}>}} VegaGroup
 *   the part of a Vega spec's marks that says how a mark's items are grouped
 */

/**
 * Group each line by the rank of its subject (the order subjects first come),
 * not by its name: Vega keeps a subflow per group key, and keyed by name a
 * re-used view made one for every subject new to it. Ranks and names pair one
 * to one, so the groups and their order are the same; colour and legend still
 * come from the name.
 * @param {VegaGroup} spec  a compiled Vega spec, its facets changed in place
 * @returns {string[]}  the fields grouped by, each ranked as `RANK + field`
 */
function rankedFacets(spec) {
  /** @type {Set<string>} */
  const fields = new Set()
  const walk = (/** @type {VegaGroup} */ group) => {
    for (const mark of group.marks ?? []) {
      const facet = mark.from?.facet
      if (facet?.groupby !== undefined) {
        const by = [facet.groupby].flat()
        by.forEach((field) => fields.add(field))
        facet.groupby = by.map((field) => RANK + field)
      }
      walk(mark)
    }
  }
  walk(spec)
  return [...fields]
}

/**
 * Group every aggregation by the ranks of its fields too, so that the lines drawn from it (a versions
 * chart's medians) keep them: without, every workload's line was one path through all.
 * @param {{data?: VegaData[]}} spec  a compiled Vega spec, changed in place @param {string[]} fields  those rankedFacets ranks
 * @typedef {{transform?: Array<{type: string, groupby?: unknown}>}} VegaData
 */
function keepRanks(spec, fields) {
  for (const data of spec.data ?? []) {
    for (const t of data.transform ?? []) {
      if (t.type !== 'aggregate' || !Array.isArray(t.groupby)) continue
      const by = /** @type {string[]} */ (t.groupby)
      t.groupby = [...by, ...fields.filter((f) => by.includes(f)).map((f) => RANK + f)]
    }
  }
}

/** What a ranked field is named: no spec's own field starts so (and a Vega field name must not hold a dot). */
const RANK = '__benchdoc_rank_'

/**
 * The rows with the rank of their value of each field the lines are grouped by (rankedFacets).
 * @param {readonly object[]} rows @param {string[]} fields
 */
function withRanks(rows, fields) {
  if (fields.length === 0) return rows
  const ranks = fields.map(() => new Map())
  return rows.map((row) => {
    /** @type {Record<string, unknown>} */
    const ranked = {...row}
    fields.forEach((field, i) => {
      const value = /** @type {Record<string, unknown>} */ (row)[field]
      let rank = ranks[i].get(value)
      if (rank === undefined) ranks[i].set(value, (rank = ranks[i].size))
      ranked[RANK + field] = rank
    })
    return ranked
  })
}

/**
 * The view's scene as SVG by Vega's string renderer, sized from the scene's
 * bounds as autosize `pad` does (vega-view-transforms' viewSizeLayout).
 * @param {vega.View} view  after its dataflow ran
 * @param {boolean} compact  false: the SVG as Vega writes it
 * @param {boolean} links  whether the scene may have links
 * @returns {Promise<string>}
 */
async function padded(view, compact, links) {
  const {root} = /** @type {{root: {items: GroupItem[]}}} */ (/** @type {unknown} */ (view.scenegraph()))
  const [group] = root.items
  const {x1, y1, x2, y2} = group.bounds
  const left = Math.max(0, Math.ceil(-x1))
  const top = Math.max(0, Math.ceil(-y1))
  const width = left + Math.max(group.width ?? 0, Math.ceil(x2))
  const height = top + Math.max(group.height ?? 0, Math.ceil(y2))
  const padding = /** @type {{top: number, bottom: number, left: number, right: number}} */ (view.padding())
  const renderer = new StringRenderer(view.loader())
    .initialize(null, width + padding.left + padding.right, height + padding.top + padding.bottom, [left + padding.left, top + padding.top])
    .background(view.background())
  if (links) await knowLinks(renderer, view.loader(), root)
  const svg = (await renderer.renderAsync(root)).svg()
  return compact ? compactSvg(svg) : svg
}

/**
 * Give a renderer the links of a scene, each as its loader allows it, before it draws: Vega's renderer
 * writes a link it does not know yet only once the loader has checked it, polled every 10 ms, and then
 * draws the whole scene again (a versions chart's hundreds of links cost it twice its drawing). The
 * attributes are Vega's own (SVGStringRenderer's `href`, which keeps them in `_hrefs`, not in its types).
 * @param {object} renderer @param {vega.Loader} loader @param {{items: object[]}} root
 */
async function knowLinks(renderer, loader, root) {
  /** @type {Set<string>} */
  const links = new Set()
  const visit = (/** @type {{href?: string, items?: object[]}} */ node) => {
    if (node.href) links.add(node.href)
    for (const child of node.items ?? []) visit(child)
  }
  visit(root)
  if (links.size === 0) return
  const known = await Promise.all([...links].map(async (href) => {
    const allowed = /** @type {Record<string, unknown>} */ (await loader.sanitize(href, {context: 'href'}))
    return [href, {...allowed, 'xlink:href': allowed.href, href: null}]
  }))
  ;/** @type {{_hrefs: Record<string, object>}} */ (renderer)._hrefs = Object.fromEntries(known)
}

/**
 * Keep each axis's and legend's items in the order of their ticks or entries
 * (`index`): a re-used view keeps the items of values the previous chart had
 * and appends the new ones, so a warm rebuild would differ from a cold one.
 * @param {Array<{id: string | number, type: string, params?: Record<string, any>}>} operators  any: a runtime operator's parameters, JSON of a shape per operator type
 *   a parsed runtime spec's (vega.parse), changed in place
 */
export function sortGuideItems(operators) {
  const joins = new Map(operators.filter((op) => op.type === 'datajoin').map((op) => [op.id, op]))
  for (const op of operators) {
    const join = op.type === 'collect' ? joins.get(op.params?.pulse?.$ref) : undefined
    if (op.params && join?.params?.key?.$field === 'value') op.params.sort = {$compare: ['datum.index'], $order: ['ascending']}
    for (const value of Object.values(op.params ?? {})) if (value?.$subflow) sortGuideItems(value.$subflow.operators)
  }
}
