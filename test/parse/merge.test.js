import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {parseSysbenchOutput} from '../../tools/parse/sysbench-output.js'
import {downsample, histogramPercentile, median, medianOfRepeats, mergeClients, mergeHistograms} from '../../tools/parse/merge.js'

const fixture = (/** @type {string} */ name) => readFileSync(new URL(`../fixtures/sysbench/${name}`, import.meta.url), 'utf8')
const parsed = (/** @type {string} */ name) => parseSysbenchOutput(fixture(name))

/**
 * The p95 straight from the raw logs, independently of the parser: every
 * histogram row of every log added up, then the first value where the
 * running count reaches round(95 % of all events).
 * @param {string[]} names
 */
function p95FromRawHistograms(names) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const name of names) {
    for (const [, value, count] of fixture(name).matchAll(/^ +([0-9.]+) \|\**\s+(\d+)$/gm)) counts.set(value, (counts.get(value) ?? 0) + Number(count))
  }
  const rows = [...counts].sort((a, b) => Number(a[0]) - Number(b[0]))
  const total = rows.reduce((n, r) => n + r[1], 0)
  const wanted = Math.floor(total * 0.95 + 0.5)
  let seen = 0
  for (const [value, count] of rows) {
    seen += count
    if (seen >= wanted) return Number(value)
  }
  return null
}

describe('histogramPercentile', () => {
  it('should give, for one real client, the p95 sysbench printed (to its 2 decimals)', () => {
    for (const name of ['1.0.20-read-write-1-client.log', '1.0.20-point-select-client-1-of-2.log', '1.0.20-point-select-client-2-of-2.log', '1.1-style-read-write.log']) {
      const out = parsed(name)
      const p95 = histogramPercentile(/** @type {any} */ (out.histogram), 95)
      expect(Number(p95?.toFixed(2))).toBe(out.statistics?.latency_pct)
      expect(mergeClients([out]).latency_p95).toBe(out.statistics?.latency_pct)
      expect(mergeClients([out]).latency_avg).toBe(out.statistics?.latency_avg)
    }
  })

  it('should return null for an empty histogram', () => {
    expect(histogramPercentile([], 95)).toBe(null)
  })
})

describe('mergeClients', () => {
  const two = () => [parsed('1.0.20-point-select-client-1-of-2.log'), parsed('1.0.20-point-select-client-2-of-2.log')]

  it('should sum the throughput of two real clients', () => {
    const figures = mergeClients(two())
    expect(figures.qps).toBe(33524.36)
    expect(figures.tps).toBe(33524.36)
    expect(figures.errors).toBe(0)
  })

  it('should take the p95 from the merged histograms, as computed from the raw logs', () => {
    const figures = mergeClients(two())
    const raw = p95FromRawHistograms(['1.0.20-point-select-client-1-of-2.log', '1.0.20-point-select-client-2-of-2.log'])
    expect(raw).toBe(0.226)
    expect(figures.latency_p95).toBe(0.23)
    // not the mean of the clients' percentiles (0.27 and 0.15)
    expect(figures.latency_p95).not.toBe(0.21)
  })

  it('should weight the average latency by each client’s events', () => {
    // total latency over total events: (5985.03 + 5988.78) / (37219 + 63462)
    expect(mergeClients(two()).latency_avg).toBe(0.12)
  })

  it('should take the highest max latency', () => {
    expect(mergeClients(two()).latency_max).toBe(21.3)
  })

  it('should sum the intervals both clients reported', () => {
    expect(mergeClients(two()).intervals).toEqual([
      {t: 1, qps: 33340.36, tps: 33340.36, latency_p95: 0.27},
      {t: 2, qps: 33771.28, tps: 33771.28, latency_p95: 0.27}
    ])
  })

  it('should leave the warm-up intervals out, up to the checkpoint', () => {
    const figures = mergeClients([parsed('1.0.20-point-select-warmup-checkpoint.log')])
    expect(figures.intervals.map((i) => i.t)).toEqual([1, 2])
    expect(figures.qps).toBe(60291.65)
  })

  it('should leave the warm-up out by time when the output has no checkpoint', () => {
    expect(mergeClients([parsed('1.1-style-read-write.log')], {warmup: 1}).intervals).toEqual([
      {t: 1, qps: 30620.4, tps: 1531.02, latency_p95: 7.3},
      {t: 2, qps: 30565, tps: 1528.25, latency_p95: 7.56}
    ])
  })

  it('should fail the point with the FATAL text when a client failed', () => {
    const figures = mergeClients([parsed('1.0.20-read-write-1-client.log'), parsed('1.0.20-table-missing.log')])
    expect(figures.qps).toBe(null)
    expect(figures.error).toBe([
      'FATAL: mysql_stmt_prepare() failed',
      `FATAL: MySQL error: 1146 "Table 'sbtest.sbtest3' doesn't exist"`,
      "FATAL: `thread_init' function failed: /usr/share/sysbench/oltp_common.lua:284: SQL API error",
      'FATAL: Thread initialization failed!'
    ].join('\n'))
  })

  it('should give no p95 for several clients without histograms rather than a mean', () => {
    const a = parsed('1.0.20-read-write-1-client.log')
    const figures = mergeClients([{...a, histogram: null}, {...a, histogram: null}])
    expect(figures.latency_p95).toBe(null)
    expect(figures.qps).toBe(32886.44)
  })
})

describe('mergeHistograms', () => {
  it('should add equal buckets and keep the others in order', () => {
    expect(mergeHistograms([[{value: 1, count: 2}, {value: 3, count: 1}], [{value: 2, count: 5}, {value: 3, count: 4}]])).toEqual([
      {value: 1, count: 2}, {value: 2, count: 5}, {value: 3, count: 5}
    ])
  })
})

describe('downsample', () => {
  it('should keep a series of 600 seconds to at most 120 entries', () => {
    const series = Array.from({length: 600}, (_, i) => ({t: i + 1, qps: i % 2 ? 100 : 200, tps: 10, latency_p95: i}))
    const out = downsample(series, 120)
    expect(out.length).toBe(120)
    expect(out[0]).toEqual({t: 5, qps: 160, tps: 10, latency_p95: 4})
    expect(out[119].t).toBe(600)
  })
})

describe('medianOfRepeats', () => {
  it('should show the median and the spread of three repeats', () => {
    const base = {tps: null, latency_avg: 1, latency_p95: 2, latency_max: 3, errors: 0, reconnects: 0}
    const out = medianOfRepeats([
      {...base, qps: 100, intervals: [{t: 1, qps: 100}]},
      {...base, qps: 110, intervals: [{t: 1, qps: 110}]},
      {...base, qps: 90, intervals: [{t: 1, qps: 90}]}
    ])
    expect(out.qps).toBe(100)
    expect(out.spread).toBe(20)
    expect(out.repeats).toBe(3)
    expect(out.intervals).toEqual([{t: 1, qps: 100}])
  })

  it('should take the mean of the middle two for an even count', () => {
    expect(median([4, 1, 3, 2])).toBe(2.5)
  })
})
