import {spawnSync} from 'node:child_process'
import {mkdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
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

/** `benchdoc ARGS` in `cwd`. @param {string[]} args @param {string} cwd */
const benchdoc = (args, cwd) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd, encoding: 'utf8'})

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
