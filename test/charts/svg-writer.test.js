import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, test} from 'vitest'
import {benchReport} from '../helpers/generate.js'
import {renderSvg} from '../../tools/charts/render.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../../tools/charts/spec.js'
import {versionsChartSpec} from '../../tools/charts/versions-spec.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {siteNumberStyle} from '../../tools/site/format.js'
import {reportChartJobs} from '../../tools/site/report-charts.js'
import {reportViewModel} from '../../tools/site/view-model.js'
import {validateReportText} from '../../tools/validate/index.js'
import {ROOT} from '../helpers/paths.js'

const languages = ['en', 'zh', 'ja']
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)]))
const locales = Object.fromEntries(readLanguages(ROOT).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
const style = siteNumberStyle(locales)

/**
 * The chart specs a build renders for a report's data.
 * @param {string} file @param {string} text
 */
function specsOf(file, text) {
  const {doc, derived} = validateReportText(file, text)
  if (!derived) throw new Error(`${file} does not validate`)
  const report = /** @type {any} */ (doc.data)
  const model = reportViewModel({report, derived, narratives: {}, languages, style, labels, locales})
  return reportChartJobs({report, model, labels, locales, chartDir: '/nowhere', cacheDir: '/nowhere'}).map((job) => job.spec)
}

const bundled = readdirSync(join(ROOT, 'data/reports')).flatMap((f) => specsOf(join('data/reports', f), readFileSync(join(ROOT, 'data/reports', f), 'utf8')))
const reports = [0, 1, 2, 3, 4, 5, 6, 9].map((i) => benchReport(i))
const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0)
const generated = reports.flatMap((r) => specsOf(`${r.id}.yaml`, JSON.stringify(r)))
const repeats = workloadChartSpec(
  ['a', 'b'].flatMap((subject, s) => [1, 2, 4].map((t, order) => ({subject, x: String(t), order, throughput: 1000 + 300 * order + 50 * s, p95: 2 + order, throughput_low: 970 + 300 * order, throughput_high: 1040 + 300 * order, p95_low: 1.8 + order, p95_high: 2.2 + order}))),
  ['a', 'b'],
  {throughput: 'QPS', latency: '95% latency (ms)', threads: 'Threads', subject: 'Version', description: '', locale: 'en'}
)
const series = timeSeriesChartSpec(
  ['a · 8', 'b · 8'].flatMap((s, i) => [1, 2, 3, 4].map((t) => ({series: s, t, throughput: 1000 + 100 * t + 30 * i}))),
  ['a · 8', 'b · 8'],
  {throughput: 'QPS', time: 'Time (s)', series: 'Series', description: '', locale: 'en'}
)

describe('the compact SVG writer', () => {
  test('should have charts of every kind to write', () => {
    // the bundled reports' workloads with points; generated reports like users', each language naming the subjects
    // alike or not (a variant in several languages), one as `benchdoc run` writes it (a time series per workload)
    expect(bundled.length).toBe(16)
    expect(generated.length).toBeGreaterThanOrEqual(sum(reports.map((r) => r.plan.workloads.length)))
  })

  test.each([
    ['bundled reports', bundled],
    ['generated reports like users\'', generated],
    ['error bars and a time series', [repeats, series]]
  ])('should write the charts of %s as Vega\'s SVG made compact, character for character', async (_, specs) => {
    for (const [i, spec] of specs.entries()) {
      const ours = await renderSvg(spec, undefined, {writer: 'ours'})
      expect(ours, `chart ${i}`).toBe(await renderSvg(spec, undefined, {writer: 'vega'}))
    }
  })

  test('should write a chart with links as Vega\'s writer does, character for character', async () => {
    const spec = versionsChartSpec(
      [{x: 'v5.0', order: 0, workload: 'oltp_read_only', value: 2.5, href: '../../reports/r0/'}, {x: 'v6.0', order: 1, workload: 'oltp_read_only', value: -1, href: '../../reports/r1/'}],
      ['oltp_read_only'],
      {x: 'Release', y: 'Change (%)', workload: 'Workload', description: '', locale: 'en'},
      {percent: true}
    )
    const svg = await renderSvg(spec, undefined, {writer: 'ours'})
    expect(svg).toBe(await renderSvg(spec, undefined, {writer: 'vega'}))
    expect(svg.match(/<a xlink:href="[^"]+">/g)).toEqual(['<a xlink:href="../../reports/r0/">', '<a xlink:href="../../reports/r1/">'])
  })

  test('should write an axis title in two lines as Vega\'s writer does, character for character', async () => {
    const spec = versionsChartSpec(
      [{x: 'v5.0', order: 0, workload: 'w', value: 2.5, href: '../r0/'}, {x: 'v6.0', order: 1, workload: 'w', value: -1, href: '../r1/'}],
      ['w'], {x: 'Release', y: 'Headline change (%) in each report’s metric, QPS or TPS', workload: 'Workload', description: '', locale: 'en'}, {percent: true}
    )
    const svg = await renderSvg(spec, undefined, {writer: 'ours'})
    expect(svg).toBe(await renderSvg(spec, undefined, {writer: 'vega'}))
    expect(svg.match(/<tspan[^>]*>[^<]*<\/tspan>/g)).toEqual(['<tspan>Headline change (%) in each</tspan>', '<tspan x="0" dy="15">report’s metric, QPS or TPS</tspan>'])
  })

  test('should write points of several shapes and sizes, one at its panel\'s origin, as Vega\'s writer does, character for character', async () => {
    const spec = {
      $schema: 'https://vega.github.io/schema/vega-lite/v6.json',
      autosize: {type: 'pad'},
      data: {values: [['circle', 0, 10, 30], ['circle', 3, 4, 64], ['square', 5, 5, 30], ['triangle-up', 7, 2, 100], ['cross', 9, 8, 64], ['circle', 2.25, 6.75, 30]].map(([shape, x, y, size]) => ({shape, x, y, size}))},
      mark: {type: 'point', filled: true},
      encoding: {
        x: {field: 'x', type: 'quantitative', scale: {domain: [0, 10]}},
        y: {field: 'y', type: 'quantitative', scale: {domain: [0, 10]}},
        shape: {field: 'shape', type: 'nominal', scale: null},
        size: {field: 'size', type: 'quantitative', scale: null}
      }
    }
    const svg = await renderSvg(spec, undefined, {writer: 'ours'})
    expect(svg).toBe(await renderSvg(spec, undefined, {writer: 'vega'}))
    // the point at (0, 10) is at the panel's origin: a path without a move; the other circles are circles
    expect(svg.match(/<path d="M[^"]*A[^"]*"[^>]*\/>/g)).toEqual(['<path d="M2.7,0A2.7,2.7,0,1,1,-2.7,0A2.7,2.7,0,1,1,2.7,0" fill="#4c78a8" opacity="0.7"/>'])
    expect(svg.match(/<circle [^>]*>/g)).toEqual(['<circle cx="90" cy="180" r="4" fill="#4c78a8" opacity="0.7"/>', '<circle cx="67.5" cy="97.4" r="2.7" fill="#4c78a8" opacity="0.7"/>'])
    expect(svg.match(/<path transform="[^"]*"/g)).toEqual(['<path transform="translate(150,150)"', '<path transform="translate(210,240)"', '<path transform="translate(270,59.9)"'])
  })

  test('should escape a link\'s URL as Vega does', async () => {
    const withHref = (/** @type {string} */ href) => versionsChartSpec(
      [{x: 'v5.0', order: 0, workload: 'w', value: 1, href}, {x: 'v6.0', order: 1, workload: 'w', value: 2, href: '../r/'}],
      ['w'], {x: 'Release', y: 'Change (%)', workload: 'Workload', description: '', locale: 'en'}, {percent: true}
    )
    const escaped = await renderSvg(withHref('../r/?a=1&b="2"'), undefined, {writer: 'ours'})
    expect(escaped).toBe(await renderSvg(withHref('../r/?a=1&b="2"'), undefined, {writer: 'vega'}))
    expect(escaped).toContain('<a xlink:href="../r/?a=1&amp;b=&quot;2&quot;">')
  })
})
