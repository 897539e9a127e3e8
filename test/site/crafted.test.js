import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {parse, stringify} from 'yaml'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

/**
 * Report pages of what the bundled reports do not show (test/fixtures/site/crafted.yaml, a partial
 * run), in a fourth language with few labels of its own, laid out by the package's templates.
 */

const NARRATIVE_EN = `---\nreport: crafted\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy <b>this</b> & *that*.\n\n` +
  '## Conclusions {#conclusions}\n\n- one\n- two\n\n## Problems {#problems}\n\nA problem.\n\n## Advice {#advice}\n\nDo `this`.\n\n## Elsewhere {#unmapped}\n\nMore.\n'
// a translation older than its source: its page says so and links to the source
const NARRATIVE_JA = '---\nreport: crafted\nlang: ja\ntranslated_from:\n  lang: en\n  sections:\n    purpose: "000000000000"\n---\n\n## 目的 {#purpose}\n\n理由。\n\n## 結論 {#conclusions}\n\n結論。\n'

/**
 * The labels of a fourth language: en's with a few of its own, and without a
 * few the page sections print (Hugo falls back to the default language's).
 */
function germanLabels() {
  /** @type {Record<string, string>} */
  const labels = parse(readFileSync(join(ROOT, 'i18n/en.yaml'), 'utf8'))
  for (const key of ['narrative_missing', 'plan_placeholders', 'section_parameters', 'topology_count']) delete labels[key]
  return stringify({...labels, section_purpose: 'Zweck', section_plan: 'Testplan & <Ablauf>', punct_list: ' + ', run_partial: '{{ .subject }}: unvollständig'})
}

let root = ''

beforeAll(async () => {
  const site = fixtureSite({
    'data/reports/crafted.yaml': readFileSync(fixture('site/crafted.yaml'), 'utf8'),
    'data/reports/partial-run.yaml': readFileSync(fixture('validate/partial-run.yaml'), 'utf8'),
    'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'),
    // no environment, and a workload planned but not measured
    'data/reports/unmeasured.yaml': readFileSync(fixture('validate/minimal.yaml'), 'utf8').replace('id: minimal', 'id: unmeasured')
      .replace('threads: [8]}', 'threads: [8]}\n    - {name: oltp_update_index, threads: [8]}'),
    'content/narrative/crafted/en.md': NARRATIVE_EN,
    'content/narrative/crafted/ja.md': NARRATIVE_JA,
    // written as en writes numbers (a site's languages must agree on that), and the default language
    // heaviest: Hugo lists a page's translations by weight, not the default first
    'config.toml': readFileSync(join(ROOT, 'config.toml'), 'utf8').replace('weight = 1\n', 'weight = 5\n').replace('[params.benchdoc]', '  [languages.de]\n    languageName = "Deutsch"\n    languageCode = "en"\n    weight = 4\n\n[params.benchdoc]'),
    'i18n/de.yaml': germanLabels()
  })
  root = site.root
  expect((await buildSite({root, env: site.env})).built).toBe(true)
}, 120_000)

describe('the report page templates', () => {
  test('should show what the crafted reports were made to reach', () => {
    const page = (/** @type {string} */ id, /** @type {string} */ lang) => readFileSync(join(root, 'public', lang, 'reports', id, 'index.html'), 'utf8')
    const reached = [
      ['crafted', 'ja', '<p class="narrative-stale">'],
      ['crafted', 'zh', '<p class="narrative-missing">'],
      ['crafted', 'en', '<section id="unmapped" class="narrative">'],
      ['crafted', 'zh', '<span class="untranslated" lang="en"'],
      ['crafted', 'en', '<th scope="col">Extra options</th>'],
      ['crafted', 'en', '<td><code>--range-size=100</code> <code>--skip-trx=on</code> </td>'],
      ['crafted', 'en', '<span class="applies">'],
      ['crafted', 'en', '<h3>Client machine</h3>'],
      ['crafted', 'en', 'aria-label="Software versions">'],
      ['partial-run', 'en', '<p class="partial-run" role="note">'],
      ['partial-run', 'en', '<p class="commands-subject">'],
      // the fourth language's own labels, and the default language's where it has none
      ['crafted', 'de', '<h2>Testplan &amp; &lt;Ablauf&gt;</h2>'],
      ['crafted', 'de', 'The narrative of this report is not yet available in Deutsch'],
      // the translations in Hugo's order: ja (weight 3) before en (5)
      ['crafted', 'zh', 'hreflang="ja" lang="ja">日本語</a>、<a href="/en/reports/crafted/#purpose" hreflang="en"'],
      ['crafted', 'de', '<tr><td>10.0.0.1 &#43; db&lt;2&gt;</td><td>2 × MariaDB &#43; Sysbench &amp; co</td></tr>']
    ]
    for (const [id, lang, html] of reached) expect(page(id, lang), `${id} ${lang}: ${html}`).toContain(html)
  })

  test('should escape every data text: no tag of the crafted report\'s reaches a page as markup', () => {
    for (const lang of ['en', 'zh', 'ja', 'de']) {
      const html = readFileSync(join(root, 'public', lang, 'reports', 'crafted', 'index.html'), 'utf8')
      expect(html, lang).not.toMatch(/<(old|one|big|x|options|2)>/)
    }
  })
})

/** @param {string} id @param {string} lang */
const pageOf = (id, lang) => readFileSync(join(root, 'public', lang, 'reports', id, 'index.html'), 'utf8')
/** @param {string} html  its elements' text, tags out and spaces made one */
const textsOf = (/** @type {string} */ html) => html.replace(/<[^>]+>/g, '').replace(/\s+/g, ' ').trim()

describe('what a report page says only where the data has it', () => {
  test('should neither draw nor describe a latency panel for a workload that recorded no latency (custom_lua)', () => {
    const captions = (/** @type {string} */ lang) => [...pageOf('crafted', lang).matchAll(/<figcaption>([\s\S]*?)<\/figcaption>/g)].map((m) => textsOf(m[1]).replace(/ Vega-Lite.*$/, ''))
    const alts = (/** @type {string} */ lang) => [...pageOf('crafted', lang).matchAll(/<img [^>]*alt="([^"]*)"/g)].map((m) => m[1])
    expect(captions('en')).toEqual(['Point Select: QPS and p95 latency by thread count.', 'custom_lua: QPS by thread count (no latency was recorded for this workload).'])
    expect(captions('zh')[1]).toBe('custom_lua：不同线程数下的 QPS（该场景未记录延迟）。')
    expect(captions('ja')[1]).toBe('custom_lua：スレッド数ごとの QPS（このワークロードはレイテンシの記録なし）。')
    expect(alts('en')[1]).toBe('Line chart of QPS against thread count for MariaDB 10.11 &lt;old&gt; &amp; &#34;safe&#34;, MariaDB 11.4. The table above lists every value.')
    expect(alts('zh')[1]).toBe('MariaDB 10.11 &lt;old&gt; &amp; &#34;safe&#34;、MariaDB 11.4 的 QPS 随线程数变化的折线图。上表列出了全部数值。')
    const svg = (/** @type {string} */ name) => readFileSync(join(root, 'public', 'charts', 'crafted', `${name}.svg`), 'utf8')
    expect(svg('oltp_point_select')).toContain('>p95 latency (ms)</text>')
    expect(svg('custom_lua')).not.toMatch(/latency|延迟|レイテンシ/)
  })

  test('should name a subject without a label by its product and version, not by its data id', () => {
    const h1 = (/** @type {string} */ lang) => /<h1>([^<]*)<\/h1>/.exec(pageOf('crafted', lang))?.[1]
    expect([h1('en'), h1('zh'), h1('ja')]).toEqual([
      'MariaDB Sysbench performance test report: MariaDB 11.4 vs MariaDB 10.11 &lt;old&gt; &amp; &#34;safe&#34;',
      'MariaDB Sysbench 性能测试报告：MariaDB 11.4 对比 MariaDB 10.11 &lt;old&gt; &amp; &#34;safe&#34;',
      'MariaDB Sysbench 性能テストレポート：MariaDB 10.11 &lt;old&gt; &amp; &#34;safe&#34; に対する MariaDB 11.4 の比較'
    ])
  })

  test('should give the clients note an example of the report\'s own thread counts', () => {
    const note = (/** @type {string} */ lang) => /<p>([^<]*× 3[^<]*)<\/p>/.exec(pageOf('crafted', lang))?.[1]
    expect([note('en'), note('zh'), note('ja')]).toEqual([
      'Each point ran 3 sysbench clients in parallel; “8 × 3” means 8 threads in each of 3 clients.',
      '每个测试点并行运行 3 个 Sysbench 客户端；“8 × 3”表示 3 个客户端各 8 个线程。',
      '各測定点では Sysbench クライアントを 3 並列で実行しました。「8 × 3」は 3 つのクライアントがそれぞれ 8 スレッドを使うことを表します。'
    ])
  })

  test('should put a subject\'s planned options and its variables read at run time under one heading, each block named by its note', () => {
    const section = /<section id="parameters">([\s\S]*?)<\/section>/.exec(pageOf('mariadb-demo', 'zh'))?.[1] ?? ''
    expect([...section.matchAll(/<(h3|p class="note")>([\s\S]*?)<\/(h3|p)>/g)].map((m) => `${m[1].slice(0, 2)}: ${textsOf(m[2])}`)).toEqual([
      'h3: MariaDB：flush at commit',
      'p : 测试方案中设置的服务器选项（server_options，以 --name=value 形式传给 mariadbd）',
      'p : benchdoc run 读取的服务器变量（SHOW GLOBAL VARIABLES）',
      'h3: MariaDB：flush each second',
      'p : 测试方案中设置的服务器选项（server_options，以 --name=value 形式传给 mariadbd）',
      'p : benchdoc run 读取的服务器变量（SHOW GLOBAL VARIABLES）'
    ])
  })

  test('should leave out an environment section with nothing in it, and say that a planned workload was not measured', () => {
    const en = pageOf('unmeasured', 'en')
    expect(en).not.toContain('id="environment"')
    expect(pageOf('crafted', 'en')).toContain('<section id="environment">')
    const block = (/** @type {string} */ lang) => textsOf(/<section id="workload-oltp_update_index" class="workload">([\s\S]*?)<\/section>/.exec(pageOf('unmeasured', lang))?.[1] ?? '')
    expect([block('en'), block('zh'), block('ja')]).toEqual([
      'Update Index oltp_update_index Planned, but not measured: the report has no point of this workload.',
      '索引列更新 oltp_update_index 已列入测试方案，但未测量：本报告没有该测试场景的数据。',
      'Update Index oltp_update_index テスト計画には含まれていますが、測定していません。このワークロードの測定点はありません。'
    ])
  })

  test('should say in the verdicts\' legend that the Benjamini–Hochberg step can leave a change beyond the margin inconclusive', () => {
    const item = (/** @type {string} */ lang) => /<li>\? ([^<]*)<\/li>/.exec(pageOf('mariadb-demo', lang))?.[1]
    expect([item('en'), item('zh'), item('ja')]).toEqual([
      'inconclusive: neither, or beyond the margin but not kept by the Benjamini–Hochberg correction over all the report’s changes',
      '无法判定：不能确定属于以上哪一种；整个置信区间虽超出容差，但未通过对全报告所有变化的 Benjamini–Hochberg 校正时，也判为无法判定',
      '判定不能：いずれとも言えない。信頼区間全体が許容幅を超えていても、レポート内の全変化率を対象とした Benjamini–Hochberg 法の補正で有意とならなかった場合も含む'
    ])
  })
})
