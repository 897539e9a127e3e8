import {createRequire} from 'node:module'
import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {ROOT} from '../helpers/paths.js'

// AutoCorrect's CJK typography rules, configured once in .autocorrectrc (docs/translating.md)
const autocorrect = createRequire(import.meta.url)('autocorrect-node')
autocorrect.loadConfig(readFileSync(join(ROOT, '.autocorrectrc'), 'utf8'))

// the sites' folders, each with its `public/` and `content/narrative/`: the bundled one and the generated one
// (reports like users', test/helpers/generated-site.js)
const bundled = inject('bundled')
const generated = inject('generated')

/** @param {string} dir @returns {string[]} */
const filesIn = (dir) => readdirSync(dir, {recursive: true, encoding: 'utf8'}).map((f) => join(dir, f)).sort()

/**
 * A chart's words in one language, a line each: its title and the texts of that language's class
 * (axis ticks and titles, legend), which its page shows after `#<lang>`.
 * @param {string} svg @param {string} lang
 */
const chartText = (svg, lang) =>
  [...svg.matchAll(new RegExp(`<title lang="${lang}">([^<]*)</title>|<text class="[^"]*\\b${lang}\\b[^"]*"[^>]*>([^<]*)</text>`, 'g'))].map((m) => m[1] ?? m[2]).join('\n')

/**
 * A page's HTML to lint: a ja date (`<time>`, the `date_` layouts) takes no space (`2019年6月`, the ja
 * style guide in docs/translating.md), so its text is left out; a zh date (`2019 年 6 月`) is linted.
 * @param {string} html @param {string} lang
 */
const linted = (html, lang) => (lang === 'ja' ? html.replace(/(<time\b[^>]*>)[^<]*(<\/time>)/g, '$1$2') : html)

/**
 * Every finding of the linter on a language's pages, charts and narratives of a site, as `file:line:col: old → new`.
 * @param {string} lang @param {string} [root]  the site's folder
 * @param {(file: string) => boolean} [kept]  which pages and charts to lint
 */
function findings(lang, root = bundled, kept = () => true) {
  const out = join(root, 'public')
  /** @type {Array<[string, string, string]>} */
  const texts = [
    ...filesIn(join(out, lang)).filter((f) => f.endsWith('.html') && kept(f)).map((f) => /** @type {[string, string, string]} */ ([relative(out, f), linted(readFileSync(f, 'utf8'), lang), 'html'])),
    ...filesIn(join(out, 'charts')).filter((f) => f.endsWith('.svg') && kept(f)).map((f) => /** @type {[string, string, string]} */ ([`${relative(out, f)}#${lang}`, chartText(readFileSync(f, 'utf8'), lang), 'txt'])),
    ...filesIn(join(root, 'content/narrative')).filter((f) => f.endsWith(`/${lang}.md`)).map((f) => /** @type {[string, string, string]} */ ([relative(root, f), readFileSync(f, 'utf8'), 'md']))
  ]
  return texts.flatMap(([name, text, type]) => autocorrect.lintFor(text, `x.${type}`).lines.map((l) => `${name}:${l.l}:${l.c}: ${l.old} → ${l.new}`))
}

describe('the CJK typography of the bundled site (AutoCorrect, .autocorrectrc)', () => {
  test('should find every zh page, chart and narrative with no finding', () => {
    expect(findings('zh')).toEqual([])
  })

  test('should find every ja page, chart and narrative with no finding, its dates written without spaces', () => {
    expect(findings('ja')).toEqual([])
  })

  // every page and chart but the crafted report's, a fixture of hostile strings rather than a report like users'
  const notCrafted = (/** @type {string} */ file) => !/[\\/]crafted[\\/]/.test(file)

  test('should find every zh and ja page, chart and narrative of the generated site, its reports like users\', with no finding', () => {
    expect(filesIn(join(generated, 'content/narrative')).filter((f) => /[\\/](zh|ja)\.md$/.test(f))).toHaveLength(4)
    expect(findings('zh', generated, notCrafted)).toEqual([])
    expect(findings('ja', generated, notCrafted)).toEqual([])
  })

  test('should fail on a missing space between CJK and Latin text, the project\'s one spacing choice, and leave only a ja date alone', () => {
    expect(autocorrect.lintFor('<p>在6台机器上部署TiDB</p>', 'x.html').lines.map((l) => l.new)).toEqual(['在 6 台机器上部署 TiDB'])
    const page = '<p><time datetime="2019-06">2019年6月</time>、6台</p>'
    expect(autocorrect.lintFor(linted(page, 'ja'), 'x.html').lines.map((l) => l.new)).toEqual(['、6 台'])
    expect(autocorrect.lintFor(linted(page, 'zh'), 'x.html').lines.map((l) => l.new)).toEqual(['2019 年 6 月', '、6 台'])
  })
})
