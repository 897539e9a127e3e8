import {cpSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'
import {startCli} from '../run/helpers.js'

/**
 * A build is correct whatever .benchdoc/ and the destination held before: after
 * each change a user makes between two builds, and after a build killed half-way,
 * the next plain build succeeds and leaves the destination byte for byte as a
 * build in a fresh clone of the same files does.
 */

const BUNDLED = ['tidb-v3.0.0-vs-v2.1.13', 'tidb-v8.1.0']

/** A reports repository of two bundled reports (one product) and a MariaDB one (another product). */
function project() {
  /** @type {Record<string, string>} */
  const files = {'data/reports/mariadb-demo.yaml': readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8')}
  for (const id of BUNDLED) {
    files[`data/reports/${id}.yaml`] = readFileSync(join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8')
    for (const f of readdirSync(join(ROOT, 'content', 'narrative', id))) files[`content/narrative/${id}/${f}`] = readFileSync(join(ROOT, 'content', 'narrative', id, f), 'utf8')
  }
  return fixtureSite(files)
}

/** Every file under a folder, by its path under it, with its bytes. @param {string} dir */
function tree(dir) {
  /** @type {Record<string, string>} */
  const files = {}
  for (const f of readdirSync(dir, {recursive: true}).map(String).sort()) {
    const path = join(dir, f)
    if (statSync(path).isFile()) files[f] = readFileSync(path).toString('base64')
  }
  return files
}

/** What a clean build of each state of the sources made: a state seen before is not built again. @type {Map<string, Record<string, string>>} */
const cleanBuilds = new Map()

/** The sources of a repository, copied into a fresh folder and built there. @param {string} root @param {Record<string, string | undefined>} env */
async function cleanBuild(root, env) {
  const clean = tempFolder('benchdoc-clean-')
  for (const name of readdirSync(root)) if (!['.benchdoc', 'aside'].includes(name) && !name.startsWith('public')) cpSync(join(root, name), join(clean, name), {recursive: true})
  const state = JSON.stringify(tree(clean))
  const seen = cleanBuilds.get(state)
  if (seen) return seen
  const result = await buildSite({root: clean, env})
  expect(result.built).toBe(true)
  const built = tree(join(clean, 'public'))
  cleanBuilds.set(state, built)
  return built
}

/** Build `root` as it is, then in a fresh folder, and compare. @param {string} root @param {Record<string, string | undefined>} env */
async function expectAsClean(root, env) {
  const result = await buildSite({root, env})
  expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
  expect(result.built).toBe(true)
  const built = tree(join(root, 'public'))
  const clean = await cleanBuild(root, env)
  expect(Object.keys(built)).toEqual(Object.keys(clean))
  for (const f of Object.keys(clean)) expect(built[f], f).toBe(clean[f])
  return result
}

/**
 * Move a report's data file and narratives from one repository folder to another (`aside`, and back).
 * @param {string} from @param {string} to @param {string} id
 */
function moveReport(from, to, id) {
  mkdirSync(join(to, 'data', 'reports'), {recursive: true})
  renameSync(join(from, 'data', 'reports', `${id}.yaml`), join(to, 'data', 'reports', `${id}.yaml`))
  if (!existsSync(join(from, 'content', 'narrative', id))) return
  mkdirSync(join(to, 'content', 'narrative'), {recursive: true})
  renameSync(join(from, 'content', 'narrative', id), join(to, 'content', 'narrative', id))
}

/** @param {string} root @param {string} id @param {(text: string) => string} edit */
function editReport(root, id, edit) {
  const file = join(root, 'data', 'reports', `${id}.yaml`)
  writeFileSync(file, edit(readFileSync(file, 'utf8')))
}

describe('a build after a change, or after a build killed half-way', () => {
  test('should equal a clean build after a report is added, changed, renamed and deleted', async () => {
    const {root, env} = project()
    const aside = join(root, 'aside')
    moveReport(root, aside, 'tidb-v8.1.0')
    // what an earlier version kept there: the Markdown exports, before they were downloads
    mkdirSync(join(root, '.benchdoc', 'export', 'tidb-v8.1.0'), {recursive: true})
    writeFileSync(join(root, '.benchdoc', 'export', 'tidb-v8.1.0', 'en.md'), '# TiDB\n')
    await expectAsClean(root, env)
    expect(readdirSync(join(root, '.benchdoc')).sort()).toEqual(['assets', 'cache', 'data', 'hugo', 'static'])
    moveReport(aside, root, 'tidb-v8.1.0')
    expect((await expectAsClean(root, env)).unchanged).toBe(2)
    editReport(root, 'tidb-v8.1.0', (t) => t.replace('tps: 32741,', 'tps: 32841,'))
    const changed = await expectAsClean(root, env)
    expect([changed.unchanged, changed.rendered]).toEqual([2, ['tidb-v8.1.0']])
    expect(readFileSync(join(root, 'public', 'en', 'reports', 'tidb-v8.1.0', 'index.html'), 'utf8')).toContain('32,841')
    renameSync(join(root, 'data', 'reports', 'tidb-v8.1.0.yaml'), join(root, 'data', 'reports', 'tidb-cloud-v8.1.0.yaml'))
    editReport(root, 'tidb-cloud-v8.1.0', (t) => t.replace('id: tidb-v8.1.0', 'id: tidb-cloud-v8.1.0'))
    renameSync(join(root, 'content', 'narrative', 'tidb-v8.1.0'), join(root, 'content', 'narrative', 'tidb-cloud-v8.1.0'))
    for (const f of readdirSync(join(root, 'content', 'narrative', 'tidb-cloud-v8.1.0'))) {
      const file = join(root, 'content', 'narrative', 'tidb-cloud-v8.1.0', f)
      writeFileSync(file, readFileSync(file, 'utf8').replace('report: tidb-v8.1.0', 'report: tidb-cloud-v8.1.0'))
    }
    await expectAsClean(root, env)
    expect(existsSync(join(root, 'public', 'en', 'reports', 'tidb-v8.1.0'))).toBe(false)
    rmSync(join(root, 'data', 'reports', 'tidb-v3.0.0-vs-v2.1.13.yaml'))
    rmSync(join(root, 'content', 'narrative', 'tidb-v3.0.0-vs-v2.1.13'), {recursive: true})
    await expectAsClean(root, env)
    expect(readdirSync(join(root, '.benchdoc', 'cache', 'reports')).sort()).toEqual(['mariadb-demo.json', 'tidb-cloud-v8.1.0.json'])
  })

  test('should equal a clean build after a branch switch removes a product, and after it comes back', async () => {
    const {root, env} = project()
    await expectAsClean(root, env)
    const aside = join(root, 'aside')
    // `git checkout` of a branch without the MariaDB report
    moveReport(root, aside, 'mariadb-demo')
    await expectAsClean(root, env)
    expect(existsSync(join(root, 'public', 'en', 'versions', 'mariadb'))).toBe(false)
    moveReport(aside, root, 'mariadb-demo')
    await expectAsClean(root, env)
  })

  test('should equal a clean build after a label, the site\'s title, a template and an override of the repository\'s own change', async () => {
    const {root, env} = project()
    await expectAsClean(root, env)
    mkdirSync(join(root, 'i18n'))
    writeFileSync(join(root, 'i18n', 'en.yaml'), 'section_results: Measured results\nchart_threads: Client threads\n')
    expect((await expectAsClean(root, env)).rendered).toBe('all')
    expect(readFileSync(join(root, 'public', 'en', 'reports', 'tidb-v8.1.0', 'index.html'), 'utf8')).toContain('Measured results')
    // the site's title in config.toml, which only the templates read
    writeFileSync(join(root, 'config.toml'), readFileSync(join(root, 'config.toml'), 'utf8').replace('defaultContentLanguage', 'title = "Acme database reports"\ndefaultContentLanguage'))
    expect((await expectAsClean(root, env)).rendered).toBe('all')
    expect(readFileSync(join(root, 'public', 'zh', 'index.html'), 'utf8')).toContain('<title>Acme database reports</title>')
    // the repository's own partial for the report's topology section, over the package's
    mkdirSync(join(root, 'layouts', '_partials', 'report'), {recursive: true})
    writeFileSync(join(root, 'layouts', '_partials', 'report', 'version.html'), '<section id="version"><h2>Our own version section</h2></section>\n')
    await expectAsClean(root, env)
    expect(readFileSync(join(root, 'public', 'en', 'reports', 'tidb-v8.1.0', 'index.html'), 'utf8')).toContain('Our own version section')
    rmSync(join(root, 'layouts'), {recursive: true})
    await expectAsClean(root, env)
    rmSync(join(root, 'i18n'), {recursive: true})
    await expectAsClean(root, env)
  })

  test('should equal a clean build after a build was killed while deriving, and while Hugo rendered', async () => {
    const {root, env} = project()
    await expectAsClean(root, env)
    /** @type {Array<[string, string, number, 'all' | string[]]>} the edit, when the build is killed, and what the next build does */
    const kills = [['32841', 'derived tidb-v8.1.0', 1, ['tidb-v3.0.0-vs-v2.1.13', 'tidb-v8.1.0']], ['32941', 'Hugo runs', 3, 'all']]
    for (const [edit, when, unchanged, rendered] of kills) {
      // two reports changed, one of them derived before the kill
      editReport(root, 'tidb-v8.1.0', (t) => t.replace(/tps: 32[0-9]41,/, `tps: ${edit},`))
      editReport(root, 'tidb-v3.0.0-vs-v2.1.13', (t) => t.replace(/qps: 2[0-9]0304.06,/, `qps: 2${edit.at(2)}0304.06,`))
      const {child, done} = startCli(['build'], {cwd: root, env: {HUGO: /** @type {string} */ (env.HUGO), BENCHDOC_TRACE: '1'}})
      child.stderr.on('data', (d) => String(d).includes(when) && child.kill('SIGKILL'))
      expect((await done).signal, `killed at "${when}"`).toBe('SIGKILL')
      const result = await expectAsClean(root, env)
      expect([result.unchanged, result.rendered]).toEqual([unchanged, rendered])
    }
  })

  test('should draw no chart again when only a narrative changed, keep no drawing nothing uses, and keep the compiled chart shapes', async () => {
    const {root, env} = project()
    // the first build in a process of its own: this one may have compiled the shapes already, and keep them in memory
    expect((await startCli(['build'], {cwd: root, env: {HUGO: /** @type {string} */ (env.HUGO)}}).done).code).toBe(0)
    const cached = (/** @type {RegExp} */ kind) => readdirSync(join(root, '.benchdoc', 'cache', 'charts')).filter((f) => kind.test(f))
    const shapes = cached(/\.vg\.json$/)
    const drawn = cached(/\.svg$/).length
    expect(shapes.length).toBeGreaterThan(0)
    await expectAsClean(root, env)
    const narrative = join(root, 'content', 'narrative', 'tidb-v8.1.0', 'en.md')
    writeFileSync(narrative, `${readFileSync(narrative, 'utf8')}\nOne more sentence.\n`)
    const second = await expectAsClean(root, env)
    expect([second.unchanged, second.charts.rendered]).toEqual([2, 0])
    expect(second.charts.cached).toBeGreaterThan(0)
    rmSync(join(root, 'data', 'reports', 'tidb-v8.1.0.yaml'))
    rmSync(join(root, 'content', 'narrative', 'tidb-v8.1.0'), {recursive: true})
    await expectAsClean(root, env)
    expect(cached(/\.svg$/).length).toBeLessThan(drawn)
    // a chart shape compiled once is compiled again in no later build
    expect(cached(/\.vg\.json$/)).toEqual(shapes)
  })
})
