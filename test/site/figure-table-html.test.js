import {describe, expect, test} from 'vitest'
import {figureTableHtml} from '../../tools/site/figure-table-html.js'
import {escapeHtml} from '../../tools/lib/escape-html.js'
import {i18nOf, labelText, sentencesText} from '../../tools/i18n/label-text.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {ROOT} from '../helpers/paths.js'

const languages = ['en', 'zh', 'ja']
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)]))
const site = {languages, labels}

/** @param {import('../../tools/types/view-model.js').Cell[][]} rows @param {import('../../tools/types/view-model.js').HeadCell[][]} [head] */
const table = (rows, head = []) => ({class: 'results', head, rows})
/** The body rows of a table's HTML. @param {string} html */
const body = (html) => html.slice(html.indexOf('<tbody>') + '<tbody>'.length, html.indexOf('\n  </tbody>'))

describe('a table of figures written as HTML in Node', () => {
  test('should write a head of two rows with spans and labels of keys, literals and units in each language', () => {
    const head = [
      [{label: {key: 'result_threads'}, rowspan: 2, scope: /** @type {const} */ ('col')}, {label: {text: 'v6.0 <rc>'}, colspan: 2, scope: /** @type {const} */ ('colgroup')}],
      [{label: {key: 'result_change', args: {}, keys: {metric: 'result_tps'}}, scope: /** @type {const} */ ('col')}, {label: {key: 'result_threads', unit: 'unit_rows'}, scope: /** @type {const} */ ('col')}]
    ]
    const html = figureTableHtml(table([], head), site)
    expect(html.en).toBe('\n  <thead>\n    <tr><th scope="col" rowspan="2">Threads</th><th scope="colgroup" colspan="2">v6.0 &lt;rc&gt;</th></tr>' +
      `\n    <tr><th scope="col">TPS change (%)</th><th scope="col">Threads (rows)</th></tr>\n  </thead>\n  <tbody>\n  </tbody>`)
    expect(html.zh).toContain('<th scope="col" rowspan="2">线程数</th>')
    expect(html.zh).toContain('<th scope="col">TPS 变化（%）</th>')
    expect(html.ja).toContain('<th scope="col">TPS の変化率（%）</th>')
  })

  test('should escape a cell\'s text, quotes included, and keep its number for sorting', () => {
    const html = figureTableHtml(table([[{text: '+5.06% <"a" & \'b\'>', kind: 'change', value: 1234567}]]), site)
    expect(body(html.en)).toBe('\n    <tr><td class="change" data-value="1234567">+5.06% &lt;&quot;a&quot; &amp; &#39;b&#39;&gt;</td></tr>')
  })

  test('should write a verdict cell with its mark, word, interval and notes in each language', () => {
    const cell = {
      text: '+12.5%', kind: /** @type {const} */ ('change'),
      verdict: {verdict: /** @type {const} */ ('faster'), mark: '▲', word: 'verdict_throughput_faster'},
      interval: {low: '+10.1%', high: '+14.9%'},
      notes: [{key: 'result_runs', args: {repeats: 5}}]
    }
    const html = figureTableHtml(table([[cell]]), site)
    expect(body(html.en)).toBe('\n    <tr><td class="change verdict-faster">+12.5% <span class="verdict"><span class="mark" aria-hidden="true">▲</span> faster</span>' +
      ' <small class="ci">95% CI +10.1% to +14.9%</small> <small class="note">5 runs</small></td></tr>')
    expect(body(html.zh)).toBe(`\n    <tr><td class="change verdict-faster">+12.5% <span class="verdict"><span class="mark" aria-hidden="true">▲</span> ${labels.zh.verdict_throughput_faster}</span>` +
      ' <small class="ci">95% 置信区间 +10.1% 至 +14.9%</small> <small class="note">5 次</small></td></tr>')
    expect(body(html.ja)).toContain('<small class="ci">95% 信頼区間 +10.1% ～ +14.9%</small> <small class="note">5 回</small>')
  })

  test('should write a missing figure as the language\'s mark and a row header without a number as one too', () => {
    const html = figureTableHtml(table([[{text: null, row_header: true}, {text: null, kind: 'num'}, {text: '', kind: 'num'}]]), site)
    expect(body(html.en)).toBe('\n    <tr><th scope="row" class="num">–</th><td class="num">–</td><td class="num">–</td></tr>')
  })

  test('should link a workload row to its section, named in the language with its id beside', () => {
    const html = figureTableHtml(table([[{text: null, row_header: true, workload: 'oltp_read_only', anchor: 'workload-oltp_read_only', kind: 'text'}]]), site)
    expect(body(html.en)).toBe('\n    <tr><th scope="row" class="workload"><a href="#workload-oltp_read_only">Read Only <code>oltp_read_only</code></a></th></tr>')
    expect(body(html.zh)).toBe('\n    <tr><th scope="row" class="workload"><a href="#workload-oltp_read_only">只读 <code>oltp_read_only</code></a></th></tr>')
    const unnamed = figureTableHtml(table([[{text: null, row_header: true, workload: 'my test', anchor: 'workload-my test', kind: 'text'}]]), site)
    expect(body(unnamed.en)).toBe('\n    <tr><th scope="row" class="workload"><a href="#workload-my%20test"><code>my test</code></a></th></tr>')
  })

  test('should write a failed row over its columns with the error in each language', () => {
    const rows = [[{text: '64', row_header: true, kind: /** @type {const} */ ('num'), value: 64}, {text: null, failed: 'server gone <away>', colspan: 4}]]
    const html = figureTableHtml(table(rows), site)
    expect(body(html.en)).toBe('\n    <tr><th scope="row" class="num" data-value="64">64</th><td class="failed" colspan="4">failed: server gone &lt;away&gt;</td></tr>')
    expect(body(html.zh)).toBe('\n    <tr><th scope="row" class="num" data-value="64">64</th><td class="failed" colspan="4">失败：server gone &lt;away&gt;</td></tr>')
    expect(body(html.ja)).toBe('\n    <tr><th scope="row" class="num" data-value="64">64</th><td class="failed" colspan="4">失敗：server gone &lt;away&gt;</td></tr>')
  })
})

describe('labels written in a language', () => {
  test('should take a reports repository\'s label over the package\'s and the default language\'s where a language has none', () => {
    const i18n = i18nOf({en: {result_tps: 'TPS', result_failed: 'failed'}, ko: {result_tps: '초당 트랜잭션'}}, 'ko', 'en')
    expect([i18n('result_tps'), i18n('result_failed'), i18n('no_such_key')]).toEqual(['초당 트랜잭션', 'failed', ''])
  })

  test('should keep an argument as given when the label its key names is empty, and join parts with their separator', () => {
    const i18n = i18nOf({en: {result_change: '{{ .metric }} change (%)', result_tps: 'TPS', punct_list: ', '}}, 'en', 'en')
    expect(labelText({key: 'result_change', args: {metric: 'qps_custom'}, keys: {metric: 'qps_custom'}}, i18n)).toBe('qps_custom change (%)')
    expect(labelText({parts: [{key: 'result_tps'}, {text: 'v1'}], sep: ' / '}, i18n)).toBe('TPS / v1')
    expect(labelText({key: 'result_change', args: {metric: 1e6}}, i18n)).toBe('1000000 change (%)')
  })

  test('should write a chart\'s caption and a second sentence after it as each language writes sentences', () => {
    const caption = [{key: 'chart_caption', args: {workload: 'oltp_point_select'}, keys: {workload: 'workload_oltp_point_select', metric: 'result_qps'}}, {key: 'result_measured_once'}]
    const [en, zh] = ['en', 'zh'].map((lang) => sentencesText(caption, i18nOf(labels, lang, 'en')))
    expect(en).toBe('Point Select: QPS and p95 latency by thread count. Each point was measured once, so no change has a confidence interval or a verdict: the changes are shown alone.')
    expect(zh).toBe('点查：不同线程数下的 QPS 与 P95 延迟。每个测试点只测量一次，因此不给出置信区间，也不判定提升或下降，只列出变化值。')
    expect(sentencesText([], i18nOf(labels, 'en', 'en'))).toBe('')
  })

  test('should escape the five characters HTML gives a meaning to', () => {
    expect(escapeHtml('a+b <c> & "d" \'e\'')).toBe('a+b &lt;c&gt; &amp; &quot;d&quot; &#39;e&#39;')
  })
})
