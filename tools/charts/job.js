import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {basename, dirname, join} from 'node:path'
import {writeFileAtomic, writeIfChanged} from '../lib/atomic-write.js'
import {fillLabels, fillNumbers, labelSvg} from './labels.js'
import {compactNumbers} from './numbers.js'
import {multilingualSvg} from './languages.js'
import {reportChartsSpec} from './spec.js'

/**
 * One chart's work in a pool worker (pool.js): render its spec, through a
 * cache keyed by the spec's hash so that an unchanged chart is never
 * rendered twice, and write each language's copy with its words filled in.
 * The files are written here, not by the main thread, which meanwhile
 * validates and derives the next reports.
 *
 * @typedef {{file: string, labels: Record<string, string>, alt: string, locale?: string}} ChartCopy
 *   a language's copy: its text for each label token, its text alternative, and
 *   the locale that writes its axis numbers when the chart has number tokens
 * @typedef {{file: string, languages: import('./languages.js').ChartLanguage[]}} SharedCopy
 *   one file for several languages, each language's words picked by the URL's fragment (languages.js)
 * @typedef {Record<string, unknown> & {data: {values: readonly object[]}}} ChartSpec
 *   a Vega-Lite spec with its rows inline: open JSON (Vega-Lite's own TopLevelSpec is a union our builders need not name)
 * @typedef {{title: string, rows: import('./spec.js').ChartRow[], subjects: string[], labels: import('./spec.js').ChartLabels}} SpecChart
 *   a workload chart in a Vega-Lite spec for download (`reportChartsSpec`)
 * @typedef {{
 *   spec: ChartSpec, cacheDir: string, cacheFile?: string, copies?: ChartCopy[], shared?: SharedCopy[],
 *   files?: Array<[string, string]>
 * }} ChartJob
 *   `cacheFile`: `cacheFileOf(spec, cacheDir)`, when the caller made it already (it hashes the spec);
 *   `copies`: a file per language; `shared`: files that several languages share;
 *   `files`: other files that go with the chart, written as they are
 * @typedef {{key: string, cached: boolean, width: number, height: number}} ChartResult
 *   its rendering's key in the cache (`cacheKeyOf`), whether it came from the cache, and the SVG's own
 *   width and height in px (for the page's `<img>`)
 * @typedef {{
 *   title: Record<string, string>, rows: import('./spec.js').ChartRow[], subjects: string[], separator: string,
 *   files: Array<{file: string, lang: string, sep: string, labels: import('./spec.js').ChartLabels}>
 * }} ChartDownload
 *   a workload chart in each language's Vega-Lite spec for download (`reportChartsSpec`): its title by language,
 *   its rows with each line name's `separator` token written as that language's `sep`, the subjects and its labels
 * @typedef {{jobs: ChartJob[], downloads?: ChartDownload[]}} ChartBatch
 *   a report's charts, run one after the other by one thread (one message to a worker, not one a chart);
 *   `downloads`: the workload charts of the report's Vega-Lite specs for download,
 *   built and written by that thread too
 */

/** Bump when compactSvg (compact.js) or the specs change, so cached charts are rendered again. */
const COMPACT_VERSION = 7

/** Vega's version, from its package. */
const VEGA_VERSION = JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('vega')), '..', 'package.json'), 'utf8')).version

/**
 * Where the rendering of `spec` is kept: one file per spec's content.
 * @param {ChartSpec} spec @param {string} cacheDir
 */
export function cacheFileOf(spec, cacheDir) {
  return join(cacheDir, `${cacheKeyOf(spec)}.svg`)
}

/**
 * What a rendering of `spec` depends on: the spec, Vega and our SVG writing.
 * @param {ChartSpec} spec
 */
export function cacheKeyOf(spec) {
  return createHash('sha256').update(JSON.stringify(spec)).update(`vega ${VEGA_VERSION} compact ${COMPACT_VERSION}`).digest('hex').slice(0, 32)
}

/** @type {Promise<typeof import('./render.js')> | undefined} */
let rendering
/** render.js, imported once: an import, even of a module loaded already, costs about as much as writing a small chart's file. */
const renderModule = () => (rendering ??= import('./render.js'))

/**
 * Vega is loaded on the first chart that is not in the cache: a thread that
 * only copies cached charts never loads it.
 * @param {ChartJob} job
 * @returns {Promise<ChartResult>}
 */
export async function runChartJob({spec, cacheDir, cacheFile, copies = [], shared = [], files = []}) {
  const file = cacheFile ?? cacheFileOf(spec, cacheDir)
  const cached = existsSync(file)
  const svg = cached ? readFileSync(file, 'utf8') : await (await renderModule()).renderSvg(spec, cacheDir)
  if (!cached) writeFileAtomic(file, svg)
  for (const copy of copies) {
    const words = fillLabels(svg, copy.labels)
    writeIfChanged(copy.file, labelSvg(copy.locale ? fillNumbers(words, compactNumbers(copy.locale)) : words, copy.alt))
  }
  for (const copy of shared) writeIfChanged(copy.file, multilingualSvg(svg, copy.languages))
  for (const [path, content] of files) writeIfChanged(path, content)
  const [, width, height] = /^<svg\b[^>]*?\bwidth="([\d.]+)" height="([\d.]+)"/.exec(svg) ?? []
  return {key: basename(file, '.svg'), cached, width: Number(width), height: Number(height)}
}

/**
 * A batch of chart jobs, one after the other (a job may find the cache file
 * the one before it wrote), then its downloads.
 * @param {ChartBatch} batch
 * @returns {Promise<ChartResult[]>}
 */
export async function runChartJobs({jobs, downloads = []}) {
  /** @type {ChartResult[]} */
  const results = []
  for (const job of jobs) results.push(await runChartJob(job))
  for (const [path, charts] of downloadSpecs(downloads)) writeIfChanged(path, JSON.stringify(reportChartsSpec(charts)))
  return results
}

/**
 * Each download file's charts, in the order of the workloads, each language's
 * rows with its own separator between the parts of a line's name.
 * @param {ChartDownload[]} downloads
 * @returns {Map<string, SpecChart[]>}
 */
export function downloadSpecs(downloads) {
  /** @type {Map<string, SpecChart[]>} */
  const specs = new Map()
  for (const {title, rows, subjects, separator, files} of downloads) {
    for (const {file, lang, sep, labels} of files) {
      const own = rows.map((r) => ({...r, subject: r.subject.replaceAll(separator, sep)}))
      specs.set(file, [...(specs.get(file) ?? []), {title: title[lang], rows: own, subjects, labels}])
    }
  }
  return specs
}
