import {escapeHtml} from './context.js'
import {overviewHtml} from './overview.js'
import {tocHtml} from './toc.js'
import {resultsHtml} from './results.js'
import {latencyHtml} from './latency.js'
import {planHtml} from './plan.js'
import {parametersHtml} from './parameters.js'
import {environmentHtml} from './environment.js'
import {topologyHtml} from './topology.js'
import {versionHtml} from './version.js'
import {purposeHtml} from './purpose.js'
import {narrativeSectionHtml} from './narrative-section.js'

/**
 * A report page's article written by Node, once per language, as
 * layouts/reports/page.html and its partials print it (whitespace aside):
 * Hugo then prints the string (`.benchdoc/assets/pages/<id>/<lang>.html`)
 * instead of laying out every section on every build. The templates stay the
 * reference, and the way a repository that overrides them builds.
 *
 * @typedef {import('./context.js').PageContext} PageContext
 * @typedef {import('./context.js').SectionHtml} SectionHtml
 */

/**
 * Each section partial's renderer, by the name the view model gives it
 * (`sections[].partial`, report/<partial>.html).
 * @type {Record<string, SectionHtml>}
 */
export const SECTION_HTML = {
  purpose: purposeHtml,
  version: versionHtml,
  environment: environmentHtml,
  topology: topologyHtml,
  parameters: parametersHtml,
  plan: planHtml,
  results: resultsHtml,
  latency: latencyHtml,
  'narrative-section': narrativeSectionHtml
}

/**
 * Whether Node writes every section a page shows: else the page is left to
 * the templates (never a page without one of its sections).
 * @param {PageContext} ctx
 */
export function coversPage(ctx) {
  return ctx.sections.every((s) => Object.hasOwn(SECTION_HTML, s.partial))
}

/**
 * The page's `<article class="report">…</article>`, or null when a section
 * has no renderer.
 * @param {PageContext} ctx
 * @returns {string | null}
 */
export function reportArticleHtml(ctx) {
  if (!coversPage(ctx)) return null
  const sections = ctx.sections.map((s) => SECTION_HTML[s.partial](ctx, s)).join('')
  const footer = `<footer class="source"><small>${ctx.t('site_generated', {id: ctx.report.id})}</small></footer>`
  return `<article class="report">\n<h1>${escapeHtml(ctx.title)}</h1>\n${overviewHtml(ctx)}\n${tocHtml(ctx)}\n${sections}\n${footer}\n</article>`
}
