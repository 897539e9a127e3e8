import {mkdtempSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, test, vi} from 'vitest'
import {fillNumbers, labelTokens} from '../../tools/charts/labels.js'
import {compactNumbers} from '../../tools/charts/numbers.js'
import {timeSeriesChartSpec, workloadChartSpec} from '../../tools/charts/spec.js'

const TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})

/**
 * A workload chart of two subjects over the given thread counts.
 * @param {number[]} threads
 * @param {number} scale  throughput at the first thread count
 * @param {string | string[]} [locale]
 */
function chart(threads, scale, locale = 'en') {
  const rows = ['a', 'b'].flatMap((subject, s) =>
    threads.map((t, order) => ({subject, x: String(t), order, throughput: Math.round(scale * (1 + order) * (1 + s / 10)), p95: 2 + order + s}))
  )
  return workloadChartSpec(rows, ['a', 'b'], {...TOKENS, locale})
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
    expect(texts(en).slice(5, 14)).toEqual(['0', '100K', '200K', '300K', '400K', '500K', '600K', '700K', '‹throughput›'])
    expect(texts(zh).slice(5, 14)).toEqual(['0', '10万', '20万', '30万', '40万', '50万', '60万', '70万', '‹throughput›'])
    const marks = (/** @type {string} */ svg) => svg.replace(/>[^<]*<\/text>/g, '')
    expect(marks(zh)).toBe(marks(en))
    // the same words as a chart drawn for one locale alone, laid out for the widest of them
    const width = (/** @type {string} */ svg) => Number(/width="(\d+)"/.exec(svg)?.[1])
    const widths = []
    for (const [locale, filled] of [['en', en], ['zh-CN', zh]]) {
      const alone = await renderSvg(chart([1, 2, 4, 8], 150000, locale))
      expect(texts(filled)).toEqual(texts(alone))
      widths.push(width(alone))
    }
    expect(width(shared)).toBe(Math.max(...widths))
  })
})
