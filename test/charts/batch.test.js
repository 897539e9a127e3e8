import {mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {benchReport} from '../helpers/generate.js'
import {downloadSpecs, runChartJobs} from '../../tools/charts/job.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {siteNumberStyle} from '../../tools/site/format.js'
import {reportChartJobs} from '../../tools/site/report-charts.js'
import {reportViewModel} from '../../tools/site/view-model.js'
import {validateReportText} from '../../tools/validate/index.js'
import {subjectNames} from '../../tools/derive/subjects.js'
import {tempFolder} from '../helpers/temp.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {parse} from 'yaml'

const languages = ['en', 'zh', 'ja']
const generated = benchReport(1)
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)]))
const locales = Object.fromEntries(readLanguages(ROOT).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))

/**
 * A generated report's chart jobs, as a build makes them, writing under `out`.
 * @param {string} out
 */
function reportJobs(out) {
  const {doc, derived} = validateReportText(`${generated.id}.yaml`, JSON.stringify(generated))
  if (!derived) throw new Error(`${generated.id} does not validate`)
  const report = /** @type {any} */ (doc.data)
  const model = reportViewModel({report, derived, narratives: {}, languages, style: siteNumberStyle(locales), labels, locales})
  return reportChartJobs({report, model, labels, locales, chartDir: join(out, 'static', 'charts'), cacheDir: join(out, 'cache'), specDir: join(out, 'static')})
}

/**
 * Each of a report's first workload's charts (its time series second), rendered, as a function from a language to the texts it shows.
 * @param {any} report
 * @returns {Promise<Array<(lang: string) => string[]>>}
 */
async function renderedTexts(report) {
  const out = tempFolder('benchdoc-chart-batch-')
  const {doc, derived} = validateReportText(`${report.id}.yaml`, JSON.stringify(report))
  if (!derived) throw new Error(`${report.id} does not validate`)
  const model = reportViewModel({report: /** @type {any} */ (doc.data), derived, narratives: {}, languages, style: siteNumberStyle(locales), labels, locales})
  const jobs = reportChartJobs({report: doc.data, model, labels, locales, chartDir: join(out, 'static', 'charts'), cacheDir: join(out, 'cache')})
  const name = report.plan.workloads[0].name
  const first = jobs.filter((j) => [`/${name}.svg`, `/${name}-time.svg`].some((end) => j.images[0].path.endsWith(end)))
  await runChartJobs({jobs: first.map(({spec, cacheDir, shared}) => ({spec, cacheDir, shared}))})
  return first.map((job) => {
    const svg = readFileSync(/** @type {string} */ (job.shared?.[0].file), 'utf8')
    return (lang) => [...svg.matchAll(/<text( class="([a-z ]+)")?[^>]*>([^<]*)<\/text>/g)].filter((m) => !m[2] || m[2].split(' ').includes(lang)).map((m) => m[3])
  })
}

describe('a report\'s charts run as one batch', () => {
  test('should keep each rendering in the cache under its key, draw none of them twice, and write every language\'s download', async () => {
    const out = tempFolder('benchdoc-chart-batch-')
    const jobs = reportJobs(out)
    const downloads = jobs.flatMap(({download}) => (download ? [download] : []))
    const batch = {jobs: jobs.map(({images, download, key, ...job}) => job), downloads}
    const results = await runChartJobs(batch)

    expect(results.map((r) => [r.key, r.cached])).toEqual(jobs.map(({key}) => [key, false]))
    for (const {key, width, height} of results) expect(readFileSync(join(out, 'cache', `${key}.svg`), 'utf8')).toMatch(new RegExp(`^<svg [^>]*width="${width}" height="${height}"`))
    expect((await runChartJobs(batch)).map((r) => r.cached)).toEqual(jobs.map(() => true))
    // one download a language, each with every workload's chart and its lines
    const files = [...new Set(downloads.flatMap((d) => d.files.map((f) => f.file)))]
    const id = generated.id
    expect(files.map((f) => f.slice(out.length))).toEqual(languages.map((lang) => `/static/downloads/${id}/${id}.${lang}.vl.json`))
    for (const [k, file] of files.entries()) {
      const spec = JSON.parse(readFileSync(file, 'utf8'))
      const names = Object.values(subjectNames(generated, languages[k]))
      expect(spec.vconcat.map((/** @type {any} */ c) => [...new Set(c.data.values.map((/** @type {any} */ r) => r.subject))])).toEqual(Array(generated.plan.workloads.length).fill(names))
    }
  })

  test('should write the thread counts of a chart\'s axis as each language does, on the chart and in its download (`1200` in zh)', async () => {
    const out = tempFolder('benchdoc-chart-batch-')
    const text = readFileSync(join(ROOT, 'data/reports/tidb-v6.0.0-vs-v5.1.4.yaml'), 'utf8')
    const {doc, derived} = validateReportText('tidb-v6.0.0-vs-v5.1.4.yaml', text)
    const report = /** @type {any} */ (doc.data)
    const model = reportViewModel({report, derived: /** @type {any} */ (derived), narratives: {}, languages, style: siteNumberStyle(locales), labels, locales})
    const [job, ...others] = reportChartJobs({report, model, labels, locales, chartDir: join(out, 'static', 'charts'), cacheDir: join(out, 'cache'), specDir: join(out, 'static')})
    await runChartJobs({jobs: [{spec: job.spec, cacheDir: job.cacheDir, shared: job.shared}], downloads: [job, ...others].flatMap(({download}) => (download ? [download] : []))})
    const svg = readFileSync(/** @type {string} */ (job.shared?.[0].file), 'utf8')
    // a text the languages write alike is one element for all of them (`class="en ja"`)
    const ticks = (/** @type {string} */ lang) => [...svg.matchAll(/<text class="([a-z ]+)"[^>]*>(1,?[25]00)</g)].filter((m) => m[1].split(' ').includes(lang)).map((m) => m[2])
    expect([...new Set(ticks('en'))]).toEqual(['1,200', '1,500'])
    expect([...new Set(ticks('zh'))]).toEqual(['1200', '1500'])
    expect([...new Set(ticks('ja'))]).toEqual(['1,200', '1,500'])
    const xs = (/** @type {string} */ lang) => [...new Set(JSON.parse(readFileSync(join(out, 'static', 'downloads', report.id, `${report.id}.${lang}.vl.json`), 'utf8')).vconcat[0].data.values.map((/** @type {any} */ r) => r.x))]
    expect([xs('en'), xs('zh')]).toEqual([['150', '300', '600', '900', '1,200', '1,500'], ['150', '300', '600', '900', '1200', '1500']])
  })

  test('should name a time series\' lines with each language\'s thread count: `v5.1.4／1200` in zh, `v5.1.4 · 1,200` in en', async () => {
    const report = parse(readFileSync(join(ROOT, 'data/reports/tidb-v6.0.0-vs-v5.1.4.yaml'), 'utf8'))
    for (const p of report.results) if (p.workload === 'oltp_point_select' && p.threads >= 900) p.intervals = [{t: 1, tps: p.tps}, {t: 2, tps: p.tps}]
    const [, time] = await renderedTexts(report)
    const lines = (/** @type {string} */ lang) => time(lang).filter((t) => t.startsWith('v'))
    expect(lines('zh')).toEqual(['v5.1.4／900', 'v6.0.0／900', 'v5.1.4／1200', 'v6.0.0／1200', 'v5.1.4／1500', 'v6.0.0／1500'])
    expect(lines('en')).toEqual(['v5.1.4 · 900', 'v6.0.0 · 900', 'v5.1.4 · 1,200', 'v6.0.0 · 1,200', 'v5.1.4 · 1,500', 'v6.0.0 · 1,500'])
    expect(lines('ja')).toEqual(lines('zh').map((t) => t.replace(/1(\d)00/, '1,$100')))
  })

  test('should write a scaling chart\'s table sizes as the tables do (`1000 万` in zh) and its lines\' thread counts as each language does', async () => {
    const report = parse(readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8'))
    for (const p of report.results) if (p.threads === 128) p.threads = 1200
    report.plan.workloads[0].threads = [64, 1200]
    const [chart] = await renderedTexts(report)
    const sizes = (/** @type {string} */ lang) => chart(lang).filter((t) => /^1\d*(,000)* ?万?$/.test(t) && t !== '1')
    expect([...new Set(sizes('zh'))]).toEqual(['100 万', '1000 万'])
    expect([...new Set(sizes('en'))]).toEqual(['1,000,000', '10,000,000'])
    const lines = (/** @type {string} */ lang) => chart(lang).filter((t) => t.startsWith('v8.5.0'))
    expect(lines('zh')).toEqual(['v8.5.0（General mode）／64', 'v8.5.0（Tuning mode）／64', 'v8.5.0（General mode）／1200', 'v8.5.0（Tuning mode）／1200'])
    expect(lines('en')).toEqual(['v8.5.0 (General mode) · 64', 'v8.5.0 (Tuning mode) · 64', 'v8.5.0 (General mode) · 1,200', 'v8.5.0 (Tuning mode) · 1,200'])
  })

  test('should write each language\'s line names with its own separator in its download', () => {
    const rows = [{subject: 'a\u2039sep\u203a8', x: '8', order: 0, throughput: 1, p95: 2}, {subject: 'b\u2039sep\u203a8', x: '8', order: 0, throughput: 3, p95: 4}]
    const labelled = {throughput: 'QPS', latency: 'p95', threads: 'Threads', subject: 'Series', description: '', locale: 'en'}
    const files = [{file: 'w.en', lang: 'en', sep: ' · ', labels: labelled}, {file: 'w.ja', lang: 'ja', sep: '・', labels: labelled}]
    const specs = downloadSpecs([
      {title: {en: 'One', ja: '一'}, rows, subjects: ['a', 'b'], separator: '\u2039sep\u203a', files},
      {title: {en: 'Two', ja: '二'}, rows: rows.slice(1), subjects: ['b'], separator: '\u2039sep\u203a', files}
    ])
    expect([...specs.keys()]).toEqual(['w.en', 'w.ja'])
    expect(specs.get('w.ja')?.map((c) => [c.title, c.rows.map((r) => r.subject)])).toEqual([['一', ['a・8', 'b・8']], ['二', ['b・8']]])
    expect(specs.get('w.en')?.map((c) => [c.title, c.rows.map((r) => r.subject)])).toEqual([['One', ['a · 8', 'b · 8']], ['Two', ['b · 8']]])
    // the rows sent are left as they are: each language gets its own
    expect(rows[0].subject).toBe('a\u2039sep\u203a8')
  })

  test('should take a rendering from the cache, not draw it again', async () => {
    const out = tempFolder('benchdoc-chart-batch-')
    const [job] = reportJobs(out)
    mkdirSync(join(out, 'cache'))
    writeFileSync(join(out, 'cache', `${job.key}.svg`), '<svg width="7" height="8"></svg>')
    const [result] = await runChartJobs({jobs: [{spec: job.spec, cacheDir: job.cacheDir, shared: job.shared}]})
    expect(result).toEqual({key: job.key, cached: true, width: 7, height: 8})
    expect(readFileSync(/** @type {string} */ (job.shared?.[0].file), 'utf8')).toMatch(/^<svg width="7" height="8"><title lang="en">/)
  })
})
