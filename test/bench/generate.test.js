import {spawnSync} from 'node:child_process'
import {readFileSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {benchNarratives, benchReport, generateProject, reportYaml} from '../helpers/generate.js'
import {HAVE_SEEDS, ROOT, SEEDS} from '../helpers/paths.js'

const N = 60
const root = generateProject(N)
const reports = Array.from({length: N}, (_, i) => benchReport(i))
const narratives = reports.map((r, i) => benchNarratives(r, i))
afterAll(() => rmSync(root, {recursive: true, force: true}))

/** @param {string[]} args */
const benchdoc = (args) => spawnSync(process.execPath, [join(ROOT, 'tools', 'cli.js'), ...args], {cwd: root, encoding: 'utf8'})

describe('the generated reports like users\'', () => {
  test('should be the same for the same number, data and narratives alike', () => {
    expect(benchReport(7)).toEqual(reports[7])
    expect(reportYaml(benchReport(7))).toBe(readFileSync(join(root, 'data', 'reports', `${reports[7].id}.yaml`), 'utf8'))
    expect(benchNarratives(benchReport(7), 7)).toEqual(narratives[7])
  })

  test('should validate without an error, data and narratives, as `benchdoc validate` and `benchdoc i18n check` see them', () => {
    const validated = benchdoc(['validate'])
    expect(validated.stderr).toMatch(new RegExp(`^${N} files checked: 0 errors, \\d+ warnings?$`, 'm'))
    expect(validated.status).toBe(0)
    const checked = benchdoc(['i18n', 'check'])
    expect(checked.stdout + checked.stderr).not.toMatch(/: error: /)
    // every % in a conclusion is a figure of the data; some translations are stale
    expect(checked.stdout + checked.stderr).not.toContain('[unknown-figure]')
    expect(checked.stdout + checked.stderr).toContain('[stale-section]')
  })

  test('should have 2 or 3 subjects, 4 or 5 workloads of 6 thread counts each, and points for them', () => {
    expect(new Set(reports.map((r) => r.subjects.length))).toEqual(new Set([2, 3]))
    expect(reports.filter((r) => r.subjects.length === 3)).toHaveLength(N / 3)
    expect(new Set(reports.map((r) => r.plan.workloads.length))).toEqual(new Set([4, 5]))
    expect(reports.every((r) => r.plan.workloads.every((w) => w.threads?.length === 6))).toBe(true)
    // every planned workload has points, but at times the last (`planned-without-result`, as real data has)
    const unmeasured = reports.map((r) => r.plan.workloads.map((w) => w.name).filter((w) => !(r.results ?? []).some((p) => p.workload === w)))
    expect(unmeasured.every((names, i) => names.length === 0 || (names.length === 1 && names[0] === reports[i].plan.workloads.at(-1)?.name))).toBe(true)
    expect(unmeasured.some((names) => names.length === 1)).toBe(true)
    expect(reports.every((r) => (r.results ?? []).length >= 6 * r.subjects.length * 3)).toBe(true)
  })

  test('should vary what real reports vary: names long, short and in Chinese or Japanese, custom workloads, sections, repeats, warnings', () => {
    const names = reports.flatMap((r) => r.subjects.flatMap((s) => [s.label, ...Object.values(s.variant ?? {})].filter((x) => typeof x === 'string')))
    expect(names.some((n) => n.length > 40)).toBe(true)
    expect(names.some((n) => n.length <= 3)).toBe(true)
    expect(names.some((n) => /[\u3040-\u30ff]/.test(n)) && names.some((n) => /[\u4e00-\u9fff]/.test(n))).toBe(true)
    expect(reports.some((r) => r.plan.workloads.some((w) => !w.name.startsWith('oltp_')))).toBe(true)
    expect(new Set(reports.map((r) => r.product)).size).toBeGreaterThan(1)
    for (const part of /** @type {const} */ (['environment', 'topology', 'parameters', 'headlines', 'title'])) expect(reports.some((r) => r[part]), part).toBe(true)
    expect(reports.some((r) => r.plan.workloads.some((w) => w.threads?.join() !== r.plan.workloads[0].threads?.join()))).toBe(true)
    expect(reports.some((r) => (r.results ?? []).some((p) => p.samples && p.intervals))).toBe(true)
    expect(benchdoc(['validate']).stderr).toMatch(/\[same-threads\]/)
  })

  test('should have a narrative for every report, translated for every third, some written in Chinese or Japanese first', () => {
    const translated = narratives.filter((files) => Object.values(files).some((text) => text.includes('translated_from:')))
    expect(translated.length).toBeGreaterThanOrEqual(N / 3)
    expect(translated.length).toBeLessThan(N / 2)
    expect(narratives.some((files) => !files.en)).toBe(true)
    expect(readdirSync(join(root, 'content', 'narrative'))).toHaveLength(N)
    // lengths as the real narratives have them: a few lines to some pages
    const lengths = narratives.map((files) => Object.values(files)[0].length)
    expect(Math.min(...lengths)).toBeLessThan(600)
    expect(Math.max(...lengths)).toBeGreaterThan(2500)
  })

  test.skipIf(!HAVE_SEEDS)('should copy no sentence of the published seed reports', () => {
    const seeds = readdirSync(SEEDS).filter((f) => f.endsWith('.txt')).map((f) => readFileSync(join(SEEDS, f), 'utf8')).join('\n')
    const sentences = narratives.flatMap((files) => Object.values(files)).flatMap((text) => text.split(/(?<=[.。！？])\s*|\n/)).map((s) => s.replace(/^[-#\s*]+/, '').trim())
    expect([...new Set(sentences.filter((s) => s.length >= 16 && seeds.includes(s)))]).toEqual([])
  })
})
