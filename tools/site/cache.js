import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync, rmSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {labelFiles} from '../i18n/labels.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {templatesOverridden} from './page-html/overrides.js'
import {sourceFiles as toolFiles} from '../pack/fresh.js'
import {manifestFile} from './manifest-file.js'
import {RACY_MS} from './stamps.js'

/**
 * The build's persistent cache: for each report, a key made of the content
 * of everything its outputs depend on (its data file, its narratives, the
 * labels, the site languages, and the tools' own source), and what the build
 * kept of it (date, warnings). A report whose key is unchanged is neither
 * validated, derived nor charted again: its outputs in .benchdoc/ stand.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {{key: string, stamp: string | null, date: string | null, problems: Problem[], versions: ReturnType<typeof import('../derive/versions.js').versionFacts>,
 *   card: ReturnType<typeof import('./report-card.js').reportCard>, shown?: string, shape?: string, order?: {product: string, newest: string}}} Entry
 *   `stamp`: its files' sizes and times (stamps.js), so that an unchanged report is not even read;
 *   `versions`: what the report gives its product's versions page (and the index order);
 *   `card`: what the lists show of it (report-card.js); `shown`: a digest of what the versions pages print of it;
 *   `shape`: a digest of what their models depend on (versionsShape); `order`: its product and newest version, which
 *   order the lists (kept beside the key: ordering the lists of a build that changed one report reads no details file)
 * @typedef {Record<string, Entry>} Manifest
 */

/** Bump to drop every cached report, e.g. when the cache format changes. */
const CACHE_VERSION = 5


/**
 * The last build's manifest, if it was made with the same common key (the
 * same tools, labels and languages); otherwise every report is new. With it,
 * the stamp its build saw of the lists' files (listsStamp): lists whose files
 * still have that stamp are those the manifest's reports made.
 *
 * What the lists and versions pages show of each report (`card`, `versions`:
 * two thirds of the cache at 1,000 reports, and what a one-report build does
 * not read) is kept apart, in a details file that the manifest names by its
 * generation; the reports derived since it was written keep theirs in the
 * manifest itself (`recent`). Either is read when first used (lazyEntry).
 * @param {string} out
 * @param {string} common  commonKey()
 * @returns {{reports: Manifest, lists: string | null}}
 */
export function readManifest(out, common) {
  try {
    const read = JSON.parse(readFileSync(manifestFile(out), 'utf8'))
    if (read.version !== CACHE_VERSION || read.common !== common) return {reports: {}, lists: null}
    // a manifest whose details file is gone is no cache
    if (!existsSync(detailsFile(out, read.generation))) return {reports: {}, lists: null}
    const details = detailsOf(out, read.generation)
    /** @type {Manifest} */
    const reports = {}
    for (const id of Object.keys(read.reports)) reports[id] = lazyEntry(id, read.reports[id], read.recent[id] ?? null, details)
    return {reports, lists: read.lists ?? null}
  } catch {
    return {reports: {}, lists: null}
  }
}

/** The fields kept apart from the manifest (see readManifest). */
const DETAILS = /** @type {const} */ (['versions', 'card'])

/** Past this many reports derived since the details file was written, a new one is written. */
const MOST_RECENT = 100

/**
 * @typedef {{generation: number, file: string, read: () => Record<string, Record<string, unknown>>}} Details
 *   a details file and its content, read once when first asked for
 */

/** @param {string} out @param {number} generation */
const detailsFile = (out, generation) => join(out, 'cache', `details-${generation}.json`)

/** @param {string} out @param {number} generation @returns {Details} */
function detailsOf(out, generation) {
  /** @type {Record<string, Record<string, unknown>> | null} */
  let reports = null
  const file = detailsFile(out, generation)
  return {generation, file, read: () => (reports ??= JSON.parse(readFileSync(file, 'utf8')).reports)}
}

/**
 * Where each entry read from a manifest has its details: the manifest's (recent) or the details
 * file; `set`: whether a field of them was given another value since.
 * @type {WeakMap<Entry, {details: Details, recent: boolean, set: boolean}>}
 */
const sources = new WeakMap()

/**
 * An entry of the manifest whose details are read on first use.
 * @param {string} id @param {Record<string, unknown>} stored @param {Record<string, unknown> | null} recent  its details, if in the manifest
 * @param {Details} details @returns {Entry}
 */
function lazyEntry(id, stored, recent, details) {
  const entry = /** @type {Entry} */ ({...stored})
  const from = () => {
    const kept = recent ?? details.read()[id]
    // the manifest names the details file written with it: another key means files not of one build
    if (kept?.key !== entry.key) throw new Error(`the build cache (${details.file}) is out of step for ${id}: remove .benchdoc/cache and build again`)
    return kept
  }
  const source = {details, recent: recent !== null, set: false}
  for (const field of DETAILS) {
    const settle = (/** @type {unknown} */ value) => Object.defineProperty(entry, field, {value, enumerable: true, writable: true, configurable: true})
    Object.defineProperty(entry, field, {enumerable: true, configurable: true, get: () => (settle(from()[field]), entry[field]), set: (value) => ((source.set = true), settle(value))})
  }
  sources.set(entry, source)
  return entry
}

/** Whether an entry's details are those of the details file it was read with. @param {Entry} entry @param {Details} details */
const inDetails = (entry, details) => {
  const source = sources.get(entry)
  // a field read is a plain value from then on: a new value is set only through the setter, before the first read
  return source?.details === details && !source.recent && !source.set
}

/**
 * Written last, once every report it lists has its outputs; with the lists'
 * files' stamp as they are then. A report's details go in the manifest when
 * they are not those of the details file; past MOST_RECENT such, or with no
 * details file, a new one holds every report's and the older one is removed.
 * @param {string} out @param {string} common @param {Manifest} reports @param {string[] | null} lists  the lists' files; null: lists still to write
 */
export function writeManifest(out, common, reports, lists) {
  const entries = Object.entries(reports)
  const details = entries.map(([, e]) => sources.get(e)?.details).find(Boolean)
  const recent = details ? entries.filter(([, e]) => !inDetails(e, details)) : entries
  const stored = Object.fromEntries(entries.map(([id, e]) => [id, {key: e.key, stamp: e.stamp, date: e.date, problems: e.problems, shown: e.shown, shape: e.shape, order: e.order}]))
  const detailsOfEntry = (/** @type {Entry} */ e) => ({key: e.key, versions: e.versions, card: e.card})
  if (details && recent.length <= MOST_RECENT) {
    const kept = Object.fromEntries(recent.map(([id, e]) => [id, detailsOfEntry(e)]))
    writeFileAtomic(manifestFile(out), JSON.stringify({version: CACHE_VERSION, common, lists: lists && listsStamp(lists), generation: details.generation, recent: kept, reports: stored}))
    return
  }
  const generation = (details?.generation ?? 0) + 1
  writeFileAtomic(detailsFile(out, generation), asciiJson({reports: Object.fromEntries(entries.map(([id, e]) => [id, detailsOfEntry(e)]))}))
  writeFileAtomic(manifestFile(out), JSON.stringify({version: CACHE_VERSION, common, lists: lists && listsStamp(lists), generation, recent: {}, reports: stored}))
  // the manifest now names the new one: the others belong to no manifest
  for (const name of readdirSync(join(out, 'cache'))) if (/^details-\d+\.json$/.test(name) && name !== `details-${generation}.json`) rmSync(join(out, 'cache', name), {force: true})
}

/**
 * JSON with every character past ASCII escaped: a file of ASCII is read
 * without decoding (the details file's titles in zh and ja, and the
 * environments' `×`, made its 4.4 MB at 1,000 reports take 20 ms to decode
 * for every build that reads it; 7 ms as ASCII).
 * @param {unknown} value
 */
export function asciiJson(value) {
  return JSON.stringify(value).replace(/[\u0080-\uffff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * Size, time and inode of each file (written by rename: a new inode each
 * time), or null when one is missing: files that still have the stamp a
 * build recorded are the ones it left.
 * @param {string[]} files
 * @returns {string | null}
 */
export function listsStamp(files) {
  const parts = []
  for (const file of files) {
    const s = statSync(file, {bigint: true, throwIfNoEntry: false})
    if (!s) return null
    parts.push(`${s.size}:${s.mtimeNs}:${s.ino}`)
  }
  return parts.join('/')
}

/**
 * The labels of every language, kept as JSON beside the manifest: parsing
 * the i18n files with `yaml` costs a warm build more than all else it does.
 * The common key covers the files, so labels kept under the same key are
 * theirs.
 * @param {string} out  the .benchdoc folder
 * @param {string} common  commonKey()
 * @param {() => Record<string, Record<string, string>>} load  the labels by language, read from i18n/
 * @returns {Record<string, Record<string, string>>}
 */
export function cachedLabels(out, common, load) {
  const file = join(out, 'cache', 'labels.json')
  try {
    const read = JSON.parse(readFileSync(file, 'utf8'))
    if (read.common === common) return read.labels
  } catch {}
  const labels = load()
  writeFileAtomic(file, JSON.stringify({common, labels}))
  return labels
}

/**
 * What every report's outputs depend on besides its own files: the tools'
 * source (any change to a derivation, a chart or the view model shows), the
 * package's manifest and lock (an installed package has no lock), the
 * labels (the package's and the repository's), the languages with their
 * locales, and whether the repository's templates lay out the report pages.
 *
 * Given `out`, the key is kept beside the manifest with a stamp of those files (their
 * paths, sizes, times and inodes, as stamps.js takes a report's): while the stamp is
 * the same, the key is not made again. Reading and hashing some 400 files cost every
 * build 15–30 ms; their stamp costs 2–4. A file changed in the last RACY_MS gives no
 * stamp, and the key is made from the files' content.
 * @param {string} root
 * @param {string[]} languages
 * @param {string} [out]  the .benchdoc folder
 */
export function commonKey(root, languages, out) {
  const head = `${CACHE_VERSION} ${languages.join(',')}\n`
  // who lays out the report pages: Node writes them, or the repository's templates read the model
  const tail = templatesOverridden(root) ? '\0templates' : '\0pages'
  const sources = sourceFiles(join(PACKAGE_ROOT, 'tools'))
  const packaged = ['package.json', 'package-lock.json'].map((name) => join(PACKAGE_ROOT, name)).filter((f) => existsSync(f))
  const labels = languages.flatMap((lang) => labelFiles(root, lang))
  // the languages' locales, which write the charts' numbers
  const config = [join(root, 'config.toml')].filter((f) => existsSync(f))
  const file = out && join(out, 'cache', 'common.json')
  const stamp = file ? filesStamp(head + tail, [...sources, ...packaged, ...labels, ...config]) : null
  if (file && stamp) {
    const kept = readJsonOrNull(file)
    if (kept?.stamp === stamp && typeof kept.key === 'string') return kept.key
  }
  const hash = createHash('sha256').update(head)
  for (const f of sources) hash.update(f).update(readFileSync(f))
  for (const f of packaged) hash.update(readFileSync(f))
  for (const f of labels) hash.update(f).update(readFileSync(f))
  for (const f of config) hash.update(readFileSync(f))
  const key = hash.update(tail).digest('hex')
  if (file && stamp) writeFileAtomic(file, JSON.stringify({stamp, key}))
  return key
}

/**
 * A digest of files' paths, sizes, times and inodes, or null when one is missing or changed in the last RACY_MS.
 * @param {string} head @param {string[]} files
 */
function filesStamp(head, files) {
  const newest = Date.now() - RACY_MS
  const hash = createHash('sha256').update(head)
  for (const f of files) {
    const s = statSync(f, {throwIfNoEntry: false})
    if (!s || s.mtimeMs > newest || s.ctimeMs > newest) return null
    hash.update(`${f}\0${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}\n`)
  }
  return hash.digest('hex')
}

/** @param {string} file @returns {{stamp?: unknown, key?: unknown} | null} */
function readJsonOrNull(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return null
  }
}

/**
 * A report's key: the common key and the content of its files.
 * @param {string} common
 * @param {string} data  the report file's text
 * @param {Record<string, string>} narratives  text by language
 */
export function reportKey(common, data, narratives) {
  const hash = createHash('sha256').update(common).update('\0').update(data)
  for (const lang of Object.keys(narratives).sort()) hash.update(`\0${lang}\0`).update(narratives[lang])
  return hash.digest('hex').slice(0, 32)
}

/**
 * Every .js file of the tools' source under `dir`, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  // the bundle is made from them (pack/bundle.js): which of the two runs makes the same outputs
  return toolFiles(dir).filter((file) => /\.m?js$/.test(file)).sort()
}
