import {describe, expect, test} from 'vitest'
import {MOST_POINTS} from '../../tools/charts/versions-spec.js'
import {siteLabels} from '../../tools/i18n/labels.js'
import {versionsShape, versionsSite} from '../../tools/site/versions-site.js'
import {ROOT} from '../helpers/paths.js'

const labels = siteLabels(ROOT, ['en'])

/**
 * A report's versions facts: one step, v1 → v2, and its two releases, on one environment.
 * @param {number} change  the step's change (%)
 */
const facts = (change) => ({
  product: 'TiDB', newest: 'v2', environment: 'env|qps', workloads: ['oltp_insert'],
  steps: [{workload: 'oltp_insert', from: 'v1', to: 'v2', version: 'v2', change: {value: change, decimals: 2}, stated: false}],
  releases: ['v1', 'v2'].map((version, i) => ({workload: 'oltp_insert', version, subject: version, metric: 'qps', threads: 8, clients: 1, throughput: {value: 1000 + i, decimals: 0}}))
})

/** @param {number} n  reports, all of the same step */
const modelOf = (n) => versionsSite(Array.from({length: n}, (_, i) => ({id: `r${i}`, facts: facts(i)})), ['en'], labels, {en: 'en-US'}).models[0]

describe('a versions page\'s model', () => {
  test('should hold its headings and where its parts are, and no figure', () => {
    expect(modelOf(1)).toEqual({
      product: 'TiDB', slug: 'tidb', bars_over: null, change_chart: 'charts/versions/tidb/LANG/change.svg', change_table: 'site/versions/tidb/LANG/change.html',
      environments: [{number: null, reports_text: {en: ''}, metric: 'qps', chart: 'charts/versions/tidb/LANG/throughput-0.svg', table: 'site/versions/tidb/LANG/throughput-0.html'}]
    })
  })

  test('should say a chart draws bars when more than MOST_POINTS reports measured one step, and only then', () => {
    expect([modelOf(MOST_POINTS).bars_over, modelOf(MOST_POINTS + 1).bars_over]).toEqual([null, MOST_POINTS])
  })
})

describe('the shape of the versions pages\' models', () => {
  const shape = (/** @type {ReturnType<typeof facts>} */ f) => versionsShape([{id: 'r0', facts: f}])

  test('should stay the same when only figures changed, as the model does', () => {
    const edited = facts(-3.5)
    edited.releases[1] = {...edited.releases[1], throughput: {value: 2500, decimals: 1}, threads: 64, clients: 2}
    expect(shape(edited)).toBe(shape(facts(12)))
    expect(versionsSite([{id: 'r0', facts: edited}], ['en'], labels, {en: 'en-US'}).models).toEqual(versionsSite([{id: 'r0', facts: facts(12)}], ['en'], labels, {en: 'en-US'}).models)
  })

  test('should change when a figure has no value any more, or a release, a workload or the environment changed', () => {
    const noValue = facts(12)
    noValue.steps[0].change = {value: /** @type {any} */ (null), decimals: 2}
    const otherRelease = facts(12)
    otherRelease.releases[1].version = 'v3'
    const shapes = [facts(12), noValue, otherRelease, {...facts(12), workloads: ['oltp_read_only']}, {...facts(12), environment: 'other|qps'}].map(shape)
    expect(new Set(shapes).size).toBe(5)
  })
})
