import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {parse} from 'yaml'
import {coordinatesKey, deriveReport, pointKey} from '../../tools/derive/report.js'
import {subjectNames} from '../../tools/derive/subjects.js'
import {run} from '../../tools/import/command.js'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, tableRows, textOf} from '../helpers/html.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {fillLabel, loadLabels} from '../../tools/i18n/labels.js'
import {tempFolder} from '../helpers/temp.js'

const LANGS = /** @type {const} */ (['en', 'zh', 'ja'])
const TEXT = readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8')
const REPORT = parse(TEXT)
const ID = 'variants-dimensions'

describe('coordinates and subject names', () => {
  test('should key points by their dimension values as well as threads and clients', () => {
    const a = {subject: 's', workload: 'w', threads: 8, dimensions: {table_size: 1000, tidb_nodes: 2}}
    const b = {subject: 's', workload: 'w', threads: 8, dimensions: {tidb_nodes: 2, table_size: 1000}}
    expect(pointKey(a, 1)).toBe('s|w|8|1|table_size=1000|tidb_nodes=2')
    expect(pointKey(b, 1)).toBe(pointKey(a, 1))
    expect(coordinatesKey({threads: 8, dimensions: {table_size: 2000}}, 3)).toBe('8|3|table_size=2000')
  })

  test('should compare each point only with the baseline point of the same coordinates', () => {
    const derived = deriveReport(REPORT)
    const changes = derived.workloads.map((w) => w.rows.map((r) => [r.dimensions, r.threads, Math.round((r.change['v8.5.0-tuning'].value ?? NaN) * 100) / 100]))
    expect(changes).toEqual([
      [
        [{table_size: 1000000, tidb_nodes: 3}, 64, 10],
        [{table_size: 1000000, tidb_nodes: 3}, 128, 5],
        [{table_size: 10000000, tidb_nodes: 3}, 64, 20],
        [{table_size: 10000000, tidb_nodes: 3}, 128, 10]
      ],
      [
        [{table_size: 1000000, tidb_nodes: 1}, 96, 10],
        [{table_size: 1000000, tidb_nodes: 2}, 96, 10],
        [{table_size: 1000000, tidb_nodes: 4}, 96, 5]
      ]
    ])
    expect(derived.workloads.map((w) => w.dimensions)).toEqual([['table_size'], ['tidb_nodes']])
  })

  test('should name a variant with its version, and subjects of different products with their product', () => {
    expect(subjectNames(REPORT)).toEqual({'v8.5.0': 'v8.5.0 (General mode)', 'v8.5.0-tuning': 'v8.5.0 (Tuning mode)'})
    // zh and ja write an aside in full-width brackets, without a space (docs/translating.md)
    expect(subjectNames(REPORT, 'zh')).toEqual({'v8.5.0': 'v8.5.0（General mode）', 'v8.5.0-tuning': 'v8.5.0（Tuning mode）'})
    expect(subjectNames(REPORT, 'ja')).toEqual({'v8.5.0': 'v8.5.0（General mode）', 'v8.5.0-tuning': 'v8.5.0（Tuning mode）'})
    expect(subjectNames(REPORT, 'en')).toEqual(subjectNames(REPORT))
    const products = {subjects: [{id: 'tidb', product: 'TiDB', version: 'v8.5.0'}, {id: 'mysql', product: 'MySQL', version: '8.0.36'}, {id: 'x', product: 'MySQL', version: '8.4', label: 'Mine'}]}
    expect(subjectNames(products)).toEqual({tidb: 'TiDB v8.5.0', mysql: 'MySQL 8.0.36', x: 'Mine'})
  })

  test('should name a subject without a label by its product and version where its id is not its version (never by a data id such as `b`)', () => {
    const report = {subjects: [{id: 'a', product: 'MariaDB', version: '10.11', label: 'MariaDB 10.11 <old>'}, {id: 'b', product: 'MariaDB', version: '11.4'}, {id: 'v6.0.0', product: 'TiDB', version: 'v6.0.0 DMR'}]}
    expect(subjectNames({subjects: report.subjects.slice(0, 2)})).toEqual({a: 'MariaDB 10.11 <old>', b: 'MariaDB 11.4'})
    expect(subjectNames({subjects: [report.subjects[2], {id: 'v5.1.4', product: 'TiDB', version: 'v5.1.4'}]})).toEqual({'v6.0.0': 'v6.0.0', 'v5.1.4': 'v5.1.4'})
  })
})

describe('a report with variants and dimensions', () => {
  /** @type {{root: string, env: Record<string, string | undefined>}} */
  let site
  beforeAll(async () => {
    site = fixtureSite({[`data/reports/${ID}.yaml`]: TEXT})
    const built = await buildSite({root: site.root, env: site.env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(built.built).toBe(true)
  }, 120000)
  const page = (/** @type {string} */ lang) => readFileSync(join(site.root, 'public', lang, 'reports', ID, 'index.html'), 'utf8')

  test('should give a varying dimension a column, state a fixed one once, and head subjects with their variant', () => {
    const html = sectionById(page('en'), 'workload-oltp_point_select') ?? ''
    const head = /<thead>([\s\S]*?)<\/thead>/.exec(html)?.[1] ?? ''
    expect([...head.matchAll(/<th\b[^>]*>([\s\S]*?)<\/th>/g)].map((m) => textOf(m[1]))).toEqual([
      'Table size (rows)', 'Threads', 'v8.5.0 (General mode)', 'v8.5.0 (Tuning mode)', 'QPS change (%)',
      'p95 change (%)', 'QPS', 'p95 latency (ms)', 'QPS', 'p95 latency (ms)'
    ])
    // measured once: each change alone
    expect(tableRows(html)).toEqual([
      ['1,000,000', '64', '40,000.50', '2.10', '44,000.55', '1.90', '+10.00%', '−9.52%'],
      ['1,000,000', '128', '70,000.00', '3.40', '73,500.00', '3.20', '+5.00%', '−5.88%'],
      ['10,000,000', '64', '30,000.25', '2.80', '36,000.30', '2.30', '+20.00%', '−17.86%'],
      ['10,000,000', '128', '52,000.00', '4.70', '57,200.00', '4.10', '+10.00%', '−12.77%']
    ])
    expect(textOf(html)).toContain('TiDB nodes: 3 nodes at every point.')
    expect(tableRows(sectionById(page('en'), 'overview') ?? '')[0].slice(0, 2)).toEqual(['Point Select oltp_point_select', '+11.25%'])
  })

  test('should say over what the headline\'s mean runs: each thread count × the dimension that varies, in every language', () => {
    const said = {
      en: ['Its change in the overview is the mean of the changes at each thread count × Table size.', 'Its change in the overview is the mean of the changes at each thread count × TiDB nodes.'],
      zh: ['概览中该测试场景的变化为各线程数 × 表大小下变化的平均值。', '概览中该测试场景的变化为各线程数 × TiDB 节点数下变化的平均值。'],
      ja: ['概要に示すこのワークロードの変化率は、スレッド数 × テーブルサイズごとの変化率の平均です。', '概要に示すこのワークロードの変化率は、スレッド数 × TiDB ノード数ごとの変化率の平均です。']
    }
    for (const lang of LANGS) {
      const stated = ['workload-oltp_point_select', 'workload-oltp_read_write'].map((id) => textOf(/<p class="stated">([\s\S]*?)<\/p>/.exec(sectionById(page(lang), id) ?? '')?.[1] ?? ''))
      expect(stated.map((s, i) => s.startsWith(said[lang][i])), `${lang}: ${stated.join(' | ')}`).toEqual([true, true])
    }
  })

  test('should chart a workload whose nodes vary against the nodes, in every language', () => {
    const captions = {en: 'Read Write: QPS and p95 latency by TiDB nodes.', zh: '读写：QPS 与 P95 延迟（横轴：TiDB 节点数）。', ja: 'Read Write：TiDB ノード数ごとの QPS と P95 レイテンシ。'}
    /** @type {Record<string, string>} */
    const specLabels = {en: 'Vega-Lite spec', zh: 'Vega-Lite 图表定义（JSON）', ja: 'Vega-Lite 定義（JSON）'}
    for (const lang of LANGS) {
      const html = sectionById(page(lang), 'workload-oltp_read_write') ?? ''
      // the caption, then the link to the chart's Vega-Lite spec
      expect(textOf(/<figcaption>([\s\S]*?)<\/figcaption>/.exec(html)?.[1] ?? '')).toBe(`${captions[lang]} ${specLabels[lang]}`)
      expect(tableRows(html).map((r) => r[0])).toEqual(['1', '2', '4'])
      expect(html).toMatch(lang === 'en' ? /<img [^>]*alt="Line charts of QPS \(left\) and p95 latency in ms \(right\) against TiDB nodes/ : /<img [^>]*alt="[^"]*TiDB/)
    }
  })

  test('should write a dimension\'s unit in zh and ja brackets with its counter (个, 台), on the table, the chart\'s axis and in the alt text', () => {
    const head = (/** @type {string} */ lang) => textOf(/<thead>[\s\S]*?<th\b[^>]*>([\s\S]*?)<\/th>/.exec(sectionById(page(lang), 'workload-oltp_read_write') ?? '')?.[1] ?? '')
    expect([head('zh'), head('ja')]).toEqual(['TiDB 节点数（个）', 'TiDB ノード数（台）'])
    const stated = (/** @type {string} */ lang) => textOf(/<p class="stated">([\s\S]*?)<\/p>/.exec(sectionById(page(lang), 'workload-oltp_point_select') ?? '')?.[1] ?? '')
    expect(stated('zh')).toBe('概览中该测试场景的变化为各线程数 × 表大小下变化的平均值。TiDB 节点数：所有测试点均为 3 个。')
    expect(stated('ja')).toBe('概要に示すこのワークロードの変化率は、スレッド数 × テーブルサイズごとの変化率の平均です。TiDB ノード数：すべての測定点で 3 台。')
    const alt = (/** @type {string} */ lang) => /<img [^>]*alt="([^"]*)"/.exec(sectionById(page(lang), 'workload-oltp_read_write') ?? '')?.[1]
    expect(alt('zh')).toBe('v8.5.0（General mode）、v8.5.0（Tuning mode）的 QPS（左）与 P95 延迟（毫秒，右）的折线图（横轴：TiDB 节点数）。上表列出了全部数值。')
    expect(alt('ja')).toBe('TiDB ノード数ごとの QPS（左）と P95 レイテンシ（ms、右）を示す折れ線グラフです。テスト対象は v8.5.0（General mode）、v8.5.0（Tuning mode）です。すべての数値は上の表に示しています。')
    const svg = readFileSync(join(site.root, 'public', 'charts', ID, 'oltp_read_write.svg'), 'utf8')
    const axis = (/** @type {string} */ lang) => [...svg.matchAll(new RegExp(`<text class="${lang}"[^>]*>([^<]*(?:nodes|节点数|ノード数)[^<]*)</text>`, 'g'))].map((m) => m[1])
    // the throughput's and the latency's panel
    expect([axis('en'), axis('zh'), axis('ja')]).toEqual([['TiDB nodes (nodes)', 'TiDB nodes (nodes)'], ['TiDB 节点数（个）', 'TiDB 节点数（个）'], ['TiDB ノード数（台）', 'TiDB ノード数（台）']])
  })

  test('should title a scaling chart\'s legend by what its lines are: subject and thread count where both vary, else the subject', () => {
    const legend = (/** @type {string} */ workload) => {
      const svg = readFileSync(join(site.root, 'public', 'charts', ID, `${workload}.svg`), 'utf8')
      return LANGS.map((lang) => [...svg.matchAll(new RegExp(`<text class="${lang}"[^>]*font-weight="bold"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1]).filter((t) => /Subject|测试对象|テスト対象/.test(t)))
    }
    expect(legend('oltp_point_select')).toEqual([['Subject · threads'], ['测试对象／线程数'], ['テスト対象／スレッド数']])
    expect(legend('oltp_read_write')).toEqual([['Subject'], ['测试对象'], ['テスト対象']])
  })

  test('should show every recorded number on the en, zh and ja pages', () => {
    for (const lang of LANGS) {
      const text = textOf(page(lang))
      for (const p of REPORT.results) {
        for (const m of ['qps', 'latency_p95']) {
          const written = Number(p[m]).toLocaleString('en', {minimumFractionDigits: 2, maximumFractionDigits: 2})
          expect(text, `${lang} ${p.subject} ${m}`).toContain(written)
        }
      }
    }
  })

  test('should name the subjects by their variants and their one version once, on the version line and the index', () => {
    const lines = {
      en: [['Subjects', 'v8.5.0 (General mode), v8.5.0 (Tuning mode)'], ['Version', 'TiDB v8.5.0 (2 configurations)']],
      zh: [['测试对象', 'v8.5.0（General mode）、v8.5.0（Tuning mode）'], ['版本', 'TiDB v8.5.0（2 种配置）']],
      ja: [['テスト対象', 'v8.5.0（General mode）、v8.5.0（Tuning mode）'], ['バージョン', 'TiDB v8.5.0（2 種類の構成）']]
    }
    for (const lang of LANGS) {
      const facts = [...(sectionById(page(lang), 'version') ?? '').matchAll(/<dt>([\s\S]*?)<\/dt><dd>([\s\S]*?)<\/dd>/g)].map((m) => [textOf(m[1]), textOf(m[2])])
      expect(facts.slice(0, 2)).toEqual(lines[lang])
      const index = readFileSync(join(site.root, 'public', lang, 'index.html'), 'utf8')
      expect(textOf(index)).toContain(lang === 'en' ? 'v8.5.0 (General mode), v8.5.0 (Tuning mode)' : 'v8.5.0（General mode）、v8.5.0（Tuning mode）')
    }
  })

  test('should import its Markdown export back into the same data in every language, and a zh or ja export that named the variants in half-width brackets', async () => {
    const exported = (/** @type {string} */ lang) => join(site.root, 'public', 'downloads', ID, `${ID}.${lang}.md`)
    const older = (/** @type {string} */ lang) => {
      // beside the export, where its sidecar is
      const file = join(site.root, 'public', 'downloads', ID, `older.${lang}.md`)
      const text = readFileSync(exported(lang), 'utf8')
      expect(text, lang).toContain('v8.5.0（Tuning mode）')
      writeFileSync(file, text.replace(/（(General|Tuning) mode）/g, ' ($1 mode)'))
      return file
    }
    for (const file of [...LANGS.map(exported), older('zh'), older('ja')]) {
      const lang = /** @type {'en' | 'zh' | 'ja'} */ (file.split('.').at(-2))
      // the page's row as it prints it (the fixed dimension stated above its table; rows in 万 in zh); the data comes from the sidecar
      expect(readFileSync(file, 'utf8')).toContain(`| ${lang === 'zh' ? '100 万' : '1,000,000'} | 64 | 40,000.50 | 2.10 | 44,000.55 | 1.90 | +10.00% | −9.52% |`)
      const dir = tempFolder('benchdoc-variants-')
      let err = ''
      const io = {cwd: dir, out: () => {}, err: (/** @type {string} */ s) => (err += s), env: process.env}
      const code = await run([file, '--data', join(dir, 'data'), '--narrative', join(dir, 'narrative')], /** @type {any} */ (io))
      expect(code, err).toBe(0)
      expect(err).not.toMatch(/: (warning|error): /)
      const imported = parse(readFileSync(join(dir, 'data', `${ID}.yaml`), 'utf8'))
      expect(imported).toEqual({schema_version: 1, ...REPORT}) // the import records the version
    }
  }, 60000)
})

describe('a variant written in several languages', () => {
  /** @type {{root: string, env: Record<string, string | undefined>}} */
  let site
  const names = {en: 'Tuning mode', zh: '调优模式', ja: 'チューニングモード'}
  // zh and ja bracket a variant full-width, without a space (docs/translating.md)
  const aside = (/** @type {'en' | 'zh' | 'ja'} */ lang, /** @type {string} */ text) => (lang === 'en' ? ` (${text})` : `（${text}）`)
  beforeAll(async () => {
    const text = TEXT.replace('variant: Tuning mode}', 'variant: {source: en, en: Tuning mode, zh: 调优模式, ja: チューニングモード}}')
    expect(text).not.toBe(TEXT)
    site = fixtureSite({[`data/reports/${ID}.yaml`]: text})
    const built = await buildSite({root: site.root, env: site.env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(built.built).toBe(true)
  }, 120000)
  const page = (/** @type {'en' | 'zh' | 'ja'} */ lang) => readFileSync(join(site.root, 'public', lang, 'reports', ID, 'index.html'), 'utf8')

  test('should name the subject with the variant in the page\'s language: version line, table heads, overview, chart and export', () => {
    for (const lang of LANGS) {
      const html = page(lang)
      expect(textOf(sectionById(html, 'version') ?? ''), lang).toContain(`v8.5.0${aside(lang, 'General mode')}${lang === 'en' ? ', ' : '、'}v8.5.0${aside(lang, names[lang])}`)
      const workload = sectionById(html, 'workload-oltp_point_select') ?? ''
      expect(textOf(/<thead>([\s\S]*?)<\/thead>/.exec(workload)?.[1] ?? ''), lang).toContain(`v8.5.0${aside(lang, names[lang])}`)
      // its figures too, not only its heads (Hugo's copy of a language's own tables is written in that language)
      expect(workload, lang).not.toContain('class="failed"')
      expect(workload.match(/<td class="num"/g)?.length, lang).toBe(16)
      expect(textOf(/<thead>([\s\S]*?)<\/thead>/.exec(sectionById(html, 'overview') ?? '')?.[1] ?? ''), lang).toContain(`v8.5.0${aside(lang, names[lang])}`)
      // Hugo's labels (compute/label.html) space a name as fillLabel does: none beside a full-width bracket
      const change = {en: 'QPS change vs v8.5.0 (General mode)', zh: 'QPS 相比 v8.5.0（General mode）的变化', ja: 'v8.5.0（General mode）に対する QPS の変化率'}[lang]
      expect(textOf(sectionById(html, 'overview') ?? ''), lang).toContain(change)
      expect(fillLabel(loadLabels(ROOT, lang).overview_change, {metric: 'QPS', baseline: `v8.5.0${aside(lang, 'General mode')}`})).toBe(change)
      const chart = /<img src="([^"?]+)/.exec(workload)?.[1] ?? ''
      // one chart file for every language, each language's name of the subject in it (its token filled for each)
      expect(chart, lang).toBe(`/charts/${ID}/oltp_point_select.svg`)
      expect(readFileSync(join(site.root, 'public', chart), 'utf8'), lang).toContain(`v8.5.0${aside(lang, names[lang])}`)
      expect(readFileSync(join(site.root, 'public', 'downloads', ID, `${ID}.${lang}.md`), 'utf8'), lang).toContain(`v8.5.0${aside(lang, names[lang])}`)
      for (const other of LANGS) if (other !== lang) expect(html, `${lang} page names the ${other} variant`).not.toContain(names[other])
    }
  })
})
