import {existsSync, readFileSync, readdirSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {fixture} from '../helpers/paths.js'
import {exactly} from '../helpers/exact.js'

const REPORT = readFileSync(fixture('validate/minimal.yaml'), 'utf8')

/** A fixture project with two reports. */
function project() {
  return fixtureSite({'data/reports/minimal.yaml': REPORT, 'data/reports/other.yaml': REPORT.replace('id: minimal', 'id: other')})
}

// what Hugo does not read is written while it renders (tools/site/build.js `alongside`)
describe('the work a build does while Hugo renders', () => {
  test('should be the changed reports\' downloads and Markdown exports, then the manifest, left to the caller of prepareSite', async () => {
    const {root} = project()
    const out = join(root, '.benchdoc')
    /** @type {Array<() => void>} */
    const later = []
    await prepareSite({root, later})
    const outputs = ['static/downloads/other/other.csv', 'static/downloads/other/other.json', 'export/other/en.md', 'cache/reports.json']
    // Hugo's own inputs are there already: each report page's article in each language
    expect(['minimal', 'other'].map((id) => readdirSync(join(out, 'assets', 'pages', id)).sort())).toEqual([['en.html', 'ja.html', 'zh.html'], ['en.html', 'ja.html', 'zh.html']])
    // and the charts' downloads and renderings kept, written once the charts are drawn
    expect(['static/downloads/other/other.zh.vl.json', 'cache/report-charts/other.json'].filter((f) => !existsSync(join(out, f)))).toEqual([])
    expect(outputs.filter((f) => existsSync(join(out, f)))).toEqual([])
    expect(later.length).toBe(5)
    for (const step of later) step()
    expect(outputs.filter((f) => existsSync(join(out, f)))).toEqual(outputs)
  })

  test('should fail the build when an export cannot be written, once Hugo is done, and keep the last site whole', async () => {
    const {root, env} = project()
    await buildSite({root, env})
    const page = readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')
    writeFileSync(join(root, 'data/reports/other.yaml'), REPORT.replace('id: minimal', 'id: other').replace('qps: 1100,', 'qps: 1234,'))
    // a file where the report's export folder goes
    const folder = join(root, '.benchdoc/export/other')
    rmSync(folder, {recursive: true})
    writeFileSync(folder, 'in the way')
    await expect(buildSite({root, env})).rejects.toThrow(exactly(`${join(folder, 'en.md')}: cannot create its folder (ENOTDIR: something in the path is not a folder or not writable)`))
    expect(readFileSync(join(root, 'public/en/reports/other/index.html'), 'utf8')).toBe(page)
    // nothing says the failed report's outputs are there: the next build derives it again
    rmSync(folder)
    const next = await buildSite({root, env})
    expect([next.unchanged, next.charts.rendered + next.charts.cached]).toEqual([1, 1])
    expect(readFileSync(join(root, 'public/en/reports/other/index.md'), 'utf8')).toContain('1234')
  })
})
