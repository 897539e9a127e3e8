import {rmSync} from 'node:fs'
import {join, relative} from 'node:path'
import {checkNarratives} from '../i18n/narratives.js'
import {figuresOf} from '../i18n/figures.js'
import {frontMatterProblems} from '../narrative/index.js'
import {validateReportText} from '../validate/index.js'
import {keptChartsFile, writeReportCharts} from './report-charts.js'
import {reportViewModel} from './view-model.js'
import {writeIfChanged} from './write.js'
import {reportCard} from './report-card.js'
import {reportCsv} from './downloads.js'
import {keepOnly} from './prune.js'
import {hugoModel} from './hugo-model.js'
import {removeReportPages, writeReportPages} from './page-html/write.js'
import {readLanguages} from '../i18n/languages.js'
import {versionFacts} from '../derive/versions.js'
import {writeReportExports} from './report-export.js'

/**
 * The work of a report whose inputs changed: validate it (its derivation
 * comes with it), check its narratives, write its view model, charts and
 * downloads. Loaded by prepare.js only when some report changed, so that a
 * build with nothing to do loads neither parser, schema, Markdown nor charts.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../narrative/read.js').ReportNarratives} ReportNarratives
 * @typedef {{root: string, out: string, languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>,
 *   locales: Record<string, string>, style: import('./format.js').NumberStyle, charts: {rendered: number, cached: number}, pages: boolean}} Site
 *   `pages`: whether Node writes the report pages' articles (page-html/overrides.js)
 */

/**
 * @param {Site} site
 * @param {{file: string, text: string, narratives: ReportNarratives | undefined}} input
 * @param {Array<() => void>} later  where the work no page needs goes (its Markdown export and
 *   downloads: Hugo reads neither, and both are linked into the site after Hugo): the caller runs it
 * @returns {{problems: Problem[], entry: {date: string | null, versions: ReturnType<typeof versionFacts>, card: ReturnType<typeof reportCard>} | null, charting: Promise<void> | null, drawing?: Promise<unknown>}}
 *   `entry` is null when the report has an error; `charting` is its charts being rendered and its pages written
 *   with them, `drawing` its charts alone
 */
export function prepareChangedReport({root, out, languages, labels, locales, style, charts, pages}, {file, text, narratives}, later) {
  const {result, model} = deriveReportModel({root, languages, labels, locales, style}, {file, text, narratives})
  if (!result.derived || !model) return {problems: result.problems, entry: null, charting: null}
  const card = reportCard(model, labels)
  const {report, sourceOf} = result
  const downloads = downloadFiles(out, report.id)
  later.push(() => writeDownloads(downloads, report, sourceOf))
  // the caller goes on with the next reports while the pool renders these; the
  // view model, with each chart's file and size, and the Markdown export are written once they are
  const drawing = writeReportCharts({
    report, model, labels, locales,
    staticDir: join(out, 'static'), cacheDir: join(out, 'cache', 'charts'), kept: keptChartsFile(out, report.id), counts: charts
  })
  const charting = drawing.then(async ({rendered, written}) => {
    // after one turn of the event loop: what waited for the charts alone (the versions charts, prepare.js) goes first
    await new Promise((resolve) => setImmediate(resolve))
    writeIfChanged(drawnChartsFile(out, report.id), JSON.stringify(rendered))
    const site = pageSite(root, languages, labels)
    writeHugoPages(out, hugoModel({...model, charts: rendered}, site), card.titles, pages, site)
    later.push(() => writeReportExports({out, model, charts: rendered, labels, titles: card.titles}))
    // nothing stays that this derivation did not write (a removed workload's chart, an older layout)
    const keep = new Set([...written, ...downloads])
    for (const kind of ['charts', 'downloads']) keepOnly(join(out, 'static', kind, report.id), keep)
  })
  return {problems: result.problems, entry: {date: model.date, versions: versionFacts(report, result.derived), card}, charting, drawing}
}

/**
 * The charts a report's last derivation drew (files, sizes, texts): what
 * `benchdoc export --docs` links (whole-model.js).
 * @param {string} out @param {string} id
 */
export const drawnChartsFile = (out, id) => join(out, 'cache', 'charts-drawn', `${id}.json`)

/**
 * What Hugo reads for a report's pages: their articles written by Node
 * (page-html/), or, when the repository lays them out itself or Node does not
 * write every section, its model (compact, and without what only the export
 * reads), and never both.
 * @param {string} out
 * @param {import('./page-html/context.js').HugoReport} model  the Hugo model
 * @param {Record<string, string>} titles  the pages' titles by language
 * @param {boolean} pages  whether Node writes the articles
 * @param {import('./fact-table-html.js').Site} site
 */
function writeHugoPages(out, model, titles, pages, site) {
  const modelFile = join(out, 'data', 'reports', `${model.id}.json`)
  if (pages && writeReportPages(out, model, site, titles)) rmSync(modelFile, {force: true})
  else {
    removeReportPages(out, model.id)
    writeIfChanged(modelFile, JSON.stringify(model))
  }
}

/**
 * Validate a report and make its view model (null when the report has an error).
 * @param {Pick<Site, 'root' | 'languages' | 'labels' | 'locales' | 'style'>} site
 * @param {{file: string, text: string, narratives: ReportNarratives | undefined}} input
 */
export function deriveReportModel({root, languages, labels, locales, style}, {file, text, narratives}) {
  const result = checkReport({root, file, text, narratives, languages})
  if (!result.derived) return {result, model: null}
  return {result, model: reportViewModel({report: result.report, derived: result.derived, narratives: result.narratives, languages, translations: result.statuses, style, labels, locales})}
}

/**
 * What the report pages' writers need of the site, made once per build (by
 * its labels, read once per build) rather than once per report.
 * @param {string} root @param {string[]} languages @param {Site['labels']} labels
 * @returns {import('./fact-table-html.js').Site}
 */
function pageSite(root, languages, labels) {
  let site = pageSites.get(labels)
  if (!site || site.languages !== languages) pageSites.set(labels, (site = {languages, labels, ...languageFacts(root)}))
  return site
}

/** @type {WeakMap<Site['labels'], import('./fact-table-html.js').Site>} */
const pageSites = new WeakMap()

/**
 * The site's languages' names and weights (config.toml): the mark of a data
 * text not translated yet, and the order of a page's links to its translations.
 * @param {string} root
 */
function languageFacts(root) {
  const list = readLanguages(root)
  return {names: Object.fromEntries(list.map((l) => [l.code, l.name])), weights: Object.fromEntries(list.map((l) => [l.code, l.weight]))}
}

/**
 * Validate one report (its derivation comes with it), check its narratives'
 * front matter and translations.
 * @param {{root: string, file: string, text: string, narratives: ReportNarratives | undefined, languages: string[]}} input
 */
function checkReport({root, file, text, narratives, languages}) {
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
  // schema-valid: the validator found no error in it (else `derived` is null and the caller stops)
  return {report: /** @type {import('../types/report.js').Report} */ (doc.data), sourceOf: doc.sourceOf, derived, problems, narratives: byLang, statuses}
}

/**
 * A report's downloads: its points as CSV and its data as JSON.
 * @param {string} out @param {string} id
 * @returns {[string, string]}
 */
function downloadFiles(out, id) {
  const dir = join(out, 'static', 'downloads', id)
  return [join(dir, `${id}.csv`), join(dir, `${id}.json`)]
}

/**
 * @param {[string, string]} files  `downloadFiles`
 * @param {import('../types/report.js').Report} report
 * @param {import('../derive/report.js').SourceOf} sourceOf
 */
function writeDownloads([csv, json], report, sourceOf) {
  writeIfChanged(csv, reportCsv(report, sourceOf))
  writeIfChanged(json, JSON.stringify(report))
}
