import {existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join, relative} from 'node:path'
import {createLinter, loadTextlintrc} from 'textlint'
import {afterAll, beforeAll, describe, expect, inject, test} from 'vitest'
import {textOf} from '../helpers/html.js'
import {ROOT} from '../helpers/paths.js'

// textlint with the ja-technical-writing and JTF presets (the repository's .textlintrc.json,
// docs/translating.md says which rules are configured and why) over every ja page of the
// bundled site, the texts a page holds in attributes and chart files, and the ja narratives.

const out = join(inject('bundled'), 'public')
const work = mkdtempSync(join(tmpdir(), 'benchdoc-textlint-ja-'))
afterAll(() => rmSync(work, {recursive: true, force: true}))

/** @param {string} dir @returns {string[]} */
const htmlUnder = (dir) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('index.html')).map((f) => join(dir, f))
// the bundled reports, each with its narrative: a report of `make demo` (git-ignored) carries this machine's words
const ids = readdirSync(join(ROOT, 'content/narrative')).filter((id) => existsSync(join(ROOT, 'content/narrative', id, 'ja.md')))
const pages = htmlUnder(join(out, 'ja')).filter((page) => !/[\\/]reports[\\/][^\\/]+[\\/]index\.html$/.test(page) || ids.some((id) => page.includes(join('reports', id, 'index.html'))))
const narratives = ids.map((id) => join(ROOT, 'content/narrative', id, 'ja.md'))

/**
 * The sentences a reader meets outside the page's text: image alternatives, the
 * labels of inline charts, and the ja title of each chart file the page shows.
 * @param {string} html
 */
function attributeTexts(html) {
  const texts = [...html.matchAll(/<img\b[^>]*\salt="([^"]*)"/g), ...html.matchAll(/<svg\b[^>]*\srole="img"[^>]*\saria-label="([^"]*)"/g)].map((m) => m[1])
  for (const [, src] of html.matchAll(/<img\b[^>]*\ssrc="\/([^"?#]+\.svg)/g)) {
    texts.push(...[...readFileSync(join(out, src), 'utf8').matchAll(/<title lang="ja">([^<]*)<\/title>/g)].map((m) => m[1]))
  }
  return [...new Set(texts.map(textOf).filter(Boolean))]
}

/** @type {Array<{filePath: string, messages: Array<{line: number, column: number, ruleId: string, message: string}>}>} */
let results = []
/** @type {ReturnType<typeof createLinter>} */
let linter
beforeAll(async () => {
  linter = createLinter({descriptor: await loadTextlintrc({configFilePath: join(ROOT, '.textlintrc.json'), node_modulesDir: join(ROOT, 'node_modules')})})
  const sidecars = pages.map((page) => {
    const file = join(work, `${relative(out, page).replace(/[\\/]/g, '_')}.attributes.html`)
    writeFileSync(file, `<!doctype html><html lang="ja"><body>${attributeTexts(readFileSync(page, 'utf8')).map((t) => `<p>${t}</p>`).join('\n')}</body></html>`)
    return file
  })
  // one run over every file: the morphological dictionary loads once
  results = await linter.lintFiles([...pages, ...sidecars, ...narratives])
})

describe('textlint over the ja pages and narratives', () => {
  test('lints the ja home, lists, versions and report pages, their attribute texts and the ja narratives', () => {
    expect(ids.length).toBeGreaterThanOrEqual(5)
    expect(pages.length).toBe(4 + ids.length)
    expect(results.length).toBe(2 * pages.length + ids.length)
  })

  test('finds nothing on any ja page, attribute text or narrative', () => {
    const found = results.flatMap((r) =>
      r.messages.map((m) => `${relative(r.filePath.startsWith(work) ? work : ROOT, r.filePath)}:${m.line}:${m.column}: ${m.message.split('\n')[0]} (${m.ruleId})`)
    )
    expect(found).toEqual([])
  })

  test('flags a である sentence among です・ます ones and a half-width colon in Japanese', async () => {
    const result = await linter.lintText('ベンチマークを実行しました。結果は表のとおりである。\n\n結果:表のとおりです。\n', 'sample.md')
    expect(result.messages.map((m) => m.ruleId)).toEqual(['jtf-style/1.1.1.本文', 'ja-technical-writing/no-mix-dearu-desumasu', 'jtf-style/4.2.7.コロン(：)'])
  })

  test('leaves the space between Japanese and Latin words to the CJK typography linter', async () => {
    const result = await linter.lintText('TiDB のスループットは 300 スレッドで最大です。\n', 'sample.md')
    expect(result.messages).toEqual([])
  })
})
