import {describe, expect, test} from 'vitest'
import {MOST_POINTS} from '../../tools/charts/versions-spec.js'
import {siteLabels} from '../../tools/i18n/labels.js'
import {versionsSite} from '../../tools/site/versions-site.js'
import {ROOT} from '../helpers/paths.js'

const labels = siteLabels(ROOT, ['en'])

/**
 * A report's versions facts: one step, v1 → v2, and its two releases, on one environment.
 * @param {number} change  the step's change (%)
 */
const facts = (change) => ({
  product: 'TiDB', newest: 'v2', environment: 'env|qps',
  steps: [{workload: 'oltp_insert', from: 'v1', to: 'v2', version: 'v2', change: {value: change, decimals: 2}, stated: false}],
  releases: ['v1', 'v2'].map((version, i) => ({workload: 'oltp_insert', version, subject: version, metric: 'qps', threads: 8, clients: 1, throughput: {value: 1000 + i, decimals: 0}}))
})

/** @param {number} n  reports, all of the same step */
const modelOf = (n) => versionsSite(Array.from({length: n}, (_, i) => ({id: `r${i}`, facts: facts(i)})), ['en'], labels, {en: 'en-US'}).models[0]

describe('a versions page\'s model', () => {
  test('should hold its headings and where its parts are, and no figure', () => {
    expect(modelOf(1)).toEqual({
      product: 'TiDB', slug: 'tidb', bars_over: null, change_chart: 'charts/versions/tidb/LANG/change.svg', change_table: 'site/versions/tidb/LANG/change.html', stated: false,
      environments: [{number: null, report_titles: {en: []}, metric: 'qps', chart: 'charts/versions/tidb/LANG/throughput-0.svg', table: 'site/versions/tidb/LANG/throughput-0.html'}]
    })
  })

  test('should write the thread count of each best throughput as the table\'s language does (`1200 线程` in zh)', () => {
    const both = siteLabels(ROOT, ['en', 'zh'])
    const at = (/** @type {number} */ threads) => ({...facts(1), releases: facts(1).releases.map((r) => ({...r, threads}))})
    const {tables} = versionsSite([{id: 'r0', facts: at(1200)}], ['en', 'zh'], both, {en: 'en-US', zh: 'zh-CN'})
    const best = (/** @type {string} */ lang) => [...(tables.find((t) => t.lang === lang && t.path.includes('throughput'))?.html ?? '').matchAll(/<small class="spread">([^<]*)</g)].map((m) => m[1])
    expect(best('en')).toEqual(['at 1,200 threads', 'at 1,200 threads'])
    expect(best('zh')).toEqual(['1200 线程', '1200 线程'])
  })

  test('should say a chart draws bars when more than MOST_POINTS reports measured one step, and only then', () => {
    expect([modelOf(MOST_POINTS).bars_over, modelOf(MOST_POINTS + 1).bars_over]).toEqual([null, MOST_POINTS])
  })

  test('should explain the `*` mark only when a change carries it', () => {
    const stated = {...facts(1), steps: facts(1).steps.map((s) => ({...s, stated: true}))}
    const site = versionsSite([{id: 'r0', facts: stated}], ['en'], labels, {en: 'en-US'})
    expect([site.models[0].stated, modelOf(1).stated]).toEqual([true, false])
    expect(site.tables[0].html).toContain('<td class="num change" title="stated by the authors">+1.00%*</td>')
  })

  test('should order the release steps by version, in the table and the chart alike (3.2 → 4.2 before 10.11 → 11.4)', () => {
    // the newer step's workload sorts first: the order the workloads' lists meet the steps is not the versions'
    const step = (/** @type {string} */ workload, /** @type {string} */ from, /** @type {string} */ to) => ({
      product: 'MariaDB', newest: to, environment: `env-${to}`, releases: [],
      steps: [{workload, from, to, version: to, change: {value: 1, decimals: 2}, stated: false}]
    })
    const site = versionsSite([{id: 'new', facts: step('custom_lua', '10.11', '11.4')}, {id: 'old', facts: step('oltp_insert', '3.2', '4.2')}], ['en'], labels, {en: 'en-US'})
    expect([...site.tables[0].html.matchAll(/<a href="[^"]*">([^<]*)</g)].map((m) => m[1])).toEqual(['3.2 → 4.2', '10.11 → 11.4'])
    const rows = /** @type {Array<{x: string}>} */ (/** @type {{data: {values: Array<{x: string}>}}} */ (site.charts[0].spec).data.values)
    expect([...new Set(rows.map((r) => r.x))]).toEqual(['3.2 → 4.2', '10.11 → 11.4'])
  })

  test('should give each table a column only for a workload it has a figure of, never one of dashes alone', () => {
    const releases = facts(1).releases.map((r) => ({...r, workload: 'oltp_read_only'}))
    const site = versionsSite([{id: 'r0', facts: {...facts(1), releases}}], ['en'], labels, {en: 'en-US'})
    const heads = (/** @type {string} */ html) => [...html.matchAll(/<th scope="col">([^<]*)</g)].map((m) => m[1])
    expect(site.tables.map((t) => heads(t.html))).toEqual([['Release step', 'Insert'], ['Version', 'Read Only']])
  })
})
