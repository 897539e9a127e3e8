import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {parse, stringify} from 'yaml'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

/**
 * Report pages of what the bundled reports do not show (test/fixtures/site/crafted.yaml, a partial
 * run), in a fourth language with few labels of its own, laid out by the package's templates.
 */

const NARRATIVE_EN = `---\nreport: crafted\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy <b>this</b> & *that*.\n\n` +
  '## Conclusions {#conclusions}\n\n- one\n- two\n\n## Problems {#problems}\n\nA problem.\n\n## Advice {#advice}\n\nDo `this`.\n\n## Elsewhere {#unmapped}\n\nMore.\n'
// a translation older than its source: its page says so and links to the source
const NARRATIVE_JA = '---\nreport: crafted\nlang: ja\ntranslated_from:\n  lang: en\n  sections:\n    purpose: "000000000000"\n---\n\n## 目的 {#purpose}\n\n理由。\n\n## 結論 {#conclusions}\n\n結論。\n'

/**
 * The labels of a fourth language: en's with a few of its own, and without a
 * few the page sections print (Hugo falls back to the default language's).
 */
function germanLabels() {
  /** @type {Record<string, string>} */
  const labels = parse(readFileSync(join(ROOT, 'i18n/en.yaml'), 'utf8'))
  for (const key of ['narrative_missing', 'plan_placeholders', 'section_parameters', 'topology_count']) delete labels[key]
  return stringify({...labels, section_purpose: 'Zweck', section_plan: 'Testplan & <Ablauf>', punct_list: ' + ', run_partial: '{{ .subject }}: unvollständig'})
}

let root = ''

beforeAll(async () => {
  const site = fixtureSite({
    'data/reports/crafted.yaml': readFileSync(fixture('site/crafted.yaml'), 'utf8'),
    'data/reports/partial-run.yaml': readFileSync(fixture('validate/partial-run.yaml'), 'utf8'),
    'content/narrative/crafted/en.md': NARRATIVE_EN,
    'content/narrative/crafted/ja.md': NARRATIVE_JA,
    // written as en writes numbers (a site's languages must agree on that), and the default language
    // heaviest: Hugo lists a page's translations by weight, not the default first
    'config.toml': readFileSync(join(ROOT, 'config.toml'), 'utf8').replace('weight = 1\n', 'weight = 5\n').replace('[params.benchdoc]', '  [languages.de]\n    languageName = "Deutsch"\n    languageCode = "en"\n    weight = 4\n\n[params.benchdoc]'),
    'i18n/de.yaml': germanLabels()
  })
  root = site.root
  expect((await buildSite({root, env: site.env})).built).toBe(true)
}, 120_000)

describe('the report page templates', () => {
  test('should show what the crafted reports were made to reach', () => {
    const page = (/** @type {string} */ id, /** @type {string} */ lang) => readFileSync(join(root, 'public', lang, 'reports', id, 'index.html'), 'utf8')
    const reached = [
      ['crafted', 'ja', '<p class="narrative-stale">'],
      ['crafted', 'zh', '<p class="narrative-missing">'],
      ['crafted', 'en', '<section id="unmapped" class="narrative">'],
      ['crafted', 'zh', '<span class="untranslated" lang="en"'],
      ['crafted', 'en', '<th scope="col">Extra options</th>'],
      ['crafted', 'en', '<td><code>--range-size=100</code> <code>--skip-trx=on</code> </td>'],
      ['crafted', 'en', '<span class="applies">'],
      ['crafted', 'en', '<h3>Client machine</h3>'],
      ['crafted', 'en', 'aria-label="Software versions">'],
      ['partial-run', 'en', '<p class="partial-run" role="note">'],
      ['partial-run', 'en', '<p class="commands-subject">'],
      // the fourth language's own labels, and the default language's where it has none
      ['crafted', 'de', '<h2>Testplan &amp; &lt;Ablauf&gt;</h2>'],
      ['crafted', 'de', 'The narrative of this report is not yet available in Deutsch'],
      // the translations in Hugo's order: ja (weight 3) before en (5)
      ['crafted', 'zh', 'hreflang="ja" lang="ja">日本語</a> <a href="/en/reports/crafted/#purpose" hreflang="en"'],
      ['crafted', 'de', '<tr><td>10.0.0.1 &#43; db&lt;2&gt;</td><td>2 × MariaDB &#43; Sysbench &amp; co</td></tr>']
    ]
    for (const [id, lang, html] of reached) expect(page(id, lang), `${id} ${lang}: ${html}`).toContain(html)
  })

  test('should escape every data text: no tag of the crafted report\'s reaches a page as markup', () => {
    for (const lang of ['en', 'zh', 'ja', 'de']) {
      const html = readFileSync(join(root, 'public', lang, 'reports', 'crafted', 'index.html'), 'utf8')
      expect(html, lang).not.toMatch(/<(old|one|big|x|options|2)>/)
    }
  })
})
