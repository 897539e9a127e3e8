import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import * as vega from 'vega'
import {compile} from 'vega-lite'
import {writeFileAtomic} from '../lib/atomic-write.js'

/**
 * Axis numbers in the page's locale, compact as its readers write them:
 * `600K` in English, `60万` in Chinese and Japanese (Intl's compact notation).
 * Specs call it as `localNumber(datum.value, 'zh-CN')` in an axis labelExpr.
 */
vega.expressionFunction('localNumber', (/** @type {number} */ value, /** @type {string} */ locale) =>
  new Intl.NumberFormat(locale, {notation: 'compact', maximumFractionDigits: 1}).format(value))

/** Bump when compactSvg or the specs change, so cached charts are rendered again. */
const COMPACT_VERSION = 2

/**
 * One Vega view per chart shape (the spec without its data), re-used with
 * each chart's data: compiling, parsing and building the dataflow cost about
 * five sixths of a chart, and charts of one shape differ only in their data.
 * A view renders one chart at a time, hence the queue.
 * @type {Map<string, {view: vega.View, queue: Promise<unknown>}>}
 */
const views = new Map()

/**
 * Render a Vega-Lite spec with inline `data.values` to SVG, headless (no
 * canvas, no browser).
 * @param {Record<string, any>} spec
 * @returns {Promise<string>}
 */
export async function renderSvg(spec) {
  const {data, ...shape} = spec
  const key = JSON.stringify(shape)
  let entry = views.get(key)
  if (!entry) {
    // specs that carry their own lists (time series) never repeat: keep few
    if (views.size > 100) for (const {view} of views.values()) view.finalize()
    if (views.size > 100) views.clear()
    const runtime = vega.parse(compile(/** @type {any} */ ({...shape, data: {name: 'rows'}})).spec)
    entry = {view: new vega.View(runtime, {renderer: 'none'}), queue: Promise.resolve()}
    views.set(key, entry)
  }
  const {view} = entry
  const rendered = entry.queue.then(() => view.data('rows', data.values).toSVG())
  entry.queue = rendered.catch(() => {})
  return compactSvg(await rendered)
}

/**
 * Labels as tokens for the spec, so that one rendering serves every
 * language: `fillLabels` puts each language's text in place of the tokens.
 * Titles are placed by the axes and legend, not by their own width, so the
 * layout holds for any label.
 * @template {Record<string, string>} T
 * @param {T} labels  any labels, only their keys are used
 * @returns {T}
 */
export function labelTokens(labels) {
  return /** @type {T} */ (Object.fromEntries(Object.keys(labels).map((k) => [k, `\u2039${k}\u203a`])))
}

/**
 * @param {string} svg  rendered with `labelTokens`
 * @param {Record<string, string>} labels  one language's text for each token
 */
export function fillLabels(svg, labels) {
  return svg.replace(/\u2039([a-z_]+)\u203a/g, (token, key) => (key in labels ? escapeXml(labels[key]) : token))
}

/** @param {string} text */
function escapeXml(text) {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/**
 * Drop what an inline, static chart never uses: interaction and ARIA hints of
 * hidden marks, invisible background and foreground paths, default
 * attributes. Pages carry one chart per workload, so this keeps them small.
 *
 * @param {string} svg
 * @returns {string}
 */
export function compactSvg(svg) {
  return svg
    .replace(/<path class="(?:background|foreground)"[^>]*?(?:d="M0,0h0v0h0Z"|d=""|display="none")[^>]*\/>/g, '')
    .replace(/ (?:aria-hidden|aria-roledescription|role|pointer-events|class)="[^"]*"/g, '')
    .replace(/ opacity="1"| stroke-miterlimit="4"/g, '')
    .replace(/<g><\/g>/g, '')
}

/**
 * Render through a cache keyed by the spec's hash, so an unchanged chart is
 * never rendered twice: only what changed since the last build is rendered.
 *
 * @param {Record<string, any>} spec
 * @param {string} cacheDir
 * @returns {Promise<{svg: string, cached: boolean}>}
 */
export async function renderSvgCached(spec, cacheDir) {
  const key = createHash('sha256').update(JSON.stringify(spec)).update(`vega ${vega.version} compact ${COMPACT_VERSION}`).digest('hex').slice(0, 32)
  const file = join(cacheDir, `${key}.svg`)
  if (existsSync(file)) return {svg: readFileSync(file, 'utf8'), cached: true}
  const svg = await renderSvg(spec)
  writeFileAtomic(file, svg)
  return {svg, cached: false}
}

/**
 * Give an SVG an accessible name: `role="img"` and a `<title>` with the text
 * alternative, so screen readers announce the chart rather than its marks.
 *
 * @param {string} svg
 * @param {string} text
 * @returns {string}
 */
export function labelSvg(svg, text) {
  const escaped = escapeXml(text)
  return svg.replace(/^<svg\b([^>]*)>/, `<svg$1 role="img" aria-label="${escaped}"><title>${escaped}</title>`)
}
