import {execFileSync, spawn, spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {existsSync, mkdirSync, readFileSync, readdirSync, statSync, writeFileSync} from 'node:fs'
import {createServer} from 'node:net'
import {join, relative} from 'node:path'
import {parse, stringify} from 'yaml'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {bundleIsFresh} from '../../tools/pack/fresh.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {VERSION, installTarball, packBenchdoc} from '../helpers/pack.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * benchdoc as a team gets it: the package packed with `npm pack`, installed
 * with npm into an empty folder, and used there with the installed command
 * only — init, collect, validate, build, i18n check, review on a branch of
 * the folder's own git history, serve, and a label and a template of the
 * repository's own over the package's. Nothing under the installed package
 * may change.
 */

/** The Hugo of this checkout, as a user's own Hugo: HUGO points at it. */
const HUGO = hugoBinary(ROOT, process.env)

/** Every file under `dir` with its content hash, and every folder. @param {string} dir */
function snapshot(dir) {
  return readdirSync(dir, {recursive: true}).map(String).sort().map((f) => {
    const path = join(dir, f)
    return statSync(path).isDirectory() ? `${f}/` : `${f} ${createHash('sha256').update(readFileSync(path)).digest('hex')}`
  })
}

/** A free loopback port. @returns {Promise<number>} */
function freePort() {
  return new Promise((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const {port} = /** @type {import('node:net').AddressInfo} */ (s.address())
      s.close(() => resolve(port))
    })
  })
}

describe('benchdoc installed from its npm package into an empty folder', () => {
  const repo = tempFolder('benchdoc-install-')
  const cache = tempFolder('benchdoc-install-cache-')
  const installed = join(repo, 'node_modules', 'benchdoc')
  const env = {...process.env, HUGO, BENCHDOC_CACHE: cache}
  /** @type {string[]} */
  let before = []

  /** The installed `benchdoc`, run in `cwd`. @param {string[]} args */
  const benchdoc = (args, cwd = repo) => spawnSync(join(repo, 'node_modules', '.bin', 'benchdoc'), args, {cwd, env, encoding: 'utf8'})
  /** @param {string[]} args */
  const git = (args) => execFileSync('git', args, {cwd: repo, encoding: 'utf8', env: {...env, GIT_AUTHOR_NAME: 'A', GIT_AUTHOR_EMAIL: 'a@example.com', GIT_COMMITTER_NAME: 'A', GIT_COMMITTER_EMAIL: 'a@example.com'}})
  /** @param {string} path */
  const page = (path) => readFileSync(join(repo, 'public', path), 'utf8')

  let tarball = ''

  beforeAll(() => {
    tarball = packBenchdoc()
    installTarball(tarball, repo)
    before = snapshot(installed)
  }, 120_000)

  afterAll(() => {
    // the last word: whatever ran, the package is as npm installed it
    if (before.length > 0) expect(snapshot(installed)).toEqual(before)
  })

  test('should hold the tool and its defaults, and no tests, data or reports of benchdoc\'s own', () => {
    expect(readdirSync(installed).sort()).toEqual(['.github', 'README.md', 'assets', 'hugo', 'i18n', 'layouts', 'package.json', 'schemas', 'tools'])
    expect(readdirSync(join(installed, '.github', 'workflows')).sort()).toEqual(['benchdoc-comment.yml', 'benchdoc.yml', 'pages.yml'])
    expect(existsSync(join(installed, 'tools', 'types', 'generate.js'))).toBe(false)
    // made before packing, and run: npm gives every installed file one time
    expect(existsSync(join(installed, 'tools', 'pack', 'bundle.js'))).toBe(false)
    expect(bundleIsFresh(installed, {})).toBe(true)
  })

  test('should write a reports repository with init, with a copy of the tarball npm installed from', () => {
    const result = benchdoc(['init', '.'])
    expect(result.stderr).toBe([
      'config.toml: written', 'data/reports/.gitkeep: written', 'content/narrative/.gitkeep: written', 'README.md: written', '.gitignore: written',
      'plans/example.yaml: written', '.github/workflows/benchdoc.yml: written', '.github/workflows/benchdoc-comment.yml: written',
      '.github/workflows/pages.yml: written',
      `vendor/benchdoc-${VERSION}.tgz: written (a copy of ${relative(repo, tarball)}, which benchdoc was installed from: package.json names the copy, so that a fresh clone installs it; commit it)`,
      'package.json: written', 'package-lock.json: written',
      'Next: npx benchdoc setup, then `npx benchdoc run plans/example.yaml` and `npx benchdoc serve` (README.md)', ''
    ].join('\n'))
    expect(result.status).toBe(0)
    const manifest = JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8'))
    expect(manifest.dependencies).toEqual({benchdoc: `file:vendor/benchdoc-${VERSION}.tgz`})
    expect(manifest.scripts).toEqual({build: 'benchdoc build', serve: 'benchdoc serve', validate: 'benchdoc validate'})
    expect(benchdoc(['run', 'plans/example.yaml', '--dry-run']).status).toBe(0)
    git(['init', '--quiet', '--initial-branch=main'])
    git(['add', '-A'])
    git(['commit', '--quiet', '-m', 'A reports repository'])
    expect(git(['ls-files'])).not.toContain('node_modules/')
  })

  test('should collect sysbench logs into a report that validates, builds in three languages and passes i18n check', () => {
    const collected = benchdoc(['collect', fixture('sysbench/1.0.20-read-write-1-client.log'), fixture('sysbench/1.1-style-read-write.log')])
    expect(collected.status).toBe(0)
    const points = parse(collected.stdout).map((/** @type {Record<string, unknown>} */ p) => ({subject: 'mariadb-10.11', workload: 'oltp_read_write', ...p}))
    const report = {
      id: 'acme',
      kind: 'single',
      subjects: [{id: 'mariadb-10.11', product: 'MariaDB', version: '10.11'}],
      plan: {workloads: [{name: 'oltp_read_write', threads: [2, 8]}]},
      results: points
    }
    writeFileSync(join(repo, 'data', 'reports', 'acme.yaml'), stringify(report))
    const validated = benchdoc(['validate'], join(repo, 'data'))
    expect(validated.stderr).toBe('2 files checked: 0 errors, 0 warnings\n') // the report and plans/example.yaml
    expect(validated.status).toBe(0)
    const built = benchdoc(['build'])
    expect(built.status, built.stderr).toBe(0)
    for (const lang of ['en', 'zh', 'ja']) expect(page(`${lang}/reports/acme/index.html`)).toContain('30,551.6')
    expect(page('en/index.html')).toContain('Sysbench performance reports')
    const checked = benchdoc(['i18n', 'check'])
    expect(checked.stderr).toBe('3 label files and 1 report checked: 0 errors, 0 warnings\n')
    expect(checked.status).toBe(0)
    git(['add', '-A'])
    git(['commit', '--quiet', '-m', 'The first report'])
  }, 60_000)

  test('should review a branch of the repository\'s own history against main', () => {
    git(['checkout', '--quiet', '-b', 'faster'])
    const file = join(repo, 'data', 'reports', 'acme.yaml')
    writeFileSync(file, readFileSync(file, 'utf8').replace('qps: 30551.6', 'qps: 31551.6'))
    git(['commit', '--quiet', '-am', 'A faster run'])
    const review = benchdoc(['review', 'main', '--format', 'text'])
    expect(review.stderr).toBe('1 report compared with main: 0 errors, 0 warnings, 0 regressions, 0 drift\n')
    expect(review.stdout).toContain('mariadb-10.11  oltp_read_write        8  qps      30551.6  31551.6  +3.27 % better')
    expect(review.status).toBe(0)
  })

  test('should serve the site', async () => {
    const port = await freePort()
    const child = spawn(join(repo, 'node_modules', '.bin', 'benchdoc'), ['serve', '--port', String(port)], {cwd: repo, env, stdio: 'ignore'})
    try {
      let html = ''
      for (let i = 0; i < 150 && !html.includes('31,551.6'); i++) {
        html = await fetch(`http://127.0.0.1:${port}/en/reports/acme/`).then((r) => r.text(), () => '')
        if (!html.includes('31,551.6')) await new Promise((r) => setTimeout(r, 200))
      }
      expect(html).toContain('31,551.6')
    } finally {
      child.kill('SIGTERM')
      await new Promise((resolve) => child.on('close', resolve))
    }
    // no Hugo server of this repository left running
    const servers = spawnSync('pgrep', ['-f', `${repo}/.benchdoc/hugo/serve.toml`], {encoding: 'utf8'})
    expect(servers.stdout).toBe('')
  }, 60_000)

  test('should show a label and a template of the repository\'s own over the package\'s', () => {
    mkdirSync(join(repo, 'i18n'))
    writeFileSync(join(repo, 'i18n', 'en.yaml'), 'site_title: "Acme database reports"\n')
    const partial = join('layouts', '_partials', 'site', 'lang-switch.html')
    mkdirSync(join(repo, 'layouts', '_partials', 'site'), {recursive: true})
    writeFileSync(join(repo, partial), readFileSync(join(installed, partial), 'utf8').replace('<nav class="lang-switch"', '<nav class="lang-switch acme"'))
    const built = benchdoc(['build'])
    expect(built.status, built.stderr).toBe(0)
    expect(page('en/index.html')).toContain('<a class="home" href="/en/">Acme database reports</a>')
    expect(page('zh/index.html')).toContain('Sysbench 性能测试报告')
    expect(page('en/reports/acme/index.html')).toContain('<nav class="lang-switch acme"')
    expect(benchdoc(['i18n', 'check']).stderr).toBe('3 label files and 1 report checked: 0 errors, 0 warnings\n')
    expect(readdirSync(repo).sort()).toEqual(['.benchdoc', '.git', '.github', '.gitignore', '.hugo_build.lock', 'README.md', 'config.toml', 'content', 'data', 'i18n', 'layouts', 'node_modules', 'package-lock.json', 'package.json', 'plans', 'public', 'vendor'])
    expect(readdirSync(cache)).toEqual(['validators'])
  }, 60_000)
})
