import {copyFileSync, readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * `benchdoc export` refuses wrong usage before it derives anything: exit 2
 * and a message that says what was expected.
 * @param {string[]} argv
 */
async function exportWith(argv) {
  let err = ''
  const cwd = tempFolder('benchdoc-export-cli-')
  writeFileSync(join(cwd, 'a-file'), '')
  // the bundled reports of this repository, from a folder of its own
  const code = await main(['export', '--root', ROOT, ...argv], {cwd, out: () => {}, err: (s) => (err += s), env: process.env})
  return {code, err}
}

describe('benchdoc export', () => {
  it('should ask for a report id', async () => {
    expect(await exportWith([])).toEqual({code: 2, err: 'benchdoc export: Missing report id, expected `benchdoc export ID...` (see --help)\n'})
  })

  it('should name the reports it knows when given an unknown one', async () => {
    const {code, err} = await exportWith(['nosuch'])
    expect(code).toBe(2)
    expect(err).toMatch(/^benchdoc export: Unknown report `nosuch`, expected one of: tidb-v2\.0\.0-rc6-vs-v1\.0\.8, .*tidb-v8\.1\.0\n$/)
  })

  it('should refuse a language the site does not have, an image format other than svg or png, and --image without --docs', async () => {
    expect(await exportWith(['tidb-v8.1.0', '--lang', 'fr'])).toEqual({code: 2, err: 'benchdoc export: Unknown language `fr`, expected one of: en, zh, ja\n'})
    expect(await exportWith(['tidb-v8.1.0', '--docs', '--image', 'gif'])).toEqual({code: 2, err: 'benchdoc export: Unexpected --image gif, expected svg or png\n'})
    expect(await exportWith(['tidb-v8.1.0', '--image', 'png'])).toEqual({code: 2, err: 'benchdoc export: --image applies to --docs only\n'})
  })

  it('should refuse to write into a file', async () => {
    expect(await exportWith(['tidb-v8.1.0', '--out', 'a-file'])).toEqual({code: 2, err: 'benchdoc export: --out a-file is a file, expected a folder\n'})
  })

  it('should write a language the site added, which benchdoc import reads back by the site\'s labels', async () => {
    const cwd = tempFolder('benchdoc-export-ko-')
    const quiet = {out: () => {}, err: () => {}, cwd, env: process.env}
    expect(await main(['init', '.'], quiet)).toBe(0)
    expect(await main(['i18n', 'add-language', 'ko'], quiet)).toBe(0)
    copyFileSync(fixture('validate/minimal.yaml'), join(cwd, 'data/reports/minimal.yaml'))
    expect(await main(['export', 'minimal', '--lang', 'ko'], quiet)).toBe(0)
    expect(readFileSync(join(cwd, 'export/ko/minimal.md'), 'utf8')).toMatch(/\nbenchdoc: \{id: "minimal", lang: "ko", digest: "[0-9a-f]{12}"\}\n/)
    let err = ''
    const code = await main(['import', 'export/ko/minimal.md'], {...quiet, err: (s) => (err += s)})
    expect(err).toBe('export/ko/minimal.md: minimal (ko): 6/6 sections mapped, 2 tables, 2 points, 0 warnings; translation checked against data/reports/minimal.yaml; wrote content/narrative/minimal/ko.md\n')
    expect(code).toBe(0)
  })
})

describe('export → import of what a `Versions:` line and the tables cannot carry', () => {
  it('should give back a product and a version holding spaces and each point\'s sysbench version, from the sidecar the wrote line names, in en, zh and ja, plain and --docs', async () => {
    const data = `id: spaced
kind: comparison
subjects:
  - {id: a, product: Maria DB, version: 10.11 LTS (debian build)}
  - {id: b, product: Maria DB, version: 11.4 LTS}
plan:
  workloads:
    - {name: oltp_point_select, threads: [8]}
results:
  - {subject: a, workload: oltp_point_select, threads: 8, sysbench: 1.0.20, qps: 1000.50}
  - {subject: b, workload: oltp_point_select, threads: 8, sysbench: 1.1.0-de18a03, qps: 1100}
`
    const cwd = tempFolder('benchdoc-export-spaced-')
    const quiet = {out: () => {}, err: () => {}, cwd, env: process.env}
    expect(await main(['init', '.'], quiet)).toBe(0)
    writeFileSync(join(cwd, 'data/reports/spaced.yaml'), data)
    let err = ''
    expect(await main(['export', 'spaced', '--out', 'plain'], {...quiet, err: (s) => (err += s)}), err).toBe(0)
    expect(await main(['export', 'spaced', '--docs', '--lang', 'zh', '--out', 'docs'], {...quiet, err: (s) => (err += s)}), err).toBe(0)
    expect(err).toBe([
      ...['en', 'zh', 'ja'].map((lang) => `spaced: wrote plain/${lang}/spaced.md and plain/${lang}/spaced.benchdoc.yaml\n`),
      'spaced: wrote docs/benchmark/spaced.md, docs/benchmark/spaced.benchdoc.yaml and 1 chart\n'
    ].join(''))
    for (const page of ['plain/en/spaced.md', 'plain/zh/spaced.md', 'plain/ja/spaced.md', 'docs/benchmark/spaced.md']) {
      const dir = tempFolder('benchdoc-export-spaced-in-')
      let said = ''
      const code = await main(['import', join(cwd, page), '--data', join(dir, 'data'), '--narrative', join(dir, 'narrative')], {...quiet, err: (s) => (said += s)})
      expect(code, said).toBe(0)
      const imported = readFileSync(join(dir, 'data', 'spaced.yaml'), 'utf8')
      expect(parse(imported), page).toEqual({schema_version: 1, ...parse(data)})
      expect(imported, page).toContain('qps: 1000.50')
    }
  })
})
