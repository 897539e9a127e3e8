import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fillPages} from '../../tools/site/fill-pages.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {versionsOverridden} from '../../tools/site/page-html/overrides.js'
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

describe('filling the versions pages after Hugo', () => {
  test('should put each chart and table in its marker\'s place, the table\'s link base in place of each NUL', () => {
    const s = site({
      '.benchdoc/assets/charts/versions/tidb/en/change.svg': '<svg><a href="../../reports/r/"></a></svg>',
      '.benchdoc/assets/site/versions/tidb/en/change.html': '<table><a href="\0r/">r</a><a href="\0s/">s</a></table>',
      'public/en/versions/tidb/index.html': '<figure><!--benchdoc-fill charts/versions/tidb/en/change.svg--></figure>\n<div><!--benchdoc-fill site/versions/tidb/en/change.html /en/reports/--></div>',
      'public/en/index.html': '<!--benchdoc-fill site/versions/tidb/en/change.html /en/reports/-->'
    })
    expect(fillPages({out: s.out, destination: s.destination, languages: ['en']})).toBe(1)
    expect(s.read('public/en/versions/tidb/index.html')).toBe(
      '<figure><svg><a href="../../reports/r/"></a></svg></figure>\n<div><table><a href="/en/reports/r/">r</a><a href="/en/reports/s/">s</a></table></div>'
    )
    // only the versions pages hold markers: no other page is read
    expect(s.read('public/en/index.html')).toBe('<!--benchdoc-fill site/versions/tidb/en/change.html /en/reports/-->')
    // a page filled before is left as it is
    expect(fillPages({out: s.out, destination: s.destination, languages: ['en']})).toBe(0)
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
    expect([whileHugo.length, table(ours.root)]).toEqual([1, false])
    await whileHugo[0]()
    expect(table(ours.root)).toBe(true)
    // the table partial as it read the table before benchdoc filled it in
    const own = '{{ partial "versions/chart.html" (dict "page" .page "product" .product "path" .chart "caption" .caption) }}\n' +
      '{{ with resources.Get (replace .table "LANG" .page.Language.Lang) }}<div class="own">{{ replace .Content "\\x00" (relLangURL "reports/") | safeHTML }}</div>{{ else }}{{ errorf "no table %q" $.table }}{{ end }}\n'
    const {root, env} = fixtureSite({...reports, 'layouts/_partials/versions/table.html': own})
    const left = []
    await prepareSite({root, later: [], whileHugo: left})
    expect([left.length, table(root)]).toEqual([0, true])
    const built = await buildSite({root, env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    const html = readFileSync(join(root, 'public/en/versions/tidb/index.html'), 'utf8')
    expect(html).toContain('<div class="own"><table class="versions">')
    expect(html).toContain('<a href="/en/reports/tidb-v4.0-vs-v3.0/">')
    // the chart, from benchdoc's partial, filled in after Hugo
    expect(html).toMatch(/<figure class="chart">\s*<svg /)
    expect(html).not.toContain('benchdoc-fill')
  }, 120_000)
})
