import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile, sidecarOf} from '../../tools/site/export-files.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * The export's sidecar edited by hand: it is data the reader computes with
 * (subject ids, points), so a fact of another shape is an error naming it and
 * the reader never fails. An export by an earlier benchdoc, its facts in the
 * front matter's `benchdoc` block, is refused at that block.
 */

/** Points listed out of the tables' order, so that the export carries `order`. */
const data = (/** @type {string} */ id, /** @type {string[]} */ points) => `id: ${id}
kind: comparison
subjects:
  - {id: a, product: MariaDB, version: '10.11'}
  - {id: b, product: MariaDB, version: '11.4'}
plan:
  workloads:
    - {name: oltp_point_select, threads: [8, 16]}
results:
${points.map((p) => `  - {${p}}`).join('\n')}
`
const point = (/** @type {string} */ s, /** @type {number} */ threads, /** @type {number} */ qps) => `subject: ${s}, workload: oltp_point_select, threads: ${threads}, qps: ${qps}`
// a@8, b@16, b@8, a@16: no grouping by subject gives this order, so the export lists positions
const POSITIONS = [point('a', 8, 1000.5), point('b', 16, 1200), point('b', 8, 1100), point('a', 16, 1150)]
// b's points, then a's: the export lists the groups
const GROUPS = [point('b', 8, 1100), point('b', 16, 1200), point('a', 8, 1000.5), point('a', 16, 1150)]

/** @type {Record<string, string>} the exports' pages, their facts in the sidecar beside them */
const pages = {}
/** the site the exports were built in */
let root = ''

beforeAll(async () => {
  ;({root} = fixtureSite({'data/reports/positions.yaml': data('positions', POSITIONS), 'data/reports/groups.yaml': data('groups', GROUPS)}))
  const prepared = await prepareSite({root})
  expect(prepared.problems.filter((p) => p.severity === 'error')).toEqual([])
  for (const id of ['positions', 'groups']) {
    const page = readFileSync(exportFile(join(root, '.benchdoc'), id, 'en'), 'utf8')
    pages[id] = page
  }
}, 120_000)

/** @param {string} text @param {string} from @param {string} to */
function edited(text, from, to) {
  expect(text).toContain(from)
  return text.replace(from, to)
}

const points = (/** @type {ReturnType<typeof importMarkdown>['result']} */ result) => result?.report.results?.map((p) => `${p.subject}@${p.threads}: ${p.qps}`)

describe('the benchdoc block of an export', () => {
  it('should read an export by its sidecar, and without it read the page as a published report', () => {
    for (const id of ['positions', 'groups']) {
      const page = exportFile(join(root, '.benchdoc'), id, 'en')
      const now = importMarkdown(pages[id], {path: 'index.md', file: page})
      expect(now.problems).toEqual([])
      expect(now.result?.yaml).toContain(`(benchdoc export, en, facts from ${id}.benchdoc.yaml)`)
      // without its sidecar, a page is read as a published report, and says what it could not recover
      const alone = importMarkdown(pages[id], {path: 'index.md', file: join(root, 'elsewhere', 'index.md')})
      expect(alone.problems[0]?.message).toMatch(/^No `\w+\.benchdoc\.yaml` beside the page: read as a published report/)
    }
  })

  it('should give back the points in the data\'s order, whatever order the tables show them in', () => {
    const read = (/** @type {string} */ id) => importMarkdown(pages[id], {path: 'index.md', file: exportFile(join(root, '.benchdoc'), id, 'en')}).result
    expect(points(read('positions'))).toEqual(['a@8: 1000.5', 'b@16: 1200', 'b@8: 1100', 'a@16: 1150'])
    expect(points(read('groups'))).toEqual(['b@8: 1100', 'b@16: 1200', 'a@8: 1000.5', 'a@16: 1150'])
  })

  it('should check a sidecar edited by hand, and say when it is not the page\'s', () => {
    const dir = tempFolder('benchdoc-sidecar-')
    const sidecar = readFileSync(sidecarOf(join(root, '.benchdoc'), 'positions'), 'utf8')
    const text = edited(edited(sidecar, '\nsubjects:\n  - a\n  - b\n', '\nsubjects: [1, 2]\n'), '\n  - { subject: b, workload: oltp_point_select, threads: 16,', '\n  - { subject: b, workload: oltp_point_select, threads: sixteen,')
    writeFileSync(join(dir, 'positions.benchdoc.yaml'), text)
    const {result, problems} = importMarkdown(pages.positions, {path: 'docs/index.md', file: join(dir, 'index.md')})
    expect(result).toBe(null)
    // each at its key's line in the sidecar, named as the page is (its folder's)
    const line = (/** @type {string} */ key) => text.split('\n').findIndex((l) => l.startsWith(`${key}:`)) + 1
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.message} [${p.rule}]`)).toEqual([
      'docs/index.md:1:1: warning: `positions.benchdoc.yaml` is not the one this page was exported with (its digest differs): its facts are read all the same [export-sidecar]',
      "docs/positions.benchdoc.yaml:" + line('subjects') + ":1: error: Unexpected `subjects: [1,2]` in the export's sidecar, expected a list of subject ids [export-facts]",
      "docs/positions.benchdoc.yaml:" + line('results') + ":1: error: Unexpected `results: [{\"subject\":\"a\",\"workload\":\"oltp_point_s…` in the export's sidecar, expected a list of points, each with its `subject`, `workload` and `threads` [export-facts]"
    ])
  })

  it('should say where a sidecar that is no YAML, or lacks the subjects, goes wrong, and read nothing', () => {
    const dir = tempFolder('benchdoc-sidecar-')
    const said = (/** @type {string} */ text) => {
      writeFileSync(join(dir, 'positions.benchdoc.yaml'), text)
      const {result, problems} = importMarkdown(pages.positions, {path: 'docs/index.md', file: join(dir, 'index.md')})
      expect(result).toBe(null)
      return problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line}:${p.col}: ${p.message} [${p.rule}]`)
    }
    expect(said('id: positions\nsubjects: [a, b\n')).toEqual(['docs/positions.benchdoc.yaml:2:16: Missing the closing `]`, expected it at the end of this line [export-facts]'])
    expect(said('id: positions\nkind: comparison\n')).toEqual(["docs/positions.benchdoc.yaml:1:1: Missing `subjects` in the export's sidecar, expected a list of subject ids [export-facts]"])
    expect(said('just text\n')).toEqual(["docs/positions.benchdoc.yaml:1:1: Missing `subjects` in the export's sidecar, expected a list of subject ids [export-facts]"])
  })

  it('should refuse a language it has no labels for, naming the languages it has', () => {
    const page = exportFile(join(root, '.benchdoc'), 'positions', 'en')
    const {result, problems} = importMarkdown(edited(pages.positions, ', lang: "en",', ', lang: "de",'), {path: 'index.md', file: page})
    expect(result).toBe(null)
    expect(problems.map((p) => `${p.line}:${p.col}: ${p.severity}: ${p.message} [${p.rule}]`)).toEqual(['1:1: error: Unexpected language `de` of the export, expected one of: en, zh, ja [export-lang]'])
  })

  it('should read the plan from the sidecar, as the data has it: the page writes it as the page does', () => {
    // thread counts and options as the page prints them; an edit there changes nothing on import
    const text = edited(pages.positions, '| Point Select `oltp_point_select` | 8, 16 |', '| Point Select `oltp_point_select` | 8, 16, 32 |')
    const {result, problems} = importMarkdown(text, {path: 'index.md', file: exportFile(join(root, '.benchdoc'), 'positions', 'en')})
    expect(problems).toEqual([])
    expect(result?.report.plan).toEqual({workloads: [{name: 'oltp_point_select', threads: [8, 16]}]})
    const dir = tempFolder('benchdoc-sidecar-')
    const sidecar = readFileSync(sidecarOf(join(root, '.benchdoc'), 'positions'), 'utf8')
    writeFileSync(join(dir, 'positions.benchdoc.yaml'), edited(sidecar, '\nplan:\n  workloads:\n    - { name: oltp_point_select, threads: [ 8, 16 ] }\n', '\n'))
    const missing = importMarkdown(pages.positions, {path: 'docs/index.md', file: join(dir, 'index.md')})
    expect(missing.result).toBe(null)
    expect(missing.problems.filter((p) => p.severity === 'error').map((p) => `${p.file}:${p.line}:${p.col}: ${p.message} [${p.rule}]`)).toEqual([
      "docs/positions.benchdoc.yaml:1:1: Missing `plan` in the export's sidecar, expected the report's plan (export the report again) [export-facts]"
    ])
  })

  it('should refuse an export by an earlier benchdoc, its facts in the front matter, at its `benchdoc` block', () => {
    const earlier = '---\ntitle: "MariaDB Sysbench performance test report: b vs a"\nbenchdoc:\n  id: positions\n  lang: en\n  kind: comparison\n  subjects: [a, b]\n  order: [0, 3, 1, 2]\n---\n\n# MariaDB Sysbench performance test report: b vs a\n'
    const {result, problems} = importMarkdown(earlier, {path: 'docs/index.md', file: join(root, 'elsewhere', 'index.md')})
    expect(result).toBe(null)
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.message} [${p.rule}]`)).toEqual([
      'docs/index.md:3:1: error: This export was written by an earlier benchdoc: export it again from its data with `benchdoc export` [export-earlier]'
    ])
  })
})
