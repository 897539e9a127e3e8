import {readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, test} from 'vitest'
import {benchNarratives, benchReport, generateProject} from '../helpers/generate.js'
import {checkPublished} from '../../bench/reader-check.js'
import {MEASURES} from '../../tools/derive/report.js'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {ROOT} from '../helpers/paths.js'

// three reports like users', with their narratives: what they hold is counted from their data
const reports = [0, 1, 2].map((i) => benchReport(i))
const IDS = reports.map((r) => r.id)
const sum = (/** @type {number[]} */ xs) => xs.reduce((a, b) => a + b, 0)
/** The figures a report's page shows. @param {import('../../tools/types/report.js').Report} r */
const figures = (r) => sum((r.results ?? []).map((p) => MEASURES.filter((m) => p[m] != null).length))
/** The workloads a report draws a chart of. @param {import('../../tools/types/report.js').Report} r */
const charted = (r) => r.plan.workloads.filter((w) => (r.results ?? []).some((p) => p.workload === w.name)).length
let root = ''

beforeAll(async () => {
  root = generateProject(3)
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
  test('should find every number on its page in three languages, every chart drawn, every download valid and every Markdown export linked', () => {
    const charts = 3 * sum(reports.map(charted))
    expect(checkPublished({root, publicDir: join(root, 'public'), ids: IDS})).toEqual({
      pages: 9, numbers: 3 * sum(reports.map(figures)), charts, specs: charts, json: 3, csv: 3, exports: 9, problems: []
    })
  })

  test('should name a number missing from its page, a chart not drawn, an invalid spec, JSON or CSV, and a Markdown export not there', () => {
    const [first, second, third] = reports
    // a figure of the second report's last workload that its narratives do not restate (its page shows it once)
    const workload = second.plan.workloads[second.plan.workloads.length - 1].name
    const prose = Object.values(benchNarratives(second, 1)).join('\n')
    const points = second.results ?? []
    const written = (/** @type {number} */ i) => {
      const value = /** @type {number} */ (points[i].qps ?? points[i].tps)
      const decimals = String(value).split('.')[1]?.length ?? 0
      return value.toLocaleString('en', {minimumFractionDigits: decimals, maximumFractionDigits: decimals})
    }
    const i = points.findIndex((p, k) => p.workload === workload && !prose.includes(written(k)))
    const field = points[i].qps != null ? 'qps' : 'tps'
    // its last workload with points (a report may plan one it has no result for)
    const last = /** @type {string} */ (third.plan.workloads.map((w) => w.name).findLast((w) => (third.results ?? []).some((p) => p.workload === w)))
    edit(`zh/reports/${second.id}/index.html`, (html) => html.replace(`>${written(i)}<`, '>1<').replace(new RegExp(`${workload}\\.svg\\?v=(\\w+)#zh`), `${workload}.svg?v=$1#en`))
    edit(`ja/reports/${third.id}/index.html`, (html) => html.replace(new RegExp(`(<section id="workload-${last}"[\\s\\S]*?)<figure class="chart">[\\s\\S]*?</figure>`), '$1'))
    edit(`downloads/${first.id}/${first.id}.en.vl.json`, (spec) => spec.replace('"mark":{"type":"line"', '"mark":{"type":"lines"'))
    edit(`downloads/${second.id}/${second.id}.json`, (json) => json.replace('"kind":"comparison"', '"kind":"duel"'))
    edit(`downloads/${third.id}/${third.id}.csv`, (csv) => csv.split('\r\n').slice(0, -2).join('\r\n') + '\r\n')
    rmSync(join(root, 'public', 'downloads', first.id, `${first.id}.ja.md`))
    const {problems, ...counts} = checkPublished({root, publicDir: join(root, 'public'), ids: IDS})
    const rows = (third.results ?? []).length
    expect(problems).toEqual([
      // ajv's first error of the spec's first schema branch
      `downloads/${first.id}/${first.id}.en.vl.json: not a valid Vega-Lite spec (must have required property 'data')`,
      `ja/reports/${first.id}/: no link to downloads/${first.id}/${first.id}.ja.md, or it or its sidecar is not there`,
      `zh/reports/${second.id}/: results[${i}].${field} ${written(i)} not in its workload's section`,
      `zh/reports/${second.id}/: the chart of ${workload} (charts/${second.id}/${workload}.svg#en) is not drawn in zh`,
      `downloads/${second.id}/${second.id}.json: not valid report data (must be equal to one of the allowed values)`,
      `ja/reports/${third.id}/: the chart of ${last} is missing`,
      `downloads/${third.id}/${third.id}.csv: ${rows - 1} rows for ${rows} points`
    ])
    // the removed figure took its spec's link with it; the broken spec is the en one of the first report, linked by each of its charts
    const charts = 3 * sum(reports.map(charted))
    expect(counts).toEqual({pages: 9, numbers: 3 * sum(reports.map(figures)) - 1, charts: charts - 2, specs: charts - 1 - charted(first), json: 2, csv: 2, exports: 8})
  })
})
