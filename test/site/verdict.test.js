import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, tableRows, textOf} from '../helpers/html.js'
import {fixture} from '../helpers/paths.js'

/** A comparison measured with repeats (test/fixtures/verdict/repeats.yaml), built once with real Hugo. */
const site = fixtureSite({'data/reports/repeats.yaml': readFileSync(fixture('verdict/repeats.yaml'), 'utf8')})
const out = join(site.root, 'public')
/** @param {string} lang */
const page = (lang) => readFileSync(join(out, lang, 'reports', 'repeats', 'index.html'), 'utf8')

beforeAll(async () => {
  const result = await buildSite({root: site.root, destination: out, env: site.env})
  expect(result.problems).toEqual([])
})

describe('a comparison with repeats', () => {
  test('should show each cell’s change, its verdict worded for its measure, its 95 % interval, and the repeats of both sides with their CV', () => {
    const rows = tableRows(sectionById(page('en'), 'workload-oltp_read_only') ?? '')
    // a p95 that fell is lower, with ▼: the mark follows the sign, the word says it is better
    expect(rows.map((r) => r.slice(-2))).toEqual([
      ['+6.59% ▲ faster 95% CI +4.4% to +8.8% 3 vs 3 repeats, CV 0.4%', '−7.49% ▼ lower 95% CI −10.1% to −4.8% 3 vs 3 repeats, CV 0.7%'],
      ['+6.70% ▲ faster 95% CI +4.6% to +8.9% 3 vs 3 repeats, CV 1.2%', '−6.14% ▼ lower 95% CI −8.8% to −3.4% 3 vs 3 repeats, CV 2.2%'],
      ['+6.19% ▲ faster 95% CI +4.1% to +8.4% 3 vs 3 repeats, CV 1.5%', '−7.88% ▼ lower 95% CI −10.5% to −5.2% 3 vs 3 repeats, CV 1.5%']
    ])
  })

  test('should state each workload’s change and verdict once, in the overview and the latency summary, in en, zh and ja', () => {
    const rows = (/** @type {string} */ lang, /** @type {string} */ id) => tableRows(sectionById(page(lang), id) ?? '').map((r) => [r[0], r.at(id === 'overview' ? 1 : -1)])
    expect(rows('en', 'overview')).toEqual([
      ['Read Only oltp_read_only', '+6.49% ▲ faster 95% CI +5.2% to +7.7%'],
      ['Read Write oltp_read_write', '−0.05% = equivalent 95% CI −0.9% to +0.9%']
    ])
    expect(rows('en', 'latency')).toEqual([
      ['Read Only oltp_read_only', '−7.17% ▼ lower 95% CI −8.7% to −5.6%'],
      ['Read Write oltp_read_write', '−1.18% ? inconclusive 95% CI −2.8% to +0.4%']
    ])
    expect(rows('zh', 'overview')[0]).toEqual(['只读 oltp_read_only', '+6.49% ▲ 提升 95% 置信区间 +5.2% 至 +7.7%'])
    expect(rows('zh', 'latency')[0]).toEqual(['只读 oltp_read_only', '−7.17% ▼ 降低 95% 置信区间 −8.7% 至 −5.6%'])
    expect(rows('ja', 'overview')[1]).toEqual(['Read Write oltp_read_write', '−0.05% = 同等 95% 信頼区間 −0.9% ～ +0.9%'])
    expect(rows('ja', 'latency')[0]).toEqual(['Read Only oltp_read_only', '−7.17% ▼ 短縮 95% 信頼区間 −8.7% ～ −5.6%'])
    // no sentence repeats them under the tables, and no summary table repeats the overview
    const html = page('en')
    expect(html).not.toContain('class="headline')
    expect(sectionById(html, 'summary')).toBeNull()
    expect(textOf(html).match(/\+6\.49%/g)).toHaveLength(1)
  })

  test('should word a p95 that fell as lower in zh and ja too (降低, 短縮), never with the throughput\'s word, in its cells and the legend', () => {
    const latency = (/** @type {string} */ lang) => tableRows(sectionById(page(lang), 'workload-oltp_read_only') ?? '').map((r) => r.at(-1))
    expect(latency('zh')).toEqual(['−7.49% ▼ 降低 95% 置信区间 −10.1% 至 −4.8% 重复 3 次（基线 3 次），变异系数 0.7%', '−6.14% ▼ 降低 95% 置信区间 −8.8% 至 −3.4% 重复 3 次（基线 3 次），变异系数 2.2%', '−7.88% ▼ 降低 95% 置信区间 −10.5% 至 −5.2% 重复 3 次（基线 3 次），变异系数 1.5%'])
    expect(latency('ja')).toEqual(['−7.49% ▼ 短縮 95% 信頼区間 −10.1% ～ −4.8% 繰り返し 3 回（ベースライン 3 回）、変動係数 0.7%', '−6.14% ▼ 短縮 95% 信頼区間 −8.8% ～ −3.4% 繰り返し 3 回（ベースライン 3 回）、変動係数 2.2%', '−7.88% ▼ 短縮 95% 信頼区間 −10.5% ～ −5.2% 繰り返し 3 回（ベースライン 3 回）、変動係数 1.5%'])
    const legend = (/** @type {string} */ lang) => [...(/<ul class="legend">[\s\S]*?<\/ul>/.exec(page(lang))?.[0] ?? '').matchAll(/<li[^>]*>([^<]*)<\/li>/g)].map((m) => textOf(m[1]))
    expect(legend('zh')).toEqual(['判定（容差 ±2%）：', '提升（吞吐）、降低（延迟）：优于基线', '下降（吞吐）、升高（延迟）：差于基线', '= 相当：在容差之内', '? 无法判定：不能确定属于以上哪一种；整个置信区间虽超出容差，但未通过对全报告所有变化的 Benjamini–Hochberg 校正时，也判为无法判定', '▲ ▼ 表示数值上升或下降'])
    expect(legend('ja')).toEqual(['判定（許容幅 ±2%）：', '改善（スループット）・短縮（レイテンシ）：ベースラインより良い', '悪化（スループット）・増加（レイテンシ）：ベースラインより悪い', '= 同等：許容幅以内', '? 判定不能：いずれとも言えない。信頼区間全体が許容幅を超えていても、レポート内の全変化率を対象とした Benjamini–Hochberg 法の補正で有意とならなかった場合も含む', '▲ ▼ は数値の上昇・低下'])
  })

  test('should colour only faster and slower, and say what the colours mean once', () => {
    const overview = sectionById(page('en'), 'overview') ?? ''
    expect([...overview.matchAll(/<td class="change( verdict-\w+)?"/g)].map((m) => m[1] ?? '')).toEqual([' verdict-faster', ' verdict-equivalent'])
    expect(overview.match(/class="legend"/g)).toHaveLength(1)
    expect(textOf(/<ul class="legend">[\s\S]*?<\/ul>/.exec(overview)?.[0] ?? '')).toBe(
      'Verdicts, against a ±2% margin: faster, or lower latency: better slower, or higher latency: worse = equivalent: within the margin ? inconclusive: neither, or beyond the margin but not kept by the Benjamini–Hochberg correction over all the report’s changes ▲ ▼ the figure rose or fell'
    )
    expect(page('en').match(/class="legend"/g)).toHaveLength(1)
  })

  test('should explain how to read the verdicts, and say the chart’s error bars are intervals', () => {
    const html = page('en')
    expect(textOf(html.match(/<aside class="howto"[\s\S]*?<\/aside>/)?.[0] ?? '')).toMatch(
      /^How to read the verdicts Each change compares the geometric mean .* noise estimated from the repeats of all points of the workload, pooled\)\. .* over all changes of the report\.$/
    )
    expect(textOf(sectionById(html, 'workload-oltp_read_only') ?? '')).toContain(
      'Read Only: TPS and p95 latency by thread count. Error bars: the 95% confidence interval of each point’s geometric mean over its repeats.'
    )
    // zh and ja say that the whole interval lies beyond the margin, and that one passes a correction, not a 方法
    const howto = (/** @type {string} */ lang) => textOf(page(lang).match(/<aside class="howto"[\s\S]*?<\/aside>/)?.[0] ?? '')
    expect(howto('zh')).toContain('若整个置信区间都落在较好一侧的 2% 之外（吞吐高于 +2%，延迟低于 −2%），判定为提升（延迟为降低）；若都落在较差一侧的 2% 之外，判定为下降（延迟为升高）；')
    expect(howto('zh')).toMatch(/判定为提升或下降的变化，还须通过 Benjamini–Hochberg 多重检验校正（对全报告所有变化统一校正，q = 0\.05）。$/)
    expect(howto('ja')).toContain('信頼区間全体が良い側で ±2% の外にあれば（スループットは +2% 超、レイテンシは −2% 未満）改善（レイテンシでは短縮）、悪い側で ±2% の外にあれば悪化（レイテンシでは増加）です。')
    expect(howto('ja')).toMatch(/Benjamini–Hochberg 法（q = 0\.05）で多重比較を補正し、補正後も有意な場合にのみ示します。$/)
  })
})

/** The same report as if measured under a stopping rule of 2 to 4 rounds (three looks). */
const ruled = fixtureSite({'data/reports/repeats.yaml': readFileSync(fixture('verdict/repeats.yaml'), 'utf8').replace('plan:\n', 'plan:\n  repeats: {min: 2, max: 4, margin: 2}\n')})

describe('a comparison measured under a stopping rule', () => {
  test('should label each interval and the overview\'s basis with its confidence, and say why it is not 95 %, in en, zh and ja', async () => {
    const dest = join(ruled.root, 'public')
    expect((await buildSite({root: ruled.root, destination: dest, env: ruled.env})).problems).toEqual([])
    const html = (/** @type {string} */ lang) => readFileSync(join(dest, lang, 'reports', 'repeats', 'index.html'), 'utf8')
    const first = (/** @type {string} */ lang) => tableRows(sectionById(html(lang), 'workload-oltp_read_only') ?? '')[0].at(-2)
    expect(first('en')).toMatch(/^\+6\.59% ▲ faster 98\.3% CI \+\d\.\d% to \+\d\.\d% 3 vs 3 repeats, CV 0\.4%$/)
    expect(first('zh')).toMatch(/ 98\.3% 置信区间 .* 重复 3 次（基线 3 次），变异系数 0\.4%$/)
    expect(first('ja')).toMatch(/ 98\.3% 信頼区間 .* 繰り返し 3 回（ベースライン 3 回）、変動係数 0\.4%$/)
    expect(textOf(html('en'))).toContain('The repeats were measured under a stopping rule: each point ran 2 to 4 rounds, stopping once its verdicts were decided. Each interval is therefore a 98.3% interval, so that the 95% holds however the rule stopped.')
    // the overview says the same confidence as its cells, in every language
    expect(textOf(html('en'))).toContain('minus one, with its 98.3% confidence interval (CI).')
    expect(textOf(html('zh'))).toContain('几何平均值之比 − 1（附 98.3% 置信区间）。')
    expect(textOf(html('ja'))).toContain('1 を引いたもので、98.3% 信頼区間を付けています。')
  })
})
