import {cpSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {generateProject} from '../../tools/bench/generate.js'
import {templatesOverridden} from '../../tools/site/page-html/overrides.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {tempFolder} from '../helpers/temp.js'
import {eachLayoutFile} from '../helpers/layout-files.js'
import {ROOT, fixture} from '../helpers/paths.js'

/** Generated projects (made outside tempFolder by the bench generator), removed after the file. @type {string[]} */
const generated = []
afterAll(() => {
  for (const dir of generated) rmSync(dir, {recursive: true, force: true})
})

/** A page with every whitespace run outside <pre> made one space. @param {string} html */
const collapsed = (html) => html.split(/(<pre[\s\S]*?<\/pre>)/).map((part, i) => (i % 2 ? part : part.replace(/\s+/g, ' '))).join('')

/**
 * Every report page of a built site, by path, whitespace collapsed.
 * @param {string} dir  its public/ folder @returns {Record<string, string>}
 */
function reportPages(dir) {
  return Object.fromEntries(
    readdirSync(dir, {recursive: true}).map(String).filter((f) => /^[a-z]+\/reports\/[^/]+\/index\.html$/.test(f)).sort()
      .map((f) => [f, collapsed(readFileSync(join(dir, f), 'utf8'))])
  )
}

/** The files or folders in `dir`, none when it is not there. @param {string} dir */
const listed = (dir) => (existsSync(dir) ? readdirSync(dir).sort() : [])

/** A report template of the repository's own: the package's contents, which must give the same pages. @param {string} root */
function overrideToc(root) {
  mkdirSync(join(root, 'layouts/_partials/report'), {recursive: true})
  cpSync(join(ROOT, 'layouts/_partials/report/toc.html'), join(root, 'layouts/_partials/report/toc.html'))
}

/**
 * Build `root` with Node writing the pages, then with a template of its own
 * (the templates lay out the pages), and return both builds' report pages
 * and what each left for Hugo.
 * @param {string} root @param {Record<string, string | undefined>} env
 */
async function bothWays(root, env) {
  const out = join(root, '.benchdoc')
  expect((await buildSite({root, env})).problems.filter((p) => p.severity === 'error')).toEqual([])
  const node = {pages: reportPages(join(root, 'public')), articles: listed(join(out, 'assets/pages')), models: listed(join(out, 'data/reports'))}
  overrideToc(root)
  expect((await buildSite({root, env})).problems.filter((p) => p.severity === 'error')).toEqual([])
  const templates = {pages: reportPages(join(root, 'public')), articles: listed(join(out, 'assets/pages')), models: listed(join(out, 'data/reports'))}
  return {node, templates}
}

/**
 * @param {Awaited<ReturnType<typeof bothWays>>} built
 * @param {string[]} ids  the reports
 */
function expectSamePages({node, templates}, ids) {
  // Node wrote every report's article and no model; with the override, the reverse
  expect(node.articles).toEqual(ids)
  expect(node.models).toEqual([])
  expect(templates.articles).toEqual([])
  expect(templates.models).toEqual(ids.map((id) => `${id}.json`))
  expect(Object.keys(node.pages)).toHaveLength(3 * ids.length)
  expect(Object.keys(templates.pages)).toEqual(Object.keys(node.pages))
  for (const [path, html] of Object.entries(node.pages)) expect(html, path).toBe(templates.pages[path])
}

describe('report pages written by Node', () => {
  test('should give every page of the bundled reports, the demo\'s, a variants, a partial run and a crafted report as the templates do, whitespace aside, and say which way it was built', async () => {
    const {root, env} = fixtureSite({
      // variants named per language: the Hugo model's by_lang, merged over it as Hugo's merge does
      'data/reports/variants-dimensions.yaml': readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8'),
      'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8'),
      'data/reports/partial-run.yaml': readFileSync(fixture('validate/partial-run.yaml'), 'utf8'),
      // made to reach what the section renderers must (test/site/page-html-sections.test.js)
      'data/reports/crafted.yaml': readFileSync(fixture('page-html/crafted.yaml'), 'utf8')
    })
    cpSync(join(ROOT, 'data/reports'), join(root, 'data/reports'), {recursive: true})
    cpSync(join(ROOT, 'content/narrative'), join(root, 'content/narrative'), {recursive: true})
    const ids = listed(join(root, 'data/reports')).map((f) => f.replace(/\.yaml$/, ''))
    expect(ids).toHaveLength(9)
    const built = await bothWays(root, env)
    expectSamePages(built, ids)
    // a code block is highlighted by Hugo in both (page.html's marks)
    expect(Object.values(built.node.pages).filter((html) => html.includes('<div class="highlight">')).length).toBeGreaterThan(0)
    // no link base or code mark left (a code block may hold any byte: the crafted report's holds \x01)
    expect(Object.values(built.node.pages).filter((html) => /\x00|\x01\w*\x02[A-Za-z0-9+/=]*\x01/.test(html))).toEqual([])
  }, 300_000)

  test.each(['classic', 'full'])('should give every page of 8 generated %s reports as the templates do, whitespace aside', async (shape) => {
    const root = generateProject(8, shape)
    generated.push(root)
    const ids = listed(join(root, 'data/reports')).map((f) => f.replace(/\.yaml$/, ''))
    expectSamePages(await bothWays(root, {...process.env, HUGO: hugoBinary(ROOT, process.env)}), ids)
  }, 300_000)

  test('should write the articles again when a repository drops its own templates, and remove a removed report\'s', async () => {
    const {root, env} = fixtureSite({})
    for (const id of ['tidb-v4.0-vs-v3.0', 'tidb-v8.1.0']) cpSync(join(ROOT, 'data/reports', `${id}.yaml`), join(root, 'data/reports', `${id}.yaml`))
    overrideToc(root)
    await buildSite({root, env})
    const out = join(root, '.benchdoc')
    expect([listed(join(out, 'assets/pages')), listed(join(out, 'data/reports'))]).toEqual([[], ['tidb-v4.0-vs-v3.0.json', 'tidb-v8.1.0.json']])
    rmSync(join(root, 'layouts'), {recursive: true})
    rmSync(join(root, 'data/reports/tidb-v8.1.0.yaml'))
    await buildSite({root, env})
    expect([listed(join(out, 'assets/pages')), listed(join(out, 'data/reports'))]).toEqual([['tidb-v4.0-vs-v3.0'], []])
    expect(listed(join(out, 'assets/pages/tidb-v4.0-vs-v3.0'))).toEqual(['en.html', 'ja.html', 'zh.html'])
    expect(readFileSync(join(root, 'public/zh/reports/tidb-v4.0-vs-v3.0/index.html'), 'utf8')).toContain('<article class="report">\n<h1>TiDB Sysbench 性能测试报告：v4.0 对比 v3.0</h1>')
  }, 180_000)

  test('should leave the pages to the templates of a repository with its own page.html, report or compute partial, and only then', () => {
    const cases = {
      'layouts/reports/page.html': true, 'layouts/_partials/report/results.html': true, 'layouts/_partials/compute/deep/label.html': true,
      'layouts/home.html': false, 'layouts/_partials/site/report-list.html': false
    }
    expect(eachLayoutFile(Object.keys(cases), templatesOverridden)).toEqual(cases)
    const empty = tempFolder('benchdoc-override-')
    mkdirSync(join(empty, 'layouts/_partials/report'), {recursive: true})
    expect([templatesOverridden(empty), templatesOverridden(ROOT)]).toEqual([false, false])
  })
})
