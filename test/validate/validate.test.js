import {copyFileSync, mkdirSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {spawnSync} from 'node:child_process'
import {describe, expect, test} from 'vitest'
import {validateFiles, reportFiles, validateReportText} from '../../tools/validate/index.js'
import {formatProblem, sortProblems} from '../../tools/lib/problems.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const cases = readdirSync(fixture('validate')).filter((f) => f.endsWith('.yaml'))

/** @param {string} name */
const messagesOf = (name) =>
  sortProblems(validateReportText(name, readFileSync(fixture(`validate/${name}`), 'utf8')).problems).map(formatProblem)

describe('validate', () => {
  test('should accept every bundled report without error or warning', () => {
    const results = validateFiles(reportFiles([], ROOT), ROOT)
    expect(results.length).toBeGreaterThanOrEqual(5)
    expect(results.flatMap((r) => r.problems).map(formatProblem)).toEqual([])
  })

  test.each(cases)('should report exactly the expected problems for fixture %s', (name) => {
    const expectedFile = fixture(`validate/${name.replace(/\.yaml$/, '.expected')}`)
    const expected = name === 'minimal.yaml' ? [] : readFileSync(expectedFile, 'utf8').split('\n').filter(Boolean)
    expect(messagesOf(name)).toEqual(expected)
  })

  test('should place a schema error on the offending value, not on its parent', () => {
    expect(messagesOf('wrong-types.yaml')[2]).toBe(
      'wrong-types.yaml:11:64: error: Unexpected `1,000` at `results.0.qps`, expected number or null; write numbers without thousands separators: `1000` [schema/type]'
    )
  })

  test('should reject a stated headline that disagrees with the mean of the per-point changes', () => {
    expect(messagesOf('headline.yaml')).toContain(
      'headline.yaml:18:49: error: Stated oltp_insert change 12 % disagrees with 15.000 % derived from the points (mean of per-point tps changes) [headline-agrees]'
    )
  })

  test('should flag an id that differs from the file name', () => {
    const text = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
    expect(validateReportText('renamed.yaml', text).problems.map(formatProblem)).toEqual([
      'renamed.yaml:2:5: error: Unexpected id `minimal`, expected `renamed` (the file name) [id-matches-file]'
    ])
  })
})

describe('benchdoc validate', () => {
  const cli = (/** @type {string[]} */ args, cwd = ROOT) =>
    spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'validate', ...args], {cwd, encoding: 'utf8'})

  test('should exit 0 and count the files when all data is valid', () => {
    const result = cli([])
    expect(result.status).toBe(0)
    expect(result.stderr).toMatch(/^\d+ files checked: 0 errors, 0 warnings\n$/)
  })

  test('should print the broken file with the value\'s line and exit 1', () => {
    const dir = tempFolder('benchdoc-validate-')
    const file = join(dir, 'tidb-v6.0.0-vs-v5.1.4.yaml')
    const text = readFileSync(join(ROOT, 'data/reports/tidb-v6.0.0-vs-v5.1.4.yaml'), 'utf8')
    const broken = text.replace('tps: 450641,', 'tps: 450,641,')
    expect(broken).not.toBe(text)
    writeFileSync(file, broken)
    const line = broken.split('\n').findIndex((l) => l.includes('tps: 450,641')) + 1
    const result = cli([file], dir)
    expect(result.status).toBe(1)
    const col = broken.split('\n')[line - 1].indexOf('641,') + 1
    expect(result.stderr).toMatch(new RegExp(
      `^tidb-v6\\.0\\.0-vs-v5\\.1\\.4\\.yaml:${line}:${col}: error: Unexpected key \`641\` in \`results\\.3\`, expected one of: [a-z0-9_, ]+; ` +
      '`tps: 450,641` reads as tps 450 and a key `641`: write numbers without thousands separators: `tps: 450641` \\[schema/additionalProperties\\]\\n' +
      '1 file checked: 1 error, 0 warnings\\n$'
    ))
  })

  test('should exit 2 on an unknown option or a missing path', () => {
    expect(cli(['--bogus']).status).toBe(2)
    const missing = cli(['no/such/file.yaml'])
    expect(missing.status).toBe(2)
    expect(missing.stderr).toBe('benchdoc validate: no/such/file.yaml: no such file, expected a data file or a folder of them\n')
  })

  test('should check that every narrative belongs to a report and a site language', () => {
    const dir = tempFolder('benchdoc-validate-')
    mkdirSync(join(dir, 'data/reports'), {recursive: true})
    writeFileSync(join(dir, 'config.toml'), '[params.benchdoc]\n')
    copyFileSync(fixture('validate/minimal.yaml'), join(dir, 'data/reports/minimal.yaml'))
    for (const [path, text] of [
      ['content/narrative/minimal/en.md', '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy.\n'],
      ['content/narrative/minimal/zh.md', '---\nreport: minimal\nlang: ja\n---\n'],
      ['content/narrative/minimal/fr.md', '---\nreport: minimal\nlang: fr\n---\n'],
      ['content/narrative/gone/en.md', '---\nreport: gone\nlang: en\n---\n']
    ]) {
      mkdirSync(join(dir, path, '..'), {recursive: true})
      writeFileSync(join(dir, path), text)
    }
    const result = cli([], dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe(
      [
        'content/narrative/gone:1:1: error: Narrative for unknown report `gone`, expected a folder named after a file in data/reports/ [narrative-report]',
        'content/narrative/minimal/fr.md:1:1: error: Unexpected file `fr.md`, expected one of: en.md, zh.md, ja.md [narrative-language]',
        'content/narrative/minimal/zh.md:3:1: error: Unexpected lang `ja` in front matter, expected `zh` [narrative-front-matter]',
        '1 file checked: 3 errors, 0 warnings',
        ''
      ].join('\n')
    )
  })

  test('should warn of CJK punctuation in English text, data and narrative, at its place and naming it', () => {
    const dir = tempFolder('benchdoc-validate-')
    mkdirSync(join(dir, 'content/narrative/minimal'), {recursive: true})
    mkdirSync(join(dir, 'data/reports'), {recursive: true})
    writeFileSync(join(dir, 'config.toml'), '[params.benchdoc]\n')
    const data = readFileSync(fixture('validate/minimal.yaml'), 'utf8').replace('plan:\n', "place: {source: zh, zh: 北京、上海, en: 'Beijing、Shanghai'}\nplan:\n  steps: [准备数据，然后测试]\n")
    writeFileSync(join(dir, 'data/reports/minimal.yaml'), data)
    writeFileSync(join(dir, 'content/narrative/minimal/en.md'), '---\nreport: minimal\nlang: en\n---\n\n## Purpose {#purpose}\n\nWhy<span lang="zh">（中文）</span>, and why：\n')
    writeFileSync(join(dir, 'content/narrative/minimal/zh.md'), '---\nreport: minimal\nlang: zh\n---\n\n## 目的 {#purpose}\n\n为什么：\n')
    const result = cli([], dir)
    expect([result.stderr, result.status]).toEqual([[
      'content/narrative/minimal/en.md:8:40: warning: Unexpected `：` (U+FF1A) in en text, expected ASCII punctuation (or the text marked `<span lang="zh">`) [cjk-punctuation]',
      'data/reports/minimal.yaml:7:36: warning: Unexpected `、` (U+3001) in the English text of `place`, expected ASCII punctuation (or the text marked `<span lang="zh">`) [cjk-punctuation]',
      'data/reports/minimal.yaml:9:11: warning: Unexpected `，` (U+FF0C) in `plan.steps.0`, shown as written on the English page, expected ASCII punctuation (or the text marked `<span lang="zh">`) [cjk-punctuation]',
      '1 file checked: 0 errors, 3 warnings',
      ''
    ].join('\n'), 0])
  })

  test('should check a plan against the plan schema: in plans/, by its shape elsewhere, and with no path given', () => {
    const dir = tempFolder('benchdoc-validate-')
    expect(spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'init', '.'], {cwd: dir, encoding: 'utf8'}).status).toBe(0)
    const plan = cli(['plans/example.yaml'], dir)
    expect([plan.stderr, plan.status]).toEqual(['1 file checked: 0 errors, 0 warnings\n', 0])
    writeFileSync(join(dir, 'typo.yaml'), readFileSync(join(dir, 'plans/example.yaml'), 'utf8').replace('repeats: {', 'repaets: {'))
    const typo = cli(['typo.yaml'], dir)
    expect([typo.stderr, typo.status]).toEqual(['typo.yaml:26:1: error: Unexpected key `repaets` in the document, did you mean `repeats`? [schema/additionalProperties]\n1 file checked: 1 error, 0 warnings\n', 1])
    writeFileSync(join(dir, 'plans/broken.yaml'), 'workloads:\n  - {name: oltp_read_only, threads: [0]}\n')
    const all = cli([], dir)
    expect(all.stderr).toBe([
      'plans/broken.yaml:1:1: error: Missing key `report` in the document [schema/required]',
      'plans/broken.yaml:2:38: error: Unexpected `0` at `workloads.0.threads.0`, expected a number ≥ 1 [schema/minimum]',
      '2 files checked: 2 errors, 0 warnings',
      ''
    ].join('\n'))
    expect(all.status).toBe(1)
  })

  test('should collect problems from every file before exiting', () => {
    const dir = tempFolder('benchdoc-validate-')
    for (const name of ['rules.yaml', 'wrong-types.yaml']) copyFileSync(fixture(`validate/${name}`), join(dir, name))
    const result = cli([dir], dir)
    expect(result.status).toBe(1)
    const expected = (/** @type {string} */ name) => readFileSync(fixture(`validate/${name}.expected`), 'utf8')
    expect(result.stderr).toBe(`${expected('rules')}${expected('wrong-types')}2 files checked: 7 errors, 2 warnings\n`)
  })

  test('should print what checking each file alone prints when many files are checked on every core', () => {
    const dir = tempFolder('benchdoc-validate-')
    const minimal = readFileSync(fixture('validate/minimal.yaml'), 'utf8')
    const names = Array.from({length: 450}, (_, i) => `r${String(i).padStart(3, '0')}`)
    for (const [i, name] of names.entries()) {
      // a few broken files, early and late, so both threads meet some
      const text = minimal.replace('id: minimal', `id: ${name}`)
      writeFileSync(join(dir, `${name}.yaml`), i % 97 === 5 ? text.replace('qps: 1100', 'qps: "1,100"') : text)
    }
    const alone = names.flatMap((name) => validateReportText(`${name}.yaml`, readFileSync(join(dir, `${name}.yaml`), 'utf8')).problems)
    expect(alone).toHaveLength(5)
    const result = cli([dir], dir)
    expect(result.status).toBe(1)
    expect(result.stderr).toBe([...sortProblems(alone).map(formatProblem), '450 files checked: 5 errors, 0 warnings', ''].join('\n'))
  })
})
