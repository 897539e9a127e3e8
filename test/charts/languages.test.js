import {describe, expect, test} from 'vitest'
import {languageRules, multilingualSvg} from '../../tools/charts/languages.js'
import {numberToken} from '../../tools/charts/labels.js'
import {exactly} from '../helpers/exact.js'

const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g fill="none">' +
  '<text x="1">‹threads›</text>' +
  `<text x="2">${numberToken(600000, 'en zh-CN ja')}</text>` +
  '<text x="3">512</text>' +
  '<text x="4">‹subject›</text>' +
  '</g></svg>'

const LANGUAGES = [
  {lang: 'en', labels: {threads: 'Threads', subject: 'Version'}, alt: 'QPS & p95 <chart>', locale: 'en'},
  {lang: 'zh', labels: {threads: '线程数', subject: '版本'}, alt: 'QPS 图', locale: 'zh-CN'},
  {lang: 'ja', labels: {threads: 'スレッド数', subject: '版本'}, alt: 'QPS 図', locale: 'ja'}
]

describe('one chart file for several languages', () => {
  test('should write each text once per wording, marked with the languages that use it, and the marks and untranslated texts once', () => {
    expect(multilingualSvg(SVG, LANGUAGES)).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
      '<title lang="en">QPS &amp; p95 &lt;chart&gt;</title><title lang="zh">QPS 图</title><title lang="ja">QPS 図</title>' +
      '<style>.zh,.ja{display:none}.en{display:inline}#zh:target~* .en,#ja:target~* .en{display:none}#zh:target~* .zh{display:inline}#ja:target~* .ja{display:inline}</style>' +
      '<g id="zh"/><g id="ja"/><g fill="none">' +
      '<text class="en" x="1">Threads</text><text class="zh" x="1">线程数</text><text class="ja" x="1">スレッド数</text>' +
      '<text class="en" x="2">600K</text><text class="zh" x="2">60 万</text><text class="ja" x="2">600,000</text>' +
      '<text x="3">512</text>' +
      '<text class="en" x="4">Version</text><text class="zh ja" x="4">版本</text>' +
      '</g></svg>'
    )
  })

  test('should write a text the same in every language once, without a class, and no style sheet for one language', () => {
    expect(multilingualSvg(SVG, [LANGUAGES[0]])).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><title lang="en">QPS &amp; p95 &lt;chart&gt;</title><g fill="none">' +
      '<text x="1">Threads</text><text x="2">600K</text><text x="3">512</text><text x="4">Version</text></g></svg>'
    )
    const same = LANGUAGES.map((l) => ({...l, labels: LANGUAGES[0].labels, locale: 'en'}))
    expect(multilingualSvg(SVG, same)).not.toContain('class=')
  })

  test('should show the first language\'s words unless the fragment names another, whose rule comes later and so wins', () => {
    expect(languageRules('en', ['zh', 'ja']).split('}').filter(Boolean)).toEqual([
      '.zh,.ja{display:none',
      '.en{display:inline',
      '#zh:target~* .en,#ja:target~* .en{display:none',
      '#zh:target~* .zh{display:inline',
      '#ja:target~* .ja{display:inline'
    ])
  })

  test('should refuse to write a chart for no language', () => {
    expect(() => multilingualSvg(SVG, [])).toThrow(exactly('a chart file needs at least one language'))
  })
})
