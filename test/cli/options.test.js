import {spawnSync} from 'node:child_process'
import {copyFileSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {readLanguages} from '../../tools/i18n/languages.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/** `benchdoc ARGS` in `cwd`, as a user runs it. @param {string[]} args @param {string} cwd */
const benchdoc = (args, cwd) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, encoding: 'utf8'})

/** A reports repository made by `init` (en, zh, ja) with one report. */
function repository() {
  const repo = tempFolder('benchdoc-options-')
  expect(benchdoc(['init', '.'], repo).status).toBe(0)
  copyFileSync(fixture('validate/minimal.yaml'), join(repo, 'data/reports/minimal.yaml'))
  return repo
}

describe('--lang', () => {
  test('should take a list, or be given again, and mean every language named, in init', () => {
    for (const lang of [['--lang', 'en,zh'], ['--lang', 'en', '--lang', 'zh'], ['--lang=en', '--lang', ' zh']]) {
      const repo = tempFolder('benchdoc-options-')
      const result = benchdoc(['init', '.', ...lang], repo)
      expect(result.status, result.stderr).toBe(0)
      expect(readLanguages(repo).map((l) => l.code), lang.join(' ')).toEqual(['en', 'zh'])
    }
  })

  test('should take a list, or be given again, in i18n status and check', () => {
    const repo = repository()
    for (const lang of [['--lang', 'en,zh'], ['--lang', 'en', '--lang', 'zh']]) {
      const status = benchdoc(['i18n', 'status', ...lang], repo)
      expect(status.stdout, lang.join(' ')).toBe('report   en       zh\nminimal  missing  missing\n')
      expect(status.status).toBe(0)
      expect(benchdoc(['i18n', 'check', ...lang], repo).stderr).toBe('2 label files and 1 report checked: 0 errors, 0 warnings\n')
    }
    const unknown = benchdoc(['i18n', 'status', '--lang', 'en,fr'], repo)
    expect(unknown.stderr).toBe('benchdoc i18n: Unknown language `fr`, expected one of: en, zh, ja\n')
    expect(unknown.status).toBe(2)
  })

  test('should take a list in export, writing each language named', () => {
    const repo = repository()
    const result = benchdoc(['export', 'minimal', '--lang', 'zh,ja', '--out', 'out'], repo)
    expect(result.stderr).toBe('minimal: wrote out/zh/minimal.md and out/zh/minimal.benchdoc.yaml\nminimal: wrote out/ja/minimal.md and out/ja/minimal.benchdoc.yaml\n')
    expect(result.status).toBe(0)
    expect(readFileSync(join(repo, 'out/ja/minimal.md'), 'utf8')).toMatch(/\nbenchdoc: \{id: "minimal", lang: "ja", digest: "[0-9a-f]{12}"\}\n/)
    expect(readFileSync(join(repo, 'out/ja/minimal.benchdoc.yaml'), 'utf8')).toContain('\nid: minimal\n')
  })
})

describe('an option that takes one value', () => {
  test('should be refused when given twice, rather than keep the last', () => {
    const repo = repository()
    for (const [option, args] of /** @type {const} */ ([['--out', ['build', '--out', 'a', '--out', 'b']], ['--lang', ['import', 'x.md', '--lang', 'en', '--lang=zh']], ['--port', ['serve', '--port', '1', '--port', '2']]])) {
      const result = benchdoc([...args], repo)
      expect(result.stderr).toBe(`benchdoc ${args[0]}: Option \`${option}\` given twice, expected it once\n`)
      expect(result.status).toBe(2)
    }
  })
})
