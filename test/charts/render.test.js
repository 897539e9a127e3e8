import {mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, test, vi} from 'vitest'
import {fillNumbers, labelTokens} from '../../tools/charts/labels.js'
import {compactNumbers} from '../../tools/charts/numbers.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../../tools/charts/spec.js'
import {versionsChartSpec} from '../../tools/charts/versions-spec.js'

const TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})

/**
 * A workload chart of two subjects over the given thread counts.
 * @param {number[]} threads
 * @param {number} scale  throughput at the first thread count
 * @param {string | string[]} [locale]
 * @param {number} [p95]  the step of p95 latency between points
 */
function chart(threads, scale, locale = 'en', p95 = 1, subjects = ['a', 'b']) {
  const rows = subjects.flatMap((subject, s) =>
    threads.map((t, order) => ({subject, x: String(t), order, throughput: Math.round(scale * (1 + order) * (1 + s / 10)), p95: p95 * 2 + p95 * (order + s)}))
  )
  return workloadChartSpec(rows, subjects, {...TOKENS, locale})
}

/** render.js as a new worker loads it: no view made yet. */
async function freshRenderer() {
  vi.resetModules()
  return /** @type {typeof import('../../tools/charts/render.js')} */ (await import('../../tools/charts/render.js'))
}

describe('chart rendering', () => {
  test('should keep a compiled shape for the next build and draw the same chart from it without Vega-Lite', async () => {
    const cacheDir = mkdtempSync(join(tmpdir(), 'benchdoc-runtime-'))
    try {
      const target = chart([1, 2, 4, 8], 1000)
      const compiled = await (await freshRenderer()).renderSvg(target, cacheDir)
      const kept = readdirSync(cacheDir)
      expect(kept).toHaveLength(1)
      expect(kept[0]).toMatch(/^[0-9a-f]{32}\.vg\.json$/)
      vi.doMock('vega-lite', () => {
        throw new Error('Vega-Lite was loaded')
      })
      const fromCache = await (await freshRenderer()).renderSvg(target, cacheDir)
      expect(fromCache).toBe(compiled)
      // a half-written runtime is compiled again
      writeFileSync(join(cacheDir, kept[0]), '{"operators": [')
      vi.doUnmock('vega-lite')
      expect(await (await freshRenderer()).renderSvg(target, cacheDir)).toBe(compiled)
    } finally {
      vi.doUnmock('vega-lite')
      rmSync(cacheDir, {recursive: true, force: true})
    }
  })

  test('should draw a chart alike whether its view is new or drew other charts before', async () => {
    const target = chart([1, 2, 4, 8], 1000)
    const alone = await (await freshRenderer()).renderSvg(target)

    // the charts before share some ticks (x 2 and 4; y values) with the target, not all
    const {renderSvg} = await freshRenderer()
    await renderSvg(chart([2, 4, 16], 3000))
    await renderSvg(chart([4, 32, 64, 128], 500))
    const after = await renderSvg(target)

    expect(after).toBe(alone)
    // the x axis lists its labels in thread order
    expect([...after.matchAll(/>(\d+)<\/text>/g)].map((m) => m[1]).filter((n) => ['1', '2', '4', '8'].includes(n)).slice(0, 4)).toEqual(['1', '2', '4', '8'])
  })

  test('should draw each subject\'s line alike whether its view drew other subjects, fewer or more, before', async () => {
    const target = chart([1, 2, 4, 8], 1000, 'en', 1, ['v6.0', 'v5.4', 'v5.0'])
    const alone = await (await freshRenderer()).renderSvg(target)

    // a view's lines are grouped by the rank of their subject (render.js rankedFacets): these share ranks, not names
    const {renderSvg} = await freshRenderer()
    await renderSvg(chart([1, 2, 4, 8], 2000, 'en', 1, ['b', 'a']))
    await renderSvg(chart([1, 2, 4, 8], 500, 'en', 1, ['d', 'c', 'v5.4', 'v6.0']))
    const after = await renderSvg(target)

    expect(after).toBe(alone)
    // the legend names the subjects in their order, each in its own colour
    expect([...after.matchAll(/>(v[\d.]+)<\/text>/g)].map((m) => m[1])).toEqual(['v6.0', 'v5.4', 'v5.0'])
    expect([...after.matchAll(/<path d="M[^"]*L[^"]*" stroke="(#[0-9a-f]{6})"/g)].map((m) => m[1])).toEqual(['#1f6feb', '#d1242f', '#1a7f37', '#1f6feb', '#d1242f', '#1a7f37'])
  })

  test('should lay a legend out by its own names, not those of the legend its view drew before', async () => {
    // reports like users': a subject named by a long variant, then short version names
    const target = chart([1, 2, 4, 8], 1000, 'en', 1, ['2.1.8', '3.1.12'])
    const alone = await (await freshRenderer()).renderSvg(target)
    const {renderSvg} = await freshRenderer()
    await renderSvg(chart([1, 2, 4, 8], 1000, 'en', 1, ['group commit off, binlog on, sync_binlog = 1', 'flush each second']))
    const after = await renderSvg(target)
    expect(after).toBe(alone)
    // the second entry starts right after the first, as the first's name is short
    const entries = [...after.matchAll(/<g transform="translate\(([\d.]+),[\d.]+\)"><circle/g)].map((m) => Number(m[1]))
    expect(entries).toHaveLength(2)
    expect(entries[1] - entries[0]).toBeLessThan(100)
  })

  test('should draw a chart alike when the rows its view held before were more, fewer, or had figures this one lacks', async () => {
    const target = chart([1, 2, 4], 800, 'en', 1, ['a', 'b', 'c'])
    // b has no p95 at 2 threads: its row keeps the throughput only (spec.js leaves a missing figure out)
    target.data = {values: target.data.values.map((r) => (r.subject === 'b' && r.x === '2' ? Object.fromEntries(Object.entries(r).filter(([k]) => k !== 'p95')) : r))}
    const alone = await (await freshRenderer()).renderSvg(target)
    // 3 subjects × 3 thread counts on 2 panels, but one, and the legend's 3
    expect(alone.match(/<circle /g)?.length).toBe(20)

    // the view changes the rows it holds in place (render.js changeRows)
    const {renderSvg} = await freshRenderer()
    await renderSvg(chart([1, 2, 4, 8, 16], 3000, 'en', 2, ['a', 'b', 'c', 'd']))
    await renderSvg(chart([2], 100, 'en', 1, ['c']))
    expect(await renderSvg(target)).toBe(alone)
    await renderSvg(chart([1, 2, 4, 8], 300, 'en', 3, ['a', 'b', 'c', 'd']))
    expect(await renderSvg(target)).toBe(alone)
  })

  test('should draw a versions chart alike whether its view drew the chart with other points and links before', async () => {
    const labels = {x: 'Version', y: 'QPS', workload: 'Workload', description: '', locale: 'en'}
    /** @param {number} scale @param {number} releases */
    const spec = (scale, releases) => versionsChartSpec(['Insert', 'Read Write'].flatMap((workload, w) => Array.from({length: releases}, (_, order) => ({
      x: `v${order + 1}`, order, workload, value: scale * (order + 1) + w, href: `/reports/r${scale}-${order}/`
    }))), ['Insert', 'Read Write'], labels)
    const target = spec(1000, 3)
    const alone = await (await freshRenderer()).renderSvg(target)
    expect([...alone.matchAll(/xlink:href="([^"]*)"/g)].map((m) => m[1])).toContain('/reports/r1000-2/')

    const {renderSvg} = await freshRenderer()
    const before = spec(1000, 3)
    before.data = {values: before.data.values.map((r) => ({...r, value: r.value + 7, href: `${r.href}old/`}))}
    await renderSvg(before)
    expect(await renderSvg(target)).toBe(alone)
    // a point the chart before did not draw (no value) is drawn in its place, not after the others
    const gaps = spec(1000, 3)
    gaps.data = {values: gaps.data.values.map((r, i) => (i % 2 ? r : {...r, value: null}))}
    await renderSvg(gaps)
    expect(await renderSvg(target)).toBe(alone)
  })

  test('should draw a chart with links once, each link known before it draws', async () => {
    const {renderSvg} = await freshRenderer()
    // Vega's renderer draws again (`_render`) once the loader has checked links it did not know
    const {SVGStringRenderer} = /** @type {{SVGStringRenderer: {prototype: {_render(): unknown}}}} */ (/** @type {unknown} */ (await import('../../tools/charts/vega.mjs')))
    const render = vi.spyOn(SVGStringRenderer.prototype, '_render')
    try {
      const labels = {x: 'Version', y: 'QPS', workload: 'Workload', description: '', locale: 'en'}
      const svg = await renderSvg(versionsChartSpec([1, 2].map((order) => ({x: `v${order}`, order, workload: 'Insert', value: order, href: `/reports/r${order}/`})), ['Insert'], labels))
      expect([...svg.matchAll(/xlink:href="([^"]*)"/g)].map((m) => m[1])).toEqual(['/reports/r1/', '/reports/r2/'])
      expect(render).toHaveBeenCalledTimes(1)
    } finally {
      render.mockRestore()
    }
  })

  test('should size a chart by its own labels, not those of the chart its view drew before', async () => {
    /** @param {number} top  the largest throughput */
    const series = (top) => timeSeriesChartSpec(
      [1, 2, 3].map((t) => ({series: 'a · 8', t, throughput: (top * t) / 3})),
      ['a · 8'],
      {throughput: 'QPS', time: 'Time (s)', series: 'Series', description: '', locale: 'en'}
    )
    const alone = await (await freshRenderer()).renderSvg(series(900))
    const {renderSvg} = await freshRenderer()
    // 1,500,000 has wider axis labels (1.5M) than 900 has
    await renderSvg(series(1500000))
    expect(await renderSvg(series(900))).toBe(alone)
  })

  test('should draw one chart for several locales whose copies differ from each other only in their numbers, each as its locale writes them', async () => {
    const {renderSvg} = await freshRenderer()
    const shared = await renderSvg(chart([1, 2, 4, 8], 150000, ['en', 'zh-CN', 'ja']))
    const texts = (/** @type {string} */ svg) => [...svg.matchAll(/>([^<]*)<\/text>/g)].map((m) => m[1])
    const en = fillNumbers(shared, compactNumbers('en'))
    const zh = fillNumbers(shared, compactNumbers('zh-CN'))
    const ja = fillNumbers(shared, compactNumbers('ja'))
    expect(texts(en).slice(5, 14)).toEqual(['0', '100K', '200K', '300K', '400K', '500K', '600K', '700K', '‹throughput›'])
    expect(texts(zh).slice(5, 14)).toEqual(['0', '10 万', '20 万', '30 万', '40 万', '50 万', '60 万', '70 万', '‹throughput›'])
    const marks = (/** @type {string} */ svg) => svg.replace(/>[^<]*<\/text>/g, '')
    expect(texts(ja).slice(5, 14)).toEqual(['0', '100,000', '200,000', '300,000', '400,000', '500,000', '600,000', '700,000', '‹throughput›'])
    expect(marks(zh)).toBe(marks(en))
    // the same words as a chart drawn for one locale alone, laid out for the widest of them
    const width = (/** @type {string} */ svg) => Number(/width="(\d+)"/.exec(svg)?.[1])
    const widths = []
    for (const [locale, filled] of [['en', en], ['zh-CN', zh], ['ja', ja]]) {
      const alone = await renderSvg(chart([1, 2, 4, 8], 150000, locale))
      expect(texts(filled)).toEqual(texts(alone))
      widths.push(width(alone))
    }
    expect(width(shared)).toBe(Math.max(...widths))
  })

  test('should write every tick of an axis in the unit of its top, in each language, on both panels, a time series and the versions chart', async () => {
    const {renderSvg} = await freshRenderer()
    const texts = (/** @type {string} */ svg) => [...svg.matchAll(/>([^<]*)<\/text>/g)].map((m) => m[1])
    const ticks = (/** @type {string[]} */ all, /** @type {string} */ title) => all.slice(all.lastIndexOf('‹threads›', all.indexOf(title)) + 1, all.indexOf(title))
    // throughput 3,000 to 13,200 and p95 2,000 to 6,000: the axes reach 14,000 and 6,000
    const shared = await renderSvg(chart([1, 2, 4, 8], 3000, ['en', 'zh-CN', 'ja'], 1000))
    const en = texts(fillNumbers(shared, compactNumbers('en')))
    const zh = texts(fillNumbers(shared, compactNumbers('zh-CN')))
    expect(ticks(en, '‹throughput›')).toEqual(['0', '2K', '4K', '6K', '8K', '10K', '12K', '14K'])
    expect(ticks(en, '‹latency›')).toEqual(['0', '1,000', '2,000', '3,000', '4,000', '5,000', '6,000'])
    // a Chinese axis counts in 万 once its ticks step by half of one or more; below, whole numbers: never `0.2 万`, nor 8000 beside 1 万
    expect(ticks(zh, '‹throughput›')).toEqual(['0', '2,000', '4,000', '6,000', '8,000', '10,000', '12,000', '14,000'])
    expect(ticks(zh, '‹latency›')).toEqual(['0', '1,000', '2,000', '3,000', '4,000', '5,000', '6,000'])
    // throughput to 39,600 and to 17,600: axes in steps of 1 万 and of 0.5 万
    const zhTicks = async (/** @type {number} */ base) => ticks(texts(await renderSvg(chart([1, 2, 4, 8], base, 'zh-CN'))), '‹throughput›')
    expect(await zhTicks(9000)).toEqual(['0', '1 万', '2 万', '3 万', '4 万'])
    expect(await zhTicks(4000)).toEqual(['0', '0.5 万', '1 万', '1.5 万'])
    // an English axis below 10K does not write 800 beside 1K
    expect(ticks(texts(await renderSvg(chart([1, 2, 4, 8], 300, 'en'))), '‹throughput›')).toEqual(['0', '200', '400', '600', '800', '1,000', '1,200', '1,400'])
    // a Japanese axis writes whole numbers as its tables do, on every chart of a page
    expect(ticks(texts(await renderSvg(chart([1, 2, 4, 8], 30000, 'ja'))), '‹throughput›')).toEqual(['0', '20,000', '40,000', '60,000', '80,000', '100,000', '120,000', '140,000'])
    const series = timeSeriesChartSpec([1, 2, 3].map((t) => ({series: 's', t, throughput: 40000 * t})), ['s'], {throughput: 'T', time: 't', series: 'S', description: '', locale: 'zh-CN'})
    const overTime = texts(await renderSvg(series))
    expect(overTime.slice(overTime.indexOf('t') + 1, overTime.indexOf('T'))).toEqual(['0', '2 万', '4 万', '6 万', '8 万', '10 万', '12 万'])
    const versions = versionsChartSpec([1, 2, 3].map((o) => ({x: `v${o}`, order: o, workload: 'w', value: 4000 * o, href: '/'})), ['w'], {x: 'X', y: 'Y', workload: 'W', description: '', locale: 'en'})
    const releases = texts(await renderSvg(versions))
    expect(releases.slice(releases.indexOf('X') + 1, releases.indexOf('Y'))).toEqual(['0', '2K', '4K', '6K', '8K', '10K', '12K'])
  })
})
