/**
 * The real reports the bench's generator draws from (issue 39): the bundled
 * reports with their narratives, the demo plan's report and the crafted one
 * of the site tests, and every published Markdown report of the import
 * fixtures, imported as `benchdoc import` imports it. Each is validated as
 * `benchdoc validate` would, to learn which warnings real data gives.
 *
 * Read once per process, in a fixed order: the same report number gives the
 * same report as long as these files are unchanged. Nothing is written.
 *
 * @typedef {import('../../tools/types/report.js').Report} Report
 * @typedef {{from: string, report: Report, narratives: Record<string, string>, warnings: string[]}} Source
 *   a real report: where it came from, its data, its narrative files by language, and the rules of its validation warnings
 */
import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {parse} from 'yaml'
import {CJK_PUNCTUATION} from '../../tools/export/text.js'
import {dataTexts} from '../../tools/i18n/data-text.js'
import {importMarkdown} from '../../tools/import/import.js'
import {validateReportText} from '../../tools/validate/index.js'
import {PACKAGE_ROOT} from '../../tools/lib/root.js'
import {SYSBENCH_WORKLOADS} from '../../tools/domain/index.js'

const FIXTURES = join(PACKAGE_ROOT, 'test', 'fixtures')

/** @type {Source[] | undefined} */
let read

/** Every source report, bundled first, then the site fixtures, then the imported ones. */
export function sources() {
  return (read ??= [...bundled(), ...siteFixtures(), ...imported()])
}

/** @returns {Source[]} */
function bundled() {
  const data = join(PACKAGE_ROOT, 'data', 'reports')
  return readdirSync(data).filter((f) => f.endsWith('.yaml')).sort().map((f) => {
    const text = readFileSync(join(data, f), 'utf8')
    const id = f.slice(0, -'.yaml'.length)
    return {from: `data/reports/${f}`, report: parse(text), narratives: narrativesOf(join(PACKAGE_ROOT, 'content', 'narrative', id)), warnings: warningsOf(f, text)}
  })
}

/** @returns {Source[]} */
function siteFixtures() {
  return ['mariadb-demo.yaml', 'crafted.yaml'].map((f) => {
    const text = readFileSync(join(FIXTURES, 'site', f), 'utf8')
    return {from: `test/fixtures/site/${f}`, report: parse(text), narratives: {}, warnings: warningsOf(f, text)}
  })
}

/**
 * The published reports of the import fixtures, one source per file that
 * imports (a translation of another file stays a source of its own: its
 * narrative is in its language).
 * @returns {Source[]}
 */
function imported() {
  const folder = join(FIXTURES, 'import')
  const files = readdirSync(folder, {recursive: true, encoding: 'utf8'}).filter((f) => f.endsWith('.md')).sort()
  return files.flatMap((f) => {
    const {result} = importMarkdown(readFileSync(join(folder, f), 'utf8'), {path: f})
    if (!result) return []
    return [{from: relative(PACKAGE_ROOT, join(folder, f)), report: result.report, narratives: {[result.lang]: result.narrative}, warnings: warningsOf(`${result.id}.yaml`, result.yaml)}]
  })
}

/** @param {string} folder @returns {Record<string, string>} */
function narrativesOf(folder) {
  /** @type {Record<string, string>} */
  const files = {}
  for (const f of readdirSync(folder).filter((name) => name.endsWith('.md')).sort()) files[f.slice(0, -'.md'.length)] = readFileSync(join(folder, f), 'utf8')
  return files
}

/** The rules of the warnings `validate` gives a report's data. @param {string} file @param {string} text */
function warningsOf(file, text) {
  return validateReportText(file, text, {derive: false}).problems.filter((p) => p.severity === 'warning').map((p) => p.rule)
}

/**
 * What the generator picks from, each list in the sources' order.
 * @typedef {{
 *   subjects: Array<Report['subjects']>, workloads: string[][], threads: number[][], measures: string[][],
 *   environments: NonNullable<Report['environment']>[], topologies: NonNullable<Report['topology']>[],
 *   parameters: NonNullable<Report['parameters']>[], plans: Array<Omit<Report['plan'], 'workloads'>>,
 *   options: Array<Record<string, string | number | boolean>>, titles: NonNullable<Report['title']>[],
 *   places: NonNullable<Report['place']>[], authors: NonNullable<Report['author']>[],
 *   lengths: number[], translated: number, headlines: number, warnings: Record<string, number>,
 *   levels: Array<{threads: number[], tps: Record<string, number>}>, count: number
 * }} Pools
 *   `threads`: the thread lists of the plans' workloads, distinct; `measures`: the figures the points of
 *   each report hold; `lengths`: every narrative file's length in characters; `translated`: the share of
 *   sources with a narrative in several languages; `headlines`: the share with stated headlines;
 *   `warnings`: the share of sources that have each warning; `levels`: the thread counts and throughput
 *   of each measured report (levelsOf); `count`: how many sources there are
 */

/** @type {Pools | undefined} */
let pooled

/** @returns {Pools} */
export function pools() {
  // under vitest, read once for the whole run (test/global/pools.js)
  return (pooled ??= /** @type {{benchdocPools?: Pools}} */ (globalThis).benchdocPools ?? poolsOf(sources()))
}

/** @param {Source[]} all @returns {Pools} */
function poolsOf(all) {
  const reports = all.map((s) => s.report)
  /** @type {<T>(pick: (r: Report) => T | undefined | null) => T[]} */
  const present = (pick) => reports.flatMap((r) => {
    const value = pick(r)
    return value === undefined || value === null || (Array.isArray(value) && value.length === 0) ? [] : [value]
  })
  const distinct = (/** @type {number[][]} */ lists) => [...new Map(lists.map((l) => [l.join(','), l])).values()]
  /** @type {Record<string, number>} */
  const warnings = {}
  for (const s of all) for (const rule of new Set(s.warnings)) warnings[rule] = (warnings[rule] ?? 0) + 1 / all.length
  return {
    subjects: present((r) => r.subjects),
    workloads: present((r) => r.plan?.workloads?.map((w) => w.name)),
    threads: distinct(reports.flatMap((r) => (r.plan?.workloads ?? []).flatMap((w) => (w.threads && w.threads.length >= 2 ? [w.threads] : [])))),
    measures: present((r) => measuresOf(r)),
    environments: present((r) => (inEnglish(r.environment) ? r.environment : undefined)),
    topologies: present((r) => r.topology),
    parameters: present((r) => r.parameters),
    plans: present((r) => (r.plan ? withoutWorkloads(r.plan) : undefined)),
    options: [...present((r) => r.plan?.options), ...reports.flatMap((r) => (r.plan?.workloads ?? []).flatMap((w) => (w.options ? [w.options] : [])))],
    titles: present((r) => r.title),
    places: present((r) => r.place),
    authors: present((r) => r.author),
    lengths: all.flatMap((s) => Object.values(s.narratives).map((text) => text.length)),
    translated: all.filter((s) => Object.keys(s.narratives).length > 1).length / all.length,
    headlines: reports.filter((r) => (r.headlines ?? []).length > 0).length / reports.length,
    warnings,
    levels: levelsOf(reports),
    count: all.length
  }
}

/**
 * Whether an English report could hold an environment as written: a generated report is in
 * English, and a plain string is in its source report's language, which an imported Chinese
 * or Japanese report writes with its punctuation (`40 vCPU、Intel…`), never an English one.
 * @param {Report['environment']} environment
 */
const inEnglish = (environment) => !dataTexts({environment}).some(({value}) => typeof value === 'string' && CJK_PUNCTUATION.test(value))

/** @param {Report['plan']} plan */
function withoutWorkloads({workloads, ...rest}) {
  return rest
}

/** The figures a report's points hold, in the schema's order. @param {Report} report */
function measuresOf(report) {
  const held = new Set((report.results ?? []).flatMap((p) => Object.keys(p)))
  return ['qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects'].filter((m) => held.has(m))
}

/** Queries per transaction of each sysbench workload (its defaults), so that QPS and TPS agree; another: 1, a custom script: 4. */
export const QUERIES = /** @type {Record<string, number>} */ ({oltp_read_only: 16, oltp_read_write: 20, oltp_write_only: 6})
/** @param {string} workload */
export const queriesOf = (workload) => QUERIES[workload] ?? (SYSBENCH_WORKLOADS.includes(/** @type {never} */ (workload)) ? 1 : 4)

/**
 * Each measured report's level: the thread counts of its first workload, and
 * per workload the median TPS per client of its points (QPS over the
 * queries of a transaction where it has no TPS).
 * @param {Report[]} reports
 */
function levelsOf(reports) {
  return reports.flatMap((r) => {
    /** @type {Record<string, number[]>} */
    const tps = {}
    for (const p of r.results ?? []) {
      const value = p.tps ?? (typeof p.qps === 'number' ? p.qps / queriesOf(p.workload) : null)
      if (typeof value === 'number') (tps[p.workload] ??= []).push(value / (p.clients ?? r.plan?.clients ?? 1))
    }
    const threads = r.plan?.workloads?.find((w) => (w.threads?.length ?? 0) >= 2)?.threads
    if (!threads || Object.keys(tps).length === 0) return []
    return [{threads, tps: Object.fromEntries(Object.entries(tps).map(([w, values]) => [w, [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]]))}]
  })
}
