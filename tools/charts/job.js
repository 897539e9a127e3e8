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
 * One chart's work in a pool worker (pool.js): render its spec through a
 * cache keyed by its hash, and write each language's copy with its words;
 * here, not in the main thread, which meanwhile derives the next reports.
 *
 * @typedef {Omit<import('./languages.js').ChartLanguage, 'lang'> & {file: string}} ChartCopy  a language's own file
 *   one file for several languages, each language's words picked by the URL's fragment (languages.js)
 * @typedef {Record<string, unknown> & {data: {values: readonly object[]}}} ChartSpec
 *   a Vega-Lite spec with its rows inline (open JSON: Vega-Lite's TopLevelSpec is a union our builders need not name)
 *   a workload chart in a Vega-Lite spec for download (`reportChartsSpec`)
 * @typedef {{
 *   spec: ChartSpec, cacheDir: string, cacheFile?: string, copies?: ChartCopy[], shared?: Array<{file: string, languages: import('./languages.js').ChartLanguage[]}>,
 *   files?: Array<[string, string]>
 * }} ChartJob
 *   `cacheFile`: `cacheFileOf(spec, cacheDir)`, when the caller hashed it already; `copies`: a file per language;
 *   `shared`: files several languages share; `files`: other files written as they are
 * @typedef {{key: string, cached: boolean, width: number, height: number}} ChartResult
 *   its rendering's key (`cacheKeyOf`), whether it came from the cache, the SVG's size in px
 * @typedef {{
 *   title: Record<string, string>, rows: import('./spec.js').ChartRow[], separator: string,
 *   files: Array<{file: string, lang: string, sep: string, labels: import('./spec.js').ChartLabels, subjects: string[], names: Record<string, string>}>
 * }} ChartDownload
 *   a workload chart of each language's download (`reportChartsSpec`): line names' `separator` written as its `sep`,
 *   and each token of a subject's name (`names`, by the token's name) as that language names it
 * @typedef {{jobs: ChartJob[], downloads?: ChartDownload[]}} ChartBatch
 *   a report's charts and downloads, run by one thread (one message to a worker, not one a chart)
 */

/** Bump when compactSvg (compact.js) or the specs change, so cached charts are rendered again. */
const COMPACT_VERSION = 7

/** Vega's version, from its package. */
const VEGA_VERSION = JSON.parse(readFileSync(join(dirname(createRequire(import.meta.url).resolve('vega')), '..', 'package.json'), 'utf8')).version

/** Where the rendering of `spec` is kept. @param {ChartSpec} spec @param {string} cacheDir */
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
/** render.js, imported once: even a loaded module's import costs as much as writing a small chart. */
const renderModule = () => (rendering ??= import('./render.js'))

/**
 * Vega is loaded on the first chart not in the cache, never by a thread that only copies.
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
 * A batch's jobs, one after the other, then its downloads.
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
 * Each download file's charts, in workload order, each language's line names with its own separator.
 * @param {ChartDownload[]} downloads
 */
export function downloadSpecs(downloads) {
  /** @type {Map<string, Array<{title: string, rows: import('./spec.js').ChartRow[], subjects: string[], labels: import('./spec.js').ChartLabels}>>} */
  const specs = new Map()
  for (const {title, rows, separator, files} of downloads) {
    for (const {file, lang, sep, labels, subjects, names} of files) {
      const own = rows.map((r) => ({...r, subject: fillLabels(r.subject.replaceAll(separator, sep), names, false), x: fillLabels(r.x, names, false)}))
      specs.set(file, [...(specs.get(file) ?? []), {title: title[lang], rows: own, subjects, labels}])
    }
  }
  return specs
}
