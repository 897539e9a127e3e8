import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {labelFiles} from '../i18n/labels.js'
import {PACKAGE_ROOT} from '../lib/root.js'

/**
 * The build's persistent cache: for each report, a key made of the content
 * of everything its outputs depend on (its data file, its narratives, the
 * labels, the site languages, and the tools' own source), and what the build
 * kept of it (date, warnings). A report whose key is unchanged is neither
 * validated, derived nor charted again: its outputs in .benchdoc/ stand.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {{key: string, stamp: string | null, date: string | null, problems: Problem[], versions: ReturnType<typeof import('../derive/versions.js').versionFacts>,
 *   card: ReturnType<typeof import('./report-card.js').reportCard>, shown?: string}} Entry
 *   `stamp`: its files' sizes and times (stamps.js), so that an unchanged report is not even read;
 *   `versions`: what the report gives its product's versions page (and the index order);
 *   `card`: what the lists show of it (report-card.js); `shown`: a digest of what the versions pages print of it
 * @typedef {Record<string, Entry>} Manifest
 */

/** Bump to drop every cached report, e.g. when the cache format changes. */
const CACHE_VERSION = 4

/** @param {string} out  the .benchdoc folder */
const manifestFile = (out) => join(out, 'cache', 'reports.json')

/**
 * The last build's manifest, if it was made with the same common key (the
 * same tools, labels and languages); otherwise every report is new. With it,
 * the stamp its build saw of the lists' files (listsStamp): lists whose files
 * still have that stamp are those the manifest's reports made.
 * @param {string} out
 * @param {string} common  commonKey()
 * @returns {{reports: Manifest, lists: string | null}}
 */
export function readManifest(out, common) {
  try {
    const read = JSON.parse(readFileSync(manifestFile(out), 'utf8'))
    return read.version === CACHE_VERSION && read.common === common ? {reports: read.reports, lists: read.lists ?? null} : {reports: {}, lists: null}
  } catch {
    return {reports: {}, lists: null}
  }
}

/**
 * Written last, once every report it lists has its outputs; with the lists' files' stamp as they are then.
 * @param {string} out @param {string} common @param {Manifest} reports @param {string[]} lists  the lists' files
 */
export function writeManifest(out, common, reports, lists) {
  writeFileAtomic(manifestFile(out), JSON.stringify({version: CACHE_VERSION, common, lists: listsStamp(lists), reports}))
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
 * labels (the package's and the repository's), and the languages with their
 * locales.
 * @param {string} root
 * @param {string[]} languages
 */
export function commonKey(root, languages) {
  const hash = createHash('sha256').update(`${CACHE_VERSION} ${languages.join(',')}\n`)
  for (const file of sourceFiles(join(PACKAGE_ROOT, 'tools'))) hash.update(file).update(readFileSync(file))
  for (const name of ['package.json', 'package-lock.json']) {
    if (existsSync(join(PACKAGE_ROOT, name))) hash.update(readFileSync(join(PACKAGE_ROOT, name)))
  }
  for (const lang of languages) for (const file of labelFiles(root, lang)) hash.update(file).update(readFileSync(file))
  // the languages' locales, which write the charts' numbers
  if (existsSync(join(root, 'config.toml'))) hash.update(readFileSync(join(root, 'config.toml')))
  return hash.digest('hex')
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
 * Every .js file under `dir`, sorted.
 * @param {string} dir
 * @returns {string[]}
 */
function sourceFiles(dir) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((d) => d.isFile() && d.name.endsWith('.js'))
    .map((d) => join(d.parentPath, d.name))
    .sort()
}
