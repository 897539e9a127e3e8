import {createHash} from 'node:crypto'
import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {exportReports} from '../../tools/site/export-command.js'
import {exportFile} from '../../tools/site/export-files.js'
import {markdownlint, otherProblems} from '../helpers/export-checks.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const LANGS = ['en', 'zh', 'ja']
/** The bundled reports: each with a narrative in content/narrative/. */
const IDS = readdirSync(join(ROOT, 'content', 'narrative')).filter((id) => existsSync(join(ROOT, 'data', 'reports', `${id}.yaml`))).sort()

/** A project of the bundled reports, in a temp folder (the build's cache is its own). */
function bundledProject() {
  /** @type {Record<string, string>} */
  const files = {}
  for (const id of IDS) {
    files[`data/reports/${id}.yaml`] = readFileSync(join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8')
    for (const f of readdirSync(join(ROOT, 'content', 'narrative', id))) files[`content/narrative/${id}/${f}`] = readFileSync(join(ROOT, 'content', 'narrative', id, f), 'utf8')
  }
  return fixtureSite(files)
}

describe('the export of the bundled reports', () => {
  /** @type {string} */
  let root
  /** @type {string} */
  let docs
  /** @type {string} */
  let png
  beforeAll(async () => {
    root = bundledProject().root
    docs = tempFolder('benchdoc-docs-')
    png = tempFolder('benchdoc-docs-png-')
    let err = ''
    const io = {err: (/** @type {string} */ s) => (err += s)}
    expect(await exportReports({root, ids: IDS, out: docs, docs: true, languages: LANGS, image: 'svg'}, io), err).toBe(0)
    expect(await exportReports({root, ids: IDS, out: png, docs: true, languages: ['zh'], image: 'png'}, io), err).toBe(0)
  }, 240_000)

  it('should have bundled reports to check', () => {
    expect(IDS.length).toBeGreaterThanOrEqual(5)
  })

  it('should pass the pinned markdownlint in both modes and every language, with zero problems', () => {
    const site = IDS.flatMap((id) => LANGS.map((lang) => exportFile(join(root, '.benchdoc'), id, lang)))
    const documentation = IDS.flatMap((id) => LANGS.map((lang) => join(docs, lang, 'benchmark', `${id}.md`)))
    for (const f of [...site, ...documentation]) expect(existsSync(f), f).toBe(true)
    expect(markdownlint([...site, ...documentation, join(png, 'benchmark', `${IDS[0]}.md`)])).toEqual({status: 0, messages: []})
  })

  it('should pass the other checks in both modes and every language: one line a paragraph, no control character, tags closed, no CJK punctuation in English', () => {
    for (const id of IDS) {
      for (const lang of LANGS) {
        expect(otherProblems(readFileSync(exportFile(join(root, '.benchdoc'), id, lang), 'utf8'), lang), `${id} ${lang}`).toEqual([])
        expect(otherProblems(readFileSync(join(docs, lang, 'benchmark', `${id}.md`), 'utf8'), lang), `docs ${id} ${lang}`).toEqual([])
      }
    }
  })

  it('should link every chart to a file that is a valid SVG, or a PNG with --image png', () => {
    let links = 0
    for (const [folder, langs, ext] of /** @type {const} */ ([[docs, LANGS, 'svg'], [png, ['zh'], 'png']])) {
      for (const lang of langs) {
        const base = langs.length > 1 ? join(folder, lang) : folder
        for (const id of IDS) {
          const md = readFileSync(join(base, 'benchmark', `${id}.md`), 'utf8')
          for (const [, alt, url] of md.matchAll(/!\[([^\]]*)\]\(([^)]+)\)/g)) {
            links++
            expect(alt.length, url).toBeGreaterThan(0)
            expect(url).toMatch(new RegExp(`^/media/${id.replace(/\./g, '\\.')}/[a-z_]+\\.${ext}$`))
            const file = readFileSync(join(base, url))
            if (ext === 'svg') expect(file.toString('utf8'), url).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>[\s\S]*<\/svg>$/)
            else expect([...file.subarray(0, 8)], url).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])
          }
        }
      }
    }
    // every workload with points has its chart: 3 + 4 + 0 (v4.0 vs v3.0 has no points) + 4 + 5 per language
    expect(links).toBe(3 * 16 + 16)
  })

  it('should write a documentation page\'s front matter and one benchdoc key, the facts in the sidecar beside the page', () => {
    const head = (/** @type {string} */ lang) => readFileSync(join(docs, lang, 'benchmark', 'tidb-v4.0-vs-v3.0.md'), 'utf8').split('\n# ')[0]
    const sidecar = (/** @type {string} */ lang) => readFileSync(join(docs, lang, 'benchmark', 'tidb-v4.0-vs-v3.0.benchdoc.yaml'), 'utf8')
    const digest = createHash('sha256').update(sidecar('en')).digest('hex').slice(0, 12)
    expect(head('en')).toBe('---\ntitle: "TiDB Sysbench performance test report: v4.0 vs v3.0"\n' +
      'summary: "v4.0 compared with v3.0, QPS by workload (stated by the authors): Point Select +14%; Update Non-Index +15%; Update Index +17%; Read Write +31%."\n' +
      `benchdoc: {id: "tidb-v4.0-vs-v3.0", lang: "en", digest: "${digest}"}\n---\n`)
    expect(head('zh')).toBe('---\ntitle: "TiDB Sysbench 性能测试报告：v4.0 对比 v3.0"\n' +
      'summary: "v4.0 对比 v3.0，各测试场景的 QPS 变化（作者公布的数值）：点查 +14%、非索引列更新 +15%、索引列更新 +17%、读写 +31%。"\n' +
      'aliases: ["/docs-cn/stable/benchmark/benchmark-sysbench-v4-vs-v3/", "/docs-cn/v4.0/benchmark/benchmark-sysbench-v4-vs-v3/"]\n' +
      `benchdoc: {id: "tidb-v4.0-vs-v3.0", lang: "zh", digest: "${digest}"}\n---\n`)
    // no other language's text in a page: an English page's front matter holds no CJK character at all
    for (const id of IDS) expect(readFileSync(join(docs, 'en', 'benchmark', `${id}.md`), 'utf8').split('\n---\n')[0], id).not.toMatch(/[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]/)
    // the sidecar: the same in every language's folder, the facts with every language's texts and aliases
    expect(sidecar('zh')).toBe(sidecar('en'))
    const facts = parse(sidecar('en'))
    expect(Object.keys(facts)).toEqual(['id', 'kind', 'subjects', 'plan', 'versions', 'product', 'source', 'baseline', 'texts', 'aliases'])
    expect(facts.versions).toEqual({'v3.0': {product: 'TiDB', version: 'v3.0'}, 'v4.0': {product: 'TiDB', version: 'v4.0'}})
    // the plan as the data has it (the page writes `1000 万`), its texts in every language within it
    expect(facts.plan.table_size).toBe(10000000)
    expect(facts.plan.steps[0]).toMatchObject({source: 'en', en: expect.any(String), zh: expect.any(String), ja: expect.any(String)})
    expect(facts.aliases).toEqual({zh: ['/docs-cn/stable/benchmark/benchmark-sysbench-v4-vs-v3/', '/docs-cn/v4.0/benchmark/benchmark-sysbench-v4-vs-v3/']})
  })

  it('should write title, summary and aliases as a documentation repository wants them', () => {
    const front = (/** @type {string} */ lang, /** @type {string} */ id) => parse(readFileSync(join(docs, lang, 'benchmark', `${id}.md`), 'utf8').split('---\n')[1])
    expect(front('en', 'tidb-v6.0.0-vs-v5.1.4').summary).toBe('v6.0.0 compared with v5.1.4, TPS by workload (mean of the per-point changes): Point Select +5.06%; Update Non-Index +1.72%; Update Index +4.50%; Read Write +2.67%.')
    expect(front('zh', 'tidb-v6.0.0-vs-v5.1.4').summary).toBe('v6.0.0 对比 v5.1.4，各测试场景的 TPS 变化（各测试点变化的平均值）：点查 +5.06%、非索引列更新 +1.72%、索引列更新 +4.50%、读写 +2.67%。')
    expect(front('zh', 'tidb-v4.0-vs-v3.0').aliases).toEqual(['/docs-cn/stable/benchmark/benchmark-sysbench-v4-vs-v3/', '/docs-cn/v4.0/benchmark/benchmark-sysbench-v4-vs-v3/'])
    expect(front('en', 'tidb-v4.0-vs-v3.0').aliases).toBeUndefined()
    expect(Object.keys(front('ja', 'tidb-v8.1.0'))).toEqual(['title', 'summary', 'benchdoc'])
    expect(readFileSync(join(docs, 'en', 'benchmark', 'tidb-v8.1.0.md'), 'utf8')).toMatch(/^---\ntitle: "TiDB Cloud Sysbench performance test report: TiDB v8\.1\.0"\nsummary: "Highest TPS of TiDB v8\.1\.0 by workload: Point Select [\d,.]+; .*\."\nbenchdoc: \{id: "tidb-v8\.1\.0", lang: "en", digest: "[0-9a-f]{12}"\}\n---\n/)
  })

  for (const id of IDS) {
    it(`should import each documentation-mode export of ${id} back into the same data and narrative, in en, zh and ja`, () => {
      const original = parse(readFileSync(join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8'))
      for (const lang of LANGS) {
        const file = join(docs, lang, 'benchmark', `${id}.md`)
        const {result, problems} = importMarkdown(readFileSync(file, 'utf8'), {path: file})
        expect(problems, `${id} ${lang}`).toEqual([])
        expect(parse(result?.yaml ?? ''), `${id} ${lang}`).toEqual(original)
        const narrative = join(ROOT, 'content', 'narrative', id, `${lang}.md`)
        const sections = (/** @type {string} */ text) => Object.fromEntries(Object.entries(parseNarrative(text).sections).map(([k, s]) => [k, s.markdown]))
        expect(sections(result?.narrative ?? ''), `${id} ${lang}`).toEqual(sections(readFileSync(narrative, 'utf8')))
      }
    })
  }
})
