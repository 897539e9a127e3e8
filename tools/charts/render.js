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

/** Bump when compactSvg changes, so cached charts are rendered again. */
const COMPACT_VERSION = 1

/**
 * Render a Vega-Lite spec to SVG, headless (no canvas, no browser).
 * @param {Record<string, any>} spec
 * @returns {Promise<string>}
 */
export async function renderSvg(spec) {
  const view = new vega.View(vega.parse(compile(/** @type {any} */ (spec)).spec), {renderer: 'none'})
  const svg = await view.toSVG()
  view.finalize()
  return compactSvg(svg)
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
  const escaped = text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
  return svg.replace(/^<svg\b([^>]*)>/, `<svg$1 role="img" aria-label="${escaped}"><title>${escaped}</title>`)
}
