#!/usr/bin/env node
/**
 * Chart benchmark: the CPU a cold build spends per chart. Derives the charts
 * of N generated reports (test/helpers/generate.js, as `make bench` builds
 * them) and runs every chart job in this thread, as a pool worker would
 * (job.js: render, fill each language's labels, write), timing only that.
 * Prints CPU per rendering, per chart file and per chart a page shows (a
 * chart may take several renderings: one per language where the subjects'
 * names differ by language), and what compiling each chart shape (a spec
 * without its data, render.js) cost, with the load average, since the
 * machine may be shared. A benchmark, not a test: it prints figures.
 *
 *   npm run bench:charts [-- REPORTS]   (default 50 reports, 500 chart files)
 */
import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {loadavg, tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {loadLabels} from '../tools/i18n/labels.js'
import {readLanguages} from '../tools/i18n/languages.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {siteNumberStyle} from '../tools/site/format.js'
import {reportChartJobs} from '../tools/site/report-charts.js'
import {reportViewModel} from '../tools/site/view-model.js'
import {validateReportText} from '../tools/validate/index.js'
import {benchReport, generateProject} from '../test/helpers/generate.js'
import {print, saveSection} from './budgets-doc.js'

const REPORTS = Number(process.argv[2] ?? process.env.REPORTS ?? 50)
const root = generateProject(REPORTS)
const languages = readLanguages(root).map((l) => l.code)
const out = mkdtempSync(join(tmpdir(), 'benchdoc-bench-charts-'))
// removed however the script ends, a failed report or rendering included
process.on('exit', () => {
  rmSync(root, {recursive: true, force: true})
  rmSync(out, {recursive: true, force: true})
})
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(root, lang)]))
const locales = Object.fromEntries(readLanguages(root).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
const style = siteNumberStyle(locales)

/** @type {import('../tools/charts/job.js').ChartJob[]} */
const jobs = []
let shown = 0
for (let i = 0; i < REPORTS; i++) {
  const file = join(root, 'data', 'reports', `${benchReport(i).id}.yaml`)
  const {doc, derived} = validateReportText(relative(root, file), readFileSync(file, 'utf8'))
  if (!derived) throw new Error(`${file} does not validate`)
  const report = /** @type {import('../tools/types/report.js').Report} */ (doc.data)
  const model = reportViewModel({report, derived, narratives: {}, languages, style})
  shown += model.workloads.filter((w) => w.chart).length
  jobs.push(...reportChartJobs({report, model, labels, locales, chartDir: join(out, 'charts'), cacheDir: join(out, 'cache')}))
}

const {runChartJob} = await import('../tools/charts/job.js')
const load = loadavg().map((x) => x.toFixed(2)).join(' ')
const cpu = () => {
  const u = process.cpuUsage()
  return (u.user + u.system) / 1000
}
const wall = performance.now()
const start = cpu()
// the first quarter warms the views (one per chart shape), as any build's first charts do
const warmCount = Math.ceil(jobs.length / 4)
let warmEnd = start
/** the shapes drawn so far, and what their first renderings cost */
const shapes = new Set()
let compiled = 0
for (const [i, job] of jobs.entries()) {
  const {data, ...shape} = job.spec
  const key = JSON.stringify(shape)
  const before = shapes.has(key) ? null : cpu()
  await runChartJob(job)
  if (before !== null) compiled += cpu() - before
  shapes.add(key)
  if (i === warmCount - 1) warmEnd = cpu()
}
const total = cpu() - start
const files = jobs.reduce((n, j) => n + (j.copies?.length ?? 0) + (j.shared?.length ?? 0), 0)
const ms = (/** @type {number} */ x) => `${x.toFixed(2)} ms`
print(`charts of ${REPORTS} generated reports, one thread, load average ${load} at the start, ${loadavg()[0].toFixed(2)} at the end`)
print(`  renderings: ${jobs.length} of ${shapes.size} chart shapes, for ${shown} charts on the pages; chart files: ${files}`)
print(`  CPU: ${(total / 1000).toFixed(2)} s (wall ${((performance.now() - wall) / 1000).toFixed(2)} s)`)
print(`  CPU per rendering:  ${ms(total / jobs.length)}   after the first quarter: ${ms((total - (warmEnd - start)) / (jobs.length - warmCount))}`)
print(`  CPU per chart file: ${ms(total / files)}; per chart on a page: ${ms(total / shown)}`)
print(`  CPU of each shape's first rendering (Vega-Lite compiles it, Vega builds its view): ${(compiled / 1000).toFixed(2)} s, ${ms(compiled / shapes.size)} a shape`)
saveSection('charts')
