import {createRequire} from 'node:module'
import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, inject, test} from 'vitest'
import {ROOT} from '../helpers/paths.js'

// AutoCorrect's CJK typography rules, configured once in .autocorrectrc (docs/translating.md)
const autocorrect = createRequire(import.meta.url)('autocorrect-node')
autocorrect.loadConfig(readFileSync(join(ROOT, '.autocorrectrc'), 'utf8'))

const out = join(inject('bundled'), 'public')

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
 * Every finding of the linter on a language's pages, charts and narratives, as `file:line:col: old → new`.
 * @param {string} lang
 */
function findings(lang) {
  /** @type {Array<[string, string, string]>} */
  const texts = [
    ...filesIn(join(out, lang)).filter((f) => f.endsWith('.html')).map((f) => /** @type {[string, string, string]} */ ([relative(out, f), readFileSync(f, 'utf8'), 'html'])),
    ...filesIn(join(out, 'charts')).filter((f) => f.endsWith('.svg')).map((f) => /** @type {[string, string, string]} */ ([`${relative(out, f)}#${lang}`, chartText(readFileSync(f, 'utf8'), lang), 'txt'])),
    ...filesIn(join(ROOT, 'content/narrative')).filter((f) => f.endsWith(`/${lang}.md`)).map((f) => /** @type {[string, string, string]} */ ([relative(ROOT, f), readFileSync(f, 'utf8'), 'md']))
  ]
  return texts.flatMap(([name, text, type]) => autocorrect.lintFor(text, `x.${type}`).lines.map((l) => `${name}:${l.l}:${l.c}: ${l.old} → ${l.new}`))
}

describe('the CJK typography of the bundled site (AutoCorrect, .autocorrectrc)', () => {
  test('should find every zh page, chart and narrative with no finding', () => {
    expect(findings('zh')).toEqual([])
  })

  test('should find the ja pages, charts and narratives with the findings the ja texts still have', () => {
    // the ja dates are written without spaces (the date_ labels of i18n/ja.yaml), for the ja texts to settle
    expect(findings('ja').map((f) => f.replace(/^[^:]*:\d+:\d+: /, ''))).toEqual(['2019年6月 → 2019 年 6 月', '2018年4月 → 2018 年 4 月', '2018年4月 → 2018 年 4 月', '2019年6月 → 2019 年 6 月'])
  })

  test('should fail on a missing space between CJK and Latin text, the project\'s one spacing choice', () => {
    expect(autocorrect.lintFor('<p>在6台机器上部署TiDB</p>', 'x.html').lines.map((l) => l.new)).toEqual(['在 6 台机器上部署 TiDB'])
  })
})
