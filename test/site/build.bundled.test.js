import {existsSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {parse, stringify} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {buildSite} from '../../tools/site/build.js'
import {benchReport} from '../helpers/generate.js'
import {runHugo} from '../../tools/site/hugo.js'
import {hugoConfig} from '../../tools/site/hugo-config.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {decimalsOf} from '../../tools/derive/change.js'
import {metricOf} from '../../tools/derive/report.js'
import {subjectNames} from '../../tools/derive/subjects.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {allTableRows, sectionById, tableRows, textOf} from '../helpers/html.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

const LANGS = ['en', 'zh', 'ja']
const LOCALES = {en: 'en', zh: 'zh-CN', ja: 'ja'}
const MEASURES = ['qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects']
const reportIds = readdirSync(join(ROOT, 'data/reports')).map((f) => f.replace(/\.yaml$/, ''))

/** The bundled site, built once for the suites that read it (test/global/bundled-site.js). */
const out = join(inject('bundled'), 'public')
/** @param {string} lang @param {string} id */
const page = (lang, id) => readFileSync(join(out, lang, 'reports', id, 'index.html'), 'utf8')

describe('the bundled site', () => {
  test('should have a page for every report in every language, and an index per language', () => {
    for (const lang of LANGS) {
      expect(existsSync(join(out, lang, 'index.html'))).toBe(true)
      for (const id of reportIds) expect(existsSync(join(out, lang, 'reports', id, 'index.html'))).toBe(true)
    }
  })

  test.each(reportIds)('should show every recorded number of %s in each language, as recorded', (id) => {
    const doc = parseYamlSource(id, readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8'))
    const report = /** @type {any} */ (doc.data)
    for (const lang of LANGS) {
      const html = page(lang, id)
      const format = (/** @type {number} */ v, /** @type {number} */ d) =>
        new Intl.NumberFormat(LOCALES[/** @type {'en'} */ (lang)], {minimumFractionDigits: d, maximumFractionDigits: d}).format(v)
      for (const [i, point] of (report.results ?? []).entries()) {
        const section = sectionById(html, `workload-${point.workload}`) ?? ''
        // a figure's cell may go on with its runs and spread, after a space; the
        // measures besides the metric and p95 are in the details table under it
        const texts = allTableRows(section).flat().map((text) => text.split(' ')[0])
        for (const m of MEASURES) {
          if (point[m] == null) continue
          const expected = format(point[m], decimalsOf(doc.sourceOf(['results', i, m]) ?? point[m]))
          expect(texts, `${lang} ${id} results[${i}].${m}`).toContain(expected)
          expect(section).toContain(`data-value="${point[m]}"`)
        }
      }
    }
  })

  test('should show the published per-point % changes and headline of seed 001', () => {
    const rows = tableRows(sectionById(page('en', 'tidb-v6.0.0-vs-v5.1.4'), 'workload-oltp_point_select') ?? '')
    // the TPS change column, then the p95 latency change column; every point was measured once,
    // so each cell shows its change alone, and the results say so once at their top
    expect(rows.map((r) => r.at(-2))).toEqual(['−1.93%', '+1.88%', '+6.42%', '+8.49%', '+7.86%', '+7.61%'])
    expect(rows.map((r) => r.at(-1))).toEqual(['−2.67%', '−18.46%', '−24.90%', '−25.06%', '−22.16%', '−19.44%'])
    const html = page('en', 'tidb-v6.0.0-vs-v5.1.4')
    expect(textOf(html).match(/Each point was measured once/g)).toHaveLength(1)
    // the headline once, in the overview: the mean of the per-point changes, said once under the table
    expect(tableRows(sectionById(html, 'overview') ?? '')[0].slice(0, 2)).toEqual(['Point Select oltp_point_select', '+5.06%'])
    expect(textOf(html).match(/\+5\.06%|\+5\.1%/g)).toHaveLength(1)
    expect(textOf(sectionById(html, 'overview') ?? '')).toContain('Each change is the mean of the per-point changes; each point was measured once, so there is no interval.')
  })

  test('should show a single-subject table without a change column', () => {
    const rows = tableRows(sectionById(page('en', 'tidb-v8.1.0'), 'workload-oltp_insert') ?? '')
    expect(rows).toEqual([
      ['100', '18,339', '7.3'],
      ['200', '29,387', '9.73'],
      ['400', '42,712', '14.2']
    ])
  })

  test('should say how a comparison measured once was compared, and say nothing of changes on a report of one subject, which has none', () => {
    const methods = (/** @type {string} */ lang, /** @type {string} */ id) => [...page(lang, id).matchAll(/<p class="method">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]))
    for (const lang of LANGS) expect(methods(lang, 'tidb-v8.1.0')).toEqual([])
    expect(methods('zh', 'tidb-v6.0.0-vs-v5.1.4')).toEqual([
      '变化百分比 =（新值 − 基线值）÷ 基线值，基线为 v5.1.4；按线程数等条件均相同的测试点逐点计算 TPS 的变化。',
      '每个测试点只测量一次，因此不给出置信区间，也不判定提升或下降，只列出变化值。'
    ])
    expect(methods('ja', 'tidb-v6.0.0-vs-v5.1.4')).toEqual([
      '変化率 =（比較対象の値 − ベースラインの値）÷ ベースラインの値。ベースラインは v5.1.4 です。TPS を、スレッド数などの条件が同じ測定点どうしで比べています。',
      '各測定点の測定は 1 回のみのため、信頼区間は示さず、改善・悪化の判定も行っていません。変化率のみを示します。'
    ])
  })

  test('should title the legend of one product\'s versions Version, 版本 and バージョン, and a heading with no date or place 测试版本', () => {
    const svg = readFileSync(join(out, 'charts', 'tidb-v6.0.0-vs-v5.1.4', 'oltp_point_select.svg'), 'utf8')
    const legend = [...svg.matchAll(/<text class="(en|zh|ja)"[^>]*font-weight="bold"[^>]*>([^<]*)<\/text>/g)].map((m) => `${m[1]}: ${m[2]}`)
    expect(legend.filter((t) => /版本|Version|バージョン/.test(t))).toEqual(['en: Version', 'zh: 版本', 'ja: バージョン'])
    expect(sectionById(page('zh', 'tidb-v4.0-vs-v3.0'), 'version')).toMatch(/<h2>测试版本<\/h2>/)
    expect(sectionById(page('zh', 'tidb-v3.0.0-vs-v2.1.13'), 'version')).toMatch(/<h2>测试版本、时间、地点<\/h2>/)
  })

  test('should list the titles of the reports a versions table comes from, in 《》 in zh and 「」 in ja, one an item under its note', () => {
    const sources = (/** @type {string} */ lang) => [...readFileSync(join(out, lang, 'versions', 'tidb', 'index.html'), 'utf8').matchAll(/<p class="note">([^*][\s\S]*?)<\/p>\s*<ul class="note sources">([\s\S]*?)<\/ul>/g)].map((m) => [textOf(m[1]), ...[...m[2].matchAll(/<li>([\s\S]*?)<\/li>/g)].map((li) => textOf(li[1]))])
    expect(sources('zh')).toEqual(['v2.0.0-rc6 对比 v1.0.8', 'v3.0.0 对比 v2.1.13', 'v6.0.0 对比 v5.1.4'].map((t) => ['各版本均在相同硬件和数据集上测试，数据取自以下报告：', `《TiDB Sysbench 性能测试报告：${t}》`]))
    expect(sources('ja')[2]).toEqual(['同じハードウェアとデータセットで測定した値です。出典は次のレポートです。', '「TiDB Sysbench 性能テストレポート：v5.1.4 に対する v6.0.0 の比較」'])
    expect(sources('en')[2]).toEqual(['Reports measured on the same hardware and data set:', '“TiDB Sysbench performance test report: v6.0.0 vs v5.1.4”'])
  })

  test('should state the figures of the headline-only report once, in its overview, with no empty columns', () => {
    const html = page('zh', 'tidb-v4.0-vs-v3.0')
    const overview = sectionById(html, 'overview') ?? ''
    expect(tableRows(overview)).toEqual([
      ['点查 oltp_point_select', '+14%'],
      ['非索引列更新 oltp_update_non_index', '+15%'],
      ['索引列更新 oltp_update_index', '+17%'],
      ['读写 oltp_read_write', '+31%']
    ])
    expect(textOf(overview)).toContain('原报告仅以图表形式发布：下表中相比 v3.0 的变化均为作者公布的数值，没有各线程数下的测试数据。')
    expect(textOf(html).match(/作者公布的数值/g)).toHaveLength(1)
    expect(sectionById(html, 'summary')).toBeNull()
    const plan = sectionById(html, 'plan') ?? ''
    expect([...plan.matchAll(/<table class="workloads">\s*<thead><tr>(.*?)<\/tr>/g)].map((m) => textOf(m[1]))).toEqual(['测试场景'])
  })

  test.each(reportIds)('should show one chart file with its size, text alternative and caption for each workload of %s with points', (id) => {
    const report = parse(readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8'))
    const withPoints = report.plan.workloads.filter((/** @type {any} */ w) => (report.results ?? []).some((/** @type {any} */ p) => p.workload === w.name))
    for (const lang of LANGS) {
      const html = page(lang, id)
      for (const w of withPoints) {
        const section = sectionById(html, `workload-${w.name}`) ?? ''
        const images = [...section.matchAll(/<figure class="chart">\s*<img src="([^"?]+)\?v=[0-9a-f]{12}#(\w+)" width="(\d+)" height="(\d+)" alt="([^"]+)" loading="lazy">\s*<figcaption>/g)]
        // one file for every language, which the page's language picks its words from
        expect(images.map((m) => `${m[1]}#${m[2]}`), `${lang} ${id} ${w.name}`).toEqual([`/charts/${id}/${w.name}.svg#${lang}`])
        const [, src, , width, height, alt] = images[0]
        const svg = readFileSync(join(out, src), 'utf8')
        // the page reserves the chart's own size, and says what the chart's own title in its language says
        expect(svg.slice(0, svg.indexOf('>') + 1)).toBe(
          `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" version="1.1" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="sans-serif" font-size="12px">`
        )
        expect(svg).toContain(`<title lang="${lang}">${alt}</title>`)
      }
      expect(html.match(/<figure class="chart">/g) ?? []).toHaveLength(withPoints.length)
      expect(html).not.toContain('<svg')
    }
  })

  test('should render the sections of the documented format in order', () => {
    const html = page('en', 'tidb-v6.0.0-vs-v5.1.4')
    const order = [...html.matchAll(/<section id="([a-z-]+)"/g)].map((m) => m[1]).filter((id) => !id.startsWith('workload-'))
    expect(order).toEqual(['overview', 'purpose', 'version', 'environment', 'parameters', 'plan', 'results', 'latency', 'conclusions', 'problems', 'advice'])
  })

  test('should show the prepare and run commands generated from the plan', () => {
    const plan = textOf(sectionById(page('ja', 'tidb-v8.1.0'), 'plan') ?? '')
    expect(plan).toContain('sysbench oltp_common \\ --db-driver=mysql')
    expect(plan).toContain('--tables=32 \\ --table-size=10000000')
    expect(plan).toContain('--time=1200 \\ --report-interval=10')
    expect(plan).toContain('--mysql-ignore-errors=1062,2013,8028,9007')
  })

  test('should point ${THREADS} to the thread counts above only on a plan that lists them', () => {
    const note = (/** @type {string} */ lang, /** @type {string} */ id) => textOf(/<p class="note">([^<]*\$\{HOST\}[^<]*)<\/p>/.exec(page(lang, id))?.[1] ?? '')
    expect(note('en', 'tidb-v6.0.0-vs-v5.1.4')).toBe('Replace ${HOST}, ${PORT}, ${USER} and ${PASSWORD} with your connection; ${WORKLOAD} and ${THREADS} take each workload and thread count listed above.')
    expect(note('en', 'tidb-v4.0-vs-v3.0')).toBe('Replace ${HOST}, ${PORT}, ${USER} and ${PASSWORD} with your connection; ${WORKLOAD} takes each workload listed above, and ${THREADS} a thread count of your choice: the report lists none.')
    expect(note('ja', 'tidb-v4.0-vs-v3.0')).toBe('${HOST}、${PORT}、${USER}、${PASSWORD} は接続先に合わせて置き換えてください。${WORKLOAD} には上に挙げたワークロードを順に指定します。スレッド数はレポートに記載がないため、${THREADS} には任意の値を指定してください。')
    expect(note('zh', 'tidb-v4.0-vs-v3.0')).toBe('将 ${HOST}、${PORT}、${USER} 和 ${PASSWORD} 替换为你的连接信息；${WORKLOAD} 依次取上表列出的测试场景，${THREADS} 取你选定的线程数（原报告未给出线程数）。')
  })

  test('should label pages in each language with correct terms', () => {
    expect(textOf(page('ja', 'tidb-v3.0.0-vs-v2.1.13'))).toContain('P95 レイテンシ（ms）')
    expect(textOf(page('zh', 'tidb-v3.0.0-vs-v2.1.13'))).toContain('P95 延迟（毫秒）')
    for (const lang of LANGS) {
      const html = page(lang, 'tidb-v3.0.0-vs-v2.1.13')
      for (const wrong of ['品質保証', 'ティクヴ', 'ティビ', 'システムベンチ', 'TPPS']) expect(html).not.toContain(wrong)
    }
  })

  test('should link every page to its other languages', () => {
    for (const lang of LANGS) {
      const html = page(lang, 'tidb-v8.1.0')
      for (const other of LANGS.filter((l) => l !== lang)) {
        expect(html).toContain(`href="/${other}/reports/tidb-v8.1.0/" hreflang="${other}"`)
      }
    }
  })

  test('should list the reports newest first on each index, an undated one by its newest version', () => {
    const html = readFileSync(join(out, 'en', 'index.html'), 'utf8')
    const ids = [...html.matchAll(/href="\/en\/reports\/([^/]+)\/"/g)].map((m) => m[1])
    // v8.1, v6.0 and v4.0 state no date: each comes before the dated reports of older versions
    const seeds = ['tidb-v8.1.0', 'tidb-v6.0.0-vs-v5.1.4', 'tidb-v4.0-vs-v3.0', 'tidb-v3.0.0-vs-v2.1.13', 'tidb-v2.0.0-rc6-vs-v1.0.8']
    expect(ids.filter((id) => seeds.includes(id))).toEqual(seeds)
  })

  test('should say on each index what a report\'s headline changes are: the metric and the baseline, in the language', () => {
    /** @param {string} lang @param {string} id */
    const headlines = (lang, id) => {
      const html = readFileSync(join(out, lang, 'index.html'), 'utf8')
      const row = html.slice(html.indexOf(`href="/${lang}/reports/${id}/"`))
      return textOf(/<table class="mini">[\s\S]*?<\/table>/.exec(row)?.[0] ?? '')
    }
    expect(headlines('en', 'tidb-v6.0.0-vs-v5.1.4')).toBe('TPS change vs v5.1.4 Point Select +5.06% Update Non-Index +1.72% Update Index +4.50% Read Write +2.67%')
    expect(headlines('zh', 'tidb-v6.0.0-vs-v5.1.4')).toBe('TPS 相比 v5.1.4 的变化 点查 +5.06% 非索引列更新 +1.72% 索引列更新 +4.50% 读写 +2.67%')
    expect(headlines('ja', 'tidb-v4.0-vs-v3.0')).toBe('v3.0 に対する QPS の変化率 Point Select +14% Update Non-Index +15% Update Index +17% Read Write +31%')
    // a single version: its best figures, labelled in each cell, no caption
    expect(headlines('zh', 'tidb-v8.1.0')).toMatch(/^点查 最高 TPS 111,470 /)
  })

  test('should write thread counts on chart axes as the tables write them: 1,200 (1200 in zh), and 1,024 where every point has 3 clients (stated above the table)', () => {
    // a text the languages write alike is one element for all of them, one they do not is one each (`class="en ja"`, `class="zh"`)
    const ticks = (/** @type {string} */ file, lang = 'en') => [...readFileSync(join(out, 'charts', file), 'utf8').matchAll(/<text(?: class="([a-z ]+)")?[^>]*>([\d,]+(?: × \d+)?)<\/text>/g)]
      .filter((m) => !m[1] || m[1].split(' ').includes(lang)).map((m) => m[2])
    expect(ticks('tidb-v6.0.0-vs-v5.1.4/oltp_point_select.svg').slice(0, 6)).toEqual(['150', '300', '600', '900', '1,200', '1,500'])
    expect(ticks('tidb-v6.0.0-vs-v5.1.4/oltp_point_select.svg', 'zh').slice(0, 6)).toEqual(['150', '300', '600', '900', '1200', '1500'])
    expect(ticks('tidb-v2.0.0-rc6-vs-v1.0.8/oltp_insert.svg', 'ja').slice(0, 4)).toEqual(['128', '256', '512', '1,024'])
    expect(ticks('tidb-v2.0.0-rc6-vs-v1.0.8/oltp_insert.svg', 'zh').slice(0, 4)).toEqual(['128', '256', '512', '1024'])
    // the zh page writes its counts so too: rows per table in 万, thread counts ungrouped, in the plan and the tables
    const plan = sectionById(page('zh', 'tidb-v6.0.0-vs-v5.1.4'), 'plan') ?? ''
    expect(plan).toContain('<dt>每张表行数</dt><dd>1000 万</dd>')
    expect(plan).toContain('<dt>每个测试点的测试时长（秒）</dt><dd>600</dd>')
    expect(textOf(plan)).toContain('150、300、600、900、1200、1500')
    expect(textOf(sectionById(page('en', 'tidb-v6.0.0-vs-v5.1.4'), 'plan') ?? '')).toContain('150, 300, 600, 900, 1,200, 1,500')
    expect(textOf(sectionById(page('zh', 'tidb-v2.0.0-rc6-vs-v1.0.8'), 'workload-oltp_insert') ?? '')).toContain('每个测试点并行运行 3 个 Sysbench 客户端；线程数为每个客户端的线程数。')
  })

  test('should offer each language\'s Vega-Lite spec of the charts in a form any Vega tool draws, with the axis numbers of the page\'s charts', async () => {
    const file = 'downloads/tidb-v6.0.0-vs-v5.1.4/tidb-v6.0.0-vs-v5.1.4.zh.vl.json'
    // one file a language: every chart's caption links it
    expect([...page('zh', 'tidb-v6.0.0-vs-v5.1.4').matchAll(/<a class="spec" href="\/([^"]+)"/g)].map((m) => m[1])).toEqual(Array(4).fill(file))
    const spec = JSON.parse(readFileSync(join(out, file), 'utf8'))
    expect(spec.vconcat.map((/** @type {{title: string}} */ c) => c.title)).toEqual(['点查', '非索引列更新', '索引列更新', '读写'])
    const vega = await import('vega')
    const {compile} = await import('vega-lite')
    // a fresh Vega knows none of benchdoc's functions: only Vega's own may appear
    expect(JSON.stringify(spec)).not.toMatch(/numberToken|localNumber/)
    const svg = await new vega.View(vega.parse(compile(spec).spec), {renderer: 'none'}).toSVG()
    const ticks = [...svg.matchAll(/>([^<]*)<\/text>/g)].map((m) => m[1])
    expect(ticks.slice(ticks.indexOf('线程数') + 1, ticks.indexOf('TPS'))).toEqual(['0', '10 万', '20 万', '30 万', '40 万', '50 万', '60 万'])
    expect(ticks.slice(0, 6)).toEqual(['150', '300', '600', '900', '1200', '1500'])
    // the second chart's throughput axis is its own, as on its page (a chart's title is written after its axes)
    const second = ticks.slice(ticks.indexOf('点查'))
    expect(second.slice(second.indexOf('线程数') + 1, second.indexOf('TPS'))).toEqual(['0', '5 万', '10 万', '15 万', '20 万'])
  })

  test('should keep every report page under 150 KB including its charts', () => {
    for (const lang of LANGS) for (const id of reportIds) expect(page(lang, id).length, `${lang} ${id}`).toBeLessThan(150 * 1024)
  })
})

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')

describe('a fixture site', () => {
  test('should show a hostile title and narrative as text, never as markup', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT.replace('kind: comparison', 'title: "<script>alert(1)</script>"\nkind: comparison').replace("version: '11.4'", "version: '<b>11.4</b>'"),
      'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nHello <img src=x onerror=alert(2)> *world*.\n\n<script>alert(3)</script>\n'
    })
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    const html = readFileSync(join(root, 'public/en/reports/minimal/index.html'), 'utf8')
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(html).toContain('&lt;b&gt;11.4&lt;/b&gt;')
    expect(html).not.toMatch(/<script>alert|onerror|<b>11.4/)
    expect(html).toContain('<em>world</em>')
  })

  test('should run no shortcode and keep no raw HTML or javascript: link from a narrative', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT,
      'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nVideo: {{< youtube dQw4w9WgXcQ >}} and {{% notashortcode %}}.\n\n[click](javascript:alert(4)) <iframe src="https://example.com"></iframe>\n\n| a | b |\n| - | - |\n| 1 | 2 |\n'
    })
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    const purpose = sectionById(readFileSync(join(root, 'public/en/reports/minimal/index.html'), 'utf8'), 'purpose') ?? ''
    expect(purpose).toContain('Video: {{&#x3C; youtube dQw4w9WgXcQ >}} and {{% notashortcode %}}.')
    expect(purpose).not.toMatch(/<iframe|javascript:|youtube\.com/)
    expect(purpose).toContain('<td>1</td>')
  })

  test('should say under the versions which subject\'s run is partial and what it has not measured yet, in each language', async () => {
    const {root, env} = fixtureSite({'data/reports/partial-run.yaml': readFileSync(fixture('validate/partial-run.yaml'), 'utf8')})
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    expect(result.problems.map((p) => p.rule)).toEqual(['partial-run'])
    const notes = (/** @type {string} */ lang) => {
      const version = sectionById(readFileSync(join(root, `public/${lang}/reports/partial-run/index.html`), 'utf8'), 'version') ?? ''
      return [...version.matchAll(/<p class="partial-run" role="note">([\s\S]*?)<\/p>/g)].map((m) => textOf(m[1]).replace(/\s+/g, ' ').trim())
    }
    // MariaDB's run is complete: one note, PostgreSQL's
    expect(notes('en')).toEqual([
      'PostgreSQL: partial run. It stopped, or is still running, before every point of its plan was measured; comparisons on this page cover only the points it has. ' +
        'Not measured yet: Point Select oltp_point_select (threads 2); Read Write oltp_read_write (threads 2)'
    ])
    expect(notes('zh')).toEqual([
      'PostgreSQL：运行尚未完成。计划中的测试点还没有全部测完，运行已停止或仍在进行；本页的对比只涵盖已测得的测试点。 尚未测量：点查 oltp_point_select（线程数 2）；读写 oltp_read_write（线程数 2）'
    ])
    expect(notes('ja')).toEqual([
      'PostgreSQL：実行は途中までです。計画の測定点をすべて測り終える前に止まったか、まだ実行中です。このページの比較は測定済みの点だけを対象にしています。 未測定：Point Select oltp_point_select（スレッド数 2）；Read Write oltp_read_write（スレッド数 2）'
    ])
  })

  test('should show Hugo\'s error with its file and line when a template fails', async () => {
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT, 'layouts/_partials/report/purpose.html': '{{ .nosuch.field.here | int | div 1 }}\n'})
    await expect(buildSite({root, env})).rejects.toThrow(new RegExp([
      '^Hugo failed \\(exit 1\\):\\nError: error building site: render: failed to render pages: render of ".+/reports/minimal" failed: ',
      '".+/layouts/reports/page\\.html:\\d+:\\d+": execute of template failed: .+: error calling partial: ',
      '".+/layouts/_partials/report/purpose\\.html:1:30": execute of template failed: template: _partials/report/purpose\\.html:1:30: ',
      'executing "_partials/report/purpose\\.html" at <div 1>: error calling div: can\'t divide the value by 0$'
    ].join('')))
  })

  test('should escape data strings in the Markdown export, keep each field on its line and read them back exactly', async () => {
    const hostile = REPORT
      .replace('kind: comparison', 'kind: comparison\nplace: "<script>alert(1)</script>"\nauthor: "x\\n# Injected heading\\n<img src=x onerror=alert(2)>"')
      .replace("version: '11.4'", "version: '11.4 *bold* [link](http://e.com) | pipe'")
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': hostile})
    expect((await buildSite({root, env})).built).toBe(true)
    const md = readFileSync(join(root, 'public/downloads/minimal/minimal.en.md'), 'utf8')
    expect(md).toContain('Place: \\<script>alert(1)\\</script>\n')
    expect(md).toContain('Author: x<br># Injected heading<br>\\<img src=x onerror=alert(2)>\n')
    expect(md).toContain('Versions: MariaDB 10.11, MariaDB 11.4 \\*bold\\* \\[link\\](http\\://e.com) \\| pipe')
    expect(md).not.toMatch(/^# Injected/m)
    expect(md).not.toMatch(/(^|[^\\])<(script|img)/)
    const {result} = importMarkdown(md, {path: 'minimal.en.md', file: join(root, 'public/downloads/minimal/minimal.en.md')})
    expect(result?.report.author).toBe('x\n# Injected heading\n<img src=x onerror=alert(2)>')
    expect(result?.report.place).toBe('<script>alert(1)</script>')
    expect(result?.report.subjects[1].version).toBe('11.4 *bold* [link](http://e.com) | pipe')
  })

  test('should build a report of 2,500 points with its table and a warning instead of a chart', async () => {
    const threads = Array.from({length: 2500}, (_, i) => i + 1)
    const big = `id: big\nkind: single\nsubjects:\n  - {id: a, product: MariaDB, version: '11.4'}\nplan:\n  workloads:\n    - {name: oltp_point_select, threads: [${threads.join(', ')}]}\nresults:\n${threads.map((t) => `  - {subject: a, workload: oltp_point_select, threads: ${t}, qps: ${t + 0.5}}`).join('\n')}\n`
    const {root, env} = fixtureSite({'data/reports/big.yaml': big})
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    expect(result.problems.map((p) => `${p.line}:${p.col} ${p.message} [${p.rule}]`)).toEqual(['7:14 Workload `oltp_point_select` has 2500 points, more than the 2000 a chart draws: the page shows its table without a chart [chart-size]'])
    const html = readFileSync(join(root, 'public/en/reports/big/index.html'), 'utf8')
    expect(html).toContain('2,500.5')
    expect(html).not.toMatch(/<figure class="chart/)
  }, 60_000)

  test('should say in other languages that the narrative is only in English, with a link', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT,
      'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n'
    })
    await buildSite({root, env})
    const zh = readFileSync(join(root, 'public/zh/reports/minimal/index.html'), 'utf8')
    const purpose = sectionById(zh, 'purpose') ?? ''
    expect(textOf(purpose)).toContain('本报告的正文暂无中文版本，现有以下语言版本：English。本页的测试数据是完整的。')
    expect(purpose).toContain('href="/en/reports/minimal/#purpose" hreflang="en"')
    expect(zh).toContain('1,000.50')
  })

  test('should fail the build, naming the report and the chart, when a chart file is missing from a page the templates lay out', async () => {
    // report/chart.html checks each chart's file: a repository with report templates of its own builds its pages with them
    const toc = readFileSync(join(ROOT, 'layouts/_partials/report/toc.html'), 'utf8')
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT, 'layouts/_partials/report/toc.html': toc})
    expect((await buildSite({root, env})).built).toBe(true)
    rmSync(join(root, '.benchdoc/static/charts/minimal/oltp_point_select.svg'))
    await expect(runHugo(root, ['--destination', join(root, 'public'), '--config', hugoConfig(root, join(root, '.benchdoc'), 'build')], {env})).rejects.toThrow(exactly(
      'Hugo failed (exit 1):\nERROR report "minimal": chart "charts/minimal/oltp_point_select.svg" was not rendered; run `benchdoc build`\n' +
      'Error: error building site: logged 1 error(s)'
    ))
  }, 60_000)

  test('should add a time-series chart for a workload whose points have interval reports', async () => {
    const withIntervals = REPORT.replace(
      'qps: 1100, latency_avg: 1.1, latency_p95: 2.1}',
      'qps: 1100, latency_avg: 1.1, latency_p95: 2.1, intervals: [{t: 1, qps: 1000}, {t: 2, qps: 1200}]}'
    )
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': withIntervals})
    expect((await buildSite({root, env})).built).toBe(true)
    const html = readFileSync(join(root, 'public/en/reports/minimal/index.html'), 'utf8')
    expect(html.match(/<figure class="chart timeseries" tabindex="0">\s*<img src="\/charts\/minimal\/oltp_point_select-time\.svg\?v=[0-9a-f]{12}#en"/g) ?? []).toHaveLength(1)
    const chart = readFileSync(join(root, 'public/charts/minimal/oltp_point_select-time.svg'), 'utf8')
    expect(chart).toMatch(/^<svg /)
    // each line named by subject and threads, joined by each language's own separator (punct_series)
    expect([...chart.matchAll(/<text class="([^"]+)"[^>]*>([^<]*\d)<\/text>/g)].map((m) => `${m[1]}: ${m[2]}`)).toEqual(['en: MariaDB 11.4 · 8', 'zh ja: MariaDB 11.4／8'])
    expect(textOf(html)).toContain('Point Select: QPS over time within each point')
  })

  test('should name the subjects a parameter block applies to, and each compared subject over its index column, in each language\'s punctuation', async () => {
    // a generated report of three subjects, with the title the site gives it
    const generated = benchReport(/** @type {number} */ ([0, 3, 6, 9, 12, 15].find((i) => !benchReport(i).title)))
    const {root, env} = fixtureSite({
      'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'),
      [`data/reports/${generated.id}.yaml`]: stringify(generated)
    })
    expect((await buildSite({root, env})).built).toBe(true)
    const heads = (/** @type {string} */ lang) =>
      [...(sectionById(readFileSync(join(root, `public/${lang}/reports/mariadb-demo/index.html`), 'utf8'), 'parameters') ?? '').matchAll(/<h3>([\s\S]*?)<\/h3>/g)].map((m) => textOf(m[1]))
    // a subject's planned options and its variables read at run time under one heading
    expect(heads('en')).toEqual(['MariaDB — flush at commit', 'MariaDB — flush each second'])
    expect(heads('zh')).toEqual(['MariaDB：flush at commit', 'MariaDB：flush each second'])
    const index = readFileSync(join(root, 'public/zh/index.html'), 'utf8')
    const mini = /<table class="mini">[\s\S]*?<\/table>/.exec(index.slice(index.indexOf(`href="/zh/reports/${generated.id}/"`)))?.[0] ?? ''
    const [base, ...others] = Object.values(subjectNames(generated, 'zh'))
    expect(textOf((/<caption>[\s\S]*<\/thead>/.exec(mini)?.[0] ?? '').replace(/<\/th>/g, '</th> '))).toBe(`${metricOf(generated).toUpperCase()} 相比 ${base} 的变化 ${others.join(' ')}`)
    expect(textOf(/<title>[^<]*/.exec(readFileSync(join(root, `public/zh/reports/${generated.id}/index.html`), 'utf8'))?.[0] ?? '')).toBe(`${generated.product} Sysbench 性能测试报告：${others.reverse().join('、')} 对比 ${base}`)
  }, 60_000)

  test('should show every setting of the plan, the warm-up method as what it does, in each language', async () => {
    const warmed = REPORT.replace('plan:\n', 'plan:\n  time: 60\n  warmup_time: 10\n  warmup_method: checkpoint\n')
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': warmed})
    expect((await buildSite({root, env})).built).toBe(true)
    // each fact as "label value"
    const facts = (/** @type {string} */ lang) => textOf((sectionById(readFileSync(join(root, `public/${lang}/reports/minimal/index.html`), 'utf8'), 'plan') ?? '').replace(/<table[\s\S]*/, '').replace(/<\/dt>/g, '</dt> '))
    expect(facts('en')).toBe('Test plan Duration per point (s) 60 Warm-up (s) 10 Warm-up method --time includes the warm-up; --report-checkpoints resets the statistics at its end (sysbench 1.0 has no --warmup-time)')
    expect(facts('ja')).toContain('ウォームアップ方式 ウォームアップ終了時に --report-checkpoints で統計をリセット（sysbench 1.0 には --warmup-time がないため、--time にはウォームアップ時間を含む）')
    expect(facts('zh')).toContain('预热方式 --time 含预热时长，预热结束时由 --report-checkpoints 重置统计（sysbench 1.0 没有 --warmup-time）')
  })

  test('should show a failed point with its error text across its measures', async () => {
    const failed = REPORT.replace(
      '{subject: b, workload: oltp_point_select, threads: 8, qps: 1100, latency_avg: 1.1, latency_p95: 2.1}',
      "{subject: b, workload: oltp_point_select, threads: 8, error: 'Access denied for user <root>'}"
    )
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': failed})
    expect((await buildSite({root, env})).built).toBe(true)
    const html = readFileSync(join(root, 'public/en/reports/minimal/index.html'), 'utf8')
    // across the metric and p95 in the table, and across the other measures in the details under it
    expect(allTableRows(sectionById(html, 'workload-oltp_point_select') ?? '')).toEqual([
      ['8', '1,000.50', '2.5', 'failed: Access denied for user <root>', '–'],
      ['8', '1.2', 'failed: Access denied for user <root>']
    ])
  })

  test('should say on a stale translation\'s page that it is older than its source, with a link', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT,
      'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy, now reworded.\n',
      'content/narrative/minimal/ja.md': '---\nreport: minimal\nlang: ja\ntranslated_from:\n  lang: en\n  sections:\n    purpose: "000000000000"\n---\n\n## 目的 {#purpose}\n\n理由。\n'
    })
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    expect(result.problems.map((p) => p.rule)).toEqual(['stale-section'])
    const purpose = sectionById(readFileSync(join(root, 'public/ja/reports/minimal/index.html'), 'utf8'), 'purpose') ?? ''
    expect(textOf(purpose)).toContain('この翻訳では 1 個のセクションが原文の更新に追従していません。最新の内容は次の言語で読めます： English')
    expect(purpose).toContain('href="/en/reports/minimal/" hreflang="en"')
  })

  test('should build, with a warning, when a translation\'s numbers differ from its source', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT,
      'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nCompare 2 versions at 8 threads on 10 million rows.\n',
      'content/narrative/minimal/zh.md': '---\nreport: minimal\nlang: zh\n---\n\n## 测试目的 {#purpose}\n\n在 16 线程、1000 万行数据上对比 2 个版本。\n'
    })
    const result = await buildSite({root, env})
    expect(result.built).toBe(true)
    expect(result.problems.map((p) => `${p.file}:${p.line}: ${p.severity} [${p.rule}] ${p.message}`)).toEqual([
      'content/narrative/minimal/zh.md:1: warning [unstamped] Missing `translated_from` in front matter, expected the digests of the en.md sections this translates (`benchdoc i18n stamp minimal zh`)',
      'content/narrative/minimal/zh.md:6: warning [numbers-differ] Unexpected numbers in section `purpose`: missing `8`, extra `16`, expected the numbers of en.md:6'
    ])
  })

  test('should refuse to build from invalid data, with the validator\'s message and no site', async () => {
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT.replace('qps: 1100,', 'qps: fast,')})
    const result = await buildSite({root, env})
    expect(result.built).toBe(false)
    expect(result.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`)).toEqual([
      'data/reports/minimal.yaml:12:64: Unexpected `fast` at `results.1.qps`, expected number or null'
    ])
    expect(existsSync(join(root, 'public'))).toBe(false)
  })

  test('should refuse a narrative whose front matter names another report', async () => {
    const {root, env} = fixtureSite({
      'data/reports/minimal.yaml': REPORT,
      'content/narrative/minimal/ja.md': '---\nreport: other\nlang: ja\n---\n\n## 目的 {#purpose}\n\n理由。\n'
    })
    const result = await buildSite({root, env})
    expect(result.built).toBe(false)
    expect(result.problems.map((p) => `${p.file}:${p.line}: ${p.message}`)).toEqual([
      'content/narrative/minimal/ja.md:2: Unexpected report `other` in front matter, expected `minimal`'
    ])
  })
})

describe('the Markdown export', () => {
  const labels = {en: 'This report as Markdown', zh: '本报告的 Markdown 版本', ja: 'このレポートの Markdown 版'}
  test.each(reportIds)('should publish %s as Markdown in each language among its downloads, linked from its page, with one sidecar holding every recorded number as written', (id) => {
    const doc = parseYamlSource(id, readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8'))
    const report = /** @type {any} */ (doc.data)
    const downloads = join(out, 'downloads', id)
    for (const lang of LANGS) {
      const md = readFileSync(join(downloads, `${id}.${lang}.md`), 'utf8')
      expect(md.startsWith('---\ntitle: ')).toBe(true)
      expect(md).toMatch(new RegExp(`\\nbenchdoc: \\{id: "${id.replace(/\./g, '\\.')}", lang: "${lang}", digest: "[0-9a-f]{12}"\\}\\n---\\n`))
      const html = readFileSync(join(out, lang, 'reports', id, 'index.html'), 'utf8')
      expect(html, `${id} ${lang}`).toContain(`<a href="/downloads/${id}/${id}.${lang}.md" download>${labels[/** @type {'en' | 'zh' | 'ja'} */ (lang)]}</a>\n  </p>`)
      // the page is all its folder holds: its export is among the downloads
      expect(readdirSync(join(out, lang, 'reports', id)), `${id} ${lang}`).toEqual(['index.html'])
    }
    // the page's tables show a few figures as printed (test/export/figures.bundled.test.js); the sidecar has them all
    const sidecar = parseYamlSource(`${id}.benchdoc.yaml`, readFileSync(join(downloads, `${id}.benchdoc.yaml`), 'utf8'))
    for (const [i, point] of (report.results ?? []).entries()) {
      for (const m of MEASURES) {
        if (point[m] == null) continue
        expect(sidecar.sourceOf(['results', i, m]), `results[${i}].${m}`).toBe(doc.sourceOf(['results', i, m]) ?? String(point[m]))
      }
    }
  })

  // one sidecar for every language, beside the exports, where the import reads it
  test('should publish one sidecar per report, and no Markdown but the exports among the downloads', () => {
    const files = readdirSync(out, {recursive: true}).map(String)
    expect(files.filter((f) => f.endsWith('.benchdoc.yaml')).sort()).toEqual(reportIds.map((id) => join('downloads', id, `${id}.benchdoc.yaml`)).sort())
    expect(files.filter((f) => f.endsWith('.md')).sort()).toEqual(reportIds.flatMap((id) => LANGS.map((lang) => join('downloads', id, `${id}.${lang}.md`))).sort())
  })
})
