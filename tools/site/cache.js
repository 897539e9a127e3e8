import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {labelFiles} from '../i18n/labels.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {sourceFiles} from '../pack/fresh.js'

/**
 * The build's one cache, `.benchdoc/cache/`, content-keyed; anyone may delete it:
 * - `reports/<id>.json`: a report's entry under the key of all its outputs
 *   depend on (`reportKey`): what the lists, versions pages and next build
 *   need of it. Removed before its outputs are written and written after, so
 *   a matching entry means they are there; a killed build leaves none.
 * - `charts/<key>.svg`: each chart as Vega drew it, keyed by its spec (charts/job.js).
 * Besides, only what Hugo rendered last is kept (render-plan.js).
 *
 * @typedef {{key: string, problems: import('../lib/problems.js').Problem[], date: string | null, versions: ReturnType<typeof import('../derive/versions.js').versionFacts>,
 *   card: ReturnType<typeof import('./report-card.js').reportCard>, charts: import('./report-charts.js').RenderedCharts, charted: string[]}} Entry
 *   `versions`: what the report gives its product's versions page (and the index order); `card`: what the lists show of it;
 *   `charts`: the charts each language's page shows (for `benchdoc export --docs`); `charted`: the chart renderings it uses (their keys)
 */

/** Bump to drop every cached entry, e.g. when an entry's shape changes. */
const CACHE_VERSION = 6

/** @param {string} out  the .benchdoc folder @param {string} id */
const entryFile = (out, id) => join(out, 'cache', 'reports', `${id}.json`)

/**
 * A report's entry, when the cache holds one under `key`.
 * @param {string} out @param {string} id @param {string} key
 * @returns {Entry | null}
 */
export function readEntry(out, id, key) {
  try {
    const entry = JSON.parse(readFileSync(entryFile(out, id), 'utf8'))
    return entry.key === key ? entry : null
  } catch {
    return null // none, or not readable: the report is derived again
  }
}

/** @param {string} out @param {string} id @param {Entry} entry */
export function writeEntry(out, id, entry) {
  writeFileAtomic(entryFile(out, id), JSON.stringify(entry))
}

/** Before a report's outputs change. @param {string} out @param {string} id */
export function removeEntry(out, id) {
  rmSync(entryFile(out, id), {force: true})
}

/** The ids that have an entry. @param {string} out @returns {string[]} */
export function cachedIds(out) {
  const dir = join(out, 'cache', 'reports')
  return existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.json')).map((f) => f.slice(0, -'.json'.length)) : []
}

/**
 * What every report's outputs depend on besides its own files: the tools'
 * source, the package's manifest and lock, the labels and the site's configuration.
 * @param {string} root
 * @param {string[]} languages
 */
export function commonKey(root, languages) {
  const hash = createHash('sha256').update(`${CACHE_VERSION} ${languages.join(',')}\n`)
  // the bundle is made from the source: either runs to the same outputs
  const sources = sourceFiles(join(PACKAGE_ROOT, 'tools')).filter((f) => /\.m?js$/.test(f)).sort()
  const packaged = ['package.json', 'package-lock.json'].map((name) => join(PACKAGE_ROOT, name))
  const labels = languages.flatMap((lang) => labelFiles(root, lang))
  for (const f of [...sources, ...packaged, ...labels, join(root, 'config.toml')]) {
    if (existsSync(f)) hash.update(f).update('\0').update(readFileSync(f))
  }
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
