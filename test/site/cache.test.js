import {copyFileSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {asciiJson, readManifest, writeManifest} from '../../tools/site/cache.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {tempFolder} from '../helpers/temp.js'
import {ROOT, fixture} from '../helpers/paths.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const other = REPORT.replace('id: minimal', 'id: other')

/** A fixture project with two reports. */
function project() {
  return fixtureSite({
    'data/reports/minimal.yaml': REPORT,
    'data/reports/other.yaml': other,
    'content/narrative/minimal/en.md': '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n'
  })
}

describe('the build cache', () => {
  test('should leave a present report\'s file that a chart worker is still writing, and remove a gone report\'s', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const dir = join(root, '.benchdoc/cache/report-charts')
    // as lib/atomic-write.js names a file being written: the next build removes gone reports' files while charts are drawn
    writeFileSync(join(dir, 'minimal.json.999.1.tmp'), '{}')
    writeFileSync(join(dir, 'gone.json.999.1.tmp'), '{}')
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    await buildSite({root, env})
    expect(readdirSync(dir).sort()).toEqual(['minimal.json', 'minimal.json.999.1.tmp', 'other.json'])
  })

  test('should derive and chart only the report whose data changed, and show its new number', async () => {
    const {root, env} = project()
    const first = await buildSite({root, env})
    // one rendering shared by en, zh and ja; the other report's is the same chart, drawn again:
    // a report's renderings are kept in its own file (report-charts.js keptChartsFile)
    expect([first.reports, first.unchanged, first.charts]).toEqual([2, 0, {rendered: 2, cached: 0}])

    const again = await buildSite({root, env})
    expect([again.reports, again.unchanged, again.charts]).toEqual([2, 2, {rendered: 0, cached: 0}])

    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    const changed = await buildSite({root, env})
    expect([changed.reports, changed.unchanged, changed.charts]).toEqual([2, 1, {rendered: 1, cached: 0}])
    expect(readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')).toContain('1,234')
  })

  test('should keep a report\'s renderings in one file and draw none again when only its narrative changed', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    expect(readdirSync(join(root, '.benchdoc/cache/report-charts')).sort()).toEqual(['minimal.json', 'other.json'])
    const kept = Object.keys(JSON.parse(readFileSync(join(root, '.benchdoc/cache/report-charts/minimal.json'), 'utf8')))
    expect(kept).toHaveLength(1)
    // no file a report's chart (the versions pages' charts still have theirs)
    expect(kept.filter((key) => existsSync(join(root, `.benchdoc/cache/charts/${key}.svg`)))).toEqual([])
    writeFileSync(join(root, 'content/narrative/minimal/zh.md'), '---\nreport: minimal\nlang: zh\n---\n\n## 目的 {#purpose}\n\n原因。\n')
    const changed = await buildSite({root, env})
    expect([changed.unchanged, changed.charts]).toEqual([1, {rendered: 0, cached: 1}])
  })

  test('should write the lists again only when an edit changes what they show, and again after a build that left them but not its manifest', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const list = join(root, '.benchdoc/assets/site/lists/index.en.html')
    const original = readFileSync(list, 'utf8')
    const written = () => statSync(list, {bigint: true}).ino
    const first = written()
    // a latency is not in the lists: the lists' files stay as they were
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('latency_avg: 1.1,', 'latency_avg: 1.7,'))
    await buildSite({root, env})
    expect(written()).toBe(first)
    // the headline change is: written again; then the manifest of the build before put back,
    // as a build stopped before writing it leaves it, and the data as that manifest says
    const manifest = join(root, '.benchdoc/cache/reports.json')
    copyFileSync(manifest, `${manifest}.kept`)
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('latency_avg: 1.1,', 'latency_avg: 1.7,').replace('qps: 1100,', 'qps: 1234,'))
    await buildSite({root, env})
    expect(readFileSync(list, 'utf8')).toContain('&#43;23.34%')
    copyFileSync(`${manifest}.kept`, manifest)
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('latency_avg: 1.1,', 'latency_avg: 1.7,'))
    await buildSite({root, env})
    expect(readFileSync(list, 'utf8')).toBe(original)
    expect(readFileSync(join(root, 'public/en/index.html'), 'utf8')).not.toContain('&#43;23.34%')
  })

  test('should keep what the lists and versions pages show of each report in a details file, and the changed reports\' in the manifest', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const cache = join(root, '.benchdoc/cache')
    const details = join(cache, 'details-1.json')
    const written = statSync(details, {bigint: true}).ino
    expect(Object.keys(JSON.parse(readFileSync(details, 'utf8')).reports)).toEqual(['minimal', 'other'])
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    await buildSite({root, env})
    const manifest = JSON.parse(readFileSync(join(cache, 'reports.json'), 'utf8'))
    expect([manifest.generation, Object.keys(manifest.recent), manifest.recent.other.card.headlines[0].changes[0].text]).toEqual([1, ['other'], '+23.34%'])
    expect(statSync(details, {bigint: true}).ino).toBe(written)
    expect(readFileSync(join(root, 'public/en/index.html'), 'utf8')).toContain('&#43;23.34%')
    // without its details file, the manifest is no cache: every report is derived again
    rmSync(details)
    const again = await buildSite({root, env})
    expect([again.unchanged, readdirSync(cache).filter((f) => f.startsWith('details-'))]).toEqual([0, ['details-1.json']])
    expect((await buildSite({root, env})).unchanged).toBe(2)
  })

  test('should not read a report whose files are as they were, and read one rewritten with the same size', async () => {
    const {root, env} = project()
    // files written in the last 2 s are read whatever their stamp says (tools/site/stamps.js)
    await new Promise((resolve) => setTimeout(resolve, 2100))
    await buildSite({root, env})
    const again = await buildSite({root, env})
    expect([again.unchanged, again.unread]).toEqual([2, 2])

    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    const changed = await buildSite({root, env})
    expect([changed.unchanged, changed.unread, changed.charts]).toEqual([1, 1, {rendered: 1, cached: 0}])
    expect(readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')).toContain('1,234')
  })

  test('should check a changed narrative again and keep the warnings of unchanged reports', async () => {
    const {root, env} = project()
    writeFileSync(join(root, 'content/narrative/minimal/zh.md'), '---\nreport: minimal\nlang: zh\n---\n\n## 目的 {#purpose}\n\n原因。\n')
    const first = await buildSite({root, env})
    const unstamped = first.problems.filter((p) => p.rule === 'unstamped').map((p) => `${p.file} ${p.severity}`)
    expect(unstamped).toEqual(['content/narrative/minimal/zh.md warning'])

    const again = await buildSite({root, env})
    expect(again.unchanged).toBe(2)
    expect(again.problems.filter((p) => p.rule === 'unstamped').map((p) => `${p.file} ${p.severity}`)).toEqual(unstamped)

    writeFileSync(join(root, 'content/narrative/minimal/zh.md'), '---\nreport: other\nlang: zh\n---\n\n## 目的 {#purpose}\n\n原因。\n')
    const broken = await buildSite({root, env})
    expect(broken.built).toBe(false)
    expect(broken.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line} ${p.message}`)).toEqual([
      'content/narrative/minimal/zh.md:2 Unexpected report `other` in front matter, expected `minimal`'
    ])
  })

  test('should drop the derived data of a report that was removed', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    // its pages' articles (Hugo reads no model of it) and the charts its derivation drew
    const derived = ['.benchdoc/assets/pages/other', '.benchdoc/cache/charts-drawn/other.json', '.benchdoc/data/reports/other.json']
    expect(derived.map((f) => existsSync(join(root, f)))).toEqual([true, true, false])
    rmSync(join(root, 'data/reports/other.yaml'))
    const after = await buildSite({root, env})
    expect(after.reports).toBe(1)
    expect(derived.map((f) => existsSync(join(root, f)))).toEqual([false, false, false])
  })
})

describe('charts', () => {
  test('should write one file per chart for every language, with each language\'s words marked with its languages and the marks once', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const chart = readFileSync(join(root, '.benchdoc/static/charts/minimal/oltp_point_select.svg'), 'utf8')
    const texts = (/** @type {string} */ cls) => [...chart.matchAll(new RegExp(`<text class="${cls}"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1])
    expect(texts('en')).toEqual(['Threads', 'Threads', 'p95 latency (ms)', 'Subject'])
    expect(texts('zh')).toEqual(['线程数', '线程数', 'P95 延迟（毫秒）', '测试对象'])
    expect(texts('ja')).toEqual(['スレッド数', 'スレッド数', 'P95 レイテンシ（ms）', 'テスト対象'])
    // an axis up to 1,000 is written in whole numbers in every language (not 800 beside 1K): its numbers, and QPS, written once
    expect(texts('zh ja')).toEqual([])
    expect(chart.match(/>(800|1,000)<\/text>/g)).toEqual(['>800</text>', '>1,000</text>'])
    expect(chart.match(/>QPS<\/text>/g)).toHaveLength(1)
    expect(chart).not.toContain('\u2039')
    expect(chart.match(/<title lang="(\w+)">/g)).toEqual(['<title lang="en">', '<title lang="zh">', '<title lang="ja">'])
    // the marks are written once: no line, path or symbol is repeated per language
    expect(chart.match(/<path /g)?.length).toBe(readFileSync(join(root, '.benchdoc/static/charts/other/oltp_point_select.svg'), 'utf8').match(/<path /g)?.length)
    expect(existsSync(join(root, '.benchdoc/static/charts/minimal/en'))).toBe(false)
  })

  test('should keep no chart or spec of a workload removed from the report, nor files of an older layout', async () => {
    const {root, env} = project()
    const two = other
      .replace('    - {name: oltp_point_select, threads: [8]}', '    - {name: oltp_point_select, threads: [8]}\n    - {name: oltp_read_only, threads: [8]}')
      .concat('  - {subject: a, workload: oltp_read_only, threads: 8, qps: 500}\n  - {subject: b, workload: oltp_read_only, threads: 8, qps: 600}\n')
    writeFileSync(join(root, 'data/reports/other.yaml'), two)
    await buildSite({root, env})
    const files = (/** @type {string} */ dir) => readdirSync(join(root, dir), {recursive: true}).map(String).filter((f) => f.includes('.')).sort()
    expect(files('.benchdoc/static/charts/other')).toEqual(['oltp_point_select.svg', 'oltp_read_only.svg'])
    // a file as an older build laid them out
    mkdirSync(join(root, '.benchdoc/static/charts/other/en'))
    writeFileSync(join(root, '.benchdoc/static/charts/other/en/oltp_point_select.svg'), '<svg/>')
    writeFileSync(join(root, 'data/reports/other.yaml'), other)
    await buildSite({root, env})
    expect(files('.benchdoc/static/charts/other')).toEqual(['oltp_point_select.svg'])
    expect(files('public/charts/other')).toEqual(['oltp_point_select.svg'])
    expect(files('public/downloads/other')).toEqual(['other.csv', 'other.en.vl.json', 'other.ja.vl.json', 'other.json', 'other.zh.vl.json'])
  })

  test('should show the one chart file on each page with the page\'s language as the fragment', async () => {
    const {root, env} = project()
    expect((await buildSite({root, env})).built).toBe(true)
    const src = (/** @type {string} */ lang) => readFileSync(join(root, `public/${lang}/reports/minimal/index.html`), 'utf8').match(/<img src="([^"]+)"/)?.[1]
    const [en, zh, ja] = [src('en'), src('zh'), src('ja')]
    expect(en).toMatch(/^\/charts\/minimal\/oltp_point_select\.svg\?v=[0-9a-f]{12}#en$/)
    expect([zh, ja]).toEqual([en?.replace('#en', '#zh'), en?.replace('#en', '#ja')])
  })
})

describe('the manifest and its details file', () => {
  /** An entry as prepareSite makes it, with details that say whose they are. @param {string} id @param {string} key */
  const entry = (id, key) => ({key, stamp: null, date: null, problems: [], versions: {product: id, newest: key}, card: {titles: {en: `${id} ${key}`}}})

  test('should read each report\'s details as they were written, keep a few changed ones in the manifest, and write a new details file past a hundred', () => {
    const out = tempFolder('benchdoc-manifest-')
    mkdirSync(join(out, 'cache'))
    const ids = Array.from({length: 120}, (_, i) => `r${i}`)
    writeManifest(out, 'c', Object.fromEntries(ids.map((id) => [id, entry(id, 'k1')])), [])
    const first = readManifest(out, 'c').reports
    first.r3 = entry('r3', 'k2')
    writeManifest(out, 'c', first, [])
    const manifest = JSON.parse(readFileSync(join(out, 'cache/reports.json'), 'utf8'))
    expect([manifest.generation, Object.keys(manifest.recent)]).toEqual([1, ['r3']])
    const second = readManifest(out, 'c').reports
    expect([second.r3.card.titles.en, second.r4.card.titles.en, second.r4.versions.newest]).toEqual(['r3 k2', 'r4 k1', 'k1'])
    for (const id of ids.slice(10)) second[id] = entry(id, 'k3')
    writeManifest(out, 'c', second, [])
    expect(readdirSync(join(out, 'cache')).sort()).toEqual(['details-2.json', 'reports.json'])
    const third = readManifest(out, 'c').reports
    expect([third.r3.card.titles.en, third.r5.versions.newest, third.r119.card.titles.en]).toEqual(['r3 k2', 'k1', 'r119 k3'])
    expect(JSON.parse(readFileSync(join(out, 'cache/reports.json'), 'utf8')).recent).toEqual({})
    expect(readManifest(out, 'another common key').reports).toEqual({})
  })
})

describe('the details file\'s JSON', () => {
  test('should hold only ASCII, every other character escaped, and read back as it was', () => {
    const value = {titles: {zh: 'TiDB 性能测试报告', ja: 'レポート'}, environment: '2 × 3.84T NVMe', quote: 'a "b" \\ c', emoji: '📈'}
    const text = asciiJson(value)
    expect(text).toBe('{"titles":{"zh":"TiDB \\u6027\\u80fd\\u6d4b\\u8bd5\\u62a5\\u544a","ja":"\\u30ec\\u30dd\\u30fc\\u30c8"},"environment":"2 \\u00d7 3.84T NVMe","quote":"a \\"b\\" \\\\ c","emoji":"\\ud83d\\udcc8"}')
    expect(JSON.parse(text)).toEqual(value)
  })
})
