import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {describe, expect, it} from 'vitest'
import {HELP} from '../../tools/import/command.js'
import {main} from '../../tools/cli.js'
import {tempFolder} from '../helpers/temp.js'

const FIXTURES = join(import.meta.dirname, '..', 'fixtures', 'import')

/** @param {string[]} argv */
async function cli(argv) {
  const cwd = tempFolder('benchdoc-import-')
  return cliIn(cwd, argv)
}

/** @param {string} cwd @param {string[]} argv */
async function cliIn(cwd, argv) {
  let out = ''
  let err = ''
  const code = await main(['import', ...argv], {out: (t) => void (out += t), err: (t) => void (err += t), cwd, env: {}})
  return {code, out, err, cwd}
}

describe('benchdoc import', () => {
  it('should print its help', async () => {
    let out = ''
    const code = await main(['import', '--help'], {out: (t) => void (out += t), err: () => {}, cwd: '.', env: {}})
    expect(code).toBe(0)
    expect(out).toBe(HELP)
    expect(HELP.split('\n')[0]).toBe('Usage: benchdoc import FILE.md|DIR... [options]')
  })

  it('should exit 2 without a file or with a wrong --lang', async () => {
    expect((await cli([])).err).toBe('benchdoc import: Missing FILE.md, expected at least one report to import\n')
    const wrong = await cli(['--lang', 'fr', join(FIXTURES, 'zh-version-rows.md')])
    expect(wrong.code).toBe(2)
    expect(wrong.err).toBe('benchdoc import: Unexpected --lang `fr`, expected one of the site\'s languages: en, zh, ja\n')
  })

  it('should import a report in a language the site added, recording that language as its source', async () => {
    const cwd = tempFolder('benchdoc-import-')
    const quiet = {out: () => {}, err: () => {}, cwd, env: {}}
    expect(await main(['init', '.'], quiet)).toBe(0)
    expect(await main(['i18n', 'add-language', 'ko'], quiet)).toBe(0)
    const file = join(FIXTURES, 'zh-version-rows.md')
    const {code, err} = await cliIn(cwd, ['--lang', 'ko', file])
    expect(err).toBe(
      `${relative(cwd, file)}:30:1: warning: Duplicate point v3.0.2 × oltp_read_write × 64 threads (table_size 5000000); the first is kept [duplicate-point]\n` +
      `${relative(cwd, file)}: tidb-v3.1.0-vs-v3.0.2 (ko): 3/3 sections mapped, 1 table, 2 points, 1 warning; wrote data/reports/tidb-v3.1.0-vs-v3.0.2.yaml and content/narrative/tidb-v3.1.0-vs-v3.0.2/ko.md\n`
    )
    expect(code).toBe(0)
    expect(readFileSync(join(cwd, 'data/reports/tidb-v3.1.0-vs-v3.0.2.yaml'), 'utf8').split('\n')).toContain('source: { file: zh-version-rows.md, lang: ko }')
  })

  it('should write the data file and the narrative, and print a summary', async () => {
    const {code, err, cwd} = await cli([join(FIXTURES, 'zh-version-rows.md')])
    expect(code).toBe(0)
    const shown = relative(cwd, join(FIXTURES, 'zh-version-rows.md'))
    expect(err).toBe(
      `${shown}:30:1: warning: Duplicate point v3.0.2 × oltp_read_write × 64 threads (table_size 5000000); the first is kept [duplicate-point]\n` +
      `${shown}: tidb-v3.1.0-vs-v3.0.2 (zh): 3/3 sections mapped, 1 table, 2 points, 1 warning; wrote data/reports/tidb-v3.1.0-vs-v3.0.2.yaml and content/narrative/tidb-v3.1.0-vs-v3.0.2/zh.md\n`
    )
    expect(readFileSync(join(cwd, 'data/reports/tidb-v3.1.0-vs-v3.0.2.yaml'), 'utf8')).toContain('tps: 1200.50,')
    const narrative = readFileSync(join(cwd, 'content/narrative/tidb-v3.1.0-vs-v3.0.2/zh.md'), 'utf8')
    expect(narrative.startsWith('---\nreport: tidb-v3.1.0-vs-v3.0.2\nlang: zh\n')).toBe(true)
    // No temporary files left behind by the atomic writes.
    expect(readdirSync(join(cwd, 'data/reports'))).toEqual(['tidb-v3.1.0-vs-v3.0.2.yaml'])
  })

  it('should check a translation against the data, report both values and places, and write nothing on disagreement', async () => {
    const first = await cli([join(FIXTURES, 'zh-version-rows.md')])
    const second = await cliIn(first.cwd, [join(FIXTURES, 'en-translation.md')])
    expect(second.code).toBe(1)
    const lines = second.err.trim().split('\n')
    expect(lines.filter((l) => l.includes('error:'))).toEqual([
      expect.stringMatching(/en-translation\.md:21:1: error: Unexpected tps 1200\.60 for v3\.1\.0 × oltp_read_write × 64×2 threads, expected 1200\.50 as in data\/reports\/tidb-v3\.1\.0-vs-v3\.0\.2\.yaml:\d+:\d+ \[merge-number\]$/)
    ])
    expect(existsSync(join(first.cwd, 'content/narrative/tidb-v3.1.0-vs-v3.0.2/en.md'))).toBe(false)
  })

  it('should add the narrative of a translation whose numbers agree', async () => {
    const first = await cli([join(FIXTURES, 'zh-version-rows.md')])
    const before = readFileSync(join(first.cwd, 'data/reports/tidb-v3.1.0-vs-v3.0.2.yaml'), 'utf8')
    const text = readFileSync(join(FIXTURES, 'en-translation.md'), 'utf8').replace('1200.60', '1200.50')
    const {writeFileSync} = await import('node:fs')
    writeFileSync(join(first.cwd, 'en.md'), text)
    const second = await cliIn(first.cwd, ['en.md'])
    expect(second.code).toBe(0)
    expect(second.err.trim().split('\n').at(-1)).toBe('en.md: tidb-v3.1.0-vs-v3.0.2 (en): 3/3 sections mapped, 1 table, 2 points, 0 warnings; translation checked against data/reports/tidb-v3.1.0-vs-v3.0.2.yaml; wrote content/narrative/tidb-v3.1.0-vs-v3.0.2/en.md')
    expect(readFileSync(join(first.cwd, 'data/reports/tidb-v3.1.0-vs-v3.0.2.yaml'), 'utf8')).toBe(before)
  })

  it('should name a YAML typo at its place: in the front matter (ignored, a warning), in the data file to merge with (an error)', async () => {
    const cwd = tempFolder('benchdoc-import-')
    const {writeFileSync} = await import('node:fs')
    const text = readFileSync(join(FIXTURES, 'en-translation.md'), 'utf8')
    writeFileSync(join(cwd, 'en.md'), text.replace('title: Some DB', 'title: "Some DB"'))
    const first = await cliIn(cwd, ['en.md'])
    expect(first.err.split('\n')[0]).toBe('en.md:2:18: warning: Unexpected `Sysbench test - v3.1.0 vs v3.0.2` after the closing `"`, expected the end of the value; to keep it, put it inside the quotes; front matter ignored [front-matter]')
    expect(first.code).toBe(0)
    const data = join(cwd, 'data/reports/tidb-v3.1.0-vs-v3.0.2.yaml')
    writeFileSync(data, readFileSync(data, 'utf8').replace('kind: comparison', 'kind: comparison: x'))
    writeFileSync(join(cwd, 'en.md'), text)
    const second = await cliIn(cwd, ['en.md'])
    expect(second.err.split('\n')[0]).toBe('data/reports/tidb-v3.1.0-vs-v3.0.2.yaml:5:7: error: Unexpected `comparison: x`, expected a value without `: `, or the value in quotes [yaml-syntax]')
    expect(second.code).toBe(1)
  })

  it('should exit 1 and write nothing for a file that is not a report', async () => {
    const {code, err, cwd} = await cli([join(FIXTURES, 'not-a-report.md')])
    expect(code).toBe(1)
    const shown = relative(cwd, join(FIXTURES, 'not-a-report.md'))
    expect(err).toBe(
      `${shown}:1:1: error: No report found: expected a title or a version line naming the versions tested (e.g. \`TiDB v6.0.0 vs v5.4.0\`) [no-report]\n` +
      `${shown}: not imported, nothing written\n`
    )
    expect(existsSync(join(cwd, 'data'))).toBe(false)
    expect(existsSync(join(cwd, 'content'))).toBe(false)
  })
})
