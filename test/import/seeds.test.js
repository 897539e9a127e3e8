import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {isDeepStrictEqual} from 'node:util'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {importMarkdown} from '../../tools/import/import.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {dataTexts, sourceText} from '../../tools/i18n/data-text.js'

const SEEDS = join(import.meta.dirname, '..', '..', '..', 'shared', 'seeds')
const DATA = join(import.meta.dirname, '..', '..', 'data', 'reports')
const present = existsSync(SEEDS)
const seeds = present ? readdirSync(SEEDS).filter((f) => f.endsWith('.txt')).sort() : []

/**
 * Fields of bundled data written in the project's own words (an import keeps
 * the source's text in the narrative instead), left out of the comparison;
 * localised data text compared by its source text (the import has no
 * translations).
 * @param {any} report
 */
function withoutProse(report) {
  const r = structuredClone(report)
  for (const {path, value} of dataTexts(report)) {
    const parent = path.slice(0, -1).reduce((node, key) => node[key], r)
    parent[/** @type {string | number} */ (path.at(-1))] = sourceText(value)
  }
  delete r.title
  if (r.environment) delete r.environment.notes
  delete r.plan.steps
  for (const p of r.parameters ?? []) delete p.note
  return r
}

/**
 * Where the bundled data corrects its seed, each with the source it was
 * checked against: applied to a fresh import before comparing.
 * @type {Record<string, Array<{path: string, from: string, to: string, checkedAgainst: string}>>}
 */
const CORRECTIONS = {
  '004_5eac0aa1c87fed9f.txt': [
    // typographic quotes in a YAML configuration block, from the zh translation
    {path: 'parameters.*.content', from: 'log.level: “error”', to: 'log.level: "error"', checkedAgainst: 'pingcap/docs benchmark/benchmark-sysbench-v4-vs-v3.md (the en original)'}
  ]
}

/**
 * @param {any} report  a fresh import
 * @param {string} seed
 */
function corrected(report, seed) {
  const r = structuredClone(report)
  for (const c of CORRECTIONS[seed] ?? []) {
    const [list, , key] = c.path.split('.')
    for (const item of r[list] ?? []) if (typeof item[key] === 'string') item[key] = item[key].replaceAll(c.from, c.to)
  }
  return r
}

describe.skipIf(!present)(`seeds in ${SEEDS}${present ? '' : ' (folder absent: seed tests skipped)'}`, () => {
  for (const seed of seeds) {
    const text = () => readFileSync(join(SEEDS, seed), 'utf8')

    it(`should import ${seed} with zero errors`, () => {
      const {result, problems} = importMarkdown(text(), {path: seed})
      expect(problems.filter((p) => p.severity === 'error')).toEqual([])
      expect(result).not.toBeNull()
    })

    it(`should keep every number of ${seed} as published`, () => {
      const {result} = importMarkdown(text(), {path: seed})
      if (!result) throw new Error('not imported')
      const doc = parseYamlSource('imported', result.yaml)
      const published = text().replace(/(\d),(\d{3})/g, '$1$2')
      const points = /** @type {any[]} */ (result.report.results ?? [])
      for (const [i, p] of points.entries()) {
        for (const m of ['tps', 'qps', 'latency_avg', 'latency_p95']) {
          if (p[m] == null) continue
          const written = doc.sourceOf(['results', i, m])
          expect(published, `${m} of point ${i}`).toContain(written)
        }
      }
      for (const [i] of (result.report.headlines ?? []).entries()) {
        expect(published).toContain(`${doc.sourceOf(['headlines', i, 'change'])}%`)
      }
    })
  }

  it('should find a bundled data file for every seed, equal to a fresh import (prose fields aside)', () => {
    const files = readdirSync(DATA).filter((f) => f.endsWith('.yaml'))
    const bySeed = new Map(files.map((f) => [parse(readFileSync(join(DATA, f), 'utf8')).source?.file, f]))
    for (const seed of seeds) {
      const file = bySeed.get(seed)
      expect(file, `data file for ${seed}`).toBeDefined()
      const bundledText = readFileSync(join(DATA, /** @type {string} */ (file)), 'utf8')
      const bundled = parse(bundledText)
      const {result} = importMarkdown(readFileSync(join(SEEDS, seed), 'utf8'), {path: seed})
      if (!result) throw new Error(`${seed} not imported`)
      expect(`${result.id}.yaml`).toBe(file)
      const imported = corrected(parse(result.yaml), seed)
      expect(withoutProse(imported)).toEqual(withoutProse(bundled))
      // Same precision too: `13.70` in the data is `13.70` in the import.
      const a = parseYamlSource('imported', result.yaml)
      const b = parseYamlSource('bundled', bundledText)
      for (const [i, p] of (imported.results ?? []).entries()) {
        for (const m of Object.keys(p)) {
          if (typeof p[m] === 'number') expect(a.sourceOf(['results', i, m]), `${file} results[${i}].${m}`).toBe(b.sourceOf(['results', i, m]))
        }
      }
      expect(isDeepStrictEqual(imported.source, {file: seed, lang: bundled.source.lang})).toBe(true)
    }
  })
})
