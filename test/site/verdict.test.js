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
  test('should show each cell’s change, 95 % interval and verdict in words', () => {
    const rows = tableRows(sectionById(page('en'), 'workload-oltp_read_only') ?? '')
    expect(rows.map((r) => r.slice(-2))).toEqual([
      ['+6.59% 95% CI +4.4% to +8.8% ▲ faster', '−7.49% 95% CI −10.1% to −4.8% ▲ faster'],
      ['+6.70% 95% CI +4.6% to +8.9% ▲ faster', '−6.14% 95% CI −8.8% to −3.4% ▲ faster'],
      ['+6.19% 95% CI +4.1% to +8.4% ▲ faster', '−7.88% 95% CI −10.5% to −5.2% ▲ faster']
    ])
  })

  test('should state each workload’s verdict as a sentence in en, zh and ja', () => {
    const sentences = (/** @type {string} */ lang, /** @type {string} */ workload) =>
      [...(sectionById(page(lang), `workload-${workload}`) ?? '').matchAll(/<p class="headline verdict-[^"]*"[^>]*>([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]))
    expect(sentences('en', 'oltp_read_only')).toEqual([
      '▲ Verdict on TPS, large pool against small pool (geometric mean over 3 points): faster by 6.5% (95% CI 5.2 to 7.7%).',
      '▲ Verdict on 95% latency, large pool against small pool (geometric mean over 3 points): faster by 7.2% (95% CI 5.6 to 8.7%).'
    ])
    expect(sentences('en', 'oltp_read_write')).toEqual([
      '= Verdict on TPS, large pool against small pool (geometric mean over 3 points): no difference beyond ±2% (0.0%, 95% CI −0.9% to +0.9%).',
      '? Verdict on 95% latency, large pool against small pool (geometric mean over 3 points): inconclusive: −1.2% (95% CI −2.8% to +0.4%), neither clearly beyond nor within ±2%.'
    ])
    expect(sentences('zh', 'oltp_read_only')[0]).toBe('▲ large pool 对比 small pool 的 TPS 结论（3 个点的几何平均）：快 6.5%（95% 置信区间 5.2% 至 7.7%）。')
    expect(sentences('zh', 'oltp_read_write')[0]).toBe('= large pool 对比 small pool 的 TPS 结论（3 个点的几何平均）：没有超出 ±2% 的差异（0.0%，95% 置信区间 −0.9% 至 +0.9%）。')
    expect(sentences('ja', 'oltp_read_only')[0]).toBe('▲ small pool に対する large pool の TPS の判定（3 点の幾何平均）：6.5% 高速（95% 信頼区間 5.2% ～ 7.7%）。')
    expect(sentences('ja', 'oltp_read_write')[0]).toBe('= small pool に対する large pool の TPS の判定（3 点の幾何平均）：±2% を超える差なし（0.0%、95% 信頼区間 −0.9% ～ +0.9%）。')
  })

  test('should put the verdict beside the derived change in the summary', () => {
    expect(tableRows(sectionById(page('en'), 'summary') ?? '')).toEqual([
      ['Read Only oltp_read_only', 'large pool', '+5.77%', '▲ faster by 6.5% (95% CI 5.2 to 7.7%)'],
      ['Read Write oltp_read_write', 'large pool', '+0.14%', '= no difference beyond ±2% (0.0%, 95% CI −0.9% to +0.9%)']
    ])
  })

  test('should explain how to read the verdicts, and say the chart’s error bars are intervals', () => {
    const html = page('en')
    expect(textOf(html.match(/<aside class="howto"[\s\S]*?<\/aside>/)?.[0] ?? '')).toMatch(
      /^How to read the verdicts Each change compares the geometric mean .* noise estimated from the repeats of all points of the workload, pooled\)\. .* single run: a point measured once has no interval\.$/
    )
    expect(textOf(sectionById(html, 'workload-oltp_read_only') ?? '')).toContain(
      'Read Only: TPS and 95% latency by thread count. Error bars: the 95% confidence interval of each point’s geometric mean over its repeats.'
    )
  })
})
