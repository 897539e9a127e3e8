import {existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {headlines, wordsOf, writeLists} from '../../tools/site/index-html.js'
import {i18nOf} from '../../tools/i18n/label-text.js'

const labels = {
  en: {
    result_qps: 'QPS', result_missing: '–', overview_change: '{{ .metric }} change vs {{ .baseline }}', index_best: 'best {{ .metric }} {{ .value }}',
    workload_oltp_insert: 'Insert', verdict_throughput_faster: 'faster', verdict_throughput_slower: 'slower', punct_list: ', ', index_undated: 'undated'
  },
  zh: {result_qps: 'QPS', overview_change: '{{ .metric }} 相比 {{ .baseline }} 的变化', workload_oltp_insert: '插入', punct_list: '、'}
}

/** @param {Record<string, unknown>} fields @returns {any} a card (report-card.js) with these fields */
const card = (fields) => ({subjects: [{named: 'A'}, {named: 'B & C'}], baseline: 'v1', compared: ['v2'], metric: 'qps', date: null, date_text: null, titles: {en: 'A vs B', zh: 'A 对比 B'}, headlines: [], service: null, workloads: [], source: 'data/reports/x.yaml', ...fields})

/** The text of an HTML fragment, its tags and blank runs out. @param {string} html */
const text = (html) => html.replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').trim()

describe('the index\'s headline figures written in Node', () => {
  test('should print a change with its verdict\'s word only when faster or slower, a missing change as the missing label, and escape as Hugo does', () => {
    const c = card({compared: ['v2', 'v3'], headlines: [{workload: 'oltp_insert', changes: [{text: '+5.57%', verdict: 'faster'}, null], best: []}, {workload: 'oltp_other', changes: [{text: '−1.00%', verdict: 'same'}, {text: ''}], best: []}]})
    const html = headlines(c, wordsOf(i18nOf(labels, 'en', 'en')))
    expect(html).toContain('<td class="num"><span class="verdict-faster">+5.57% <small>faster</small></span></td>')
    expect(html).toContain('<thead><tr><td></td><th scope="col">v2</th><th scope="col">v3</th></tr></thead>')
    expect(text(html)).toBe('QPS change vs v1 v2 v3 Insert +5.57% faster – oltp_other −1.00% –')
  })

  test('should print a single subject\'s best figure with the metric, in the language\'s words or the default language\'s', () => {
    const single = card({compared: [], baseline: null, headlines: [{workload: 'oltp_insert', changes: [], best: [{text: '1,234'}, null]}]})
    expect(text(headlines(single, wordsOf(i18nOf(labels, 'zh', 'en'))))).toBe('插入 best QPS 1,234 –')
    expect(headlines(single, wordsOf(i18nOf(labels, 'en', 'en')))).toBe(
      '\n<table class="mini">\n<tbody>\n<tr>\n<th scope="row">Insert</th>\n<td class="num">best QPS 1,234</td>\n<td class="num">–</td>\n</tr>\n</tbody>\n</table>\n'
    )
  })
})

describe('the lists of every report', () => {
  const out = mkdtempSync(join(tmpdir(), 'benchdoc-lists-'))
  afterAll(() => rmSync(out, {recursive: true, force: true}))

  test('should write each language\'s rows and items, a link as the report\'s id after a NUL that Hugo replaces with the reports section\'s URL', () => {
    const cards = {a: card({date: '2024-05-01', date_text: {en: 'May 1, 2024', zh: '2024 年 5 月 1 日'}}), b: card({titles: {en: 'C vs D', zh: 'C 对比 D'}, by_lang: {zh: {subjects: [{named: '乙'}]}}})}
    writeLists(out, ['b', 'a'], {a: {card: cards.a}, b: {card: cards.b}}, labels)
    const list = (/** @type {string} */ name) => readFileSync(join(out, 'assets/site/lists', name), 'utf8')
    expect(list('reports.zh.html')).toBe('<li><a href="\0b/">C 对比 D</a></li><li><a href="\0a/">A 对比 B</a></li>')
    const rows = list('index.zh.html')
    expect(text(rows).split(' QPS')[0]).toBe('C 对比 D 乙 undated')
    expect(rows).toContain('<td><time datetime="2024-05-01">2024 年 5 月 1 日</time></td>')
    expect(text(list('index.en.html')).split(' QPS')[0]).toBe('C vs D A, B &amp; C undated')
  })
})
