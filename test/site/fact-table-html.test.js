import {describe, expect, test} from 'vitest'
import {factTableHtml, factsHtml} from '../../tools/site/fact-table-html.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {ROOT} from '../helpers/paths.js'

const languages = ['en', 'zh', 'ja']
const site = {languages, labels: Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)])), names: {en: 'English', zh: '中文', ja: '日本語'}}

describe('a table of facts written as HTML in Node', () => {
  test('should write the columns\' labels, escaped cells, a number as Hugo prints it and nothing for a cell a row lacks', () => {
    const table = {title: 'section_hardware', columns: ['host', 'cpu', 'memory'], rows: [{host: '10.0.1.1', cpu: 'Xeon <Gold> & co', memory: 384}, {host: '10.0.1.2'}]}
    expect(factTableHtml(table, site).en).toBe('<div class="table-wrap" tabindex="0" role="region" aria-label="Hardware">\n<table>\n' +
      '  <thead><tr><th scope="col">Host</th><th scope="col">CPU</th><th scope="col">Memory</th></tr></thead>\n  <tbody>\n  ' +
      '\n    <tr><td>10.0.1.1</td><td>Xeon &lt;Gold&gt; &amp; co</td><td>384</td></tr>\n  ' +
      '\n    <tr><td>10.0.1.2</td><td></td><td></td></tr>\n  ' +
      '\n  </tbody>\n</table>\n</div>')
    expect(factTableHtml(table, site).zh).toContain('aria-label="硬件配置">')
    expect(factTableHtml(table, site).zh).toContain('<th scope="col">主机</th>')
  })

  test('should write a code column as code under the label the table gives it', () => {
    const table = {title: 'section_components', columns: ['name', 'git_hash'], rows: [{name: 'TiKV', git_hash: 'a1b2+c3'}], labels: {name: 'field_component'}, code: ['git_hash']}
    const html = factTableHtml(table, site)
    expect(html.ja).toContain('<thead><tr><th scope="col">コンポーネント</th><th scope="col">Git ハッシュ</th></tr></thead>')
    expect(html.ja).toContain('\n    <tr><td>TiKV</td><td><code>a1b2+c3</code></td></tr>\n  ')
  })

  test('should write a data text in the page\'s language, or untranslated in its own with a mark naming it in the page\'s language', () => {
    const text = {en: {text: 'NUMA off', lang: null}, zh: {text: 'NUMA off', lang: 'en'}, ja: {text: 'NUMA オフ', lang: null}}
    const html = factTableHtml({title: 'section_hardware', columns: ['os'], rows: [{os: text}]}, site)
    expect(html.en).toContain('<tr><td>NUMA off</td></tr>')
    expect(html.zh).toContain('<tr><td><span class="untranslated" lang="en" title="尚未翻译，显示的是原文（英语）">NUMA off<sup class="lang-mark" aria-label="尚未翻译，显示的是原文（英语）">en</sup></span></td></tr>')
    expect(html.ja).toContain('<tr><td>NUMA オフ</td></tr>')
    const city = {en: {text: '東京', lang: 'ja'}, zh: {text: '東京', lang: 'ja'}, ja: {text: '北京', lang: 'zh'}}
    const named = factTableHtml({title: 'section_hardware', columns: ['os'], rows: [{os: city}]}, site)
    expect(named.en).toContain('title="Not translated yet; the original (Japanese) is shown"')
    expect(named.zh).toContain('title="尚未翻译，显示的是原文（日语）"')
    expect(named.ja).toContain('title="未翻訳のため原文（中国語）を表示しています"')
  })

  test('should write a list of facts with its versions joined, a date, a label and code in each language', () => {
    const facts = [
      {label: 'field_versions', items: [{text: 'TiDB v6.0'}, {key: 'version_shared', args: {version: 'v5.4', count: 2}}]},
      {label: 'field_date', datetime: '2024-03-05', by_lang: {en: 'March 5, 2024', zh: '2024 年 3 月 5 日'}},
      {label: 'plan_analyze', key: 'plan_yes'},
      {label: 'plan_database', text: 'sbtest', code: true}
    ]
    const html = factsHtml(facts, site, ['en', 'zh'])
    expect(Object.keys(html)).toEqual(['en', 'zh'])
    expect(html.en).toBe('<dl class="facts">\n  <dt>Versions</dt><dd>TiDB v6.0, v5.4 (2 configurations)</dd>' +
      '\n  <dt>Date</dt><dd><time datetime="2024-03-05">March 5, 2024</time></dd>' +
      '\n  <dt>ANALYZE TABLE after prepare</dt><dd>yes</dd>\n  <dt>Database</dt><dd><code>sbtest</code></dd>\n</dl>')
    expect(html.zh).toBe('<dl class="facts">\n  <dt>版本</dt><dd>TiDB v6.0、v5.4（2 种配置）</dd>' +
      '\n  <dt>日期</dt><dd><time datetime="2024-03-05">2024 年 3 月 5 日</time></dd>' +
      '\n  <dt>导入后执行 ANALYZE TABLE</dt><dd>是</dd>\n  <dt>数据库</dt><dd><code>sbtest</code></dd>\n</dl>')
  })
})
