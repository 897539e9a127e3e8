import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {createLinter, loadTextlintrc} from 'textlint'
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest'
import {GENERATED} from '../helpers/generated-site.js'
import {textOf} from '../helpers/html.js'
import {ROOT} from '../helpers/paths.js'
import {fillLabel, loadLabels} from '../../tools/i18n/labels.js'

// textlint with the ja-technical-writing and JTF presets (the repository's .textlintrc.json,
// docs/translating.md says which rules are configured and why) over every ja page of the
// bundled site and of the generated site (reports like users', test/helpers/generated-site.js),
// the texts a page holds in attributes and chart files, and the ja narratives of both.

const out = join(inject('bundled'), 'public')
const ja = loadLabels(ROOT, 'ja')
const generated = inject('generated')
const work = mkdtempSync(join(tmpdir(), 'benchdoc-textlint-ja-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

/** @param {string} dir @returns {string[]} */
const htmlUnder = (dir) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('index.html')).map((f) => join(dir, f))
// the bundled reports, each with its narrative: a report of `make demo` (git-ignored) carries this machine's words
const ids = readdirSync(join(ROOT, 'content/narrative')).filter((id) => existsSync(join(ROOT, 'content/narrative', id, 'ja.md')))
const pages = htmlUnder(join(out, 'ja')).filter((page) => !/[\\/]reports[\\/][^\\/]+[\\/]index\.html$/.test(page) || ids.some((id) => page.includes(join('reports', id, 'index.html'))))
const narratives = ids.map((id) => join(ROOT, 'content/narrative', id, 'ja.md'))
// the generated site's but the crafted report's page, a fixture of hostile strings (control characters), not a report like users'
const generatedPages = htmlUnder(join(generated, 'public', 'ja')).filter((page) => !page.includes(join('reports', 'crafted', 'index.html')))
const generatedNarratives = readdirSync(join(generated, 'content/narrative')).map((id) => join(generated, 'content/narrative', id, 'ja.md')).filter((f) => existsSync(f))

/**
 * The sentences a reader meets outside the page's text: image alternatives, the
 * labels of inline charts, and the ja title of each chart file the page shows.
 * @param {string} html @param {string} out  the site's public folder
 */
function attributeTexts(html, out) {
  const texts = [...html.matchAll(/<img\b[^>]*\salt="([^"]*)"/g), ...html.matchAll(/<svg\b[^>]*\srole="img"[^>]*\saria-label="([^"]*)"/g)].map((m) => m[1])
  for (const [, src] of html.matchAll(/<img\b[^>]*\ssrc="\/([^"?#]+\.svg)/g)) {
    texts.push(...[...readFileSync(join(out, src), 'utf8').matchAll(/<title lang="ja">([^<]*)<\/title>/g)].map((m) => m[1]))
  }
  return [...new Set(texts.map(textOf).filter(Boolean))]
}

/**
 * A page's attribute texts as a file of their own, to lint beside the page.
 * @param {string} site  its public folder @param {string} page @param {string} prefix  of the file's name
 */
function sidecar(site, page, prefix) {
  const file = join(work, `${prefix}${relative(site, page).replace(/[\\/]/g, '_')}.attributes.html`)
  writeFileSync(file, `<!doctype html><html lang="ja"><body>${attributeTexts(readFileSync(page, 'utf8'), site).map((t) => `<p>${t}</p>`).join('\n')}</body></html>`)
  return file
}

/** @type {Array<{filePath: string, messages: Array<{line: number, column: number, ruleId: string, message: string}>}>} */
let results = []
/** @type {ReturnType<typeof createLinter>} */
let linter
beforeAll(async () => {
  linter = createLinter({descriptor: await loadTextlintrc({configFilePath: join(ROOT, '.textlintrc.json'), node_modulesDir: join(ROOT, 'node_modules')})})
  const sidecars = [...pages.map((page) => sidecar(out, page, '')), ...generatedPages.map((page) => sidecar(join(generated, 'public'), page, 'generated_'))]
  // one run over every file: the morphological dictionary loads once
  results = await linter.lintFiles([...pages, ...narratives, ...generatedPages, ...generatedNarratives, ...sidecars])
})

describe('textlint over the ja pages and narratives', () => {
  test('lints the ja home, lists, versions and report pages, their attribute texts and the ja narratives', () => {
    expect(ids.length).toBeGreaterThanOrEqual(5)
    expect(pages.length).toBe(4 + ids.length)
    expect(results.length).toBe(2 * pages.length + ids.length + 2 * generatedPages.length + generatedNarratives.length)
  })

  test('lints the ja pages of the generated site, its home, lists and versions and every report but the crafted one, and its two ja narratives', () => {
    expect(generatedPages.map((page) => relative(join(generated, 'public', 'ja'), page).split(/[\\/]/).slice(0, -1).join('/')).sort()).toEqual([
      '', 'reports', ...GENERATED.map((r) => `reports/${r.id}`), 'reports/mariadb-demo', 'versions', 'versions/mariadb', 'versions/tidb'
    ].sort())
    expect(generatedNarratives.length).toBe(2)
  })

  test('finds nothing on any ja page, attribute text or narrative of the bundled and the generated site', () => {
    const found = results.flatMap((r) =>
      r.messages.map((m) => `${relative([work, generated].find((dir) => r.filePath.startsWith(dir)) ?? ROOT, r.filePath)}:${m.line}:${m.column}: ${m.message.split('\n')[0]} (${m.ruleId})`)
    )
    expect(found).toEqual([])
  })

  test('flags a である sentence among です・ます ones and a half-width colon in Japanese', async () => {
    const result = await linter.lintText('ベンチマークを実行しました。結果は表のとおりである。\n\n結果:表のとおりです。\n', 'sample.md')
    expect(result.messages.map((m) => m.ruleId)).toEqual(['jtf-style/1.1.1.本文', 'ja-technical-writing/no-mix-dearu-desumasu', 'jtf-style/4.2.7.コロン(：)'])
  })

  test('reads a list of figures as no sentence and the inconclusive verdict\'s `?` as a mark, and still flags a full-width question mark', async () => {
    const figures = Array.from({length: 8}, (_, i) => fillLabel(ja.overview_beside_item, {subject: i % 2 ? `v${i}.0.0` : `v${i}.0.0（チューニングモード）`, workload: 'Read Write', change: `+1.2${i}%`})).join('、')
    expect(figures).toMatch(/^v0\.0\.0（チューニングモード）の Read Write \+1\.20%、v1\.0\.0 の Read Write \+1\.21%、/)
    expect((await linter.lintText(`一般的な性能レポートの計算方法による値：${figures}。\n\n? は判定不能の記号です。\n`, 'sample.md')).messages).toEqual([])
    expect((await linter.lintText('判定できますか？\n', 'sample.md')).messages.map((m) => m.ruleId)).toEqual(['ja-technical-writing/no-exclamation-question-mark'])
  })

  test('finds nothing in the change formula\'s sentences however long the baseline\'s name', async () => {
    const baseline = '3 × compute, 6 × storage, placement rules on, TLS between nodes（デフォルト設定）'
    const method = fillLabel(ja.result_method, {baseline, metric: 'QPS'})
    expect(method).toBe(`変化率 =（比較対象の値 − ベースラインの値）÷ ベースラインの値。ベースラインは ${baseline}です。QPS を、スレッド数などの条件が同じ測定点どうしで比べています。`)
    expect((await linter.lintText(`${method}\n`, 'sample.md')).messages).toEqual([])
  })

  test('leaves the space between Japanese and Latin words to the CJK typography linter', async () => {
    const result = await linter.lintText('TiDB のスループットは 300 スレッドで最大です。\n', 'sample.md')
    expect(result.messages).toEqual([])
  })
})
