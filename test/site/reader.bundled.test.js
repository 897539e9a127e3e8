import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {parse} from 'yaml'
import {buildSite} from '../../tools/site/build.js'
import {allTableRows, sectionById, tableRows, textOf} from '../helpers/html.js'
import {ROOT} from '../helpers/paths.js'
import {fixtureSite} from '../helpers/fixture-site.js'

// What a reader sees first: the overview, contents, latency summary,
// downloads, the index's headline figures and the versions page.
const out = join(inject('bundled'), 'public')
/** @param {string} path */
const read = (path) => readFileSync(join(out, path), 'utf8')

describe('a report page, result first', () => {
  test('should open with an overview: one change per workload, said once what it is, and each subject\'s best throughput with the p95 at that point', () => {
    const html = read('en/reports/tidb-v6.0.0-vs-v5.1.4/index.html')
    expect(html.indexOf('<section id="overview"')).toBeLessThan(html.indexOf('<section id="purpose"'))
    const overview = sectionById(html, 'overview') ?? ''
    // measured once: no verdict column, and no colour on any change
    expect(tableRows(overview)).toEqual([
      ['Point Select oltp_point_select', '+5.06%', '551,751 at 1,200 threads, p95 5.37 ms', '595,144 at 1,200 threads, p95 4.18 ms'],
      ['Update Non-Index oltp_update_non_index', '+1.72%', '199,978 at 1,500 threads, p95 13.70 ms', '206,365 at 1,500 threads, p95 12.52 ms'],
      ['Update Index oltp_update_index', '+4.50%', '90,039 at 1,500 threads, p95 31.37 ms', '95,682 at 1,500 threads, p95 29.19 ms'],
      ['Read Write oltp_read_write', '+2.67%', '9,822 at 300 threads, p95 40.37 ms', '10,142 at 300 threads, p95 42.61 ms']
    ])
    expect(overview).not.toMatch(/verdict-|class="up"|class="down"/)
    expect(textOf(overview)).toContain('Each change is the mean of the per-point changes; each point was measured once, so there is no interval.')
    expect(overview).not.toContain('class="legend"')
  })

  test('should link every contents entry to a section of the page', () => {
    for (const lang of ['en', 'zh', 'ja']) {
      const html = read(`${lang}/reports/tidb-v6.0.0-vs-v5.1.4/index.html`)
      const toc = /<nav class="toc"[\s\S]*?<\/nav>/.exec(html)?.[0] ?? ''
      const targets = [...toc.matchAll(/href="#([^"]+)"/g)].map((m) => m[1])
      expect(targets.slice(0, 3)).toEqual(['purpose', 'version', 'environment'])
      expect(targets).toContain('workload-oltp_read_write')
      for (const id of targets) expect(html, `${lang} #${id}`).toContain(`id="${id}"`)
    }
  })

  test('should summarise p95 latency per workload: lowest, highest and the mean change', () => {
    const rows = tableRows(sectionById(read('en/reports/tidb-v6.0.0-vs-v5.1.4/index.html'), 'latency') ?? '')
    // measured once: the p95 headline is the mean of the per-point changes, as for throughput
    expect(rows[0]).toEqual(['Point Select oltp_point_select', '0.75', '6.79', '0.73', '5.47', '−18.78%'])
    expect(rows).toHaveLength(4)
  })

  test.each(['tidb-v6.0.0-vs-v5.1.4', 'tidb-v8.1.0', 'tidb-v2.0.0-rc6-vs-v1.0.8'])('should offer %s as CSV with one row per point, as JSON, and each chart\'s spec', (id) => {
    const html = read(`en/reports/${id}/index.html`)
    const report = parse(readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8'))
    expect(html).toContain(`<a href="/downloads/${id}/${id}.csv" download>`)
    const lines = read(`downloads/${id}/${id}.csv`).trimEnd().split('\r\n')
    expect(lines[0]).toBe('report,subject,version,workload,threads,clients,qps,tps,latency_avg,latency_p95,latency_max,errors,reconnects,repeats,spread,error')
    expect(lines).toHaveLength(report.results.length + 1)
    expect(JSON.parse(read(`downloads/${id}/${id}.json`))).toEqual(report)
    const specs = [...html.matchAll(/<a class="spec" href="\/(downloads\/[^"]+)"/g)].map((m) => m[1])
    expect(specs).toHaveLength(report.plan.workloads.filter((/** @type {any} */ w) => report.results.some((/** @type {any} */ p) => p.workload === w.name)).length)
    for (const s of specs) expect(JSON.parse(read(s)).$schema).toBe('https://vega.github.io/schema/vega-lite/v6.json')
  })

  test('should keep the first CSV row of seed 001 as recorded', () => {
    const lines = read('downloads/tidb-v6.0.0-vs-v5.1.4/tidb-v6.0.0-vs-v5.1.4.csv').split('\r\n')
    expect(lines[1]).toBe('tidb-v6.0.0-vs-v5.1.4,v5.1.4,v5.1.4,oltp_point_select,150,1,,296958,,0.75,,,,,,')
  })
})

describe('the index and the versions page', () => {
  test('should show each report\'s headline change per workload on the index', () => {
    const html = read('en/index.html')
    const row = /<tr>\s*<td><a href="\/en\/reports\/tidb-v6.0.0-vs-v5.1.4\/">[\s\S]*?<\/tr>\s*<\/tbody>\s*<\/table>\s*<\/td>/.exec(html)?.[0] ?? ''
    expect(tableRows(row)).toEqual([['Point Select', '+5.06%'], ['Update Non-Index', '+1.72%'], ['Update Index', '+4.50%'], ['Read Write', '+2.67%']])
    // no verdict without repeats: no colour
    expect(row).not.toContain('verdict-')
    expect(html).toContain('<a href="/en/versions/tidb/">TiDB across releases</a>')
  })

  test('should show TiDB release over release in each language, each step linking to its report', () => {
    for (const lang of ['en', 'zh', 'ja']) {
      const html = read(`${lang}/versions/tidb/index.html`)
      const change = sectionById(html, 'change') ?? ''
      expect(change.match(/<figure class="chart">\s*<svg /g)).toHaveLength(1)
      expect(tableRows(change).map((r) => r[0])).toEqual(['v1.0.8 → v2.0.0-rc6', 'v2.1.13 → v3.0.0', 'v3.0 → v4.0', 'v5.1.4 → v6.0.0 DMR'])
      for (const id of ['tidb-v2.0.0-rc6-vs-v1.0.8', 'tidb-v3.0.0-vs-v2.1.13', 'tidb-v4.0-vs-v3.0', 'tidb-v6.0.0-vs-v5.1.4']) {
        expect(change).toContain(`href="/${lang}/reports/${id}/"`)
        // the chart's points link to the report too, relative to this page
        expect(change).toContain(`xlink:href="../../reports/${id}/"`)
      }
    }
    const rows = tableRows(sectionById(read('en/versions/tidb/index.html'), 'change') ?? '')
    expect(rows[3]).toEqual(['v5.1.4 → v6.0.0 DMR', '–', '+5.06%', '+2.67%', '+4.50%', '+1.72%'])
    expect(rows[2]).toEqual(['v3.0 → v4.0', '–', '+14%*', '+31%*', '+17%*', '+15%*'])
  })

  test('should show the best throughput per release where the environment is shared', () => {
    const html = read('en/versions/tidb/index.html')
    const env = sectionById(html, 'throughput-2') ?? ''
    expect(textOf(env)).toContain('Best TPS per release on environment 3')
    expect(tableRows(env)).toEqual([
      ['v5.1.4', '551,751 at 1,200 threads', '9,822 at 300 threads', '90,039 at 1,500 threads', '199,978 at 1,500 threads'],
      ['v6.0.0 DMR', '595,144 at 1,200 threads', '10,142 at 300 threads', '95,682 at 1,500 threads', '206,365 at 1,500 threads']
    ])
  })

  test('should give each environment its own heading, numbered, in every language', () => {
    const headings = (/** @type {string} */ lang) => [...read(`${lang}/versions/tidb/index.html`).matchAll(/<section id="throughput-\d+">\s*<h2>([^<]*)<\/h2>/g)].map((m) => m[1])
    expect(Object.fromEntries(['en', 'zh', 'ja'].map((lang) => [lang, headings(lang)]))).toEqual({
      en: ['Best QPS per release on environment 1', 'Best QPS per release on environment 2', 'Best TPS per release on environment 3'],
      zh: ['环境 1 下各版本的最高 QPS', '环境 2 下各版本的最高 QPS', '环境 3 下各版本的最高 TPS'],
      ja: ['環境 1 での各バージョンの最高 QPS', '環境 2 での各バージョンの最高 QPS', '環境 3 での各バージョンの最高 TPS']
    })
  })

  test('should keep the versions page small', () => {
    expect(read('en/versions/tidb/index.html').length).toBeLessThan(300 * 1024)
    expect(existsSync(join(out, 'en/versions/tidb/index.md'))).toBe(false)
  })
})

describe('a report with repeats', () => {
  const REPEATS = readFileSync(join(ROOT, 'test/fixtures/validate/samples.yaml'), 'utf8')
    .replace('qps: 1100\n    latency_p95: 2.2\n    repeats: 2', 'qps: 1095\n    latency_p95: 2.2\n    repeats: 3\n    spread: 2.74')
    .replace('latency_p95: 2.50\n    repeats: 3', 'latency_p95: 2.50\n    repeats: 3\n    spread: 1.97')

  test('should head the overview with the verdict\'s change and interval, the published mean of per-point changes in a footnote, and show each point\'s spread', async () => {
    const {root, env} = fixtureSite({'data/reports/samples.yaml': REPEATS})
    const result = await buildSite({root, env})
    expect(result.problems).toEqual([])
    const html = readFileSync(join(root, 'public/en/reports/samples/index.html'), 'utf8')
    const overview = sectionById(html, 'overview') ?? ''
    expect(tableRows(overview)).toEqual([
      ['Point Select oltp_point_select', '+10.13% ▲ faster 95% CI +7.1% to +13.3%', '1,000.5 at 8 threads, p95 2.50 ms', '1,095 at 8 threads, p95 2.2 ms']
    ])
    // green only for a verdict of faster; the second method once, under the table
    expect(overview).toContain('<td class="change verdict-faster">+10.13%')
    expect(textOf(overview)).toContain("Each change is the ratio of the geometric means of the repeats over the workload's points, minus one, with its 95% confidence interval (CI). As the published reports compute it (the mean of the per-point changes of the medians): Point Select +9.45%")
    expect(textOf(overview)).toContain('Verdicts, against a ±3% margin: faster, or lower latency: better slower, or higher latency: worse = equivalent: within the margin ? inconclusive: neither, or beyond the margin but not kept by the Benjamini–Hochberg correction over all the report’s changes ▲ ▼ the figure rose or fell')
    const workload = sectionById(html, 'workload-oltp_point_select') ?? ''
    // the repeat count shared by every point is said once; a p95 that fell is lower, with ▼; each verdict cell
    // names its repeats and CV (tools/site/verdict-view.js)
    expect(textOf(workload)).toContain('Each point was measured 3 times; the table shows the median of its runs.')
    expect(allTableRows(workload)).toEqual([
      ['8', '1,000.5 spread 2.0%', '2.50', '1,095 spread 2.7%', '2.2', '+10.13% ▲ faster 95% CI +7.1% to +13.3% 3 vs 3 repeats, CV 1.2%', '−12.06% ▼ lower 95% CI −18.3% to −5.3% 3 vs 3 repeats, CV 3.3%']
    ])
    expect(workload).not.toContain('class="headline')
    expect(textOf(html).match(/\+9\.45%/g)).toHaveLength(1)
  }, 60_000)
})

describe('a report with points measured once, with interval reports', () => {
  // 20 intervals whose batch means (2 intervals each) alternate 990 and 1010:
  // within-run noise √(10/9) · 10 / (1000 · √10) = 1/3 % (tools/derive/within-run.js)
  const intervals = Array.from({length: 20}, (_, i) => `      - {t: ${i + 1}, qps: ${Math.floor(i / 2) % 2 === 0 ? 990 : 1010}}`).join('\n')
  const REPORT = `id: steady
kind: single
subjects:
  - {id: a, product: MariaDB, version: '11.4'}
plan:
  workloads:
    - {name: oltp_point_select, threads: [8, 16]}
results:
  - subject: a
    workload: oltp_point_select
    threads: 8
    qps: 1000
    latency_p95: 2.5
    intervals:
${intervals}
  - {subject: a, workload: oltp_point_select, threads: 16, qps: 1900, latency_p95: 3.1}
`

  test('should show the within-run noise of a point with enough interval reports, labelled and explained, in each language', async () => {
    const {root, env} = fixtureSite({'data/reports/steady.yaml': REPORT})
    const result = await buildSite({root, env})
    expect(result.problems).toEqual([])
    const expected = {en: ['1,000 within-run noise ±0.3%', 'Within-run noise, shown for a point measured once'], zh: ['1,000 运行内波动 ±0.3%', '运行内波动（仅对只测一次的测试点给出）'], ja: ['1,000 実行内変動 ±0.3%', '実行内変動（1 回だけ測定した測定点のみ）']}
    for (const [lang, [cell, note]] of Object.entries(expected)) {
      const html = readFileSync(join(root, `public/${lang}/reports/steady/index.html`), 'utf8')
      const rows = tableRows(sectionById(html, 'workload-oltp_point_select') ?? '')
      expect(rows.map((r) => r[1]), lang).toEqual([cell, '1,900'])
      expect(textOf(sectionById(html, 'results') ?? ''), lang).toContain(note)
    }
  }, 60_000)
})
