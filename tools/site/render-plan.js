import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {join, relative} from 'node:path'
import {PACKAGE_ROOT} from '../lib/root.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {HUGO_VERSION} from './hugo.js'

/**
 * What Hugo must render on a `benchdoc build`. Hugo has no memory between
 * runs, so what it rendered last is recorded (`Rendered`): with the same
 * destination and site key, only the changed reports' pages are rendered
 * (Hugo's segments), with the lists or versions pages when what they read
 * changed. The record is removed before Hugo runs and written once the
 * destination is whole: a build stopped half-way leaves none.
 *
 * @typedef {{site: string, destination: string, reports: Record<string, string>, lists: string, versions: string}} Rendered
 *   what the last build rendered: the site's key, where, each report's key, and digests of what the lists and versions pages read
 * @typedef {{full: true, why: string} | {full: false, changed: string[], gone: string[], versions: boolean, lists: boolean}} RenderPlan
 *   `lists`: whether what the home and section pages show changed
 */

/** More changed reports than this render the whole site: a long segment saves little. */
export const MOST_CHANGED = 50

/** @param {string} out  the .benchdoc folder */
const renderedFile = (out) => join(out, 'cache', 'rendered.json')

/**
 * @param {{root: string, out: string, destination: string, languages: string[], common: string, keys: Record<string, string>, pages: {lists: string, versions: string}}} options
 *   common, keys and pages: as prepareSite returned them
 * @returns {{plan: RenderPlan, next: Rendered}}  the plan, and what to record once it is rendered
 */
export function planRender({root, out, destination, languages, common, keys, pages}) {
  const next = {site: siteKey(root, out, common), destination, reports: keys, ...pages}
  const last = readRendered(out)
  /** @param {string} why @returns {{plan: RenderPlan, next: Rendered}} */
  const full = (why) => ({plan: {full: true, why}, next})
  if (!last) return full('no earlier build')
  if (last.destination !== destination || !existsSync(join(destination, 'index.html'))) return full('a new destination')
  if (last.site !== next.site) return full('templates, labels, configuration or tools changed')
  // a report's pages removed from the destination by hand are rendered again too
  const present = languages.map((lang) => new Set(listing(join(destination, lang, 'reports'))))
  const missing = (/** @type {string} */ id) => present.some((ids) => !ids.has(id))
  const changed = Object.keys(keys).filter((id) => last.reports[id] !== keys[id] || missing(id))
  const gone = Object.keys(last.reports).filter((id) => !(id in keys))
  if (changed.length > MOST_CHANGED) return full(`${changed.length} reports changed`)
  return {plan: {full: false, changed, gone, versions: last.versions !== next.versions, lists: last.lists !== next.lists}, next}
}

/** Before Hugo writes into the destination: until it is whole again, nothing is known of it. @param {string} out */
export function forgetRendered(out) {
  rmSync(renderedFile(out), {force: true})
}

/** Once the destination is whole. @param {string} out @param {Rendered} rendered */
export function recordRendered(out, rendered) {
  writeFileAtomic(renderedFile(out), JSON.stringify(rendered))
}

/**
 * Hugo's configuration for a partial plan: the segment to render, and which
 * reports' pages the content adapter makes (params.benchdoc_render): making a
 * page Hugo will not render costs as much as rendering it, and only the lists
 * and versions pages link a report's page, by id. With no report changed, one
 * is made: Hugo makes a section only with a page in it.
 * @param {{changed: string[], versions: boolean, lists: boolean}} plan @param {string[]} ids  every report's
 */
export function segmentsConfig({changed, versions, lists}, ids) {
  const include = (/** @type {string} */ field, /** @type {string[]} */ globs) => `  [[segments.changed.includes]]\n    ${field} = ${JSON.stringify(`{${globs.join(',')}}`)}\n`
  const paths = changed.flatMap((id) => [`/reports/${id}`, `/reports/${id}/**`])
  if (versions) paths.push('/versions', '/versions/**')
  const only = `[params.benchdoc_render]\n  reports = ${JSON.stringify(changed.length > 0 ? changed : ids.slice(0, 1))}\n`
  return `${only}[segments.changed]\n${lists ? include('kind', ['home', 'section']) : ''}${paths.length > 0 ? include('path', paths) : ''}`
}

/** @param {string} out @returns {Rendered | null} */
function readRendered(out) {
  try {
    return JSON.parse(readFileSync(renderedFile(out), 'utf8'))
  } catch {
    return null
  }
}

/**
 * What every page may show besides its own report and the lists: templates, styles, content, Hugo's
 * defaults and version, the common key (cache.js) and the site-wide problems.
 * @param {string} root @param {string} out @param {string} common
 */
function siteKey(root, out, common) {
  const hash = createHash('sha256').update(`${HUGO_VERSION}\0${common}\0`)
  const dirs = [...['layouts', 'assets', 'content'].map((d) => join(root, d)), ...['layouts', 'assets', 'hugo'].map((d) => join(PACKAGE_ROOT, d))]
  // narratives reach pages through each report's model, already keyed: their folder is not even listed
  const narratives = join(root, 'content', 'narrative')
  for (const base of new Set(dirs)) {
    for (const f of filesUnder(base, narratives).sort()) hash.update(relative(root, f)).update('\0').update(readFileSync(f))
  }
  for (const f of [join(root, 'config.toml'), join(root, 'hugo.toml'), join(out, 'assets', 'site', 'problems.json')]) if (existsSync(f)) hash.update(readFileSync(f))
  return hash.digest('hex')
}

/**
 * The files under a folder, but not under `skip`; none when it is missing.
 * @param {string} dir @param {string} skip @returns {string[]}
 */
function filesUnder(dir, skip) {
  /** @type {string[]} */
  const files = []
  if (dir === skip || !existsSync(dir)) return files
  for (const d of readdirSync(dir, {withFileTypes: true})) {
    const path = join(dir, d.name)
    if (d.isDirectory()) files.push(...filesUnder(path, skip))
    else if (d.isFile()) files.push(path)
  }
  return files
}

/** A folder's entries, none when it is missing. @param {string} dir @returns {string[]} */
function listing(dir) {
  try {
    return readdirSync(dir)
  } catch {
    return []
  }
}
