import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {importMarkdown} from '../../tools/import/import.js'
import {formatProblem} from '../../tools/lib/problems.js'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {allTableRows, sectionById} from '../helpers/html.js'

/**
 * Reports of the family the importer was not written against: en originals
 * of several eras, zh and ja translations, TiDB Cloud reports, and the
 * formatting accidents of real documents (CRLF, BOM, tabs, tables without
 * outer pipes, `<br>` in cells, loose versions in the title). Each must
 * import with no error and every result number as published, and build into
 * pages that show those numbers.
 */

const FAMILY = join(import.meta.dirname, '..', 'fixtures', 'import', 'family')
const files = readdirSync(FAMILY).filter((f) => f.endsWith('.md')).sort()

/** @param {string} name */
const source = (name) => readFileSync(join(FAMILY, name), 'utf8')

/** @param {string} name */
function run(name) {
  const {result, problems} = importMarkdown(source(name), {path: name})
  return {result, problems, messages: problems.map(formatProblem)}
}

/**
 * Every number in the source's result tables, read without the importer: GFM
 * table lines outside HTML comments whose header names threads; cells of
 * columns that are neither threads, version, table shape nor a % change;
 * `avg / p95` cells give two. Seconds are scaled to ms by the test itself.
 * @param {string} text
 * @returns {number[]}
 */
function sourceNumbers(text) {
  const lines = text.replace(/^\uFEFF/, '').replace(/<!--[\s\S]*?-->/g, '').split(/\r?\n/)
  /** @type {number[]} */
  const out = []
  /** @param {string} line */
  const cells = (line) => line.trim().replace(/^\|/, '').replace(/\|$/, '').split('|').map((c) => c.replace(/<br\s*\/?>/g, ' ').trim())
  for (let i = 0; i < lines.length; i++) {
    if (!lines[i].includes('|') || !/^\s*\|?\s*:?-+:?\s*\|/.test(lines[i + 1] ?? '')) continue
    const header = cells(lines[i])
    if (!header.some((h) => /thread|线程|スレッド|concurrency|同時実行/i.test(h))) continue
    // P99 has no field in the data: the importer warns and keeps the table in the narrative.
    const keep = header.map((h) => !/thread|线程|スレッド|concurrency|同時実行|version|版本|バージョン|improv|提升|向上|change|table|\bvs\b|p99/i.test(h))
    const scale = header.map((h) => (/\((s)\)/.test(h) ? 1000 : 1))
    for (i += 2; i < lines.length && lines[i].includes('|'); i++) {
      cells(lines[i]).forEach((c, j) => {
        if (!keep[j]) return
        for (const part of c.split('/')) {
          const n = Number(part.replace(/ms|,|\*/g, '').trim())
          if (!Number.isNaN(n)) out.push(Math.round(n * scale[j] * 1e6) / 1e6)
        }
      })
    }
  }
  return out.sort((a, b) => a - b)
}

/** Every result number in imported data, sorted. @param {any} report */
function dataNumbers(report) {
  const measures = ['tps', 'qps', 'latency_avg', 'latency_p95', 'latency_max']
  return (report.results ?? []).flatMap((/** @type {any} */ p) => measures.filter((m) => p[m] != null).map((m) => Math.round(p[m] * 1e6) / 1e6)).sort((/** @type {number} */ a, /** @type {number} */ b) => a - b)
}

/**
 * What each fixture must give: language, id, subjects, workloads with their
 * threads, clients, points and the exact warnings. `notRecorded`: numbers the
 * importer warns it cannot place (kept in the narrative); `transposed`: numbers
 * of a table with thread counts across, which the test's reader skips.
 * @type {Record<string, {lang: string, id: string, subjects: string[], workloads: Record<string, number[] | undefined>, points: number, clients?: number, metric?: string, warnings: string[], headlines?: Array<[string, string, number]>, notRecorded?: number[], transposed?: number[]}>}
 */
const EXPECTED = {
  'en-cloud-v7.5.0.md': {
    lang: 'en', id: 'tidb-v7.5.0', subjects: ['v7.5.0'], points: 15, metric: 'tps', warnings: [],
    workloads: {oltp_point_select: [50, 100, 200], oltp_read_write: [50, 100, 200], oltp_update_non_index: [100, 200, 400], oltp_update_index: [100, 200, 400], oltp_insert: [100, 200, 400]}
  },
  'en-odd-shapes.md': {
    lang: 'en', id: 'tidb-v4.0.8-vs-v3.0.20', subjects: ['v3.0.20', 'v4.0.8'], points: 8, metric: 'qps',
    workloads: {oltp_point_select: [64], oltp_update_index: [64, 128], oltp_read_write: [64]},
    warnings: ['en-odd-shapes.md:17:19: warning: Unexpected row with 3 cells, expected 4; no `Improvement` read from it [table-shape]']
  },
  'en-single-seconds.md': {
    lang: 'en', id: 'tidb-v8.5.0', subjects: ['v8.5.0'], points: 4, metric: 'tps',
    workloads: {oltp_point_select: [64, 128], oltp_read_write: [64, 128]},
    warnings: [
      'en-single-seconds.md:15:25: warning: Unexpected latency in seconds in column `Avg latency (s)`, expected milliseconds; values converted to ms [latency-unit]',
      'en-single-seconds.md:15:43: warning: Unexpected latency in seconds in column `95% latency (s)`, expected milliseconds; values converted to ms [latency-unit]'
    ]
  },
  'en-three-subjects.md': {
    lang: 'en', id: 'tidb-v6.1.0-vs-v6.0.0-vs-v5.4.0', subjects: ['v5.4.0', 'v6.0.0', 'v6.1.0'], points: 12, metric: 'qps', warnings: [],
    workloads: {oltp_point_select: [100, 200], oltp_read_write: [100, 200]},
    headlines: [['oltp_read_write', 'v6.1.0', 5]]
  },
  'en-v2.1-vs-v2.0.md': {
    lang: 'en', id: 'tidb-v2.1.0-rc.2-vs-v2.0.6', subjects: ['v2.0.6', 'v2.1.0-rc.2'], points: 36, metric: 'qps',
    workloads: {oltp_point_select: [64, 128, 256, 512, 1024], oltp_update_non_index: [64, 128, 256, 512, 1024], oltp_update_index: [64, 128, 256, 512, 1024], oltp_read_write: [64, 128], oltp_insert: [64]},
    warnings: ['en-v2.1-vs-v2.0.md:107:1: warning: Stated oltp_point_select change 50 % disagrees with 58.163 % derived from the points (mean of per-point qps changes); not recorded as a headline [headline-agrees]']
  },
  'en-v3.0-bare-versions.md': {
    lang: 'en', id: 'tidb-v3.0.1-vs-v2.1.15', subjects: ['v2.1.15', 'v3.0.1'], points: 10, metric: 'qps',
    workloads: {oltp_point_select: [150, 300], oltp_update_non_index: undefined, oltp_update_index: [150, 300, 600]},
    notRecorded: [21785.37, 28424.42],
    transposed: [17.63, 31.94, 59.99, 15.27, 26.20, 48.34],
    warnings: [
      'en-v3.0-bare-versions.md:28:13: warning: Unexpected column `v2.1`, expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative) [column-unmapped]',
      'en-v3.0-bare-versions.md:28:20: warning: Unexpected column `v3.0`, expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative) [column-unmapped]',
      'tidb-v3.0.1-vs-v2.1.15.yaml:23:15: warning: Imported data: Planned workload `oltp_update_non_index` has no result, expected its points (or remove it from the plan) [planned-without-result]'
    ]
  },
  'en-v5-vs-v4.md': {
    lang: 'en', id: 'tidb-v5.0-vs-v4.0', subjects: ['v4.0', 'v5.0'], points: 40, metric: 'qps', warnings: [],
    workloads: {oltp_point_select: [150, 300, 600, 900, 1200], oltp_update_non_index: [150, 300, 600, 900, 1200], oltp_update_index: [150, 300, 600, 900, 1200], oltp_read_write: [150, 300, 600, 900, 1200]},
    headlines: [['oltp_point_select', 'v5.0', 3.65], ['oltp_update_non_index', 'v5.0', 11.48], ['oltp_update_index', 'v5.0', 18.17], ['oltp_read_write', 'v5.0', 2.26]]
  },
  'en-v5.1-vs-v5.0-variations.md': {
    lang: 'en', id: 'tidb-v5.1.0-vs-v5.0.2', subjects: ['v5.0.2', 'v5.1.0'], points: 10, metric: 'qps', warnings: [],
    workloads: {oltp_point_select: [150, 300, 600], oltp_update_index: [150, 300]},
    headlines: [['oltp_point_select', 'v5.1.0', 0.99], ['oltp_update_index', 'v5.1.0', -2.04]]
  },
  'ja-v5-vs-v4.md': {
    lang: 'ja', id: 'tidb-v5.0-vs-v4.0', subjects: ['v4.0', 'v5.0'], points: 40, metric: 'qps',
    workloads: {oltp_point_select: [150, 300, 600, 900, 1200], oltp_update_non_index: [150, 300, 600, 900, 1200], oltp_update_index: [150, 300, 600, 900, 1200], oltp_read_write: [150, 300, 600, 900, 1200]},
    headlines: [['oltp_point_select', 'v5.0', 3.65], ['oltp_update_non_index', 'v5.0', 11.48], ['oltp_update_index', 'v5.0', 18.17], ['oltp_read_write', 'v5.0', 2.26]],
    warnings: [
      'ja-v5-vs-v4.md:14:1: warning: Mistranslated term `ティビ` read as `TiDB` (3 times) [ja-term]',
      'ja-v5-vs-v4.md:26:8: warning: Mistranslated term `特大` read as `xlarge` (4 times) [ja-term]',
      'ja-v5-vs-v4.md:27:3: warning: Mistranslated term `ティクヴ` read as `TiKV` (2 times) [ja-term]',
      'ja-v5-vs-v4.md:29:3: warning: Mistranslated term `システムベンチ` read as `Sysbench` (3 times) [ja-term]',
      'ja-v5-vs-v4.md:90:10: warning: Mistranslated term `品質保証` read as `QPS` (3 times) [ja-term]'
    ]
  },
  'ja-cloud-v6.5.0.md': {
    lang: 'ja', id: 'tidb-v6.5.0', subjects: ['v6.5.0'], points: 15, metric: 'tps',
    workloads: {oltp_point_select: [50, 100, 200], oltp_read_write: [50, 100, 200], oltp_update_non_index: [100, 200, 400], oltp_update_index: [100, 200, 400], oltp_insert: [100, 200, 400]},
    warnings: [
      'ja-cloud-v6.5.0.md:17:5: warning: Mistranslated term `専用層` read as `Dedicated Tier` [ja-term]',
      'ja-cloud-v6.5.0.md:24:7: warning: Mistranslated term `ティビ` read as `TiDB` [ja-term]',
      'ja-cloud-v6.5.0.md:25:7: warning: Mistranslated term `ティクヴ` read as `TiKV` [ja-term]',
      'ja-cloud-v6.5.0.md:25:35: warning: Mistranslated term `ギガバイト` read as `GiB` [ja-term]',
      'ja-cloud-v6.5.0.md:30:5: warning: Mistranslated term `特大` read as `xlarge` [ja-term]',
      'ja-cloud-v6.5.0.md:31:5: warning: Mistranslated term `システムベンチ` read as `Sysbench` [ja-term]',
      'ja-cloud-v6.5.0.md:46:10: warning: Mistranslated term `TPPSについて` read as `TPS` (5 times) [ja-term]'
    ]
  },
  'ja-v2.1-vs-v2.0.md': {
    lang: 'ja', id: 'tidb-v2.1.0-rc.2-vs-v2.0.6', subjects: ['v2.0.6', 'v2.1.0-rc.2'], points: 8, metric: 'qps',
    workloads: {oltp_point_select: [64, 128], oltp_read_write: [64], oltp_insert: [64]},
    warnings: [
      'ja-v2.1-vs-v2.0.md:13:1: warning: Mistranslated term `ティビ` read as `TiDB` [ja-term]',
      'ja-v2.1-vs-v2.0.md:28:1: warning: Mistranslated term `システムベンチ` read as `Sysbench` [ja-term]',
      'ja-v2.1-vs-v2.0.md:36:10: warning: Mistranslated term `品質保証` read as `QPS` (4 times) [ja-term]'
    ]
  },
  'zh-community-no-v.md': {
    lang: 'zh', id: 'tidb-v6.1-vs-v6.0', subjects: ['v6.0', 'v6.1'], points: 8, metric: 'tps',
    workloads: {oltp_point_select: [64, 128], oltp_read_write: [64, 128]},
    warnings: [
      'zh-community-no-v.md:21:64: warning: Unexpected column `6.0 P99 (ms)` (99th percentile latency), expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative) [column-unmapped]',
      'zh-community-no-v.md:21:79: warning: Unexpected column `6.1 P99 (ms)` (99th percentile latency), expected threads, TPS, QPS, avg/95%/max latency or a % change; not recorded (the table stays in the narrative) [column-unmapped]'
    ]
  },
  'zh-v2.1-vs-v2.0.md': {
    lang: 'zh', id: 'tidb-v2.1.0-rc.2-vs-v2.0.6', subjects: ['v2.0.6', 'v2.1.0-rc.2'], points: 6, metric: 'qps', warnings: [],
    workloads: {oltp_point_select: [64, 128], oltp_read_write: [64]}
  },
  'zh-cloud-v7.1.0.md': {
    lang: 'zh', id: 'tidb-v7.1.0', subjects: ['v7.1.0'], points: 15, metric: 'tps', warnings: [],
    workloads: {oltp_point_select: [50, 100, 200], oltp_read_write: [50, 100, 200], oltp_update_non_index: [100, 200, 400], oltp_update_index: [100, 200, 400], oltp_insert: [100, 200, 400]}
  },
  'zh-v5-vs-v4.md': {
    lang: 'zh', id: 'tidb-v5.0-vs-v4.0', subjects: ['v4.0', 'v5.0'], points: 40, metric: 'qps', warnings: [],
    workloads: {oltp_point_select: [150, 300, 600, 900, 1200], oltp_update_non_index: [150, 300, 600, 900, 1200], oltp_update_index: [150, 300, 600, 900, 1200], oltp_read_write: [150, 300, 600, 900, 1200]},
    headlines: [['oltp_point_select', 'v5.0', 3.65], ['oltp_update_non_index', 'v5.0', 11.48], ['oltp_update_index', 'v5.0', 18.17], ['oltp_read_write', 'v5.0', 2.26]]
  }
}

describe('reports of the family never seen before', () => {
  it('should have an expectation for every fixture', () => {
    expect(Object.keys(EXPECTED).sort()).toEqual(files)
  })

  for (const name of files) {
    describe(name, () => {
      const want = EXPECTED[name]

      it('should import with zero errors and exactly the expected warnings', () => {
        const {result, messages} = run(name)
        expect(messages).toEqual(want.warnings)
        expect(result).not.toBeNull()
        expect(result?.lang).toBe(want.lang)
        expect(result?.id).toBe(want.id)
      })

      it('should give the subjects, workloads, threads and clients of the source', () => {
        const report = /** @type {any} */ (run(name).result?.report)
        expect(report.subjects.map((/** @type {any} */ s) => s.id)).toEqual(want.subjects)
        expect(report.kind).toBe(want.subjects.length === 1 ? 'single' : 'comparison')
        expect(Object.fromEntries(report.plan.workloads.map((/** @type {any} */ w) => [w.name, w.threads]))).toEqual(want.workloads)
        expect(report.plan.clients).toBe(want.clients)
        expect(report.results).toHaveLength(want.points)
        expect(report.metric).toBe(want.metric)
        const headlines = (report.headlines ?? []).map((/** @type {any} */ h) => [h.workload, h.subject, h.change])
        expect(headlines).toEqual(want.headlines ?? [])
      })

      it('should give every result number of the source, and no other', () => {
        const {result} = run(name)
        const expected = sourceNumbers(source(name))
        for (const n of want.notRecorded ?? []) expected.splice(expected.indexOf(n), 1)
        expected.push(...(want.transposed ?? []))
        expect(dataNumbers(result?.report)).toEqual(expected.sort((a, b) => a - b))
      })

      it('should write each number with the decimals the source gives it', () => {
        const {result} = run(name)
        const text = source(name).replace(/(\d),(\d{3})/g, '$1$2')
        const seconds = /\((s)\)/.test(text)
        for (const [key, written] of result?.written ?? []) {
          if (!key.startsWith('results/')) continue
          if (seconds && /latency/.test(key)) continue
          expect(text, key).toMatch(new RegExp(`(?<![\\d.])${written.replace('.', '\\.')}(?![\\d.])`))
        }
      })
    })
  }
})

describe('a translation of a report already imported', () => {
  it('should agree with the data of the original (en → zh, ja) and add its narrative and its data text, no number', async () => {
    const {root} = fixtureSite({})
    const io = {out: () => {}, err: (/** @type {string} */ t) => void (errors += t), cwd: root, env: {}}
    let errors = ''
    expect(await main(['import', join(FAMILY, 'en-v5-vs-v4.md')], io)).toBe(0)
    const file = join(root, 'data/reports/tidb-v5.0-vs-v4.0.yaml')
    const before = readFileSync(file, 'utf8')
    expect(await main(['import', join(FAMILY, 'zh-v5-vs-v4.md'), join(FAMILY, 'ja-v5-vs-v4.md')], io)).toBe(0)
    expect(errors).not.toMatch(/error:/)
    expect(errors).toContain('zh-v5-vs-v4.md: tidb-v5.0-vs-v4.0 (zh): 5/5 sections mapped, 6 tables, 40 points, 0 warnings; translation checked against data/reports/tidb-v5.0-vs-v4.0.yaml; wrote content/narrative/tidb-v5.0-vs-v4.0/zh.md (4 data texts in zh added to data/reports/tidb-v5.0-vs-v4.0.yaml)')
    const after = readFileSync(file, 'utf8')
    // the lines that changed: the place and the software versions, in each language
    const changed = after.split('\n').filter((l) => !before.split('\n').includes(l))
    expect(changed).toEqual([
      'place:', '  source: en', '  en: Beijing', '  zh: 北京', '  ja: 北京',
      ...['PD', 'TiDB', 'TiKV'].map((c) => `    - { name: ${c}, version: { source: en, en: v4.0 and v5.0, zh: v4.0、v5.0, ja: v4.0 と v5.0 } }`)
    ])
    expect(parse(after).results).toEqual(parse(before).results)
    expect(readdirSync(join(root, 'content/narrative/tidb-v5.0-vs-v4.0')).sort()).toEqual(['en.md', 'ja.md', 'zh.md'])
  })
})

describe('the pages built from imported reports of the family', () => {
  const LOCALES = {en: 'en', zh: 'zh-CN', ja: 'ja'}
  /** @type {string} */
  let root
  beforeAll(async () => {
    root = fixtureSite({}).root
    const io = {out: () => {}, err: () => {}, cwd: root, env: {}}
    // One source per report (the en original where there is one): the
    // fixtures' translations are not faithful sentence by sentence, which the
    // build's translation check would rightly refuse; their numbers are
    // checked against the original above.
    const order = [...files].sort((a, b) => Number(!a.startsWith('en-')) - Number(!b.startsWith('en-')))
    /** @type {Set<string>} */
    const ids = new Set()
    for (const name of order) {
      const id = EXPECTED[name].id
      if (ids.has(id)) continue
      ids.add(id)
      expect(await main(['import', join(FAMILY, name)], io), name).toBe(0)
    }
    const result = await buildSite({root, env: fixtureSite({}).env})
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(result.built).toBe(true)
  }, 120000)

  for (const name of files) {
    it(`should show every result number of ${name} on its page in en, zh and ja`, () => {
      const {result} = run(name)
      const report = /** @type {any} */ (result?.report)
      for (const lang of /** @type {Array<'en' | 'zh' | 'ja'>} */ (['en', 'zh', 'ja'])) {
        const html = readFileSync(join(root, 'public', lang, 'reports', report.id, 'index.html'), 'utf8')
        for (const [i, point] of report.results.entries()) {
          const section = sectionById(html, `workload-${point.workload}`) ?? ''
          // the metric and p95 in the result table, the other measures in the details under it
          const texts = allTableRows(section).flat()
          for (const m of ['tps', 'qps', 'latency_avg', 'latency_p95']) {
            if (point[m] == null) continue
            const written = result?.written.get(`results/${i}/${m}`) ?? String(point[m])
            const decimals = written.split('.')[1]?.length ?? 0
            const shown = new Intl.NumberFormat(LOCALES[lang], {minimumFractionDigits: decimals, maximumFractionDigits: decimals}).format(point[m])
            expect(texts, `${lang} ${name} results[${i}].${m}`).toContain(shown)
          }
        }
      }
    })
  }
})
