import {rmSync} from 'node:fs'
import {join, relative} from 'node:path'
import {checkNarratives} from '../i18n/narratives.js'
import {figuresOf} from '../i18n/figures.js'
import {frontMatterProblems} from '../narrative/index.js'
import {validateReportText} from '../validate/index.js'
import {writeReportCharts} from './report-charts.js'
import {reportViewModel} from './view-model.js'
import {writeIfChanged} from '../lib/atomic-write.js'
import {reportCard} from './report-card.js'
import {reportCsv} from './downloads.js'
import {keepOnly} from './prune.js'
import {hugoModel} from './hugo-model.js'
import {readLanguages} from '../i18n/languages.js'
import {versionFacts} from '../derive/versions.js'
import {writeReportExports} from './report-export.js'
import {removeEntry, writeEntry} from './cache.js'
import {reportOutputs} from './outputs.js'

/**
 * A changed report: validated and derived, its narratives checked, every
 * output written, then its cache entry, last, so that an entry always stands
 * for outputs that are there. Loaded only when a report changed: it brings
 * the parsers, schema, Markdown and charts.
 *
 * @typedef {import('../narrative/read.js').ReportNarratives} ReportNarratives
 * @typedef {{root: string, out: string, languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>,
 *   locales: Record<string, string>, style: import('./format.js').NumberStyle, charts: {rendered: number, cached: number}}} Site
 */

/**
 * @param {Site} site
 * @param {{id: string, key: string, file: string, text: string, narratives: ReportNarratives | undefined}} input
 * @returns {{problems: import('../lib/problems.js').Problem[], entry: Promise<import('./cache.js').Entry> | null}}
 *   `entry`: null when the report has an error, else settled once its charts and outputs are written
 */
export function prepareChangedReport(site, {id, key, file, text, narratives}) {
  const {root, out, languages, labels, locales, style, charts} = site
  removeEntry(out, id)
  const {result, model} = deriveReportModel({root, languages, labels, locales, style}, {file, text, narratives})
  if (!result.derived || !model) return {problems: result.problems, entry: null}
  const card = reportCard(model, labels)
  const {report, sourceOf, derived} = result
  const paths = reportOutputs(out, id)
  // the caller goes on with the next reports while the pool draws these charts
  const drawing = writeReportCharts({report, model, labels, locales, staticDir: join(out, 'static'), cacheDir: join(out, 'cache', 'charts'), counts: charts})
  const entry = drawing.then(({rendered, written, charted}) => {
    const page = pageSite(root, languages, labels)
    // the page's model right after its charts, its other files after it: `hugo server` reloads an open page
    // once per batch of changes, and a reload for static files alone may miss the next batch's, the model's
    writeIfChanged(paths.model, JSON.stringify(hugoModel({...model, charts: rendered}, page)))
    const downloads = [join(paths.downloads, `${id}.csv`), join(paths.downloads, `${id}.json`)]
    writeIfChanged(downloads[0], reportCsv(report, sourceOf))
    writeIfChanged(downloads[1], JSON.stringify(report))
    const exports = writeReportExports({out, model, charts: rendered, labels, titles: card.titles, names: page.names ?? {}})
    // nothing stays that this derivation did not write (a removed workload's chart, a language no longer built)
    const keep = new Set([...written, ...downloads, ...exports])
    for (const dir of [paths.charts, paths.downloads]) keepOnly(dir, keep)
    const done = {key, problems: result.problems, date: model.date, versions: versionFacts(report, derived), card, charts: rendered, charted}
    writeEntry(out, id, done)
    return done
  })
  return {problems: result.problems, entry}
}

/**
 * Remove every output of a report that is gone, its entry first.
 * @param {string} out @param {string} id
 */
export function removeReport(out, id) {
  removeEntry(out, id)
  const paths = reportOutputs(out, id)
  for (const path of Object.values(paths)) rmSync(path, {recursive: true, force: true})
}

/**
 * Validate a report and make its view model (null when the report has an error).
 * @param {Pick<Site, 'root' | 'languages' | 'labels' | 'locales' | 'style'>} site
 * @param {{file: string, text: string, narratives: ReportNarratives | undefined}} input
 */
export function deriveReportModel({root, languages, labels, locales, style}, {file, text, narratives}) {
  const result = checkReport({root, file, text, narratives, languages})
  if (!result.derived) return {result, model: null}
  return {result, model: reportViewModel({report: result.report, derived: result.derived, narratives: result.narratives, languages, translations: result.statuses, style, labels, locales, sourceOf: result.sourceOf})}
}

/**
 * What the model's tables need of the site, made once per set of labels.
 * @param {string} root @param {string[]} languages @param {Site['labels']} labels
 * @returns {import('./fact-table-html.js').Site}
 */
function pageSite(root, languages, labels) {
  let site = pageSites.get(labels)
  if (!site || site.languages !== languages) {
    const names = Object.fromEntries(readLanguages(root).map((l) => [l.code, l.name]))
    pageSites.set(labels, (site = {languages, labels, names}))
  }
  return site
}

/** @type {WeakMap<Site['labels'], import('./fact-table-html.js').Site>} */
const pageSites = new WeakMap()

/**
 * Validate one report (which derives it), check its narratives' front matter and translations.
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
    // translation lint only warns (`benchdoc i18n check` fails on it): the data, not the prose, is the source of every figure
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
