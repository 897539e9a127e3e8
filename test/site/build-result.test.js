import {spawnSync} from 'node:child_process'
import {existsSync, mkdirSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')

describe('a build\'s result', () => {
  test('should say the reports derived, the charts drawn, and how long Hugo itself ran within its part', async () => {
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT})
    const result = await buildSite({root, env})
    expect([result.built, result.reports, result.unchanged, result.rendered, result.problems]).toEqual([true, 1, 0, 'all', []])
    expect(result.charts.rendered).toBeGreaterThan(0)
    // Hugo's own run is part of the time from its start to the site's end
    expect(result.hugoOwnMs).toBeGreaterThan(0)
    expect(result.hugoOwnMs).toBeLessThanOrEqual(result.hugoMs)
    for (const lang of ['en', 'zh', 'ja']) expect(existsSync(join(root, 'public', lang, 'reports', 'minimal', 'index.html'))).toBe(true)
  }, 60_000)

  test('should be an error with its message and exit code when the destination is not the build\'s to replace', async () => {
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT})
    mkdirSync(join(root, 'notes'))
    writeFileSync(join(root, 'notes/todo.txt'), 'keep me\n')
    const failed = await buildSite({root, env, destination: join(root, 'notes')}).catch((error) => error)
    expect([failed.message, failed.exitCode]).toEqual([`${join(root, 'notes')} holds files but no site: not replacing it (empty it, or choose another --out)`, 2])
  }, 60_000)

  test('should let `benchdoc build` say that error and exit with its code', () => {
    const {root, env} = fixtureSite({'data/reports/minimal.yaml': REPORT})
    mkdirSync(join(root, 'notes'))
    writeFileSync(join(root, 'notes/todo.txt'), 'keep me\n')
    const run = spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'build', '--out', 'notes'], {cwd: root, env, encoding: 'utf8'})
    expect([run.status, run.stderr]).toEqual([2, `benchdoc build: ${join(root, 'notes')} holds files but no site: not replacing it (empty it, or choose another --out)\n`])
  }, 60_000)
})
