import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {agrees, decimalsOf, headlineChange, percentChange} from '../../tools/derive/change.js'
import {deriveReport, metricOf} from '../../tools/derive/report.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {ROOT} from '../helpers/paths.js'

/** @param {string} id */
const load = (id) => parseYamlSource(id, readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8'))

describe('percentChange', () => {
  test('should give the % change of a value over its base', () => {
    expect(percentChange(110, 100)).toBeCloseTo(10, 12)
    expect(percentChange(291233, 296958)).toBeCloseTo(-1.927882057, 8)
  })
  test('should be null when either side is unknown or the base is 0', () => {
    expect(percentChange(null, 100)).toBeNull()
    expect(percentChange(100, undefined)).toBeNull()
    expect(percentChange(100, 0)).toBeNull()
  })
})

describe('headlineChange', () => {
  test('should be the mean of the known per-point changes', () => {
    expect(headlineChange([10, null, 20])).toBe(15)
    expect(headlineChange([null])).toBeNull()
  })
})

describe('agrees', () => {
  test('should accept a figure rounded from the exact mean', () => {
    expect(agrees(5.06, 5.0572, 2)).toBe(true)
    expect(agrees(5.055, 5.0572, 3)).toBe(true)
    expect(agrees(4.5, 4.5006, 1)).toBe(true)
  })
  test('should reject a figure off by more than rounding', () => {
    expect(agrees(5.2, 5.0572, 1)).toBe(false)
    expect(agrees(12, 15, 0)).toBe(false)
  })
})

describe('decimalsOf', () => {
  test('should count the decimals a number was written with', () => {
    expect(decimalsOf('13.70')).toBe(2)
    expect(decimalsOf('296958')).toBe(0)
    expect(decimalsOf(5.67667)).toBe(5)
  })
})

describe('deriveReport on seed 001 (tidb-v6.0.0-vs-v5.1.4)', () => {
  const doc = load('tidb-v6.0.0-vs-v5.1.4')
  const derived = deriveReport(/** @type {any} */ (doc.data), doc.sourceOf)

  test('should compare TPS of v6.0.0 with the baseline v5.1.4', () => {
    expect(derived.baseline).toBe('v5.1.4')
    expect(derived.compared).toEqual(['v6.0.0'])
    expect(derived.metric).toBe('tps')
  })

  test('should derive the published per-point changes, to their two decimals', () => {
    const point = derived.workloads.find((w) => w.name === 'oltp_point_select')
    const shown = point?.rows.map((r) => r.change['v6.0.0'].value?.toFixed(2))
    expect(shown).toEqual(['-1.93', '1.88', '6.42', '8.49', '7.86', '7.61'])
  })

  test('should derive headlines that agree with every stated one', () => {
    const headlines = derived.workloads.map((w) => [w.name, w.headlines[0].derived.value?.toFixed(4), w.headlines[0].agrees])
    expect(headlines).toEqual([
      ['oltp_point_select', '5.0572', true],
      ['oltp_update_non_index', '1.7244', true],
      ['oltp_update_index', '4.5006', true],
      ['oltp_read_write', '2.6717', true]
    ])
  })

  test('should keep the recorded precision of every figure', () => {
    const w = derived.workloads.find((x) => x.name === 'oltp_update_non_index')
    expect(w?.rows[5].cells['v5.1.4'].latency_p95).toEqual({value: 13.7, decimals: 2})
    expect(w?.rows[5].cells['v5.1.4'].tps).toEqual({value: 199978, decimals: 0})
  })
})

describe('metricOf', () => {
  test('should fall back to qps when a point lacks tps', () => {
    const doc = load('tidb-v2.0.0-rc6-vs-v1.0.8')
    expect(metricOf({...(/** @type {any} */ (doc.data)), metric: undefined})).toBe('qps')
  })
})
