import {spawnSync} from 'node:child_process'
import {createHash} from 'node:crypto'
import {cpSync, readFileSync, readdirSync, rmSync, symlinkSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {makeBundle} from '../../tools/pack/bundle.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/** What cli.js needs to start the bundle: every other source file is removed, so only the bundle can run. */
const LAUNCHER = ['cli.js', 'lib/root.js', 'lib/errors.js', 'lib/io.js', 'pack/fresh.js']

/**
 * A copy of the package whose tools/ holds the bundle and the launcher only.
 * @returns {Promise<string>}
 */
async function bundledPackage() {
  const root = tempFolder('benchdoc-bundled-')
  cpSync(join(ROOT, 'tools'), join(root, 'tools'), {recursive: true, filter: (src) => !src.startsWith(join(ROOT, 'tools', 'bundle'))})
  cpSync(join(ROOT, 'package.json'), join(root, 'package.json'))
  for (const shared of ['node_modules', 'schemas', 'layouts', 'i18n', 'assets', 'hugo']) symlinkSync(join(ROOT, shared), join(root, shared))
  await makeBundle(root)
  for (const entry of readdirSync(join(root, 'tools'), {recursive: true, withFileTypes: true})) {
    const path = join(entry.parentPath, entry.name)
    const kept = entry.isDirectory() || path.startsWith(join(root, 'tools', 'bundle')) || LAUNCHER.some((f) => path === join(root, 'tools', f))
    if (!kept) rmSync(path)
  }
  return root
}

/** Every file under `dir` with its bytes' hash. @param {string} dir */
const filesOf = (dir) => readdirSync(dir, {recursive: true, withFileTypes: true})
  .filter((d) => d.isFile())
  .map((d) => `${join(d.parentPath, d.name).slice(dir.length)} ${createHash('sha256').update(readFileSync(join(d.parentPath, d.name))).digest('hex').slice(0, 16)}`)
  .sort()

describe('benchdoc run from its bundle', () => {
  /** @type {string} */
  let bundled = ''
  beforeAll(async () => {
    bundled = await bundledPackage()
  }, 120_000)

  /** @param {string} packageRoot @param {string[]} args @param {Record<string, string | undefined>} [env] */
  const benchdoc = (packageRoot, args, env = process.env) => spawnSync(process.execPath, [join(packageRoot, 'tools', 'cli.js'), ...args], {encoding: 'utf8', env})

  test('should report invalid data with the source\'s messages and exit code', () => {
    const file = fixture('validate/wrong-types.yaml')
    const fromBundle = benchdoc(bundled, ['validate', file])
    const fromSource = benchdoc(ROOT, ['validate', file], {...process.env, BENCHDOC_NO_BUNDLE: '1'})
    expect(fromBundle.stderr).toBe(fromSource.stderr)
    expect(fromBundle.stderr).toContain('wrong-types.yaml:')
    expect(fromBundle.status).toBe(1)
  })

  test('should build a site the same as the source does, its charts drawn by the bundle\'s workers', () => {
    const report = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
    const sites = [fixtureSite({'data/reports/minimal.yaml': report}), fixtureSite({'data/reports/minimal.yaml': report})]
    const built = [benchdoc(bundled, ['build', '--root', sites[0].root], sites[0].env), benchdoc(ROOT, ['build', '--root', sites[1].root], {...sites[1].env, BENCHDOC_NO_BUNDLE: '1'})]
    expect(built.map((b) => b.status), built[0].stderr + built[1].stderr).toEqual([0, 0])
    const [fromBundle, fromSource] = sites.map(({root}) => filesOf(join(root, 'public')))
    expect(fromBundle.filter((f) => f.startsWith('/charts/minimal/')).length).toBeGreaterThan(0)
    expect(fromBundle).toEqual(fromSource)
  })

  test('should say the command is unknown as the source does', () => {
    const result = benchdoc(bundled, ['frobnicate'])
    expect(result.stderr).toBe('benchdoc frobnicate: Unknown command `frobnicate`, expected one of: validate, build, serve, import, export, run, collect, noise, review, i18n, init, setup, migrate\n')
    expect(result.status).toBe(2)
  })
})
