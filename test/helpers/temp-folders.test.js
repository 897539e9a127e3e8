import {spawnSync} from 'node:child_process'
import {existsSync, readFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {hostileCases} from '../fixtures/hostile/cases.js'
import {runCase} from '../hostile/corpus.js'
import {project} from '../i18n/project.js'
import {makeOrigin} from '../review/scripted-pr.js'
import {tempDir} from '../run/helpers.js'
import {fixtureSite} from './fixture-site.js'
import {ROOT, fixture} from './paths.js'
import {foldersMade, tempFolder} from './temp.js'

/**
 * Every helper that makes a folder under the tmpdir removes it: a suite run
 * leaves no /tmp/benchdoc-* behind. The check is by path, one helper at a
 * time: other test files (and other people's runs) make and remove such
 * folders meanwhile, so counting /tmp would prove nothing.
 */

/**
 * Each helper used as its suites use it; returns the folders it hands back.
 * @type {Record<string, {folders: number, make: () => Promise<string[]>}>}
 */
const HELPERS = {
  tempFolder: {folders: 1, make: async () => [tempFolder('benchdoc-check-')]},
  'fixtureSite, built with Hugo': {
    folders: 1,
    make: async () => {
      const site = fixtureSite({'data/reports/minimal.yaml': readFileSync(fixture('validate/minimal.yaml'), 'utf8')})
      expect((await buildSite(site)).built).toBe(true)
      expect(existsSync(join(site.root, 'public', 'en', 'reports', 'minimal', 'index.html'))).toBe(true)
      return [site.root]
    }
  },
  'the run suites\' tempDir': {folders: 1, make: async () => [tempDir()]},
  'the i18n project': {
    folders: 1,
    make: async () => {
      const p = project({'i18n/en.yaml': 'site_title: "Reports"\n', 'i18n/zh.yaml': 'site_title: "报告"\n'})
      expect((await p.run(['check'])).code).toBe(0)
      return [p.dir]
    }
  },
  'a hostile case with a link to a file outside its project': {
    folders: 2,
    make: async () => {
      const c = hostileCases().find((h) => h.id === 'file/symlink-outside/validate-data')
      const result = await runCase(/** @type {import('../fixtures/hostile/cases.js').Case} */ (c))
      expect(result.code).toBe(1)
      return [result.root]
    }
  },
  'the scripted pull request\'s origin': {folders: 1, make: async () => [(await makeOrigin()).root]}
}

describe('a helper\'s folder made in a test', () => {
  /** @type {Record<string, string[]>} */
  const made = {}
  for (const [name, helper] of Object.entries(HELPERS)) {
    test(`${name} should make ${helper.folders} folder(s) named benchdoc-* under the tmpdir, there while the test runs`, async () => {
      const before = foldersMade().length
      const handed = await helper.make()
      made[name] = foldersMade().slice(before)
      expect(made[name]).toHaveLength(helper.folders)
      expect(made[name]).toEqual(expect.arrayContaining(handed))
      for (const dir of made[name]) {
        expect(dir.startsWith(join(tmpdir(), 'benchdoc-'))).toBe(true)
        expect(existsSync(dir)).toBe(true)
      }
    }, 120_000)

    test(`${name} should leave none of them once that test is done`, () => {
      expect(made[name]?.length).toBe(helper.folders)
      expect(made[name].filter((dir) => existsSync(dir))).toEqual([])
    })
  }
})

describe('a helper\'s folder made outside a test', () => {
  test('should last through the file\'s tests and be gone when the file\'s run has ended', () => {
    const log = join(tempFolder('benchdoc-check-'), 'folders.txt')
    const env = Object.fromEntries(Object.entries(process.env).filter(([key]) => !key.startsWith('VITEST') && key !== 'FORCE_COLOR'))
    const child = spawnSync(process.execPath, [join(ROOT, 'node_modules', 'vitest', 'vitest.mjs'), 'run', '--config', 'test/fixtures/temp-folders/vitest.config.js'], {
      cwd: ROOT,
      env: {...env, NO_COLOR: '1', BENCHDOC_TEMP_LOG: log},
      encoding: 'utf8'
    })
    expect(child.status, child.stdout + child.stderr).toBe(0)
    expect(child.stdout).toMatch(/Tests\s+2 passed \(2\)/)
    const folders = readFileSync(log, 'utf8').split('\n').filter(Boolean)
    // one made while the file was collected (fixtureSite), one in a beforeAll (tempDir)
    expect(folders.map((dir) => dir.replace(/-[^-]+$/, '-'))).toEqual([join(tmpdir(), 'benchdoc-site-'), join(tmpdir(), 'benchdoc-test-')])
    expect(folders.filter((dir) => existsSync(dir))).toEqual([])
  }, 120_000)
})
