import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {benchReport, generateProject} from '../helpers/generate.js'
import {checkPublished} from '../../bench/reader-check.js'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {ROOT} from '../helpers/paths.js'

const IDS = ['bench-0000', 'bench-0001', 'bench-0002']
let root = ''

beforeAll(async () => {
  // three reports of the issue-25 shape: 90, 48 and 60 points of 4 measures, 5, 4 and 5 workloads
  root = generateProject(3, 'full')
  const built = await buildSite({root, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}})
  expect(built.built).toBe(true)
})

afterAll(() => {
  if (root) rmSync(root, {recursive: true, force: true})
})

/** @param {string} path @param {(text: string) => string} change */
function edit(path, change) {
  const file = join(root, 'public', path)
  const text = change(readFileSync(file, 'utf8'))
  // a new file, not the hard-linked one: .benchdoc/static keeps its copy
  rmSync(file)
  writeFileSync(file, text)
}

describe('the benchmark\'s check of what a reader needs', () => {
  test('should find every number on its page in three languages, every chart drawn and every download valid', () => {
    expect(checkPublished({root, publicDir: join(root, 'public'), ids: IDS})).toEqual({
      pages: 9, numbers: 3 * 4 * (90 + 48 + 60), charts: 3 * 14, specs: 3 * 14, json: 3, csv: 3, problems: []
    })
  })

  test('should name a number missing from its page, a chart not drawn, an invalid spec, JSON or CSV', () => {
    const points = benchReport(1, 'full').results
    const i = points.findIndex((/** @type {any} */ p) => p.workload === 'oltp_read_only')
    const qps = points[i].qps.toLocaleString('en', {minimumFractionDigits: 2})
    edit('zh/reports/bench-0001/index.html', (html) => html.replace(`>${qps}<`, '>1<').replace(/oltp_read_only\.svg\?v=(\w+)#zh/, 'oltp_read_only.svg?v=$1#en'))
    edit('ja/reports/bench-0002/index.html', (html) => html.replace(/(<section id="workload-oltp_insert"[\s\S]*?)<figure class="chart">[\s\S]*?<\/figure>/, '$1'))
    edit('downloads/bench-0000/bench-0000.en.vl.json', (spec) => spec.replace('"mark":{"type":"line"', '"mark":{"type":"lines"'))
    edit('downloads/bench-0001/bench-0001.json', (json) => json.replace('"kind":"comparison"', '"kind":"duel"'))
    edit('downloads/bench-0002/bench-0002.csv', (csv) => csv.split('\r\n').slice(0, -2).join('\r\n') + '\r\n')
    const {problems, ...counts} = checkPublished({root, publicDir: join(root, 'public'), ids: IDS})
    expect(problems).toEqual([
      // ajv's first error of the spec's first schema branch
      "downloads/bench-0000/bench-0000.en.vl.json: not a valid Vega-Lite spec (must have required property 'data')",
      `zh/reports/bench-0001/: results[${i}].qps ${qps} not in its workload's section`,
      'zh/reports/bench-0001/: the chart of oltp_read_only (charts/bench-0001/oltp_read_only.svg#en) is not drawn in zh',
      'downloads/bench-0001/bench-0001.json: not valid report data (must be equal to one of the allowed values)',
      'ja/reports/bench-0002/: the chart of oltp_insert is missing',
      'downloads/bench-0002/bench-0002.csv: 59 rows for 60 points'
    ])
    // the removed figure took its spec's link with it; the broken spec is the en one of bench-0000's five charts, each linking it
    expect(counts).toEqual({pages: 9, numbers: 3 * 4 * (90 + 48 + 60) - 1, charts: 3 * 14 - 2, specs: 3 * 14 - 1 - 5, json: 2, csv: 2})
  })
})
