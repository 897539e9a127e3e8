import {spawnSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

// A typo a person makes in YAML, as `benchdoc` reports it: one error, at the
// typo's line and column, in plain words, whichever file benchdoc reads it in.

const REPORT = `id: r
kind: single
title: "Read only"
subjects:
  - id: a
    product: MariaDB
    version: "11.4"
plan:
  workloads:
    - name: oltp_read_only
      threads: [8]
results:
  - subject: a
    workload: oltp_read_only
    threads: 8
    tps: 100
`

/** `benchdoc ARGS` in `cwd`. @param {string[]} args @param {string} cwd @param {NodeJS.ProcessEnv} [env] */
const benchdoc = (args, cwd, env = process.env) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, env, encoding: 'utf8'})

/** A reports repository with these files. @param {Record<string, string>} files */
function repository(files) {
  const dir = tempFolder('benchdoc-typos-')
  for (const [path, text] of Object.entries({'config.toml': '[params.benchdoc]\n', ...files})) {
    mkdirSync(dirname(join(dir, path)), {recursive: true})
    writeFileSync(join(dir, path), text)
  }
  return dir
}

describe('a typo in a report file', () => {
  test.each([
    ['a missing colon', ['    threads: 8', '    threads 8'], '15:5: error: Unexpected `threads 8`, expected `key: value`; a colon is missing after `threads`'],
    ['a stray word after a quoted value', ['title: "Read only"', 'title: "Read only" tests'], '3:20: error: Unexpected `tests` after the closing `"`, expected the end of the value; to keep it, put it inside the quotes'],
    ['a line indented too far', ['    product: MariaDB', '      product: MariaDB'], '6:7: error: Unexpected indentation of `product: MariaDB`, expected it lined up with `id` above'],
    ['a line indented too little', ['    product: MariaDB', '   product: MariaDB'], '6:4: error: Unexpected `product: MariaDB` at this indentation, expected it lined up with the items it belongs with'],
    ['an unclosed quote', ['title: "Read only"', 'title: "Read only'], '3:8: error: Missing the closing `"` of this quoted value, expected one where the value ends'],
    ['a tab that indents', ['    product: MariaDB', '\tproduct: MariaDB'], '6:1: error: Unexpected tab in the indentation, expected spaces (YAML indents with spaces only)'],
    ['an unclosed bracket', ['threads: [8]', 'threads: [8'], '11:18: error: Missing the closing `]`, expected it at the end of this line']
  ])('should be one error for %s, at the typo, in plain words (exit 1)', (_, [from, to], expected) => {
    const text = REPORT.replace(from, to)
    expect(text).not.toBe(REPORT)
    const result = benchdoc(['validate'], repository({'data/reports/r.yaml': text}))
    expect(result.stderr).toBe(`data/reports/r.yaml:${expected} [yaml-syntax]\n1 file checked: 1 error, 0 warnings\n`)
    expect(result.status).toBe(1)
  })
})

describe('a typo in another YAML file benchdoc reads', () => {
  const LABEL_TYPO = 'i18n/en.yaml:1:20: error: Unexpected `reports` after the closing `"`, expected the end of the value; to keep it, put it inside the quotes [yaml-syntax]\n'

  test('should stop build at the label file\'s line and column, without a stack (exit 1)', () => {
    const {root, env} = fixtureSite({'data/reports/r.yaml': REPORT, 'i18n/en.yaml': 'site_title: "Acme" reports\n'})
    const result = benchdoc(['build'], root, env)
    expect(result.stderr).toBe(`benchdoc build: invalid YAML\n${LABEL_TYPO}`)
    expect(result.status).toBe(1)
  })

  test('should stop i18n check at a label file or glossary that does not parse (exit 1)', () => {
    const labels = benchdoc(['i18n', 'check'], repository({'i18n/en.yaml': 'site_title: "Acme" reports\n'}))
    expect([labels.stderr, labels.status]).toEqual([`benchdoc i18n: invalid YAML\n${LABEL_TYPO}`, 1])
    const glossary = benchdoc(['i18n', 'check'], repository({'i18n/glossary.yaml': 'keep:\n  zh: [TiDB\n'}))
    expect(glossary.stderr).toBe('benchdoc i18n: invalid YAML\ni18n/glossary.yaml:2:12: error: Missing the closing `]`, expected it at the end of this line [yaml-syntax]\n')
    expect(glossary.status).toBe(1)
  })

  test('should name a report or narrative that does not parse in i18n check (exit 1)', () => {
    const repo = repository({
      'data/reports/r.yaml': REPORT.replace('    threads: 8', '    threads 8'),
      'content/narrative/r/en.md': '---\ntitle: "Read" only\n---\n\n## Purpose {#purpose}\n\nWhy.\n'
    })
    const result = benchdoc(['i18n', 'check'], repo)
    expect(result.stderr.split('\n')).toEqual([
      'content/narrative/r/en.md:2:15: error: Unexpected `only` after the closing `"`, expected the end of the value; to keep it, put it inside the quotes [narrative-syntax]',
      'data/reports/r.yaml:15:5: error: Unexpected `threads 8`, expected `key: value`; a colon is missing after `threads` [yaml-syntax]',
      '3 label files and 0 reports checked: 2 errors, 0 warnings',
      ''
    ])
    expect(result.status).toBe(1)
  })

  test('should stop i18n init and stamp at a narrative whose front matter does not parse, not call it missing (exit 1)', () => {
    const en = '---\ntitle: "Read" only\n---\n\n## Purpose {#purpose}\n\nWhy.\n'
    const init = benchdoc(['i18n', 'init', 'r', 'zh'], repository({'data/reports/r.yaml': REPORT, 'content/narrative/r/en.md': en}))
    expect(init.stderr).toBe('benchdoc i18n: invalid narrative\ncontent/narrative/r/en.md:2:15: error: Unexpected `only` after the closing `"`, expected the end of the value; to keep it, put it inside the quotes [narrative-syntax]\n')
    expect(init.status).toBe(1)
    const zh = '---\nreport: r\nlang: zh\ntranslated_from: {lang: en\n---\n\n## 目的 {#purpose}\n\n为何。\n'
    const stamp = benchdoc(['i18n', 'stamp', 'r', 'zh'], repository({'data/reports/r.yaml': REPORT, 'content/narrative/r/en.md': en.replace('"Read" only', 'Read only'), 'content/narrative/r/zh.md': zh}))
    expect(stamp.stderr).toBe('benchdoc i18n: invalid narrative\ncontent/narrative/r/zh.md:4:27: error: Missing the closing `}`, expected it at the end of this line [narrative-syntax]\n')
    expect(stamp.status).toBe(1)
  })

  test('should stop run at a plan\'s typo, at its line and column (exit 1)', () => {
    const repo = repository({'plans/p.yaml': 'report: r\nsubject: a\nworkloads:\n  - name: oltp_read_only\n    threads [1]\n'})
    const result = benchdoc(['run', 'plans/p.yaml', '--dry-run'], repo)
    expect(result.stderr).toBe('benchdoc run: invalid plan\nplans/p.yaml:5:5: error: Unexpected `threads [1]`, expected `key: value`; a colon is missing after `threads` [yaml-syntax]\n')
    expect(result.status).toBe(1)
  })
})

describe('a misspelled key', () => {
  test('should get the nearest key in a report (exit 1)', () => {
    const text = REPORT.replace('title:', 'tilte:').replace('    tps: 100', '    tps: 100\n    latency_p99: 3')
    const result = benchdoc(['validate'], repository({'data/reports/r.yaml': text}))
    expect(result.stderr).toBe([
      'data/reports/r.yaml:3:1: error: Unexpected key `tilte` in the document, did you mean `title`? [schema/additionalProperties]',
      'data/reports/r.yaml:17:5: error: Unexpected key `latency_p99` in `results.0`, did you mean `latency_p95`? [schema/additionalProperties]',
      '1 file checked: 2 errors, 0 warnings',
      ''
    ].join('\n'))
    expect(result.status).toBe(1)
  })

  test('should get the nearest key in a plan, two letters swapped counting as one slip, and the keys allowed when none is near (exit 1)', () => {
    const plan = 'report: r\nsubject: a\ntabels: 2\nwarmup: 5\nworkloads:\n  - name: oltp_read_only\n    threads: [1]\n'
    const result = benchdoc(['run', 'plans/p.yaml', '--dry-run'], repository({'plans/p.yaml': plan}))
    expect(result.stderr).toBe([
      'benchdoc run: invalid plan',
      'plans/p.yaml:3:1: error: Unexpected key `tabels` in the document, did you mean `tables`? [schema/additionalProperties]',
      'plans/p.yaml:4:1: error: Unexpected key `warmup` in the document, expected one of: schema_version, report, title, subject, subjects, label, product, version, engine, target, server_options, tables, table_size, time, warmup_time, report_interval, rand_type, prepare_threads, clients, repeats, pause, steps, options, workloads, variables, on_error [schema/additionalProperties]',
      ''
    ].join('\n'))
    expect(result.status).toBe(1)
  })
})

describe('a misspelled required key', () => {
  test('should be one error, the nearest key, not a missing key as well (exit 1)', () => {
    const plan = 'report: r\nsubject: a\nworkloads:\n  - name: oltp_read_only\n    treads: [1]\n'
    const result = benchdoc(['validate', 'plans/p.yaml'], repository({'plans/p.yaml': plan}))
    expect(result.stderr).toBe('plans/p.yaml:5:5: error: Unexpected key `treads` in `workloads.0`, did you mean `threads`? [schema/additionalProperties]\n1 file checked: 1 error, 0 warnings\n')
    expect(result.status).toBe(1)
  })
})
