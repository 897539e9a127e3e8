import {existsSync, mkdtempSync, readFileSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {cacheKeyOf} from '../../tools/charts/job.js'
import {labelTokens} from '../../tools/charts/labels.js'
import {renderAll, renderChart} from '../../tools/charts/pool.js'
import {workloadChartSpec} from '../../tools/charts/spec.js'
import {exactly} from '../helpers/exact.js'

const TOKENS = labelTokens({throughput: '', latency: '', threads: '', subject: '', description: ''})
const dir = mkdtempSync(join(tmpdir(), 'benchdoc-render-all-'))
afterAll(() => rmSync(dir, {recursive: true, force: true}))

/** A workload chart of two subjects at 1, 2 and 4 threads, its throughput from `scale`. @param {number} scale */
function chart(scale) {
  const rows = ['a', 'b'].flatMap((subject, s) => [1, 2, 4].map((t, order) => ({subject, x: String(t), order, throughput: scale * (order + 1) + s, p95: 2 + order})))
  return workloadChartSpec(rows, ['a', 'b'], {...TOKENS, locale: 'en'})
}

/** Chart jobs of `count` charts, each written to its file under `name`. @param {string} name @param {number} count */
function jobs(name, count) {
  return Array.from({length: count}, (_, i) => ({
    spec: chart(100 * (i + 1)),
    cacheDir: join(dir, name, 'cache'),
    copies: [{file: join(dir, name, `${i}.svg`), labels: {}, alt: `chart ${i}`}]
  }))
}

describe('renderAll draws the charts a caller waits for', () => {
  test('should give each chart its result in the order asked and write the files renderChart writes', async () => {
    const many = jobs('all', 15)
    const results = await renderAll(many)
    expect(results.map((r) => r.key)).toEqual(many.map((j) => cacheKeyOf(j.spec)))
    expect(results.every((r) => !r.cached)).toBe(true)
    const one = jobs('one', 15)
    for (const job of one) await renderChart(job)
    expect(many.map((j) => readFileSync(j.copies[0].file, 'utf8'))).toEqual(one.map((j) => readFileSync(j.copies[0].file, 'utf8')))
  })

  test('should fail with the first failing chart\'s reason, and draw the others', async () => {
    const many = jobs('bad', 15)
    many[3] = {...many[3], spec: {...many[3].spec, autosize: 'fit'}}
    await expect(renderAll(many)).rejects.toThrow(exactly('chart spec asks for autosize fit: only pad is drawn'))
    // the others are drawn all the same: a shape that fails does not stop the thread that draws it
    expect(many.map((j, i) => (existsSync(j.copies[0].file) ? i : -1))).toEqual([0, 1, 2, -1, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14])
  })
})
