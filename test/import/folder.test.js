import {readFileSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {docTree} from './doc-tree.js'

/**
 * `benchdoc import DIR`: a documentation repository (test/import/doc-tree.js:
 * en/zh/ja × doc versions v9.0 and v9.1, in git) becomes one report per
 * distinct result set, each language's narrative and data text merged, the
 * other files recorded, the date from the text, front matter or git.
 */

/** @param {string} cwd @param {string[]} argv */
async function importIn(cwd, argv) {
  let err = ''
  let out = ''
  const code = await main(['import', ...argv], {out: (t) => void (out += t), err: (t) => void (err += t), cwd, env: {}})
  return {code, err, out}
}

describe('benchdoc import DIR', () => {
  it('should write one report per distinct result set, and say what it grouped and why', async () => {
    const cwd = dirname(docTree())
    const {code, err} = await importIn(cwd, ['docs'])
    expect(code, err).toBe(0)
    const lines = err.split('\n').filter((l) => !l.includes('[same-threads]'))
    expect(lines).toEqual([
      'docs: 13 Markdown files, 11 sysbench reports; skipped 1 that mention sysbench but are no report',
      '  docs/en/v9.1/benchmark/how-to-run-sysbench.md: no result table or stated figure',
      'docs/en/v9.1/benchmark/sysbench-scale-out.md:1:1: warning: Same title and versions as docs/en/v9.0/benchmark/sysbench-scale-out.md (`tidb-v9.3.1`), but 1 of its 3 points is not in that report, which has 1 other; imported apart as `tidb-v9.3.1-2` [group-apart]',
      'tidb-v9.3.1: 3 files with the same 3 points (en, zh, ja; doc version v9.0): one report',
      'tidb-v9.3.1: date 2023-11 from the text or front matter of docs/zh/v9.0/benchmark/sysbench-scale-out.md',
      'docs/en/v9.0/benchmark/sysbench-scale-out.md: tidb-v9.3.1 (en): 2/2 sections mapped, 1 table, 3 points, 0 warnings; wrote data/reports/tidb-v9.3.1.yaml and content/narrative/tidb-v9.3.1/en.md',
      'docs/zh/v9.0/benchmark/sysbench-scale-out.md: tidb-v9.3.1 (zh): 2/2 sections mapped, 1 table, 3 points, 0 warnings; wrote content/narrative/tidb-v9.3.1/zh.md',
      'docs/ja/v9.0/benchmark/sysbench-scale-out.md: tidb-v9.3.1 (ja): 2/2 sections mapped, 1 table, 3 points, 0 warnings; wrote content/narrative/tidb-v9.3.1/ja.md',
      'tidb-v9.4.0-vs-v9.3.0: 5 files with the same 8 points (en, zh, ja; doc versions v9.1, v9.0): one report',
      committed('tidb-v9.4.0-vs-v9.3.0: date 2024-02 from the git history of docs/en/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md', '2024-02-10'),
      'docs/en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (en): 2/2 sections mapped, 2 tables, 8 points, 0 warnings; wrote data/reports/tidb-v9.4.0-vs-v9.3.0.yaml and content/narrative/tidb-v9.4.0-vs-v9.3.0/en.md',
      'docs/zh/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (zh): 2/2 sections mapped, 2 tables, 8 points, 0 warnings; wrote content/narrative/tidb-v9.4.0-vs-v9.3.0/zh.md',
      'docs/ja/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (ja): 2/2 sections mapped, 2 tables, 8 points, 0 warnings; wrote content/narrative/tidb-v9.4.0-vs-v9.3.0/ja.md',
      'docs/en/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (en, v9.0): the same results as docs/en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md; recorded as an alias',
      'docs/zh/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (zh, v9.0): the same results as docs/en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md; recorded as an alias',
      committed('tidb-v9.3.1-2: date 2024-06 from the git history of docs/en/v9.1/benchmark/sysbench-scale-out.md', '2024-06-01'),
      'docs/en/v9.1/benchmark/sysbench-scale-out.md: tidb-v9.3.1-2 (en): 2/2 sections mapped, 1 table, 3 points, 0 warnings; wrote data/reports/tidb-v9.3.1-2.yaml and content/narrative/tidb-v9.3.1-2/en.md',
      'tidb-v9.7.0-vs-mysql-8.0.36: 2 files with the same 15 points (en, zh; doc version v9.1): one report',
      'docs/en/v9.1/benchmark/sysbench-tidb-vs-mysql.md: tidb-v9.7.0-vs-mysql-8.0.36 (en): 3/4 sections mapped, 5 tables, 15 points, 4 warnings; wrote data/reports/tidb-v9.7.0-vs-mysql-8.0.36.yaml and content/narrative/tidb-v9.7.0-vs-mysql-8.0.36/en.md',
      'docs/zh/v9.1/benchmark/sysbench-tidb-vs-mysql.md: tidb-v9.7.0-vs-mysql-8.0.36 (zh): 4/4 sections mapped, 5 tables, 15 points, 4 warnings; wrote content/narrative/tidb-v9.7.0-vs-mysql-8.0.36/zh.md (2 data texts in zh added to data/reports/tidb-v9.7.0-vs-mysql-8.0.36.yaml)',
      ''
    ])
    expect(readdirSync(join(cwd, 'data/reports')).sort()).toEqual(['tidb-v9.3.1-2.yaml', 'tidb-v9.3.1.yaml', 'tidb-v9.4.0-vs-v9.3.0.yaml', 'tidb-v9.7.0-vs-mysql-8.0.36.yaml'])
    for (const [id, langs] of [['tidb-v9.3.1', ['en', 'ja', 'zh']], ['tidb-v9.3.1-2', ['en']], ['tidb-v9.4.0-vs-v9.3.0', ['en', 'ja', 'zh']], ['tidb-v9.7.0-vs-mysql-8.0.36', ['en', 'zh']]]) {
      expect(readdirSync(join(cwd, 'content/narrative', /** @type {string} */ (id))).sort(), String(id)).toEqual(langs.map((l) => `${l}.md`))
    }
  })

  it('should record the other files with their language and doc version, and merge the languages\' data text', async () => {
    const cwd = dirname(docTree())
    expect((await importIn(cwd, ['docs'])).code).toBe(0)
    const data = (/** @type {string} */ id) => parse(readFileSync(join(cwd, 'data/reports', `${id}.yaml`), 'utf8'))
    expect(data('tidb-v9.4.0-vs-v9.3.0').source).toEqual({
      file: 'en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md', lang: 'en', doc_version: 'v9.1',
      aliases: [
        {file: 'en/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md', lang: 'en', doc_version: 'v9.0'},
        {file: 'zh/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md', lang: 'zh', doc_version: 'v9.1'},
        {file: 'zh/v9.0/benchmark/sysbench-v9.4-vs-v9.3.md', lang: 'zh', doc_version: 'v9.0'},
        {file: 'ja/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md', lang: 'ja', doc_version: 'v9.1'}
      ]
    })
    expect(data('tidb-v9.4.0-vs-v9.3.0').date).toBe('2024-02')
    expect(data('tidb-v9.3.1-2').source).toEqual({file: 'en/v9.1/benchmark/sysbench-scale-out.md', lang: 'en', doc_version: 'v9.1'})
    const mixed = data('tidb-v9.7.0-vs-mysql-8.0.36')
    expect(mixed.date).toBe('2023-03')
    // the zh file's words for the place and the second scenario, its subjects paired by their figures
    expect(mixed.place).toEqual({source: 'en', en: 'Hangzhou', zh: '杭州'})
    expect(mixed.subjects[2]).toEqual({id: 'v9.7.0-scaling', product: 'TiDB', version: 'v9.7.0', variant: {source: 'en', en: 'scaling out', zh: '水平扩展'}})
    const zh = readFileSync(join(cwd, 'content/narrative/tidb-v9.7.0-vs-mysql-8.0.36/zh.md'), 'utf8')
    expect(zh.startsWith('---\nreport: tidb-v9.7.0-vs-mysql-8.0.36\nlang: zh\n')).toBe(true)
  })

  it('should change nothing when the same folder is imported again', async () => {
    const cwd = dirname(docTree())
    expect((await importIn(cwd, ['docs'])).code).toBe(0)
    const before = readdirSync(join(cwd, 'data/reports')).map((f) => readFileSync(join(cwd, 'data/reports', f), 'utf8'))
    const again = await importIn(cwd, ['docs'])
    expect(again.code).toBe(0)
    expect(again.err).toContain('docs/en/v9.1/benchmark/sysbench-v9.4-vs-v9.3.md: tidb-v9.4.0-vs-v9.3.0 (en): 2/2 sections mapped, 2 tables, 8 points, 0 warnings; translation checked against data/reports/tidb-v9.4.0-vs-v9.3.0.yaml; nothing new to write')
    expect(readdirSync(join(cwd, 'data/reports')).map((f) => readFileSync(join(cwd, 'data/reports', f), 'utf8'))).toEqual(before)
  })

  it('should write nothing on a dry run, printing each data file and narrative, and refuse one --id for several reports', async () => {
    const cwd = dirname(docTree())
    const dry = await importIn(cwd, ['docs/en/v9.1/benchmark/sysbench-tidb-vs-mysql.md', 'docs/zh/v9.1/benchmark/sysbench-tidb-vs-mysql.md', '--dry-run'])
    expect(dry.code).toBe(0)
    expect(readdirSync(cwd)).toEqual(['docs'])
    expect(dry.out).toContain('      en: scaling out\n      zh: 水平扩展\n')
    expect(dry.out).toContain('---\nreport: tidb-v9.7.0-vs-mysql-8.0.36\nlang: zh\n')
    expect(dry.err).toContain('docs/zh/v9.1/benchmark/sysbench-tidb-vs-mysql.md: tidb-v9.7.0-vs-mysql-8.0.36 (zh): 4/4 sections mapped, 5 tables, 15 points, 4 warnings; dry run, would have written content/narrative/tidb-v9.7.0-vs-mysql-8.0.36/zh.md (2 data texts in zh added to data/reports/tidb-v9.7.0-vs-mysql-8.0.36.yaml)')
    const one = await importIn(cwd, ['docs', '--id', 'all-of-it'])
    expect(one.code).toBe(2)
    expect(one.err.trim().split('\n').at(-1)).toBe('benchdoc import: Unexpected --id `all-of-it` for 4 reports (files with different figures), expected one report')
  })

  it('should refuse a folder without a sysbench report, naming it', async () => {
    const cwd = dirname(docTree())
    const {code, err} = await importIn(cwd, ['docs/en/v9.0/benchmark/../..'])
    expect(code).toBe(0)
    expect(err.split('\n')[0]).toBe('docs/en: 7 Markdown files, 5 sysbench reports; skipped 1 that mention sysbench but are no report')
    const none = await importIn(cwd, ['docs/.git'])
    expect(none.code).toBe(1)
    expect(none.err).toBe('docs/.git: 0 Markdown files, 0 sysbench reports\ndocs/.git:1:1: error: No sysbench report in this folder, expected Markdown reports with result tables or stated figures [no-report]\n')
  })
})

/**
 * A date line naming the first commit of a file: its hash differs from run to run.
 * @param {string} line  up to the commit
 * @param {string} day  the commit's date
 */
function committed(line, day) {
  const escaped = line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  return expect.stringMatching(new RegExp(`^${escaped} \\(first commit [0-9a-f]{7}, ${day}\\)$`))
}
