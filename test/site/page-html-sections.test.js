import {cpSync, existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {pageContext} from '../../tools/site/page-html/context.js'
import {writeReportPages} from '../../tools/site/page-html/write.js'
import {CODE_MARKS, codeHtml, codeOfMark} from '../../tools/site/page-html/code.js'
import {environmentHtml} from '../../tools/site/page-html/environment.js'
import {narrativeSectionHtml} from '../../tools/site/page-html/narrative-section.js'
import {parametersHtml} from '../../tools/site/page-html/parameters.js'
import {planHtml} from '../../tools/site/page-html/plan.js'
import {purposeHtml} from '../../tools/site/page-html/purpose.js'
import {topologyHtml} from '../../tools/site/page-html/topology.js'
import {versionHtml} from '../../tools/site/page-html/version.js'
import {LINK_BASE} from '../../tools/site/index-html.js'
import {parse, stringify} from 'yaml'
import {benchNarratives, benchReport} from '../../tools/bench/generate.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

/**
 * The renderers of a report page's sections (tools/site/page-html/) against
 * the templates they stand for: a site of the bundled reports and of reports
 * crafted to reach every branch is built with the templates, and every
 * section each renderer writes for a page is the section Hugo wrote there,
 * once whitespace runs outside <pre> are one space, links have the site's
 * root for LINK_BASE, and each code block is compared by its code and
 * language (Node marks it, the page's template highlights it).
 */

/** @type {Record<string, import('../../tools/site/page-html/context.js').SectionHtml>} */
const RENDERERS = {
  plan: planHtml, parameters: parametersHtml, environment: environmentHtml, topology: topologyHtml,
  version: versionHtml, purpose: purposeHtml, 'narrative-section': narrativeSectionHtml
}

const NARRATIVE_EN = `---\nreport: crafted\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy <b>this</b> & *that*.\n\n` +
  '## Conclusions {#conclusions}\n\n- one\n- two\n\n## Problems {#problems}\n\nA problem.\n\n## Advice {#advice}\n\nDo `this`.\n\n## Elsewhere {#unmapped}\n\nMore.\n'
// a translation older than its source: its page says so and links to the source
const NARRATIVE_JA = '---\nreport: crafted\nlang: ja\ntranslated_from:\n  lang: en\n  sections:\n    purpose: "000000000000"\n---\n\n## 目的 {#purpose}\n\n理由。\n\n## 結論 {#conclusions}\n\n結論。\n'

/**
 * Generated reports of `make bench`'s shapes (tools/bench/generate.js), three
 * of each, the first with a zh and ja narrative: each shape's files by path.
 */
function generated() {
  /** @type {Record<string, string>} */
  const files = {}
  for (const shape of /** @type {const} */ (['classic', 'full'])) {
    for (let i = 0; i < 3; i++) {
      const report = {...benchReport(i, shape), id: `${shape}-${i}`}
      files[`data/reports/${report.id}.yaml`] = stringify(report)
      for (const [lang, text] of Object.entries(benchNarratives(report, i))) files[`content/narrative/${report.id}/${lang}.md`] = text
    }
  }
  return files
}

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

/** @type {{root: string, pages: Array<{id: string, lang: string, html: string, ctx: import('../../tools/site/page-html/context.js').PageContext}>, config: import('../../tools/site/page-html/context.js').Site | null}} */
const site = {root: '', pages: [], config: null}

beforeAll(async () => {
  const {root, env} = fixtureSite({
    'data/reports/crafted.yaml': readFileSync(fixture('page-html/crafted.yaml'), 'utf8'),
    'data/reports/partial-run.yaml': readFileSync(fixture('validate/partial-run.yaml'), 'utf8'),
    'data/reports/variants-dimensions.yaml': readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8'),
    'content/narrative/crafted/en.md': NARRATIVE_EN,
    'content/narrative/crafted/ja.md': NARRATIVE_JA,
    // a fourth language with few labels of its own: the others are the default language's, as Hugo's i18n falls back
    // (written as en writes numbers: a site's languages must agree on that)
    // and the default language heaviest: Hugo lists a page's translations by weight, not the default first
    'config.toml': readFileSync(join(ROOT, 'config.toml'), 'utf8').replace('weight = 1\n', 'weight = 5\n').replace('[params.benchdoc]', '  [languages.de]\n    languageName = "Deutsch"\n    languageCode = "en"\n    weight = 4\n\n[params.benchdoc]'),
    'i18n/de.yaml': germanLabels(),
    // a partial of the repository's own (the package's, unchanged): the pages are laid out by the templates, from Hugo's model
    'layouts/_partials/report/toc.html': readFileSync(join(ROOT, 'layouts/_partials/report/toc.html'), 'utf8'),
    'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'),
    ...generated()
  })
  cpSync(join(ROOT, 'data/reports'), join(root, 'data/reports'), {recursive: true})
  cpSync(join(ROOT, 'content/narrative'), join(root, 'content/narrative'), {recursive: true})
  expect((await buildSite({root, env})).built).toBe(true)
  // laid out by the templates: Node wrote no article
  expect(existsSync(join(root, '.benchdoc/assets/pages'))).toBe(false)
  const languages = readLanguages(root)
  const config = {
    languages: languages.map((l) => l.code),
    labels: Object.fromEntries(languages.map((l) => [l.code, loadLabels(root, l.code)])),
    names: Object.fromEntries(languages.map((l) => [l.code, l.name])),
    weights: Object.fromEntries(languages.map((l) => [l.code, l.weight]))
  }
  const models = join(root, '.benchdoc/data/reports')
  for (const file of readdirSync(models).sort()) {
    const model = JSON.parse(readFileSync(join(models, file), 'utf8'))
    for (const lang of config.languages) {
      const html = readFileSync(join(root, 'public', lang, 'reports', model.id, 'index.html'), 'utf8')
      site.pages.push({id: model.id, lang, html, ctx: pageContext(model, config, lang, '')})
    }
  }
  site.root = root
  site.config = config
}, 180_000)

/**
 * A section of a page from its opening tag to its closing one, or '' when the page has none.
 * @param {string} html @param {string} id
 */
function section(html, id) {
  const start = html.indexOf(`<section id="${id}"`)
  const re = /<(\/?)section\b[^>]*>/g
  re.lastIndex = start
  let depth = 0
  for (let m = re.exec(html); m && start >= 0; m = re.exec(html)) {
    depth += m[1] ? -1 : 1
    if (depth === 0) return html.slice(start, m.index + m[0].length)
  }
  return ''
}

const HIGHLIGHTED = /<div class="highlight"><pre[^>]*><code[^>]*data-lang="(\w*)"[^>]*>([\s\S]*?)<\/code><\/pre><\/div>/g
const ENTITIES = /** @type {Record<string, string>} */ ({'&lt;': '<', '&gt;': '>', '&#34;': '"', '&#39;': "'", '&amp;': '&'})

/**
 * HTML as the pages are compared: whitespace runs outside <pre> as one
 * space, each code block as its language and code (Hugo's highlighted or
 * Node's mark), links under the site's root.
 * @param {string} html
 */
function comparable(html) {
  const code = (/** @type {string} */ lang, /** @type {string} */ text) => `\n[code ${lang}]${JSON.stringify(text)}\n`
  return html
    .replaceAll(LINK_BASE, '/')
    .replace(CODE_MARKS, (_, lang, base64) => { const c = codeOfMark(lang, base64); return code(c.lang, c.code) })
    .replace(HIGHLIGHTED, (_, lang, inner) => code(lang, inner.replace(/<[^>]*>/g, '').replace(/&(lt|gt|#34|#39|amp);/g, (/** @type {string} */ e) => ENTITIES[e])))
    .split('\n').map((line) => line.startsWith('[code ') ? line : line.replace(/\s+/g, ' ')).join(' ').replace(/ +/g, ' ').trim()
}

describe('the renderers of a report page\'s sections', () => {
  test.each(Object.keys(RENDERERS))('should write each section of report/%s.html as Hugo does, on every page of the bundled, demo, crafted and generated reports', (partial) => {
    let compared = 0
    for (const {id, lang, html, ctx} of site.pages) {
      for (const s of ctx.sections.filter((x) => x.partial === partial)) {
        expect(comparable(RENDERERS[partial](ctx, s)), `${id} ${lang} #${s.id}`).toBe(comparable(section(html, s.id)))
        compared++
      }
    }
    // never vacuous: every page of the 15 reports in 4 languages, bar the parts some reports lack
    expect(compared).toBe({plan: 60, parameters: 40, environment: 60, topology: 16, version: 60, purpose: 60, 'narrative-section': 49}[partial])
  })

  test('should show what the crafted reports were made to reach, so that the comparison covers it', () => {
    const page = (/** @type {string} */ id, /** @type {string} */ lang) => site.pages.find((p) => p.id === id && p.lang === lang)?.html ?? ''
    const reached = [
      ['crafted', 'ja', '<p class="narrative-stale">'],
      ['crafted', 'zh', '<p class="narrative-missing">'],
      ['crafted', 'en', '<section id="unmapped" class="narrative">'],
      ['crafted', 'zh', '<span class="untranslated" lang="en"'],
      ['crafted', 'en', '<th scope="col">Extra options</th>'],
      ['crafted', 'en', '<td><code>--range-size=100</code> <code>--skip-trx=true</code> </td>'],
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
    for (const [id, lang, html] of reached) expect(page(id, lang), `${id} ${lang}`).toContain(html)
  })

  test('should mark a block of code with its language and code for the template to highlight, whatever bytes the code holds', () => {
    const code = 'a\x01b\x02 & <c>\n'
    const mark = codeHtml(code, 'text')
    expect(mark).toMatch(/^\x01text\x02[A-Za-z0-9+/=]+\x01$/)
    expect([...mark.matchAll(CODE_MARKS)].map((m) => codeOfMark(m[1], m[2]))).toEqual([{lang: 'text', code}])
  })
})

describe('Node\'s article or the templates\'', () => {
  /** A model of the crafted report, to spoil. */
  const crafted = () => structuredClone(/** @type {NonNullable<typeof site.pages[0]>} */ (site.pages.find((p) => p.id === 'crafted')).ctx.report)

  test('should leave a page whose chart was not drawn to the templates, which name it as they fail', () => {
    const model = crafted()
    const [path] = Object.keys(model.charts ?? {})
    expect(path).toBeDefined()
    delete model.charts[path]
    const out = join(site.root, '.benchdoc-spoiled')
    expect(writeReportPages(out, model, /** @type {NonNullable<typeof site.config>} */ (site.config), {})).toBe(false)
    expect(existsSync(join(out, 'assets/pages/crafted'))).toBe(false)
  })

  test('should stop on a renderer\'s error that is not a missing part: a bug is not hidden behind slower pages', () => {
    const model = crafted()
    model.downloads = null
    expect(() => writeReportPages(join(site.root, '.benchdoc-spoiled'), model, /** @type {NonNullable<typeof site.config>} */ (site.config), {})).toThrow(exactly("Cannot read properties of null (reading 'csv')"))
  })
})
