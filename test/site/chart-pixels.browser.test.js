import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {roundedCoordinates} from '../../tools/charts/compact.js'
import {renderSvg} from '../../tools/charts/render.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../../tools/charts/spec.js'
import {versionsChartSpec} from '../../tools/charts/versions-spec.js'
import {HAVE_CHROMIUM, launchChromium} from '../helpers/browser.js'

// compactSvg (tools/charts/compact.js) rewrites Vega's SVG to less than half
// its size: here Chromium draws each kind of chart as Vega wrote it (with its
// coordinates rounded to a tenth of a pixel, the one step that may shade a
// pixel otherwise) and as it is published, and every pixel must be the same.
/** @type {import('playwright-core').Browser} */
let browser

beforeAll(async () => {
  expect(HAVE_CHROMIUM, 'Chromium at /usr/bin/chromium (make system installs it)').toBe(true)
  browser = await launchChromium()
})

afterAll(async () => {
  await browser?.close()
})

const LABELS = {throughput: 'QPS', latency: '95% latency (ms)', threads: 'Threads', subject: 'Version', description: 'a chart', locale: 'en'}
const THREADS = [16, 32, 64, 128, 256, 512]

/**
 * Rows of a workload chart.
 * @param {string[]} subjects
 * @param {{intervals?: boolean}} [options]
 */
function rows(subjects, {intervals = false} = {}) {
  return subjects.flatMap((subject, s) => THREADS.map((t, order) => {
    const throughput = Math.round(40000 * (1 + order * 0.6) * (1 + s * 0.05))
    const p95 = Math.round((2 + order * 1.7 + s * 0.3) * 100) / 100
    const spread = intervals ? {throughput_low: throughput * 0.97, throughput_high: throughput * 1.03, p95_low: p95 * 0.9, p95_high: p95 * 1.1} : {}
    return {subject, x: String(t), order, throughput, p95, ...spread}
  }))
}

/** @type {Record<string, Record<string, any>>} */
const CHARTS = {
  'three subjects': workloadChartSpec(rows(['v1.0.0', 'v1.1.0', 'v1.2.0']), ['v1.0.0', 'v1.1.0', 'v1.2.0'], LABELS),
  'one subject, no legend': workloadChartSpec(rows(['v8.1.0']), ['v8.1.0'], LABELS),
  'error bars from repeats': workloadChartSpec(rows(['a', 'b'], {intervals: true}), ['a', 'b'], LABELS),
  'numbers for several locales': workloadChartSpec(rows(['a', 'b']), ['a', 'b'], {...LABELS, locale: ['en', 'zh-CN', 'ja']}),
  'throughput over time': timeSeriesChartSpec(
    ['a · 8', 'b · 8'].flatMap((series, s) => Array.from({length: 30}, (_, t) => ({series, t: t + 1, throughput: 1000 + 37 * ((t * 7 + s * 13) % 11)}))),
    ['a · 8', 'b · 8'],
    {throughput: 'QPS', time: 'Time (s)', series: 'Series', description: '', locale: 'en'}
  ),
  'versions with links': versionsChartSpec(
    ['v5.0', 'v6.0', 'v7.0', 'v8.0'].flatMap((x, order) => ['oltp_point_select', 'oltp_read_only'].map((workload, w) => ({x, order, workload, value: order * 3.5 - w * 2 - 1, href: `../../reports/r${order}/`}))),
    ['oltp_point_select', 'oltp_read_only'],
    {x: 'Release', y: 'Change (%)', workload: 'Workload', description: '', locale: 'en'},
    {percent: true}
  )
}

/**
 * Chromium's drawing of an SVG as an image at its own size.
 * @param {import('playwright-core').Page} page
 * @param {string} svg
 */
async function drawn(page, svg) {
  await page.setContent(`<body style="margin:0"><img src="data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}">`)
  const image = page.locator('img')
  await image.evaluate((img) => /** @type {HTMLImageElement} */ (img).decode())
  return image.screenshot()
}

describe('a compacted chart, drawn in Chromium', () => {
  test.each(Object.keys(CHARTS))('should look exactly as Vega drew it, in less than half the bytes: %s', async (name) => {
    const raw = await renderSvg(CHARTS[name], undefined, {compact: false})
    const compact = await renderSvg(CHARTS[name])
    expect(compact.length).toBeLessThan(raw.length / 2)
    const page = await browser.newPage()
    const [before, after] = [await drawn(page, roundedCoordinates(raw)), await drawn(page, compact)]
    expect(after.length).toBeGreaterThan(1000)
    expect(after.equals(before), `${name}: the pixels differ`).toBe(true)
    await page.close()
  })
})
