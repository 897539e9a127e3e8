import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {siteLanguages} from '../../tools/i18n/labels.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {textOf} from '../helpers/html.js'
import {ROOT} from '../helpers/paths.js'

const reportIds = readdirSync(join(ROOT, 'data/reports')).filter((f) => f.endsWith('.yaml')).map((f) => f.replace(/\.yaml$/, ''))
// The bundled reports have a narrative; a report measured here by `make demo` (git-ignored)
// carries this machine's own words, such as its OS's release name, in every language.
const bundledIds = reportIds.filter((id) => existsSync(join(ROOT, 'content/narrative', id)))
const out = join(inject('bundled'), 'public')
/** @param {string} lang @param {string} id */
const page = (lang, id) => readFileSync(join(out, lang, 'reports', id, 'index.html'), 'utf8')

/**
 * What a page says in its own words: the page's text without its head, code,
 * charts, narrative prose (the translator's own) and anything marked with a
 * `lang` of its own.
 * @param {string} html
 */
function ownText(html) {
  let s = html.replace(/<head>[\s\S]*?<\/head>/, '').replace(/<(svg|pre|code)\b[\s\S]*?<\/\1>/g, ' ')
  s = s.replace(/<div class="prose">[\s\S]*?<\/div>/g, ' ')
  s = s.replace(/<(span|a)\b[^>]*\slang="[^"]*"[^>]*>[\s\S]*?<\/\1>/g, ' ')
  return textOf(s)
}

const HAN_KANA = /[\u3001\u3040-\u30ff\u3400-\u9fff]+/g
const ENGLISH_WORD = /(?<![\p{L}\p{N}._/-])\p{Ll}{3,}(?![\p{L}\p{N}._/-])/gu

describe('the bundled site in each language', () => {
  test('should have the languages of config.toml', () => {
    expect(siteLanguages(ROOT)).toEqual(['en', 'zh', 'ja'])
  })

  test.each(reportIds)('should show no unmarked Chinese or Japanese text on the en page of %s', (id) => {
    expect(ownText(page('en', id)).match(HAN_KANA)).toBeNull()
  })

  test.each(bundledIds)('should show no unmarked English words on the zh and ja pages of %s', (id) => {
    for (const lang of ['zh', 'ja']) {
      const words = (ownText(page(lang, id)).match(ENGLISH_WORD) ?? []).filter((w) => w !== 'benchdoc')
      expect(words, lang).toEqual([])
    }
  })

  test('should show translated data text: software purposes, notes and parameter headings of the v6.0 report', () => {
    const id = 'tidb-v6.0.0-vs-v5.1.4'
    expect(page('en', id)).toContain('<tr><td>TiDB cluster</td><td>Open-source NewSQL database</td><td>v5.1.4 / v6.0.0 DMR</td></tr>')
    expect(page('ja', id)).toContain('<li>各サーバーに NUMA ノードが 4 つ</li>')
    expect(page('zh', id)).toContain('<h3>TiDB 全局变量</h3>')
    expect(page('zh', id)).toContain('<dt>作者</dt><dd>靳献旗</dd>')
    expect(page('en', id)).toContain('<dt>Author</dt><dd>Jin Xianqi</dd>')
  })

  test('should name workloads in the page\'s language with the sysbench id beside them', () => {
    const id = 'tidb-v6.0.0-vs-v5.1.4'
    expect(page('en', id)).toContain('<h3>Point Select <code>oltp_point_select</code></h3>')
    expect(page('zh', id)).toContain('<h3>点查 <code>oltp_point_select</code></h3>')
    expect(page('ja', id)).toContain('<h3>Point Select <code>oltp_point_select</code></h3>')
  })

  test('should write dates as each language does', () => {
    const id = 'tidb-v3.0.0-vs-v2.1.13'
    expect(page('en', id)).toContain('<time datetime="2019-06">June 2019</time>')
    expect(page('zh', id)).toContain('<time datetime="2019-06">2019 年 6 月</time>')
    expect(page('ja', id)).toContain('<time datetime="2019-06">2019年6月</time>')
  })

  test('should label chart axes with the locale\'s numbers: 600K in en, 60 万 in zh, 600,000 in ja as its tables write it', () => {
    const id = 'tidb-v6.0.0-vs-v5.1.4'
    /**
     * The page's chart files with the texts the page shows: those of the language its URL's fragment
     * names, and those of every language (tools/charts/languages.js).
     * @param {string} lang
     */
    const charts = (lang) => [...page(lang, id).matchAll(/<img src="([^"?]+)\?v=\w+#(\w+)"/g)]
      .map((m) => readFileSync(join(out, m[1]), 'utf8').replace(/<text class="([^"]*)"[^>]*>[^<]*<\/text>/g, (text, langs) => (langs.split(' ').includes(m[2]) ? text : '')))
      .join('\n')
    expect(charts('en')).toMatch(/>600K<\/text>/)
    expect(charts('zh')).toMatch(/>60 万<\/text>/)
    expect(charts('ja')).toMatch(/>600,000<\/text>/)
    expect(charts('ja')).not.toMatch(/万<\/text>/)
    for (const lang of ['zh', 'ja']) expect(charts(lang), lang).not.toMatch(/>\d+[kK]<\/text>/)
  })
})

const LOCALISED = `id: localised
kind: single
date: 2024-03-05
place: {source: zh, zh: 北京, en: Beijing}
subjects: [{id: a, product: MariaDB, version: '11.4'}]
environment:
  notes:
    - {source: en, en: two clients, zh: 两个客户端}
    - {source: en, en: NUMA off}
plan:
  tables: 1
  table_size: 10
  workloads: [{name: oltp_point_select, threads: [1]}]
results:
  - {subject: a, workload: oltp_point_select, threads: 1, tps: 10}
`

describe('a fixture site with localised data text', () => {
  test('should show a translation where there is one, else the source text marked with its language', async () => {
    const site = fixtureSite({'data/reports/localised.yaml': LOCALISED})
    const destination = join(site.root, 'public')
    expect((await buildSite({root: site.root, destination, env: site.env})).built).toBe(true)
    const html = (/** @type {string} */ lang) => readFileSync(join(destination, lang, 'reports', 'localised', 'index.html'), 'utf8')
    expect(html('en')).toContain('<dd>Beijing</dd>')
    expect(html('zh')).toContain('<li>两个客户端</li>')
    expect(html('zh')).toContain('<li><span class="untranslated" lang="en" title="尚未翻译，显示的是原文（英语）">NUMA off<sup class="lang-mark" aria-label="尚未翻译，显示的是原文（英语）">en</sup></span></li>')
    expect(html('ja')).toContain('<dd><span class="untranslated" lang="zh" title="未翻訳のため原文（中国語）を表示しています">北京<sup class="lang-mark" aria-label="未翻訳のため原文（中国語）を表示しています">zh</sup></span></dd>')
    expect(html('en')).toContain('<time datetime="2024-03-05">March 5, 2024</time>')
    expect(html('zh')).toContain('<time datetime="2024-03-05">2024 年 3 月 5 日</time>')
    expect(html('ja')).toContain('<time datetime="2024-03-05">2024年3月5日</time>')
  }, 120000)
})
