import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fillPages} from '../../tools/site/fill-pages.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {listsOverridden, versionsOverridden} from '../../tools/site/page-html/overrides.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'
import {tempFolder} from '../helpers/temp.js'
import {eachLayoutFile} from '../helpers/layout-files.js'

/** A site as Hugo left it, with the versions pages' parts Node made. @param {Record<string, string>} files  by path under the folder */
function site(files) {
  const root = tempFolder('benchdoc-fill-')
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(join(root, path, '..'), {recursive: true})
    writeFileSync(join(root, path), text)
  }
  return {out: join(root, '.benchdoc'), destination: join(root, 'public'), read: (/** @type {string} */ path) => readFileSync(join(root, path), 'utf8')}
}

describe('filling the lists and versions pages after Hugo', () => {
  test('should put each part in its marker\'s place, the link base in place of each NUL, kept between markers', () => {
    const s = site({
      '.benchdoc/assets/charts/versions/tidb/en/change.svg': '<svg><a href="../../reports/r/"></a></svg>',
      '.benchdoc/assets/site/versions/tidb/en/change.html': '<table><a href="\0r/">r</a><a href="\0s/">s</a></table>',
      '.benchdoc/assets/site/lists/index.en.html': '<tr><td><a href="\0r/">r</a></td></tr>',
      'public/en/versions/tidb/index.html': '<figure><!--benchdoc-fill charts/versions/tidb/en/change.svg--></figure>\n<div><!--benchdoc-fill site/versions/tidb/en/change.html /en/reports/--></div>',
      'public/en/index.html': '<tbody><!--benchdoc-fill site/lists/index.en.html /en/reports/--></tbody>',
      'public/en/reports/r/index.html': '<!--benchdoc-fill site/lists/index.en.html /en/reports/-->'
    })
    expect(fillPages({out: s.out, destination: s.destination, languages: ['en']})).toEqual({
      filled: 2,
      parts: {'en/index.html': ['site/lists/index.en.html'], 'en/versions/tidb/index.html': ['charts/versions/tidb/en/change.svg', 'site/versions/tidb/en/change.html']}
    })
    expect(s.read('public/en/versions/tidb/index.html')).toBe(
      '<figure><!--benchdoc-filled charts/versions/tidb/en/change.svg--><svg><a href="../../reports/r/"></a></svg><!--/benchdoc-filled--></figure>\n' +
        '<div><!--benchdoc-filled site/versions/tidb/en/change.html /en/reports/--><table><a href="/en/reports/r/">r</a><a href="/en/reports/s/">s</a></table><!--/benchdoc-filled--></div>'
    )
    expect(s.read('public/en/index.html')).toBe('<tbody><!--benchdoc-filled site/lists/index.en.html /en/reports/--><tr><td><a href="/en/reports/r/">r</a></td></tr><!--/benchdoc-filled--></tbody>')
    // only the lists and versions pages are read
    expect(s.read('public/en/reports/r/index.html')).toBe('<!--benchdoc-fill site/lists/index.en.html /en/reports/-->')
    // a page filled with the parts as they are is left as it is
    expect(fillPages({out: s.out, destination: s.destination, languages: ['en']}).filled).toBe(0)
  })

  test('should fill a page again with its parts as they are now, without Hugo, and only the pages asked for', () => {
    const s = site({
      '.benchdoc/assets/site/lists/index.en.html': '<tr>old</tr>',
      '.benchdoc/assets/site/lists/reports.en.html': '<li>old</li>',
      'public/en/index.html': '<tbody><!--benchdoc-fill site/lists/index.en.html /en/reports/--></tbody><p>after</p>',
      'public/en/reports/index.html': '<ul><!--benchdoc-fill site/lists/reports.en.html /en/reports/--></ul>'
    })
    fillPages({out: s.out, destination: s.destination, languages: ['en']})
    writeFileSync(join(s.out, 'assets/site/lists/index.en.html'), '<tr>new</tr><tr>row two</tr>')
    writeFileSync(join(s.out, 'assets/site/lists/reports.en.html'), '<li>new</li>')
    expect(fillPages({out: s.out, destination: s.destination, languages: ['en'], pages: ['en/index.html']})).toEqual({filled: 1, parts: {'en/index.html': ['site/lists/index.en.html']}})
    expect(s.read('public/en/index.html')).toBe('<tbody><!--benchdoc-filled site/lists/index.en.html /en/reports/--><tr>new</tr><tr>row two</tr><!--/benchdoc-filled--></tbody><p>after</p>')
    expect(s.read('public/en/reports/index.html')).toBe('<ul><!--benchdoc-filled site/lists/reports.en.html /en/reports/--><li>old</li><!--/benchdoc-filled--></ul>')
  })

  test('should fail naming the page when a filled part has lost its closing marker', () => {
    const s = site({'.benchdoc/assets/site/lists/index.en.html': '<tr>r</tr>', 'public/en/index.html': '<!--benchdoc-filled site/lists/index.en.html /en/reports/--><tr>r</tr>'})
    expect(() => fillPages({out: s.out, destination: s.destination, languages: ['en']})).toThrow(
      exactly('en/index.html: site/lists/index.en.html is not closed (tools/site/fill-pages.js); run `benchdoc build` again')
    )
  })

  test('should fail naming the page and the part when a marker names a file that was not made', () => {
    const s = site({'public/zh/versions/tidb/index.html': '<!--benchdoc-fill charts/versions/tidb/zh/change.svg-->'})
    expect(() => fillPages({out: s.out, destination: s.destination, languages: ['en', 'zh']})).toThrow(
      exactly('zh/versions/tidb/index.html: charts/versions/tidb/zh/change.svg was not made (tools/site/fill-pages.js); run `benchdoc build` again')
    )
  })

  test('should not read a file outside the assets folder that a marker names', () => {
    const s = site({'.benchdoc/secret.txt': 'secret', 'public/en/versions/tidb/index.html': '<!--benchdoc-fill ../secret.txt-->'})
    expect(() => fillPages({out: s.out, destination: s.destination, languages: ['en']})).toThrow(exactly('en/versions/tidb/index.html: ../secret.txt was not made (tools/site/fill-pages.js); run `benchdoc build` again'))
  })
})

describe('a repository that lays out its versions pages itself', () => {
  test('should be told by a file of its own under layouts/versions/ or layouts/_partials/versions/, and only then', () => {
    const cases = {'layouts/versions/page.html': true, 'layouts/_partials/versions/table.html': true, 'layouts/_partials/report/results.html': false, 'layouts/home.html': false}
    expect(eachLayoutFile(Object.keys(cases), versionsOverridden)).toEqual(cases)
    expect(versionsOverridden(ROOT)).toBe(false)
  })

  test('should find the tables written before Hugo renders, for its templates to read them', async () => {
    const bundled = (/** @type {string} */ id) => readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8')
    const reports = {'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml': bundled('tidb-v3.0.0-vs-v2.1.13'), 'data/reports/tidb-v4.0-vs-v3.0.yaml': bundled('tidb-v4.0-vs-v3.0')}
    const table = (/** @type {string} */ root) => existsSync(join(root, '.benchdoc/assets/site/versions/tidb/en/change.html'))
    // benchdoc's own partials: the tables are left for the caller to write while Hugo renders
    const ours = fixtureSite(reports)
    /** @type {Array<() => Promise<void>>} */
    const whileHugo = []
    await prepareSite({root: ours.root, later: [], whileHugo})
    // the lists, then the tables and charts, then the manifest
    expect([whileHugo.length, table(ours.root)]).toEqual([3, false])
    for (const step of whileHugo) await step()
    expect(table(ours.root)).toBe(true)
    // the table partial as it read the table before benchdoc filled it in
    const own = '{{ partial "versions/chart.html" (dict "page" .page "product" .product "path" .chart "caption" .caption) }}\n' +
      '{{ with resources.Get (replace .table "LANG" .page.Language.Lang) }}<div class="own">{{ replace .Content "\\x00" (relLangURL "reports/") | safeHTML }}</div>{{ else }}{{ errorf "no table %q" $.table }}{{ end }}\n'
    const {root, env} = fixtureSite({...reports, 'layouts/_partials/versions/table.html': own})
    const left = []
    await prepareSite({root, later: [], whileHugo: left})
    // the lists and the manifest are still left
    expect([left.length, table(root)]).toEqual([2, true])
    const built = await buildSite({root, env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    const html = readFileSync(join(root, 'public/en/versions/tidb/index.html'), 'utf8')
    expect(html).toContain('<div class="own"><table class="versions">')
    expect(html).toContain('<a href="/en/reports/tidb-v4.0-vs-v3.0/">')
    // the chart, from benchdoc's partial, filled in after Hugo
    expect(html).toMatch(/<figure class="chart">\s*<!--benchdoc-filled charts\/versions\/tidb\/en\/change.svg--><svg /)
    expect(html).not.toContain('<!--benchdoc-fill ')
    // a figure changed: Hugo makes the versions pages again, since its templates read the table
    const file = join(root, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace(/(qps: )(\d+)/, (_, key, qps) => `${key}${Number(qps) * 2}`))
    expect((await buildSite({root, env})).rendered).toEqual(['tidb-v3.0.0-vs-v2.1.13'])
    expect(readFileSync(join(root, '.benchdoc/hugo/segments.toml'), 'utf8')).toContain('/versions,/versions/**')
    const edited = readFileSync(join(root, '.benchdoc/assets/site/versions/tidb/en/change.html'), 'utf8').replaceAll('\0', '/en/reports/')
    expect(html).not.toContain(`<div class="own">${edited}</div>`)
    expect(readFileSync(join(root, 'public/en/versions/tidb/index.html'), 'utf8')).toContain(`<div class="own">${edited}</div>`)
  }, 120_000)
})

describe('a repository that writes the lists of reports itself', () => {
  test('should be told by its own layouts/_partials/site/report-list.html, and only by it', () => {
    const cases = {'layouts/_partials/site/report-list.html': true, 'layouts/home.html': false, 'layouts/_partials/versions/table.html': false}
    expect(eachLayoutFile(Object.keys(cases), listsOverridden)).toEqual(cases)
    expect(listsOverridden(ROOT)).toBe(false)
  })
})
