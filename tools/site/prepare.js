import {existsSync, mkdirSync, readdirSync, rmSync} from 'node:fs'
import {basename, join, relative} from 'node:path'
import {loadLabels, siteLanguages} from '../i18n/labels.js'
import {readLanguages} from '../i18n/languages.js'
import {checkNarratives} from '../i18n/narratives.js'
import {figuresOf} from '../i18n/figures.js'
import {frontMatterProblems, listNarratives} from '../narrative/index.js'
import {InputError, readTextInput} from '../lib/input.js'
import {reportFiles, validateReportText} from '../validate/index.js'
import {commonKey, readManifest, reportKey, writeManifest} from './cache.js'
import {writeReportCharts} from './report-charts.js'
import {reportViewModel} from './view-model.js'
import {writeIfChanged} from './write.js'
import {siteNumberStyle} from './format.js'
import {reportCsv} from './downloads.js'
import {versionsSite} from './versions-site.js'
import {indexOrder, versionFacts} from '../derive/versions.js'
import {labelSvg, renderSvgCached} from '../charts/render.js'
import {formatProblem} from '../lib/problems.js'

/**
 * Everything Hugo reads, derived from data/ into .benchdoc/: one JSON view
 * model per report (data/reports/<id>.json), the report order for the index,
 * and one SVG chart per report × language × workload. Data flows one way:
 * nothing here reads back what Hugo wrote.
 *
 * Each report's inputs are read once and keyed by their content (cache.js);
 * only a report whose key changed is validated, derived (once, by the
 * validator, then passed on), checked for translations and charted.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../narrative/read.js').ReportNarratives} ReportNarratives
 */

/**
 * @param {{root: string, out?: string}} options
 * @returns {Promise<{problems: Problem[], reports: number, unchanged: number, charts: {rendered: number, cached: number}}>}
 */
export async function prepareSite({root, out = join(root, '.benchdoc')}) {
  const languages = siteLanguages(root)
  const files = reportFiles([], root)
  const ids = files.map((f) => basename(f).replace(/\.ya?ml$/, ''))
  const listed = listNarratives(root, languages, {reportIds: new Set(ids)})
  /** @type {Problem[]} */
  const problems = [...listed.problems]
  const narrativesOf = new Map(listed.reports.map((r) => [r.id, r]))

  const common = commonKey(root, languages)
  const previous = readManifest(out)
  /** @type {import('./cache.js').Manifest} */
  const manifest = {}
  const dataDir = join(out, 'data', 'reports')
  // Hugo's static mount: with it, `--cleanDestinationDir` removes a deleted report's pages
  mkdirSync(join(out, 'static', 'downloads'), {recursive: true})
  const charts = {rendered: 0, cached: 0}
  const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(root, lang)]))
  const locales = Object.fromEntries(readLanguages(root).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
  const style = siteNumberStyle(locales)
  let unchanged = 0

  for (const [i, file] of files.entries()) {
    const id = ids[i]
    /** @type {string} */
    let text
    try {
      text = readTextInput(file, {shown: relative(root, file), root, what: 'data file'})
    } catch (e) {
      if (!(e instanceof InputError)) throw e
      problems.push(e.toProblem())
      continue
    }
    const narratives = narrativesOf.get(id)
    const key = reportKey(common, text, Object.fromEntries(Object.values(narratives?.files ?? {}).map((f) => [f.lang, f.text])))
    const cached = previous[id]
    if (cached?.key === key && existsSync(join(dataDir, `${id}.json`)) && existsSync(join(out, 'static', 'downloads', id))) {
      manifest[id] = cached
      problems.push(...cached.problems)
      unchanged++
      continue
    }
    const result = prepareReport({root, file, text, narratives, languages})
    problems.push(...result.problems)
    if (!result.derived) continue
    const model = reportViewModel(result.report, result.derived, result.narratives, languages, result.statuses, style)
    writeIfChanged(join(dataDir, `${id}.json`), JSON.stringify(model, null, 1))
    await writeReportCharts({
      report: result.report, model, labels, locales,
      chartDir: join(out, 'assets', 'charts'), cacheDir: join(out, 'cache', 'charts'), counts: charts,
      specDir: join(out, 'static')
    })
    writeDownloads(out, result.report, result.sourceOf)
    manifest[id] = {key, date: model.date, problems: result.problems, versions: versionFacts(result.report, result.derived)}
  }

  // Serve shows these on every page until they are fixed (an empty list clears it).
  writeIfChanged(join(out, 'data', 'problems.json'), JSON.stringify({problems: problems.filter((p) => p.severity === 'error').map(formatProblem)}))
  if (problems.some((p) => p.severity === 'error')) return {problems, reports: files.length, unchanged, charts}
  writeIndex(out, manifest)
  // the versions pages' charts are counted on their own: `charts` counts report charts
  await writeVersions({out, manifest, languages, labels, locales, style, counts: {rendered: 0, cached: 0}})
  removeGone(out, new Set(ids))
  writeManifest(out, manifest)
  return {problems, reports: files.length, unchanged, charts}
}

/**
 * Validate one report (its derivation comes with it), check its narratives'
 * front matter and translations.
 * @param {{root: string, file: string, text: string, narratives: ReportNarratives | undefined, languages: string[]}} input
 */
function prepareReport({root, file, text, narratives, languages}) {
  const dataFile = relative(root, file)
  const {doc, problems, derived} = validateReportText(dataFile, text)
  const byLang = Object.fromEntries(Object.entries(narratives?.files ?? {}).map(([lang, f]) => [lang, f.narrative]))
  /** @type {Record<string, import('../i18n/narratives.js').Status>} */
  let statuses = {}
  if (narratives) {
    const location = frontMatterProblems(narratives)
    problems.push(...location)
    // Translation lint is shown, but only `benchdoc i18n check` fails on it: a
    // published translation that is not word-for-word faithful must still build,
    // since the data, not the prose, is the source of every figure. A stale
    // translation also gets a notice on its page.
    if (location.length === 0) {
      const checked = checkNarratives(root, languages, {reports: [narratives], figuresOf: () => (derived ? figuresOf(derived, dataFile) : null)})
      problems.push(
        ...checked.problems
          .filter((p) => p.rule !== 'missing-translation')
          .map((p) => ({...p, severity: /** @type {const} */ ('warning')}))
      )
      statuses = checked.statuses.get(narratives.id) ?? {}
    }
  }
  return {report: /** @type {any} */ (doc.data), sourceOf: doc.sourceOf, derived, problems, narratives: byLang, statuses}
}

/**
 * The report order for the index: newest first; an undated report by its
 * newest version (`indexOrder`).
 * @param {string} out
 * @param {import('./cache.js').Manifest} manifest
 */
function writeIndex(out, manifest) {
  const index = Object.entries(manifest).map(([id, e]) => ({id, date: e.date, product: e.versions.product, version: e.versions.newest}))
  writeIfChanged(join(out, 'data', 'index.json'), JSON.stringify({reports: indexOrder(index)}))
}

/**
 * A report's downloads: its points as CSV and its data as JSON.
 * @param {string} out
 * @param {Record<string, any>} report
 * @param {import('../derive/report.js').SourceOf} sourceOf
 */
function writeDownloads(out, report, sourceOf) {
  const dir = join(out, 'static', 'downloads', report.id)
  writeIfChanged(join(dir, `${report.id}.csv`), reportCsv(report, sourceOf))
  writeIfChanged(join(dir, `${report.id}.json`), JSON.stringify(report, null, 1))
}

/**
 * The versions pages' data and charts, from every report's version facts.
 * @param {{out: string, manifest: import('./cache.js').Manifest, languages: string[], labels: Record<string, any>,
 *   locales: Record<string, string>, style: import('./format.js').NumberStyle, counts: {rendered: number, cached: number}}} options
 */
async function writeVersions({out, manifest, languages, labels, locales, style, counts}) {
  const entries = Object.entries(manifest).map(([id, e]) => ({id, facts: e.versions}))
  const {models, charts} = versionsSite(entries, languages, labels, locales, style)
  for (const c of charts) {
    const {svg, cached} = await renderSvgCached(c.spec, join(out, 'cache', 'charts'))
    counts[cached ? 'cached' : 'rendered']++
    writeIfChanged(join(out, 'assets', c.path.replace('LANG', c.lang)), labelSvg(svg, c.alt))
  }
  writeIfChanged(join(out, 'data', 'versions.json'), JSON.stringify({products: models}, null, 1))
}

/**
 * Remove the outputs of reports that are no longer in data/reports/.
 * @param {string} out
 * @param {Set<string>} ids
 */
function removeGone(out, ids) {
  const dataDir = join(out, 'data', 'reports')
  for (const f of existsSync(dataDir) ? readdirSync(dataDir) : []) if (!ids.has(f.replace(/\.json$/, ''))) rmSync(join(dataDir, f))
  const chartDir = join(out, 'assets', 'charts')
  for (const d of existsSync(chartDir) ? readdirSync(chartDir) : []) if (!ids.has(d) && d !== 'versions') rmSync(join(chartDir, d), {recursive: true})
  const downloads = join(out, 'static', 'downloads')
  for (const d of existsSync(downloads) ? readdirSync(downloads) : []) if (!ids.has(d)) rmSync(join(downloads, d), {recursive: true})
}
