import {existsSync, readdirSync, rmSync} from 'node:fs'
import {basename, join, relative} from 'node:path'
import {setTimeout as delay} from 'node:timers/promises'
import {siteLabels, siteLanguages} from '../i18n/labels.js'
import {readLanguages} from '../i18n/languages.js'
import {readTextOrProblem} from '../lib/input.js'
import {formatProblem} from '../lib/problems.js'
import {listNarratives} from '../narrative/index.js'
import {reportFiles} from '../validate/files.js'
import {warmOne, warmPool} from '../charts/pool.js'
import {mark} from '../lib/trace.js'
import {cachedIds, commonKey, readEntry, reportKey} from './cache.js'
import {domainData} from './domain-data.js'
import {siteNumberStyle} from './format.js'
import {reportFolders} from './outputs.js'
import {writeSitePages} from './site-pages.js'
import {allEnded} from '../lib/all-ended.js'
import {writeIfChanged} from '../lib/atomic-write.js'

/**
 * Everything Hugo reads, derived into .benchdoc/ (docs/architecture.md, steps
 * 1–5): key every report (cache.js), take it from the cache or derive it
 * (prepare-report.js), its charts drawn while the next derive; remove what is
 * gone; write the site-wide files and, with no error, the pages that show
 * every report (site-pages.js). Nothing here reads back what Hugo wrote.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('./cache.js').Entry} Entry
 * @typedef {{entries: Map<string, Entry>, texts: import('../lib/input.js').Known}} Memory
 * @typedef {{problems: Problem[], reports: number, unchanged: number, charts: {rendered: number, cached: number}, versionsCharts: {rendered: number, cached: number},
 *   common: string, keys: Record<string, string>, pages: {lists: string, versions: string} | null}} Prepared
 *   `unchanged`: reports taken from the cache; `common`: the key of the tools, labels and configuration;
 *   `keys`: each report's key; `pages`: digests of what the lists and the versions pages read (null after an error)
 */

/**
 * @param {{root: string, out?: string, memory?: Memory, pagesAfter?: number}} options
 *   `memory`: what the caller keeps between builds (serve): entries, read before the cache's files, and the texts read;
 *   `pagesAfter`: the least ms between a changed report's files and the pages that show every report (serve)
 * @returns {Promise<Prepared>}
 */
export async function prepareSite({root, out = join(root, '.benchdoc'), memory, pagesAfter = 0}) {
  const languages = siteLanguages(root)
  const site = siteOf(root, out, languages)
  const common = commonKey(root, languages)
  const {inputs, problems} = readInputs(root, languages, common, memory?.texts)
  mark('inputs read')
  /** @type {Map<string, Entry>} */
  const entries = new Map()
  const changed = []
  for (const input of inputs) {
    const kept = memory?.entries.get(input.id)?.key === input.key ? memory.entries.get(input.id) : readEntry(out, input.id, input.key)
    if (kept) entries.set(input.id, kept)
    else changed.push(input)
  }
  await removeGone(out, new Set(inputs.map((i) => i.id)))
  for (const name of FORMER) rmSync(join(out, name), {recursive: true, force: true})
  if (changed.length > 1) warmPool()
  else if (changed.length === 1) warmOne()
  // the pages that show every report are made once every changed report's files are written, not while its charts
  // are drawn: the main thread then writes an edited report's page model as soon as they are (serve shows it sooner)
  const derived = changed.length > 0 ? await deriveChanged(site, changed, entries) : []
  const reportsWritten = Date.now()
  problems.push(...derived)
  for (const input of inputs) if (entries.has(input.id)) problems.push(...(/** @type {Entry} */ (entries.get(input.id))).problems)
  if (memory) memory.entries = entries
  // serve shows these on every page until they are fixed (an empty list clears it)
  writeIfChanged(join(out, 'assets', 'site', 'problems.json'), JSON.stringify({problems: problems.filter((p) => p.severity === 'error').map(formatProblem)}))
  writeIfChanged(join(out, 'data', 'domain.json'), JSON.stringify(domainData()))
  const keys = Object.fromEntries(inputs.filter((i) => entries.has(i.id)).map((i) => [i.id, i.key]))
  const result = {problems, reports: inputs.length, unchanged: inputs.length - changed.length, charts: site.charts, common, keys}
  if (problems.some((p) => p.severity === 'error')) return {...result, versionsCharts: {rendered: 0, cached: 0}, pages: null}
  const ordered = new Map(inputs.map((i) => [i.id, /** @type {Entry} */ (entries.get(i.id))]))
  // serve: Hugo's server gets the changed reports' files in a batch of their own, and renders their pages without the lists
  if (changed.length > 0 && pagesAfter > 0) await delay(Math.max(0, reportsWritten + pagesAfter - Date.now()))
  const pages = await writeSitePages(site, ordered)
  mark('site pages written')
  keepCharts(out, new Set([...[...ordered.values()].flatMap((e) => e.charted), ...pages.charted]))
  return {...result, versionsCharts: pages.charts, pages: {lists: pages.lists, versions: pages.versions}}
}

/**
 * Every report's files, read once, and its key; with the problems of files that cannot be read.
 * @param {string} root @param {string[]} languages @param {string} common @param {import('../lib/input.js').Known} [known]
 */
function readInputs(root, languages, common, known) {
  const files = reportFiles([], root)
  const ids = files.map((f) => basename(f).replace(/\.ya?ml$/, ''))
  const listed = listNarratives(root, languages, {reportIds: new Set(ids), known})
  const narrativesOf = new Map(listed.reports.map((r) => [r.id, r]))
  /** @type {Problem[]} */
  const problems = [...listed.problems]
  const inputs = files.flatMap((file, i) => {
    const text = readTextOrProblem(file, {shown: relative(root, file), root, what: 'data file', known}, problems)
    if (text === null) return []
    const narratives = narrativesOf.get(ids[i])
    const key = reportKey(common, text, Object.fromEntries(Object.values(narratives?.files ?? {}).map((f) => [f.lang, f.text])))
    return [{id: ids[i], key, file, text, narratives}]
  })
  return {inputs, problems}
}

/** Folders of .benchdoc/ that earlier versions wrote and none reads now: `export/`, the Markdown exports before they were downloads. */
const FORMER = ['export']

/** Reports whose charts may be drawing at once: enough to keep every worker busy, few enough to hold little memory. */
const CHARTING_REPORTS = 16

/**
 * Derive the changed reports, each one's charts drawn while the next derive; put their entries in `entries`.
 * @param {import('./prepare-report.js').Site} site
 * @param {ReturnType<typeof readInputs>['inputs']} changed
 * @param {Map<string, Entry>} entries
 * @returns {Promise<Problem[]>}
 */
async function deriveChanged(site, changed, entries) {
  const {prepareChangedReport} = await import('./prepare-report.js')
  /** @type {Problem[]} */
  const problems = []
  /** @type {Promise<void>[]} */
  const drawing = []
  try {
    for (const input of changed) {
      const result = prepareChangedReport(site, input)
      mark(`derived ${input.id}`)
      // a report with an error has no entry; any other's problems are kept in its entry
      if (!result.entry) {
        problems.push(...result.problems)
        continue
      }
      const done = result.entry.then((e) => void entries.set(input.id, e))
      done.catch(() => {}) // thrown by the await that waits for it
      drawing.push(done)
      if (drawing.length >= CHARTING_REPORTS) await drawing.shift()
    }
  } finally {
    // nothing writes on once the build returns, even after a failure
    await allEnded(drawing)
  }
  return problems
}

/**
 * What every report's derivation shares: the labels, each language's locale and the site's one number style.
 * @param {string} root @param {string} out @param {string[]} languages
 */
export function siteOf(root, out, languages) {
  const labels = siteLabels(root, languages)
  const locales = Object.fromEntries(readLanguages(root).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
  return {root, out, languages, labels, locales, style: siteNumberStyle(locales), charts: {rendered: 0, cached: 0}}
}

/**
 * Remove what reports no longer in data/reports/ left: their entries and outputs.
 * @param {string} out @param {Set<string>} ids
 */
async function removeGone(out, ids) {
  const left = new Set(cachedIds(out))
  for (const dir of reportFolders(out)) for (const name of existsSync(dir) ? readdirSync(dir) : []) left.add(name.replace(/\.json$/, ''))
  const gone = [...left].filter((id) => !ids.has(id))
  if (gone.length === 0) return
  const {removeReport} = await import('./prepare-report.js')
  for (const id of gone) removeReport(out, id)
}

/**
 * Remove the chart renderings (`<key>.svg`) no report or versions page uses any more; the
 * compiled chart shapes beside them (`*.vg.json`, charts/render.js) stay.
 * @param {string} out @param {Set<string>} used  their keys
 */
function keepCharts(out, used) {
  const dir = join(out, 'cache', 'charts')
  for (const f of existsSync(dir) ? readdirSync(dir) : []) if (f.endsWith('.svg') && !used.has(f.slice(0, -'.svg'.length))) rmSync(join(dir, f), {force: true})
}
