import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs'
import {join, relative, sep} from 'node:path'
import {PACKAGE_ROOT} from '../lib/root.js'
import {HUGO_VERSION} from './hugo.js'
import {listsOverridden, versionsOverridden} from './page-html/overrides.js'

/**
 * What Hugo must render on a `benchdoc build`. Hugo has no memory between
 * runs, so a build that renders every page costs as much as the first one.
 * When the last build wrote the same destination from the same templates,
 * labels, configuration and site-wide data, only the pages of reports whose
 * content key changed are rendered again (Hugo's segmented rendering), with
 * the lists that show every report (home, sections) and, when their data
 * changed, the lists that show every report (home, sections) and the
 * versions pages. Everything else in the destination is kept.
 *
 * @typedef {{site: string, destination: string, reports: Record<string, string>, versions: string, lists: string, filled?: Filled}} Rendered
 *   what the last build rendered: the site's key, where, each report's key, the versions data's hash, the lists' hash,
 *   and what it filled into the pages after Hugo
 * @typedef {{stamps: Record<string, string>, pages: Record<string, string[]>}} Filled
 *   each part's stamp (partStamps), and the parts in each page, by its path under the destination (fill-pages.js)
 * @typedef {{full: true, why: string} | {full: false, changed: string[], gone: string[], versions: boolean, lists: boolean, pages: string[], filled: Filled | null}} RenderPlan
 *   `lists`: whether what the home and section pages show changed; `pages`: the reports whose pages Hugo makes (see segmentsConfig);
 *   `filled`: what the last build filled in
 */

/** More changed reports than this render the whole site: a long segment saves little. */
export const MOST_CHANGED = 50

/** @param {string} out  the .benchdoc folder */
export const renderedFile = (out) => join(out, 'cache', 'rendered.json')

/**
 * @param {{root: string, out: string, destination: string, languages: string[], common: string, keys: Record<string, string>}} options
 *   common and keys: the tools', labels' and configuration's key and each report's content key, as prepareSite returned them
 * @returns {{plan: RenderPlan, next: Rendered}}  the plan, and what to record once it is rendered
 */
export function planRender({root, out, destination, languages, common, keys}) {
  // the versions pages' figures, and the lists, are filled in after Hugo (fill-pages.js) unless the repository's templates read them
  const versionsParts = versionsOverridden(root) ? filledParts(out).filter((f) => !f.startsWith('site/lists/')).map((f) => join(out, 'assets', f)) : []
  const next = {site: siteKey(root, out, common), destination, reports: keys, versions: filesStamp([join(out, 'assets', 'site', 'versions.json'), ...versionsParts]), lists: listsHash(out, languages, listsOverridden(root))}
  const last = readRendered(out)
  /** @param {string} why @returns {{plan: RenderPlan, next: Rendered}} */
  const full = (why) => ({plan: {full: true, why}, next})
  if (!last) return full('no earlier build')
  if (last.destination !== destination || !existsSync(join(destination, 'index.html'))) return full('a new destination')
  if (last.site !== next.site) return full('templates, labels, configuration or tools changed')
  // a report's pages removed from the destination by hand are rendered again too (a folder
  // listing per language: a stat of every page cost 70 ms at 1,000 reports)
  const present = languages.map((lang) => new Set(listing(join(destination, lang, 'reports'))))
  const missing = (/** @type {string} */ id) => present.some((ids) => !ids.has(id))
  const changed = Object.keys(keys).filter((id) => last.reports[id] !== keys[id] || missing(id))
  const gone = Object.keys(last.reports).filter((id) => !(id in keys))
  if (changed.length > MOST_CHANGED) return full(`${changed.length} reports changed`)
  const versions = last.versions !== next.versions
  const lists = last.lists !== next.lists || gone.length > 0
  return {plan: {full: false, changed, gone, versions, lists, pages: pagesOf(changed, Object.keys(keys)), filled: last.filled ?? null}, next}
}

/**
 * What Hugo makes of the home and section pages besides the site's key: the
 * report order and titles and the versions pages' names; and each language's
 * lists (index-html.js) when the repository's own partial reads them.
 * Otherwise the lists are filled in after Hugo (fill-pages.js), and an edit,
 * even one that changes a row of the lists, leaves those pages to Hugo as they
 * are: at 1,000 reports the home pages are 0.8 MB each, and Hugo scans every byte it writes.
 * @param {string} out @param {string[]} languages @param {boolean} readByHugo
 */
function listsHash(out, languages, readByHugo) {
  const files = [join(out, 'data', 'index.json'), join(out, 'data', 'versions.json')]
  if (readByHugo) for (const lang of languages) files.push(...['index', 'reports'].map((list) => join(out, 'assets', 'site', 'lists', `${list}.${lang}.html`)))
  return filesStamp(files)
}

/**
 * Every part that fill-pages.js may fill into a page: the lists of reports
 * and the versions pages' tables and charts, by their paths under the assets folder.
 * @param {string} out @returns {string[]}
 */
function filledParts(out) {
  const assets = join(out, 'assets')
  return ['site/lists', 'site/versions', 'charts/versions'].flatMap((dir) => filesUnder(join(assets, dir), '')).map((f) => relative(assets, f).split(sep).join('/')).sort()
}

/**
 * Each part's stamp as it is now: a page whose parts have the stamps they
 * had when the last build filled it, and that Hugo did not make again, is
 * left as it is.
 * @param {string} out @returns {Record<string, string>}
 */
export function partStamps(out) {
  return Object.fromEntries(filledParts(out).map((part) => [part, filesStamp([join(out, 'assets', part)])]))
}

/**
 * Whether files changed, without reading them: their sizes, times and inodes.
 * They are written only when their content changed (writeIfChanged), by a
 * rename (a new inode), so the same stamp means the same content; a file
 * written again with the same content only makes its pages again. Hashing
 * their content (5 MB at 1,000 reports) took a tenth of a one-report build.
 * @param {string[]} files
 */
function filesStamp(files) {
  const hash = createHash('sha256')
  for (const file of files) {
    const s = statSync(file, {bigint: true, throwIfNoEntry: false})
    hash.update(s ? `${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}` : '').update('\0')
  }
  return hash.digest('hex')
}

/**
 * The reports whose pages a partial build makes: the changed ones, or with
 * none changed any one (the reports section is made only with a page in it).
 * The versions pages link to reports by their ids (layouts/versions/), not their pages.
 * @param {string[]} changed @param {string[]} ids
 */
function pagesOf(changed, ids) {
  return changed.length > 0 ? changed : ids.slice(0, 1)
}

/**
 * Hugo's configuration for a partial plan: the segment to render, the
 * changed reports' pages in every language and output format, the home and
 * section pages when the lists changed, and the versions pages when their data changed; and which
 * reports' pages the content adapter makes (params.benchdoc_render, read by
 * layouts/_partials/adapters/reports.html): making a page Hugo will not
 * render costs as much as the lists did, and no other page links to a
 * report's page but the lists, which benchdoc writes (index-html.js), and the versions pages,
 * which link by id.
 * @param {{changed: string[], versions: boolean, lists: boolean, pages: string[]}} plan
 */
export function segmentsConfig({changed, versions, lists, pages}) {
  const include = (/** @type {string} */ field, /** @type {string[]} */ globs) => `  [[segments.changed.includes]]\n    ${field} = ${JSON.stringify(`{${globs.join(',')}}`)}\n`
  const paths = changed.flatMap((id) => [`/reports/${id}`, `/reports/${id}/**`])
  if (versions) paths.push('/versions', '/versions/**')
  const only = `[params.benchdoc_render]\n  reports = ${JSON.stringify(pages)}\n`
  return `${only}[segments.changed]\n${lists ? include('kind', ['home', 'section']) : ''}${paths.length > 0 ? include('path', paths) : ''}`
}

/** @param {string} out @returns {Rendered | null} */
export function readRendered(out) {
  try {
    return JSON.parse(readFileSync(renderedFile(out), 'utf8'))
  } catch {
    return null
  }
}

/**
 * What every page may show besides its own report: templates, styles, the
 * languages' content, Hugo's defaults (the package's and the repository's),
 * labels, configuration, the tools and Hugo's version (the common key of
 * cache.js holds the last three), and the site-wide problems.
 * @param {string} root @param {string} out @param {string} common
 */
function siteKey(root, out, common) {
  const hash = createHash('sha256').update(`${HUGO_VERSION}\0${common}\0`)
  const dirs = [...['layouts', 'assets', 'content'].map((d) => join(root, d)), ...['layouts', 'assets', 'hugo'].map((d) => join(PACKAGE_ROOT, d))]
  // narratives reach pages through each report's data, already keyed: their folder is not even listed
  const narratives = join(root, 'content', 'narrative')
  for (const base of new Set(dirs)) {
    for (const f of filesUnder(base, narratives).sort()) hash.update(relative(root, f)).update('\0').update(readFileSync(f))
  }
  for (const f of ['config.toml', 'hugo.toml']) if (existsSync(join(root, f))) hash.update(readFileSync(join(root, f)))
  hash.update(fileHash(join(out, 'assets', 'site', 'problems.json')))
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

/** A file's hash, '' when it is missing. @param {string} file */
function fileHash(file) {
  return existsSync(file) ? createHash('sha256').update(readFileSync(file)).digest('hex') : ''
}
