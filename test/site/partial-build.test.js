import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {hugoMounts} from '../../tools/site/hugo-config.js'
import {segmentsConfig} from '../../tools/site/render-plan.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
const other = REPORT.replace('id: minimal', 'id: other')

function project() {
  return fixtureSite({'data/reports/minimal.yaml': REPORT, 'data/reports/other.yaml': other})
}

/** @param {string} root @param {string} path */
const modified = (root, path) => statSync(join(root, 'public', path)).mtimeMs
/** @param {string} root @param {string} path */
const page = (root, path) => readFileSync(join(root, 'public', path), 'utf8')

/** Every file under `dir` with its bytes' hash (a link: of the bytes it points to), sorted by path. @param {string} dir */
function filesOf(dir) {
  return readdirSync(dir, {recursive: true, withFileTypes: true})
    .filter((d) => !d.isDirectory())
    .map((d) => join(d.parentPath, d.name))
    .sort()
    .map((f) => [f.slice(dir.length), createHash('sha256').update(readFileSync(f)).digest('hex').slice(0, 16)])
}

/** The repository's own report page template, over the package's: one class added. @param {string} root */
function overridePage(root) {
  mkdirSync(join(root, 'layouts/reports'), {recursive: true})
  writeFileSync(join(root, 'layouts/reports/page.html'), readFileSync(join(ROOT, 'layouts/reports/page.html'), 'utf8').replace('<article class="report">', '<article class="report changed">'))
}

/** A site of two bundled TiDB reports, one release after the other (a versions page with a change chart), and the older one's data. */
function twoReleases() {
  const bundled = (/** @type {string} */ id) => readFileSync(join(ROOT, 'data/reports', `${id}.yaml`), 'utf8')
  const older = bundled('tidb-v3.0.0-vs-v2.1.13')
  return {...fixtureSite({'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml': older, 'data/reports/tidb-v4.0-vs-v3.0.yaml': bundled('tidb-v4.0-vs-v3.0')}), older}
}

describe('a build after a build', () => {
  test('should render only the changed report\'s pages, fill its new headline into the lists, and show its new number there', async () => {
    const {root, env} = project()
    expect((await buildSite({root, env})).rendered).toBe('all')
    const untouched = modified(root, 'en/reports/minimal/index.html')

    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('qps: 1100,', 'qps: 1234,'))
    const changed = await buildSite({root, env})
    expect(changed.rendered).toEqual(['other'])
    // the lists' rows and the versions pages' changes changed: Hugo made those pages, and the report's
    expect(readFileSync(join(root, '.benchdoc/hugo/segments.toml'), 'utf8')).toBe(
      '[params.benchdoc_render]\n  reports = ["other"]\n[segments.changed]\n  [[segments.changed.includes]]\n    kind = "{home,section}"\n  [[segments.changed.includes]]\n    path = "{/reports/other,/reports/other/**,/versions,/versions/**}"\n'
    )
    for (const lang of ['en', 'zh', 'ja']) expect(page(root, `${lang}/reports/other/index.html`)).toContain('1,234')
    // the export's table is the page's, its numbers written as the page writes them
    expect(page(root, 'downloads/other/other.en.md')).toContain('| 1,234 |')
    expect(page(root, 'en/index.html')).toContain('+23.34%')
    expect(modified(root, 'en/reports/minimal/index.html')).toBe(untouched)
    // the charts and downloads of every report are still there
    for (const id of ['minimal', 'other']) expect(existsSync(join(root, `public/downloads/${id}/${id}.csv`)), id).toBe(true)
    expect(readFileSync(join(root, 'public/downloads/other/other.csv'), 'utf8')).toContain('1234')
  }, 60_000)

  test('should run no Hugo and leave every page as it was when nothing changed', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const home = modified(root, 'en/index.html')
    expect((await buildSite({root, env})).rendered).toEqual([])
    expect(modified(root, 'en/index.html')).toBe(home)
  }, 60_000)

  test('should make neither the home nor the section pages again when an edit changes no row of the lists, and leave the destination as a whole build does', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const home = modified(root, 'en/index.html')
    const section = modified(root, 'ja/reports/index.html')
    // a latency: shown on the report's page, not in the lists' headline changes
    writeFileSync(join(root, 'data/reports/other.yaml'), other.replace('latency_avg: 1.1,', 'latency_avg: 1.7,'))
    const edit = await buildSite({root, env})
    expect([edit.rendered, edit.versionsCharts.rendered]).toEqual([['other'], 0])
    expect(readFileSync(join(root, '.benchdoc/hugo/segments.toml'), 'utf8')).toBe(
      '[params.benchdoc_render]\n  reports = ["other"]\n[segments.changed]\n  [[segments.changed.includes]]\n    path = "{/reports/other,/reports/other/**}"\n'
    )
    expect(page(root, 'zh/reports/other/index.html')).toContain('<td class="num" data-value="1.7">1.7</td>')
    expect([modified(root, 'en/index.html'), modified(root, 'ja/reports/index.html')]).toEqual([home, section])
    const partial = filesOf(join(root, 'public'))
    rmSync(join(root, '.benchdoc/cache/rendered.json'))
    expect((await buildSite({root, env})).rendered).toBe('all')
    expect(partial).toEqual(filesOf(join(root, 'public')))
  }, 120_000)

  test('should leave the destination as a whole build leaves it after a number the versions pages show changed, making only that report\'s pages', async () => {
    const {root, env, older} = twoReleases()
    await buildSite({root, env})
    const before = page(root, 'en/versions/tidb/index.html')
    const edited = older.replace(/(qps: )(\d+)/, (_, key, qps) => `${key}${Number(qps) * 2}`)
    writeFileSync(join(root, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml'), edited)
    // the change chart and the throughput chart of that environment drawn again, each once for every language
    const edit = await buildSite({root, env})
    expect([edit.rendered, edit.versionsCharts]).toEqual([['tidb-v3.0.0-vs-v2.1.13'], {rendered: 2, cached: 0}])
    // the headline changed: Hugo makes the report's pages, the lists and the versions pages
    expect(readFileSync(join(root, '.benchdoc/hugo/segments.toml'), 'utf8')).toBe(
      '[params.benchdoc_render]\n  reports = ["tidb-v3.0.0-vs-v2.1.13"]\n[segments.changed]\n  [[segments.changed.includes]]\n    kind = "{home,section}"\n  [[segments.changed.includes]]\n    path = "{/reports/tidb-v3.0.0-vs-v2.1.13,/reports/tidb-v3.0.0-vs-v2.1.13/**,/versions,/versions/**}"\n'
    )
    expect(page(root, 'en/versions/tidb/index.html')).not.toBe(before)
    const partial = filesOf(join(root, 'public'))
    rmSync(join(root, '.benchdoc/cache/rendered.json'))
    expect((await buildSite({root, env})).rendered).toBe('all')
    expect(partial).toEqual(filesOf(join(root, 'public')))
    expect(page(root, 'en/versions/tidb/index.html')).toContain('<a href="/en/reports/tidb-v4.0-vs-v3.0/">')
  }, 120_000)

  test('should name a report by its new title on the versions pages after only its title changed', async () => {
    const {root, env, older} = twoReleases()
    await buildSite({root, env})
    writeFileSync(join(root, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml'), older.replace('id: tidb-v3.0.0-vs-v2.1.13\n', 'id: tidb-v3.0.0-vs-v2.1.13\ntitle: TiDB across two releases\n'))
    const edit = await buildSite({root, env})
    // the versions pages' data made again, their charts the same
    expect([edit.rendered, edit.versionsCharts]).toEqual([['tidb-v3.0.0-vs-v2.1.13'], {rendered: 0, cached: 2}])
    const titles = [...page(root, 'en/versions/tidb/index.html').matchAll(/<ul class="note sources">([\s\S]*?)<\/ul>/g)].map((m) => m[1])
    expect(titles).toEqual(['<li>“TiDB across two releases”</li>'])
  }, 120_000)

  test('should render again a report whose page was removed from the destination by hand', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    rmSync(join(root, 'public/ja/reports/minimal'), {recursive: true})
    rmSync(join(root, 'public/downloads/minimal'), {recursive: true})
    expect((await buildSite({root, env})).rendered).toEqual(['minimal'])
    expect(existsSync(join(root, 'public/ja/reports/minimal/index.html'))).toBe(true)
    expect(existsSync(join(root, 'public/downloads/minimal/minimal.csv'))).toBe(true)
  }, 60_000)

  test('should leave no export beside the pages where an earlier benchdoc published them, and publish each among the downloads', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    // as it left them: each language's export and the sidecar beside each page
    for (const lang of ['en', 'zh', 'ja']) {
      for (const id of ['minimal', 'other']) {
        writeFileSync(join(root, 'public', lang, 'reports', id, 'index.md'), 'old\n')
        writeFileSync(join(root, 'public', lang, 'reports', id, `${id}.benchdoc.yaml`), 'old\n')
      }
    }
    // its templates were not these: the site's key differs, and every page is rendered again
    const rendered = join(root, '.benchdoc/cache/rendered.json')
    writeFileSync(rendered, JSON.stringify({...JSON.parse(readFileSync(rendered, 'utf8')), site: 'earlier'}))
    expect((await buildSite({root, env})).rendered).toBe('all')
    const files = filesOf(join(root, 'public')).map(([f]) => f.replaceAll('\\', '/'))
    expect(files.filter((f) => /\.(md|benchdoc\.yaml)$/.test(f))).toEqual([
      '/downloads/minimal/minimal.benchdoc.yaml', '/downloads/minimal/minimal.en.md', '/downloads/minimal/minimal.ja.md', '/downloads/minimal/minimal.zh.md',
      '/downloads/other/other.benchdoc.yaml', '/downloads/other/other.en.md', '/downloads/other/other.ja.md', '/downloads/other/other.zh.md'
    ])
  }, 60_000)

  test('should render every page again when a template, a label or the destination changed', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    overridePage(root)
    expect((await buildSite({root, env})).rendered).toBe('all')
    expect(page(root, 'en/reports/minimal/index.html')).toContain('class="report changed"')

    mkdirSync(join(root, 'i18n'))
    writeFileSync(join(root, 'i18n/en.yaml'), 'site_title: "Sysbench performance reports"\n')
    expect((await buildSite({root, env})).rendered).toBe('all')
    expect((await buildSite({root, env, destination: join(root, 'elsewhere')})).rendered).toBe('all')
    expect(existsSync(join(root, 'elsewhere/en/reports/other/index.html'))).toBe(true)
  }, 60_000)

  test('should swap a whole build in, and leave no old site beside the destination once its removal has run', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    // an old site whose build was killed before its removal ended (no process has this pid)
    mkdirSync(join(root, 'public.old-999999999-1/en'), {recursive: true})
    writeFileSync(join(root, 'public.old-999999999-1/en/index.html'), 'old\n')
    overridePage(root)
    expect((await buildSite({root, env})).rendered).toBe('all')
    expect(page(root, 'en/reports/minimal/index.html')).toContain('class="report changed"')
    const olds = () => readdirSync(root).filter((name) => name.startsWith('public.'))
    expect(olds()).not.toContain('public.old-999999999-1')
    await expect.poll(olds, {timeout: 10_000}).toEqual([])
  }, 60_000)

  test('should refuse to replace a destination that holds files but no site', async () => {
    const {root, env} = project()
    mkdirSync(join(root, 'notes'))
    writeFileSync(join(root, 'notes/todo.txt'), 'keep me\n')
    await expect(buildSite({root, env, destination: join(root, 'notes')})).rejects.toThrow(exactly(`${join(root, 'notes')} holds files but no site: not replacing it (empty it, or choose another --out)`))
    expect(readFileSync(join(root, 'notes/todo.txt'), 'utf8')).toBe('keep me\n')
  }, 60_000)
})

describe('the build\'s Hugo configuration', () => {
  test('should mount the derived data and assets, and the static folder only to serve', () => {
    const mounts = [{source: '.benchdoc/data', target: 'data'}, {source: '.benchdoc/assets', target: 'assets'}]
    expect(hugoMounts('build')).toEqual(mounts)
    expect(hugoMounts('serve')).toEqual([...mounts, {source: '.benchdoc/static', target: 'static'}])
  })

  test('should name the changed reports\' pages, the lists and the versions pages in the segment, and the reports whose pages the content adapter makes', () => {
    expect(segmentsConfig({changed: ['a'], versions: true, lists: true}, ['b', 'a'])).toBe(
      '[params.benchdoc_render]\n  reports = ["a"]\n[segments.changed]\n  [[segments.changed.includes]]\n    kind = "{home,section}"\n  [[segments.changed.includes]]\n    path = "{/reports/a,/reports/a/**,/versions,/versions/**}"\n'
    )
    expect(segmentsConfig({changed: [], versions: false, lists: true}, ['b', 'a'])).toBe(
      '[params.benchdoc_render]\n  reports = ["b"]\n[segments.changed]\n  [[segments.changed.includes]]\n    kind = "{home,section}"\n'
    )
    expect(segmentsConfig({changed: ['a'], versions: false, lists: false}, ['b', 'a'])).toBe(
      '[params.benchdoc_render]\n  reports = ["a"]\n[segments.changed]\n  [[segments.changed.includes]]\n    path = "{/reports/a,/reports/a/**}"\n'
    )
  })
})
