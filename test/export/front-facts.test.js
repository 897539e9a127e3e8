import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile} from '../../tools/site/export-files.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {tempFolder} from '../helpers/temp.js'
import {fixture} from '../helpers/paths.js'

/**
 * The export's front matter edited by hand: its `benchdoc` block is data the
 * reader computes with (subject ids, point positions), so a fact of another
 * shape is an error naming it, and an `order` that no longer fits the tables
 * (a row removed, a workload added) leaves the points in the tables' order
 * with a warning; nothing is dropped and the reader never fails.
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

/**
 * The exports as written before 2 December 2026 (by bebec43's writer, test/fixtures/export/): the facts in the
 * front matter, every point in the tables, placed by `order`.
 * @type {Record<string, string>}
 */
const exports = {positions: readFileSync(fixture('export/old-positions.md'), 'utf8'), groups: readFileSync(fixture('export/old-groups.md'), 'utf8')}
/** @type {Record<string, string>} as written now, their facts in the sidecar */
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

/** @param {string} text */
function imported(text) {
  const {result, problems} = importMarkdown(text, {path: 'index.md'})
  return {result, problems: problems.map((p) => `${p.line}:${p.col}: ${p.severity}: ${p.message} [${p.rule}]`)}
}

/** @param {string} text @param {string} from @param {string} to */
function edited(text, from, to) {
  expect(text).toContain(from)
  return text.replace(from, to)
}

const points = (/** @type {ReturnType<typeof imported>['result']} */ result) => result?.report.results?.map((p) => `${p.subject}@${p.threads}: ${p.qps}`)

describe('the benchdoc block of an export', () => {
  it('should read an export of either form, its facts in the sidecar beside it or in an old front matter block, into the same data', () => {
    for (const id of ['positions', 'groups']) {
      const page = exportFile(join(root, '.benchdoc'), id, 'en')
      const now = importMarkdown(pages[id], {path: 'index.md', file: page})
      expect(now.problems).toEqual([])
      expect(now.result?.yaml).toContain(`(benchdoc export, en, facts from ${id}.benchdoc.yaml)`)
      expect(imported(exports[id]).result?.report).toEqual(now.result?.report)
      // without its sidecar, a page is read as a published report, and says what it could not recover
      const alone = importMarkdown(pages[id], {path: 'index.md', file: join(root, 'elsewhere', 'index.md')})
      expect(alone.problems[0]?.message).toMatch(/^No `\w+\.benchdoc\.yaml` beside the page: read as a published report/)
    }
  })

  it('should check a sidecar edited by hand as it checks the old block, and say when it is not the page\'s', () => {
    const dir = tempFolder('benchdoc-sidecar-')
    const sidecar = readFileSync(join(root, '.benchdoc', 'export', 'positions', 'positions.benchdoc.yaml'), 'utf8')
    const text = edited(edited(sidecar, '\nsubjects:\n  - a\n  - b\n', '\nsubjects: [1, 2]\n'), '\n  - { subject: b, workload: oltp_point_select, threads: 16,', '\n  - { subject: b, workload: oltp_point_select, threads: sixteen,')
    writeFileSync(join(dir, 'positions.benchdoc.yaml'), text)
    const {result, problems} = importMarkdown(pages.positions, {path: 'docs/index.md', file: join(dir, 'index.md')})
    expect(result).toBe(null)
    // each at its key's line in the sidecar, named as the page is (its folder's)
    const line = (/** @type {string} */ key) => text.split('\n').findIndex((l) => l.startsWith(`${key}:`)) + 1
    expect(problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.severity}: ${p.message} [${p.rule}]`)).toEqual([
      'docs/index.md:1:1: warning: `positions.benchdoc.yaml` is not the one this page was exported with (its digest differs): its facts are read all the same [export-sidecar]',
      "docs/positions.benchdoc.yaml:" + line('subjects') + ":1: error: Unexpected `subjects: [1,2]` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of subject ids [export-facts]",
      "docs/positions.benchdoc.yaml:" + line('results') + ":1: error: Unexpected `results: [{\"subject\":\"a\",\"workload\":\"oltp_point_s…` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of points, each with its `subject`, `workload` and `threads` [export-facts]"
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
    expect(said('id: positions\nkind: comparison\n')).toEqual(["docs/positions.benchdoc.yaml:1:1: Missing `subjects` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of subject ids [export-facts]"])
    expect(said('just text\n')).toEqual(["docs/positions.benchdoc.yaml:1:1: Missing `subjects` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of subject ids [export-facts]"])
  })

  it('should give back the data order it records, as positions or as groups', () => {
    expect(exports.positions).toContain('\n  order: [0, 3, 1, 2]\n')
    expect(exports.groups).toContain('\n  order: [b@oltp_point_select, a@oltp_point_select]\n')
    expect(points(imported(exports.positions).result)).toEqual(['a@8: 1000.5', 'b@16: 1200', 'b@8: 1100', 'a@16: 1150'])
    expect(points(imported(exports.groups).result)).toEqual(['b@8: 1100', 'b@16: 1200', 'a@8: 1000.5', 'a@16: 1150'])
  })

  it('should name each fact of another shape at its line, as an error, and read nothing', () => {
    let text = edited(exports.positions, '\n  subjects: [a, b]\n', '\n  subjects: [1, 2]\n')
    text = edited(text, '\n  order: [0, 3, 1, 2]\n', '\n  order: [{at: 0}]\n  clients_stated: 5\n')
    const {result, problems} = imported(text)
    expect(result).toBe(null)
    expect(problems).toEqual([
      "8:3: error: Unexpected `subjects: [1,2]` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of subject ids [export-facts]",
      "9:3: error: Unexpected `order: [{\"at\":0}]` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of `subject@workload` groups or of point positions (0, 1, …) [export-facts]",
      "10:3: error: Unexpected `clients_stated: 5` in the export's facts (its sidecar, or its front matter's `benchdoc` block), expected a list of point positions (0, 1, …) [export-facts]"
    ])
  })

  it('should refuse a language it has no labels for, naming the languages it has', () => {
    const {result, problems} = imported(edited(exports.positions, '\n  lang: en\n', '\n  lang: de\n'))
    expect(result).toBe(null)
    expect(problems).toEqual(['6:3: error: Unexpected language `de` of the export, expected one of: en, zh, ja [export-lang]'])
  })

  it("should keep every point in the tables' order, with a warning, when a row removed by hand leaves positions of no point", () => {
    const {result, problems} = imported(edited(exports.positions, '\n| 16 | 1150 | 1200 | +4.35% |\n', '\n'))
    expect(problems).toEqual([
      "9:3: warning: Unexpected `order` in the export's facts (its sidecar, or its front matter's `benchdoc` block) that does not list each of the 2 points of the tables once, expected one entry per point; the points are kept in the tables' order [export-order]",
      // the plan still lists the row's threads: the validator says so, as for any data
      '15:48: warning: Imported data: Planned oltp_point_select × 16 threads has no result, expected a point of each subject (or remove 16 from the plan) [planned-without-result]'
    ])
    expect(points(result)).toEqual(['a@8: 1000.5', 'b@8: 1100'])
  })

  it("should keep the points of a group the order leaves out, in the tables' order, with a warning", () => {
    const {result, problems} = imported(edited(exports.groups, '\n  order: [b@oltp_point_select, a@oltp_point_select]\n', '\n  order: [b@oltp_point_select]\n'))
    expect(problems).toEqual([
      "9:3: warning: Unexpected `order` in the export's facts (its sidecar, or its front matter's `benchdoc` block) that does not list each of the 4 points of the tables once, expected one entry per point; the points are kept in the tables' order [export-order]"
    ])
    expect(points(result)).toEqual(['a@8: 1000.5', 'b@8: 1100', 'a@16: 1150', 'b@16: 1200'])
  })
})
