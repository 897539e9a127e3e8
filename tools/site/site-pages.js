import {createHash} from 'node:crypto'
import {existsSync, mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {indexOrder} from '../derive/versions.js'
import {renderAll} from '../charts/pool.js'
import {writeLists} from './index-html.js'
import {keepOnly} from './prune.js'
import {versionsSite} from './versions-site.js'
import {writeIfChanged} from '../lib/atomic-write.js'

/**
 * What the pages that show every report read, written from the entries on
 * every build: `data/index.json` (the content adapter makes the report pages
 * from it), the lists (index-html.js) and the versions pages (versions-site.js).
 * A file is written only when its text changed; one no longer made is removed.
 *
 * @typedef {import('./cache.js').Entry} Entry
 * @typedef {{out: string, languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>, locales: Record<string, string>,
 *   style: import('./format.js').NumberStyle}} Site
 */

/**
 * @param {Site} site
 * @param {Map<string, Entry>} entries  every report's, by id
 * @returns {Promise<{lists: string, versions: string, charted: string[], charts: {rendered: number, cached: number}}>}
 *   digests of what the lists and the versions pages read, for render-plan.js; the versions charts' keys
 */
export async function writeSitePages(site, entries) {
  const {out} = site
  const order = indexOrder([...entries].map(([id, e]) => ({id, date: e.date, product: e.versions.product, version: e.versions.newest})))
  const pages = Object.fromEntries([...entries].map(([id, {card}]) => [id, {titles: card.titles, date: card.date_full}]))
  const index = JSON.stringify({reports: order, pages})
  writeIfChanged(join(out, 'data', 'index.json'), index)
  const lists = writeLists(out, order, Object.fromEntries(entries), site.labels)
  const listDir = join(out, 'assets', 'site', 'lists')
  removeOthers(listDir, new Set(site.languages.flatMap((lang) => ['index', 'reports'].map((list) => join(listDir, `${list}.${lang}.html`)))))
  const versions = await writeVersions(site, entries)
  return {lists: digest([index, versions.data, ...lists]), versions: versions.digest, charted: versions.charted, charts: versions.charts}
}

/**
 * The versions pages: their products (`data/versions.json`), each page's model, tables and charts.
 * @param {Site} site @param {Map<string, Entry>} entries
 */
async function writeVersions({out, languages, labels, locales, style}, entries) {
  const facts = [...entries].map(([id, e]) => ({id, facts: e.versions}))
  const titles = Object.fromEntries([...entries].map(([id, e]) => [id, e.card.titles]))
  const {models, charts, tables} = versionsSite(facts, languages, labels, locales, style, titles)
  const assets = join(out, 'assets')
  const drawn = renderAll(charts.map((c) => ({spec: c.spec, cacheDir: join(out, 'cache', 'charts'), copies: c.copies.map(({lang, ...copy}) => ({file: join(assets, c.path.replace('LANG', lang)), ...copy}))})))
  // the tables are written while the charts are drawn
  drawn.catch(() => {}) // thrown by the await below
  const data = JSON.stringify({products: models.map(({product, slug}) => ({product, slug}))})
  const model = JSON.stringify({products: models})
  writeIfChanged(join(out, 'data', 'versions.json'), data)
  writeIfChanged(join(assets, 'site', 'versions.json'), model)
  for (const t of tables) writeIfChanged(join(assets, t.path), t.html)
  const results = await drawn
  const files = new Set([...tables.map((t) => join(assets, t.path)), ...charts.flatMap((c) => c.copies.map(({lang}) => join(assets, c.path.replace('LANG', lang))))])
  for (const dir of [join(assets, 'site', 'versions'), join(assets, 'charts', 'versions')]) removeOthers(dir, files)
  const charted = results.map((r) => r.key)
  const counts = {rendered: results.filter((r) => !r.cached).length, cached: results.filter((r) => r.cached).length}
  // the charts' files are made from their spec and their copies' words
  const parts = [model, ...tables.map((t) => `${t.path}\0${t.html}`), ...charts.map((c, i) => `${c.path}\0${results[i].key}\0${JSON.stringify(c.copies)}`)]
  return {data, digest: digest(parts), charted, charts: counts}
}

/**
 * Remove every file under `dir` that is not in `keep`, and the folders that leaves empty.
 * @param {string} dir @param {Set<string>} keep
 */
const removeOthers = (dir, keep) => (existsSync(dir) ? keepOnly(dir, keep) : mkdirSync(dir, {recursive: true}))

/** @param {string[]} parts */
const digest = (parts) => {
  const hash = createHash('sha256')
  for (const p of parts) hash.update(p).update('\0')
  return hash.digest('hex')
}
