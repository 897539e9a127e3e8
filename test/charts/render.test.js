import {describe, expect, test, vi} from 'vitest'
import {labelTokens} from '../../tools/charts/labels.js'
import {workloadChartSpec} from '../../tools/charts/spec.js'

const TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})

/**
 * A workload chart of two subjects over the given thread counts.
 * @param {number[]} threads
 * @param {number} scale  throughput at the first thread count
 */
function chart(threads, scale) {
  const rows = ['a', 'b'].flatMap((subject, s) =>
    threads.map((t, order) => ({subject, x: String(t), order, throughput: Math.round(scale * (1 + order) * (1 + s / 10)), p95: 2 + order + s}))
  )
  return workloadChartSpec(rows, ['a', 'b'], {...TOKENS, locale: 'en'})
}

/** render.js as a new worker loads it: no view made yet. */
async function freshRenderer() {
  vi.resetModules()
  return /** @type {typeof import('../../tools/charts/render.js')} */ (await import('../../tools/charts/render.js'))
}

describe('chart rendering', () => {
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
})
