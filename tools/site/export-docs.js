import {copyFileSync, mkdirSync, readFileSync, rmSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {renderChart} from '../charts/pool.js'
import {exportSidecar, writeExport} from '../export/write.js'
import {readLanguages} from '../i18n/languages.js'
import {summarySentence} from '../export/summary.js'
import {svgToPng} from '../export/png.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {reportChartJobs} from './report-charts.js'
import {reportTitle} from './report-card.js'

/**
 * A report's export in the layout of a documentation repository of one language: `benchmark/<id>.md`,
 * and each workload's chart, that language's own file, as `media/<id>/<workload>.svg` (or `.png`).
 *
 * @typedef {'svg' | 'png'} ImageFormat
 * @typedef {{root: string, out: string, labels: Record<string, import('../i18n/labels.js').Labels>, locales: Record<string, string>}} Project
 *   `out`: the .benchdoc folder the build derived into
 */

/**
 * @param {Project} project
 * @param {{model: import('../types/view-model.js').ViewModel, report: import('../types/report.js').Report, lang: string, folder: string, image: ImageFormat}} input
 *   `folder`: the documentation repository's root
 * @returns {Promise<{file: string, sidecar: string, charts: string[]}>}  what was written
 */
export async function writeDocsExport(project, {model, report, lang, folder, image}) {
  const charts = await docsCharts(project, {model, report, lang, folder, image})
  const l = project.labels[lang]
  /** @param {string} workload */
  const chart = (workload) => (charts.has(workload) ? {url: `/media/${model.id}/${workload}.${image}`, alt: l[`workload_${workload}`] || workload} : null)
  const text = writeExport(model, {lang, labels: l, title: reportTitle(model, lang, project.labels), summary: summarySentence(model, lang, l), chart, names: Object.fromEntries(readLanguages(project.root).map((x) => [x.code, x.name]))})
  const file = join(folder, 'benchmark', `${model.id}.md`)
  mkdirSync(dirname(file), {recursive: true})
  writeFileAtomic(file, text)
  const sidecar = join(folder, 'benchmark', `${model.id}.benchdoc.yaml`)
  writeFileAtomic(sidecar, exportSidecar(model).text)
  return {file, sidecar, charts: [...charts.values()]}
}

/**
 * Each workload's chart in `lang`, written into the repository's media folder.
 * @param {Project} project
 * @param {{model: import('../types/view-model.js').ViewModel, report: import('../types/report.js').Report, lang: string, folder: string, image: ImageFormat}} input
 * @returns {Promise<Map<string, string>>}  the file of each workload's chart
 */
async function docsCharts({out, labels, locales}, {model, report, lang, folder, image}) {
  const work = join(out, 'export-docs', model.id, lang)
  const jobs = reportChartJobs({report, model, labels, locales, chartDir: work, cacheDir: join(out, 'cache', 'charts')})
  const charts = new Map()
  const workloads = new Map(model.workloads.flatMap((w) => (w.chart ? [/** @type {const} */ ([w.chart, w.name])] : [])))
  for (const job of jobs) {
    const name = workloads.get(job.images[0]?.path)
    const words = job.shared?.flatMap((s) => s.languages).find((x) => x.lang === lang)
    if (!name || !words) continue
    const svg = join(work, `${name}.svg`)
    // from the cache: a chart the build drew is not drawn again
    await renderChart({spec: job.spec, cacheDir: job.cacheDir, copies: [{file: svg, labels: words.labels, alt: words.alt, locale: words.locale}]})
    const file = join(folder, 'media', model.id, `${name}.${image}`)
    mkdirSync(dirname(file), {recursive: true})
    if (image === 'png') writeFileAtomic(file, svgToPng(readFileSync(svg, 'utf8')))
    else copyFileSync(svg, file)
    charts.set(name, file)
  }
  rmSync(work, {recursive: true, force: true})
  return charts
}
