import {mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, it} from 'vitest'
import {runChartJobs} from '../../tools/charts/job.js'
import {labelSvg} from '../../tools/charts/labels.js'
import {renderSvg} from '../../tools/charts/render.js'
import {versionsChartSpec} from '../../tools/charts/versions-spec.js'
import {versionsCharts} from '../../tools/site/versions-charts.js'

const dir = mkdtempSync(join(tmpdir(), 'benchdoc-versions-charts-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** Each language's words of a change chart; en's workload names are the widest. */
const WORDS = {
  en: {x: 'Release step', y: 'Change (%)', workload: 'Workload', alt: 'Change per release', names: {oltp_insert: 'Insert', oltp_point_select: 'Point Select'}},
  zh: {x: '版本升级', y: '变化（%）', workload: '测试场景', alt: '各版本的变化', names: {oltp_insert: '插入', oltp_point_select: '点查'}},
  ja: {x: 'バージョンアップ', y: '全体の変化率（%、各レポートの QPS または TPS）', workload: 'ワークロード', alt: '変化', names: {oltp_insert: 'Insert', oltp_point_select: 'Point Select'}}
}
const LOCALES = {en: 'en-US', zh: 'zh-CN', ja: 'ja-JP'}
const WORKLOADS = ['oltp_insert', 'oltp_point_select']

/** @param {(workload: string) => string} name */
const rowsOf = (name) => WORKLOADS.flatMap((w, i) => [0, 1].map((order) => ({x: `v${order} → v${order + 1}`, order, workload: name(w), value: (i + 1) * (order - 0.5), href: `../../reports/r${order}/`})))

/** @param {string[]} languages */
const chartsOf = (languages) => versionsCharts({path: 'charts/versions/p/LANG/change.svg', workloads: WORKLOADS, languages, locales: LOCALES, percent: true}, (lang) => WORDS[/** @type {'en' | 'zh' | 'ja'} */ (lang)], rowsOf)

describe('a versions page\'s chart', () => {
  it('should be drawn once for its languages, a title that fits split in two lines when another language\'s takes two, and apart for a language whose title has nowhere to split', () => {
    const charts = chartsOf(['en', 'zh', 'ja'])
    expect(charts.map((c) => c.copies.map((copy) => copy.lang))).toEqual([['en', 'ja'], ['zh']])
    const [shared, apart] = charts
    const words = /** @type {{words: Record<string, string[]>}} */ (shared.spec.usermeta).words
    const filled = (/** @type {string} */ lang) => Object.keys(words).map((token) => shared.copies.find((c) => c.lang === lang)?.labels[token.slice(1, -1)])
    expect(filled('en')).toEqual(['Release step', 'Workload', 'Change per release', 'Change', '(%)', 'Insert', 'Point Select'])
    expect(filled('ja')).toEqual(['バージョンアップ', 'ワークロード', '変化', '全体の変化率（%、各レポートの', 'QPS または TPS）', 'Insert', 'Point Select'])
    expect(Object.values(words)).toEqual([
      ['Release step', 'バージョンアップ'], ['Workload', 'ワークロード'], ['Change per release', '変化'],
      ['Change', '全体の変化率（%、各レポートの'], ['(%)', 'QPS または TPS）'], ['Insert'], ['Point Select']
    ])
    expect(JSON.parse(JSON.stringify(shared.spec)).layer[1].encoding.y.title).toEqual(Object.keys(words).slice(3, 5))
    expect(shared.copies.map(({alt, locale}) => [alt, locale])).toEqual([['Change per release', 'en-US'], ['変化', 'ja-JP']])
    expect(Object.values(/** @type {{words: Record<string, string[]>}} */ (apart.spec.usermeta).words)).toEqual([['版本升级'], ['测试场景'], ['各版本的变化'], ['变化（%）'], ['插入'], ['点查']])
  })

  it('should give the language with the widest words the chart a rendering of its own gave it, and another language its own words in that layout', async () => {
    const [shared] = chartsOf(['en', 'zh'])
    const file = (/** @type {string} */ lang) => join(dir, `${lang}.svg`)
    await runChartJobs({jobs: [{spec: shared.spec, cacheDir: dir, copies: shared.copies.map(({lang, ...copy}) => ({file: file(lang), ...copy}))}]})
    const en = WORDS.en
    const alone = versionsChartSpec(rowsOf((w) => en.names[/** @type {'oltp_insert'} */ (w)]), WORKLOADS.map((w) => en.names[/** @type {'oltp_insert'} */ (w)]), {x: en.x, y: en.y, workload: en.workload, description: en.alt, locale: 'en-US'}, {percent: true})
    expect(readFileSync(file('en'), 'utf8')).toBe(labelSvg(await renderSvg(alone), en.alt))
    const zh = readFileSync(file('zh'), 'utf8')
    expect([...zh.matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => /[\u3000-\u9fff]/.test(t))).toEqual(['版本升级', '变化（%）', '插入', '点查', '测试场景'])
    expect(zh).not.toContain('\u2039')
  })
  it('should write its axis numbers as a report chart\'s: K from ten of it, 万 only from five (`1 万 … 6 万`, below it whole digits), ja whole numbers', async () => {
    const ticks = async (/** @type {number} */ top) => {
      const words = (/** @type {'en' | 'zh' | 'ja'} */ lang) => ({...WORDS[lang], y: 'QPS'})
      const [chart] = versionsCharts({path: 'charts/versions/p/LANG/throughput.svg', workloads: WORKLOADS, languages: ['en', 'zh', 'ja'], locales: LOCALES}, words, (name) => rowsOf(name).map((r, i) => ({...r, value: (top * (i + 1)) / 4})))
      const file = (/** @type {string} */ lang) => join(dir, `${top}-${lang}.svg`)
      await runChartJobs({jobs: [{spec: chart.spec, cacheDir: dir, copies: chart.copies.map(({lang, ...copy}) => ({file: file(lang), ...copy}))}]})
      return Object.fromEntries(chart.copies.map(({lang}) => [lang, [...readFileSync(file(lang), 'utf8').matchAll(/<text[^>]*>([^<]*)<\/text>/g)].map((m) => m[1]).filter((t) => /^[\d,.]+(?:K| 万)?$/.test(t))]))
    }
    expect(await ticks(14000)).toEqual({en: ['0', '2K', '4K', '6K', '8K', '10K', '12K', '14K'], zh: ['0', '2,000', '4,000', '6,000', '8,000', '10,000', '12,000', '14,000'], ja: ['0', '2,000', '4,000', '6,000', '8,000', '10,000', '12,000', '14,000']})
    expect((await ticks(60000)).zh).toEqual(['0', '1 万', '2 万', '3 万', '4 万', '5 万', '6 万'])
  })
})
