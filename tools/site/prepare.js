import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {basename, join, relative} from 'node:path'
import {siteLabels, siteLanguages} from '../i18n/labels.js'
import {readLanguages} from '../i18n/languages.js'
import {InputError, readTextInput} from '../lib/input.js'
import {reportFiles} from '../validate/files.js'
import {cachedLabels, commonKey, listsStamp, readManifest, reportKey, writeManifest} from './cache.js'
import {stampOf} from './stamps.js'
import {writeIfChanged} from './write.js'
import {siteNumberStyle} from './format.js'
import {knownLocales} from './locale-cache.js'
import {shownVersions, versionsShape, versionsSite} from './versions-site.js'
import {indexOrder} from '../derive/versions.js'
import {renderChart, warmOne, warmPool} from '../charts/pool.js'
import {formatProblem} from '../lib/problems.js'
import {domainData} from './domain-data.js'
import {removeGoneExports} from './export-files.js'
import {writeLists} from './index-html.js'
import {listsOverridden, templatesOverridden, versionsOverridden} from './page-html/overrides.js'
import {mark} from '../lib/trace.js'

/**
 * Everything Hugo reads, derived from data/ into .benchdoc/: each report
 * page's article (assets/pages/<id>/<lang>.html, page-html/), or the report's
 * view model for templates of the repository's own (data/reports/<id>.json), the report order for the index,
 * and one SVG chart file per report × language × workload. Data flows one way:
 * nothing here reads back what Hugo wrote.
 *
 * A report whose files' sizes and times are those of the last build
 * (stamps.js) is not read at all. Any other report's inputs are read once
 * and keyed by their content (cache.js); only a report whose key changed is
 * validated, derived (once, by the validator, then passed on), checked for
 * translations and charted (prepare-report.js), its charts rendered by the
 * worker pool while the next reports are prepared.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../narrative/read.js').ReportNarratives} ReportNarratives
 */

/**
 * @param {{root: string, out?: string, later?: Array<() => void>, versions?: Array<() => Promise<void>>, whileHugo?: Array<() => Promise<void>>}} options
 *   `later`: given, the work that no page needs (the changed reports' Markdown exports and
 *   downloads, then the manifest that says they are there) is left in it for the caller, which
 *   runs it while Hugo renders (build.js); not given, it is done before this returns.
 *   `versions`: given, the versions pages' step (their data and charts, the slowest part of a
 *   one-report change at 1,000 reports) is pushed to it for the caller to run (serve runs it
 *   once the edits pause); not given, it is done before this returns.
 *   `whileHugo`: given, the versions pages' tables and the wait for their charts are pushed to it, for
 *   the caller to run while Hugo renders the pages they are filled into afterwards (fill-pages.js); not
 *   given (or with the site's own templates, which may read them), they are done before this returns
 * @returns {Promise<{problems: Problem[], reports: number, unchanged: number, unread: number, charts: {rendered: number, cached: number}, versionsCharts: {rendered: number, cached: number}, common: string, keys: Record<string, string>}>}
 *   `versionsCharts`: the versions pages' charts this build drew or took from the cache (none when they were kept); counted once their step ran
 *   `unread`: unchanged reports whose files were not even read (their stamps were those of the last build);
 *   `common`: the key of the tools, labels and configuration; `keys`: each derived report's content key
 */
export async function prepareSite({root, out = join(root, '.benchdoc'), later, versions, whileHugo}) {
  const deferred = /** @type {Array<() => void>} */ (later ?? [])
  const now = Date.now()
  const languages = siteLanguages(root)
  const files = reportFiles([], root)
  const ids = files.map((f) => basename(f).replace(/\.ya?ml$/, ''))
  const common = commonKey(root, languages, out)
  const {reports: previous, lists: listsBefore} = readManifest(out, common)
  const {stamps, same, outputsExist} = lookedAt({root, out, files, ids, previous, now})
  mark('stamps looked at')
  const listed = await readChanged(root, languages, ids, same)
  /** @type {Problem[]} */
  const problems = [...listed.problems]
  // a report whose narratives have a problem of where they are is read every time, to show it
  const troubled = new Set(listed.problems.map((p) => p.file.split(/[\\/]/)[2]))
  /** @type {import('./cache.js').Manifest} */
  const manifest = {}
  // serve's static mount needs the folder
  mkdirSync(join(out, 'static', 'downloads'), {recursive: true})
  const site = siteOf(root, out, languages, common)
  const {labels, locales, style, charts} = site
  let unchanged = 0
  let changed = 0
  const charting = inFlight(CHARTING_REPORTS)

  for (const [i, file] of files.entries()) {
    const id = ids[i]
    const cached = previous[id]
    if (same[i]) {
      manifest[id] = cached
      problems.push(...cached.problems)
      unchanged++
      continue
    }
    const text = readData(root, file, problems)
    if (text === null) continue
    const narratives = listed.narrativesOf.get(id)
    const key = reportKey(common, text, Object.fromEntries(Object.values(narratives?.files ?? {}).map((f) => [f.lang, f.text])))
    const stamp = troubled.has(id) ? null : stamps[i]
    if (cached?.key === key && outputsExist(id)) {
      // the same entry, so that its details stay where the manifest keeps them (cache.js)
      manifest[id] = Object.assign(cached, {stamp})
      problems.push(...cached.problems)
      unchanged++
      continue
    }
    // the first changed report starts a worker that loads Vega while this thread derives (pool.js warmOne);
    // a second starts every worker, at once when nothing was built before (every report changes)
    if (++changed === 2 || (changed === 1 && !cached && files.length > 1 && Object.keys(previous).length === 0)) warmPool()
    else if (changed === 1) warmOne()
    const {prepareChangedReport} = await import('./prepare-report.js')
    const result = prepareChangedReport(site, {file, text, narratives}, deferred)
    problems.push(...result.problems)
    if (!result.entry) continue
    // the next reports are validated and derived while the pool renders this one's charts
    if (result.charting) await charting.add(result.charting, result.drawing)
    manifest[id] = {key, stamp, ...result.entry, problems: result.problems}
    mark(`derived ${id}`)
  }

  // Serve shows these on every page until they are fixed (an empty list clears it).
  writeIfChanged(join(out, 'assets', 'site', 'problems.json'), JSON.stringify({problems: problems.filter((p) => p.severity === 'error').map(formatProblem)}))
  writeIfChanged(join(out, 'data', 'domain.json'), JSON.stringify(domainData()))
  const keys = Object.fromEntries(Object.entries(manifest).map(([id, entry]) => [id, entry.key]))
  const done = () => {
    if (!later) runNow(deferred)
    return {problems, reports: files.length, unchanged, unread: same.filter(Boolean).length, charts, versionsCharts: site.versionsCharts, common, keys}
  }
  if (problems.some((p) => p.severity === 'error')) {
    await charting.all()
    return done()
  }
  // the lists and versions pages need the reports' facts, not their charts: made while the last charts render
  const fills = fillsOf(root, whileHugo)
  const listsLater = await writeListPages({out, common, manifest, ids, site, versions, previous, listsBefore, allKept: unchanged === files.length, charted: charting.all, oneWorker: changed < 2, drawn: charting.drawn, fills})
  // last (after lists written while Hugo renders): a report the manifest lists has all its outputs (outputsExist); lists left for later have no stamp yet
  const lastSteps = fills.lists ?? deferred
  lastSteps.push(async () => writeManifest(out, common, manifest, listsLater ? null : listFiles(out, languages)))
  return done()
}

/**
 * Where the parts that fill-pages.js fills into Hugo's pages are left for the caller to make while Hugo
 * renders (prepareSite's `whileHugo`): the versions pages' tables and charts, and the lists of reports.
 * Either is undefined when it is made before Hugo: no `whileHugo`, or the repository's own templates read it.
 * @typedef {{tables: Array<() => Promise<void>> | undefined, lists: Array<() => Promise<void>> | undefined}} Fills
 */

/**
 * What is filled into Hugo's pages after it (fill-pages.js) is made while it renders, unless the repository's own templates read it.
 * @param {string} root @param {Array<() => Promise<void>>} [whileHugo] @returns {Fills}
 */
function fillsOf(root, whileHugo) {
  return {tables: versionsOverridden(root) ? undefined : whileHugo, lists: listsOverridden(root) ? undefined : whileHugo}
}

/**
 * The versions pages' data and charts (now, or pushed to `versions` for the
 * caller, with the index when the reports are the same: serve shows an edited report's
 * pages first, and Hugo's server renders the index pages, 0.8 MB each at
 * 1,000 reports, once the edits pause), the index (unless it shows the same
 * as the last build's), and no output of a report that is gone; then waits
 * for the reports' charts (`charted`).
 * @param {{out: string, common: string, manifest: import('./cache.js').Manifest, ids: string[], site: ReturnType<typeof siteOf>, versions?: Array<() => Promise<void>>,
 *   previous: import('./cache.js').Manifest, listsBefore: string | null, allKept: boolean, charted: () => Promise<void>, oneWorker: boolean, drawn: () => Promise<unknown>,
 *   fills: Fills}} options
 *   `previous`: the last build's manifest; `listsBefore`: the lists' stamp it recorded; `allKept`: whether every report was unchanged;
 *   `charted`: waits for the reports' charts and their pages; `oneWorker`: whether at most one report was derived (then one worker
 *   was started: pool.js warmOne); `drawn`: waits for the reports' charts alone
 * @returns {Promise<boolean>}  whether the index was left in the step for the caller
 */
async function writeListPages({out, common, manifest, ids, site, versions, previous, listsBefore, allKept, charted, oneWorker, drawn, fills}) {
  const {labels, languages, locales, style} = site
  const listsNow = listsStamp(listFiles(out, languages))
  // as the last build left them (not a build stopped after writing its lists)
  const listsLeft = listsNow !== null && listsNow === listsBefore
  // with every report as it was, the index and versions pages are too
  if (allKept && Object.keys(previous).length === ids.length && listsKept(out) && listsLeft) {
    await charted()
    return false
  }
  const index = !listsLeft || !sameLists(manifest, previous, listed)
  // the order, titles and dates Hugo reads (data/index.json), written only when they changed: 0.3 MB at 1,000 reports
  const indexData = !listsLeft || !sameLists(manifest, previous, indexed)
  // a report's row in the lists as they are is current when they are the last build's and the report is as it was
  const current = (/** @type {string} */ id) => listsLeft && previous[id]?.key === manifest[id].key
  // a report added or removed shows on the index at once
  const later = index && versions !== undefined && ids.length === Object.keys(previous).length && ids.every((id) => id in previous)
  // the index and the outputs of reports gone, written while the workers draw the versions charts
  const meanwhile = (/** @type {boolean} */ indexToo) => () => {
    if (indexToo) writeIndex(out, manifest, labels, current, {data: indexData, lists: fills.lists})
    removeGone(out, new Set(ids))
  }
  // the versions pages' charts are counted on their own: `charts` counts report charts
  // with one worker, the versions charts wait for the report's charts and then take that worker, whose
  // Vega is loaded: handed on while it draws, they would start a worker (pool.js leastBusy) that loads Vega first
  const options = {out, common, manifest, languages, labels, locales, style, counts: site.versionsCharts, before: oneWorker ? drawn : async () => {}, whileHugo: fills.tables}
  if (versions) {
    meanwhile(index && !later)()
    versions.push(() => writeVersions({...options, meanwhile: () => {
      if (later) writeIndex(out, manifest, labels, current, {data: indexData})
    }}))
  } else {
    await writeVersions({...options, meanwhile: meanwhile(index)})
  }
  await charted()
  return later
}

/** Let the event loop turn: work started before (charts handed to the pool) gets under way. */
const turn = () => new Promise((resolve) => setImmediate(resolve))

/**
 * Whether the lists show the same as the last build's (`shown`: `listed` or `indexed`): the same
 * reports, each with its content key or else the same facts shown. An edited
 * number seldom changes a list (it shows headline changes, rounded): then
 * neither its rows (2.7 MB kept at 1,000 reports) nor the lists are read or written.
 * @param {import('./cache.js').Manifest} manifest @param {import('./cache.js').Manifest} previous
 * @param {(e: import('./cache.js').Entry) => string} shown
 */
function sameLists(manifest, previous, shown) {
  const ids = Object.keys(manifest)
  if (ids.length !== Object.keys(previous).length) return false
  return ids.every((id) => {
    const now = manifest[id]
    const then = previous[id]
    if (!then) return false
    return now.key === then.key || shown(now) === shown(then)
  })
}

/** What the lists show of a report: its card, and what orders it. @param {import('./cache.js').Entry} e */
const listed = (e) => JSON.stringify([e.date, e.versions.product, e.versions.newest, e.card])

/** What data/index.json holds of a report (writeIndex). @param {import('./cache.js').Entry} e */
const indexed = (e) => JSON.stringify([e.date, e.versions.product, e.versions.newest, e.card.titles, e.card.date_full])

/**
 * The files the index writes (writeIndex): what listsStamp covers.
 * @param {string} out @param {string[]} languages
 */
function listFiles(out, languages) {
  const lists = languages.flatMap((lang) => ['index', 'reports'].map((list) => join(out, 'assets', 'site', 'lists', `${list}.${lang}.html`)))
  return [join(out, 'data', 'index.json'), ...lists]
}

/** @param {Array<() => void>} work  done in order, and emptied */
function runNow(work) {
  for (const step of work.splice(0)) step()
}

/** Whether the index's and versions pages' data from the last build are there. @param {string} out */
function listsKept(out) {
  return ['data/index.json', 'data/versions.json', 'assets/site/lists', 'assets/site/versions.json'].every((f) => existsSync(join(out, f)))
}

/**
 * What every report's derivation shares: the labels (cached by the common
 * key), each language's locale and the site's one number style.
 * @param {string} root @param {string} out @param {string[]} languages @param {string} common
 */
function siteOf(root, out, languages, common) {
  const labels = cachedLabels(out, common, () => siteLabels(root, languages))
  const locales = Object.fromEntries(readLanguages(root).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
  knownLocales(out, common, [...new Set(Object.values(locales))])
  return {root, out, languages, labels, locales, style: siteNumberStyle(locales), charts: {rendered: 0, cached: 0}, versionsCharts: {rendered: 0, cached: 0}, pages: !templatesOverridden(root)}
}

/**
 * A report's data file as text, or null with its problem said (a file that
 * cannot be read as a data file: tools/lib/input.js).
 * @param {string} root @param {string} file @param {Problem[]} problems
 * @returns {string | null}
 */
function readData(root, file, problems) {
  try {
    return readTextInput(file, {shown: relative(root, file), root, what: 'data file'})
  } catch (e) {
    if (!(e instanceof InputError)) throw e
    problems.push(e.toProblem())
    return null
  }
}

/**
 * Whether a report's outputs are still there to be kept: its charts as drawn
 * (written with its page files or model for Hugo), its downloads and its exports. Three folder listings, made when first asked
 * (3,000 file checks at 1,000 reports cost more).
 * @param {string} out
 * @returns {(id: string) => boolean}
 */
function outputsThere(out) {
  /** @type {Array<Set<string>> | null} */
  let listed = null
  const names = (/** @type {string} */ dir) => new Set(existsSync(dir) ? readdirSync(dir) : [])
  return (id) => {
    listed ??= [names(join(out, 'cache', 'charts-drawn')), names(join(out, 'static', 'downloads')), names(join(out, 'export'))]
    return listed[0].has(`${id}.json`) && listed[1].has(id) && listed[2].has(id)
  }
}

/**
 * Read the narratives of the reports that may have changed, and of folders
 * that belong to no report (an error to show). With nothing to read, the
 * Markdown parser is not even loaded.
 * @param {string} root @param {string[]} languages @param {string[]} ids @param {boolean[]} same
 * @returns {Promise<{problems: Problem[], narrativesOf: Map<string, ReportNarratives>}>}
 */
async function readChanged(root, languages, ids, same) {
  const reportIds = new Set(ids)
  const dir = join(root, 'content', 'narrative')
  const strays = existsSync(dir) ? readdirSync(dir).filter((name) => !reportIds.has(name)) : []
  const wanted = [...ids.filter((_, i) => !same[i]), ...strays]
  if (wanted.length === 0) return {problems: [], narrativesOf: new Map()}
  const {listNarratives} = await import('../narrative/index.js')
  const listed = listNarratives(root, languages, {reportIds, ids: wanted})
  return {problems: listed.problems, narrativesOf: new Map(listed.reports.map((r) => [r.id, r]))}
}

/** Reports whose charts may be rendering at once: enough to keep every worker busy, few enough to hold little memory. */
const CHARTING_REPORTS = 16

/**
 * Work that runs on while the caller goes on, at most `limit` at a time.
 * `add` waits for the oldest when the limit is reached; `all` for the rest.
 * A failure is thrown by the `add` or `all` that waits for it. `drawn` waits
 * for the first part of every work added (a report's charts, without the pages written with them).
 * @param {number} limit
 */
function inFlight(limit) {
  /** @type {Promise<unknown>[]} */
  const running = []
  /** @type {Promise<unknown>[]} */
  const parts = []
  return {
    /** @param {Promise<unknown>} work @param {Promise<unknown>} [part]  its first part */
    async add(work, part) {
      // handled here so that a failure waits for its turn rather than crashing the process
      work.catch(() => {})
      // its failure is the work's too: thrown by whatever waits for the work
      if (part) parts.push(part.catch(() => {}))
      running.push(work)
      if (running.length >= limit) await running.shift()
    },
    async all() {
      while (running.length > 0) await running.shift()
    },
    drawn: () => Promise.all(parts)
  }
}

/**
 * Each report's stamp (stamps.js), whether it looks as it did at the last
 * build (the same stamp, its outputs there: then it is not even read), and
 * the check of its outputs. A report that looks changed after a build will
 * likely have charts to draw: a worker starts loading Vega now, while this
 * thread reads narratives and labels, not only once the change is found (pool.js warmOne).
 * @param {{root: string, out: string, files: string[], ids: string[], previous: import('./cache.js').Manifest, now: number}} options
 */
function lookedAt({root, out, files, ids, previous, now}) {
  const narrativeDir = join(root, 'content', 'narrative')
  const stamps = ids.map((id, i) => stampOf(files[i], join(narrativeDir, id), now, previous[id]?.stamp))
  const outputsExist = outputsThere(out)
  const same = ids.map((id, i) => stamps[i] !== null && previous[id]?.stamp === stamps[i] && outputsExist(id))
  if (Object.keys(previous).length > 0 && same.includes(false)) warmOne()
  return {stamps, same, outputsExist}
}

/**
 * The report order for the index (newest first; an undated report by its
 * newest version: `indexOrder`) with each report's page title and date, as
 * Hugo data; and the lists of every report as each language shows them,
 * written from the reports' cards as HTML assets (index-html.js).
 *
 * What an edited number changes is kept out of Hugo's data: `hugo server`
 * renders again every page when any data file changes, but only the pages
 * that read an asset when it changes (a second at 1,000 reports instead of
 * 25 s). So the lists, the versions pages' models and the problems are
 * assets (`site/`), and data holds what changes only with a title or a date.
 * @param {string} out
 * @param {import('./cache.js').Manifest} manifest
 * @param {Record<string, import('../i18n/labels.js').Labels>} labels
 * @param {(id: string) => boolean} current  whether a report's row in the lists as they are is current (index-html.js writeLists)
 * @param {{data: boolean, lists?: Array<() => Promise<void>>}} options  `data`: whether the order, titles or dates may have changed
 *   (else data/index.json is as it was); `lists`: given, the lists are left in it (Fills)
 */
function writeIndex(out, manifest, labels, current, {data, lists}) {
  const index = Object.entries(manifest).map(([id, e]) => {
    const {product, newest} = (e.order ??= {product: e.versions.product, newest: e.versions.newest})
    return {id, date: e.date, product, version: newest}
  })
  const order = indexOrder(index)
  if (data) {
    const pages = Object.fromEntries(Object.entries(manifest).map(([id, {card: {titles, date_full}}]) => [id, {titles, date: date_full}]))
    writeIfChanged(join(out, 'data', 'index.json'), JSON.stringify({reports: order, pages}))
  }
  if (lists) lists.push(async () => writeLists(out, order, manifest, labels, current, {titles: data}))
  else writeLists(out, order, manifest, labels, current, {titles: data})
}

/**
 * The versions pages' data and charts, from every report's version facts.
 * When the last build's models are there and every report's facts have the shape they
 * had (versionsShape: figures changed alone), the models come out the same, and so do
 * the pages Hugo makes of them: the whole step (reading every report's facts, 0.1 s at
 * 1,000 reports, and laying out the pages) is then left in `whileHugo`, and checked there.
 * @param {{out: string, common: string, manifest: import('./cache.js').Manifest, languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>,
 *   locales: Record<string, string>, style: import('./format.js').NumberStyle, counts: {rendered: number, cached: number}, meanwhile: () => void, before: () => Promise<unknown>,
 *   whileHugo?: Array<() => Promise<void>>}} options
 *   `meanwhile`: the caller's work, done while the charts are drawn (or at once when they are kept); `before`: waited for before the charts are handed on;
 *   `whileHugo`: given, the tables and the wait for the charts are left in it (prepareSite)
 */
async function writeVersions(options) {
  const {out, common, manifest, meanwhile, whileHugo} = options
  // the pages and charts as the last build made them, when every figure they print is the same;
  // `common` covers the tools' source, the labels, languages and locales
  const hash = createHash('sha256').update(common)
  const shapeHash = createHash('sha256').update(common)
  // each report's part is worked out once and kept in the manifest (a tenth of a one-report build at 1,000 reports)
  // and its titles, which the pages' notes name
  for (const [id, e] of Object.entries(manifest)) {
    hash.update('\0').update((e.shown ??= digest(shownVersions([{id, facts: e.versions}]) + JSON.stringify(e.card.titles))))
    shapeHash.update('\0').update((e.shape ??= digest(versionsShape([{id, facts: e.versions}]) + JSON.stringify(e.card.titles))))
  }
  const keys = {figures: hash.digest('hex'), shape: shapeHash.digest('hex')}
  const keyFile = join(out, 'cache', 'versions.key')
  const kept = ['data/versions.json', 'assets/site/versions.json', 'assets/charts/versions', 'assets/site/versions'].every((f) => existsSync(join(out, f)))
  const last = kept ? readVersionsKeys(keyFile) : null
  if (last?.figures === keys.figures) return meanwhile()
  if (whileHugo && last?.shape === keys.shape) {
    meanwhile()
    // every report's facts read now, while the caller waits for the changed reports' charts: the
    // details file (0.1 s at 1,000 reports) was most of the step, and Hugo takes the other core later
    const facts = factsOf(manifest)
    mark('versions left for while Hugo renders')
    whileHugo.push(() => versionsStep({...options, keys, keyFile, same: true, facts}))
    return
  }
  await versionsStep({...options, keys, keyFile, same: false, facts: null})
}

/**
 * Every report's versions facts and titles (reading the details file they are kept in, cache.js).
 * @param {import('./cache.js').Manifest} manifest
 */
function factsOf(manifest) {
  const entries = Object.entries(manifest).map(([id, e]) => ({id, facts: e.versions}))
  const titles = Object.fromEntries(Object.entries(manifest).map(([id, e]) => [id, e.card.titles]))
  mark('details read')
  return {entries, titles}
}

/**
 * The versions pages' models, charts and tables, and the keys they were made for.
 * `same`: made while Hugo renders the pages of the last build's models, which these must
 * equal; if they do not (a shape versionsShape missed), they are written, the keys are
 * not, and the build fails, so that the next one makes every page again. `facts`: every
 * report's (factsOf), when read already.
 * @param {Parameters<typeof writeVersions>[0] & {keys: {figures: string, shape: string}, keyFile: string, same: boolean, facts: ReturnType<typeof factsOf> | null}} options
 */
async function versionsStep({out, manifest, languages, labels, locales, style, counts, meanwhile, before, whileHugo, keys, keyFile, same, facts}) {
  // the reports' charts handed to the pool first (it loads its job module when it gets the first: the event loop turns until then)
  await import('../charts/job.js')
  await turn()
  const {entries, titles} = facts ?? factsOf(manifest)
  const {models, charts, tables} = versionsSite(entries, languages, labels, locales, style, titles)
  const cacheDir = join(out, 'cache', 'charts')
  // each chart drawn once, a copy for each of its languages (versions-charts.js); the tables and
  // data are written while they are drawn, the keys once everything is there
  const copiesOf = (/** @type {import('./versions-charts.js').VersionsChart} */ c) => c.copies.map(({lang, ...copy}) => ({file: join(out, 'assets', c.path.replace('LANG', lang)), ...copy}))
  mark('versions derived')
  await before()
  const drawn = Promise.all(charts.map((c) => renderChart({spec: c.spec, cacheDir, copies: copiesOf(c)})))
  drawn.then(() => mark('versions charts drawn'), () => {})
  drawn.catch(() => {}) // thrown by the await below
  // handed to the pool (its job module is loaded) before the main thread writes on
  await turn()
  if (!same) meanwhile()
  mark('index and lists written')
  // the pages to make as data, their figures as an asset (see writeIndex)
  const data = {[join(out, 'data', 'versions.json')]: JSON.stringify({products: models.map(({product, slug}) => ({product, slug}))}), [join(out, 'assets', 'site', 'versions.json')]: JSON.stringify({products: models})}
  const changed = same && Object.entries(data).some(([file, text]) => readIfExists(file) !== text)
  for (const [file, text] of Object.entries(data)) writeIfChanged(file, text)
  if (changed) {
    rmSync(keyFile, {force: true})
    await drawn.catch(() => {})
    throw new Error('the versions pages changed while Hugo made them as they were (a change tools/site/versions-site.js versionsShape does not see): build again, which makes every page')
  }
  // what the pages are filled with (fill-pages.js), the keys once it is all there
  const rest = async () => {
    writeTables(out, tables())
    mark('versions tables written')
    for (const {cached} of await drawn) counts[cached ? 'cached' : 'rendered']++
    writeIfChanged(keyFile, `${keys.figures}\n${keys.shape}\n`)
  }
  if (whileHugo && !same) whileHugo.push(rest)
  else await rest()
}

/**
 * The keys the last build's versions pages were made for, or null when there are none (or only
 * the figures' key of a build before versionsShape: its pages are made again once).
 * @param {string} file @returns {{figures: string, shape: string} | null}
 */
function readVersionsKeys(file) {
  const [figures, shape] = (readIfExists(file) ?? '').split('\n')
  return figures && shape ? {figures, shape} : null
}

/**
 * The versions pages' tables as their pages print them (versions-html.js); a product gone leaves no table behind.
 * @param {string} out @param {import('./versions-site.js').TableFile[]} written
 */
function writeTables(out, written) {
  const tablesDir = join(out, 'assets', 'site', 'versions')
  mkdirSync(tablesDir, {recursive: true})
  const tableFiles = new Set(written.map((t) => join(out, 'assets', t.path)))
  for (const d of readdirSync(tablesDir, {recursive: true, withFileTypes: true})) {
    if (d.isFile() && !tableFiles.has(join(d.parentPath, d.name))) rmSync(join(d.parentPath, d.name))
  }
  for (const t of written) writeIfChanged(join(out, 'assets', t.path), t.html)
}

/** @param {string} text */
const digest = (text) => createHash('sha256').update(text).digest('base64').slice(0, 22)

/** @param {string} file @returns {string | null} */
function readIfExists(file) {
  try {
    return readFileSync(file, 'utf8')
  } catch {
    return null
  }
}

/**
 * Remove the outputs of reports that are no longer in data/reports/.
 * @param {string} out
 * @param {Set<string>} ids
 */
function removeGone(out, ids) {
  // a report's data for Hugo, its charts' renderings (report-charts.js keptChartsFile) and as drawn: <id>.json, or
  // <id>.json.<pid>.<thread>.tmp while a chart worker writes it (lib/atomic-write.js): this runs while report charts are drawn
  for (const dir of [join(out, 'data', 'reports'), join(out, 'cache', 'report-charts'), join(out, 'cache', 'charts-drawn')]) {
    for (const f of existsSync(dir) ? readdirSync(dir) : []) if (!ids.has(f.replace(/\.json(\.\d+\.\d+\.tmp)?$/, ''))) rmSync(join(dir, f), {force: true})
  }
  for (const folder of [join(out, 'static', 'charts'), join(out, 'static', 'downloads'), join(out, 'assets', 'pages')]) {
    for (const d of existsSync(folder) ? readdirSync(folder) : []) if (!ids.has(d)) rmSync(join(folder, d), {recursive: true})
  }
  removeGoneExports(out, ids)
  // report charts were inlined from assets/ before they became files: only the versions pages' are left there
  const inlined = join(out, 'assets', 'charts')
  for (const d of existsSync(inlined) ? readdirSync(inlined) : []) if (d !== 'versions') rmSync(join(inlined, d), {recursive: true})
}
