/**
 * Generated reports like users' (issue 39), for the bench (`make bench`)
 * and the tests that want reports the project has not seen. Each report is
 * drawn from the real ones (materials.js: the bundled reports, the demo
 * plan's report, the crafted one and the imported published reports) and
 * varied:
 *
 * - 2 subjects, 3 in every third report, named as the real ones are (a
 *   product's versions, one version in several configurations with labels
 *   long and short, Chinese and Japanese among them, variants written in
 *   one language or three, or two products), numbered anew for each report;
 * - 4 or 5 workloads, one in six reports with a custom Lua script among
 *   them, each at 6 thread counts drawn from the real plans, one in four
 *   reports with a workload at thread counts of its own;
 * - the figures a real report holds (TPS or QPS or both, latencies), at the
 *   real reports' levels, latency by Little's law; one report in ten as
 *   `benchdoc run` writes it (repeats with their samples, throughput over time);
 * - environment, topology, parameters, plan settings and options, titles
 *   and places taken from a real report; stated headlines and validation
 *   warnings in the share the real reports have them;
 * - narratives (generate-narratives.js) of the real narratives' lengths,
 *   whose figures restate the data, translated for every third report.
 *
 * Deterministic: report i is the same as long as the real reports are.
 * Every report validates without an error (test/bench/generate.test.js).
 *
 * @typedef {import('../../tools/types/report.js').Report} Report
 * @typedef {import('../../tools/types/report.js').Point} Point
 * @typedef {import('./random.js').Random} Random
 */
import {cpSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {Document, isMap, isSeq, stringify} from 'yaml'
import {deriveReport} from '../../tools/derive/report.js'
import {SYSBENCH_WORKLOADS} from '../../tools/domain/index.js'
import {PACKAGE_ROOT} from '../../tools/lib/root.js'
import {pools, queriesOf} from './materials.js'
import {chance, pick, random} from './random.js'
import {benchNarratives} from './generate-narratives.js'

export {benchNarratives}

/** The share of the real reports that have a section (the length of its pool). @param {'places' | 'topologies' | 'parameters' | 'options'} pool */
const share = (pool) => pools()[pool].length / pools().count
/** A deep copy of plain data. @type {<T>(value: T) => T} */
const copy = (value) => structuredClone(value)

/** Report number i's id. @param {number} i */
export const benchId = (i) => benchReport(i).id

/**
 * Reports written as `benchdoc run` writes them (repeats, samples, intervals):
 * every tenth, never one the bench edits (1, 3, 4 and 5), since an edited
 * point's figure would no longer be the median of its samples.
 * @param {number} i
 */
export const isRun = (i) => i % 10 === 9

/** @type {Map<number, Report>} */
const made = new Map()

/**
 * Report data number `i`.
 * @param {number} i
 * @returns {Report}
 */
export function benchReport(i) {
  let report = made.get(i)
  if (!report) made.set(i, (report = drawReport(i)))
  return copy(report)
}

/** @param {number} i @returns {Report} */
function drawReport(i) {
  const rnd = random(i * 7919 + 17)
  const {subjects, product} = drawSubjects(rnd, i, i % 3 === 0 ? 3 : 2)
  // one measured report's thread counts and throughput: its latencies (by Little's law) then lie as close together as a real report's
  const level = pick(rnd, pools().levels)
  const plan = drawPlan(rnd, i, level.threads)
  const measures = pick(rnd, pools().measures.filter((m) => m.includes('tps') || m.includes('qps')))
  const metric = measures.includes('tps') && measures.includes('qps') ? pick(rnd, /** @type {const} */ (['tps', 'qps'])) : measures.includes('tps') ? 'tps' : 'qps'
  const results = drawPoints(rnd, {subjects, plan, measures, run: isRun(i), level: level.tps})
  /** @type {Report} */
  const report = {
    schema_version: 1,
    id: idOf(product, subjects, i),
    kind: 'comparison',
    ...(chance(rnd, 0.1) ? {title: titleOf(product, subjects)} : {}),
    date: dateOf(rnd, i),
    ...(chance(rnd, share('places')) ? {place: copy(pick(rnd, pools().places))} : {}),
    product,
    subjects,
    baseline: subjects[0].id,
    // left out, as some real reports leave it, where the default is the same
    ...(chance(rnd, 0.2) && metric === (measures.includes('tps') ? 'tps' : 'qps') ? {} : {metric}),
    ...drawSections(rnd, subjects, plan),
    plan,
    results
  }
  withWarnings(rnd, report)
  if (chance(rnd, pools().headlines)) report.headlines = statedHeadlines(report)
  return report
}

/** Labels of the generator's own, beside the real ones: long and short, Chinese and Japanese. */
const LABELS = [
  'A', 'B', 'new', 'old', 'baseline',
  'thread pool on, 64 GB buffer pool, adaptive hash index off', '3 × compute, 6 × storage, placement rules on, TLS between nodes',
  'group commit off, binlog on, sync_binlog = 1', '旧版本（基线）', '新版本：开启异步提交', 'チューニング後の構成', '默认参数', 'キャッシュ無効'
]
/** Variants of the generator's own, beside the real ones, each in three languages. */
const VARIANTS = [
  {source: 'en', en: 'Tuning mode', zh: '调优模式', ja: 'チューニングモード'},
  {source: 'en', en: 'Host network', zh: '主机网络', ja: 'ホストネットワーク'},
  {source: 'zh', zh: '默认配置', en: 'Default configuration', ja: 'デフォルト設定'},
  {source: 'en', en: 'Thread pool on', zh: '开启线程池', ja: 'スレッドプール有効'}
]

/**
 * A report's subjects in one of the ways real reports name them, and its product (the last subject's).
 * @param {Random} rnd @param {number} i @param {number} count
 * @returns {{subjects: Report['subjects'], product: string}}
 */
function drawSubjects(rnd, i, count) {
  const real = pools().subjects.flat()
  const template = pick(rnd, real)
  const product = template.product ?? 'TiDB'
  const versions = Array.from({length: count}, (_, k) => versionLike(template.version ?? 'v1.0.0', rnd, i, k))
  const style = pick(rnd, /** @type {const} */ (['versions', 'versions', 'versions', 'labels', 'variants', 'products']))
  if (style === 'labels') {
    const labels = distinct(rnd, [...real.flatMap((s) => (s.label ? [s.label] : [])), ...LABELS], count)
    return {product, subjects: unique(labels.map((label, k) => ({id: slug(label) || `s${k + 1}`, product, version: versions[0], label})))}
  }
  if (style === 'variants') {
    const variants = distinct(rnd, [...real.flatMap((s) => (s.variant ? [s.variant] : [])), ...VARIANTS], count)
    return {product, subjects: variants.map((variant, k) => ({id: `${versions[0].split(' ')[0]}-${k + 1}`, product, version: versions[0], variant: copy(variant)}))}
  }
  if (style === 'products') {
    // the other product as a real report names it, at its real version
    const other = pick(rnd, real.filter((s) => s.product && s.product !== product))
    const first = {id: slug(`${other.product}-${other.version}`), product: other.product ?? 'MySQL', version: other.version ?? '8.0.36'}
    return {product, subjects: [first, ...versions.slice(1).map((v) => ({id: v.split(' ')[0], product, version: v}))]}
  }
  return {product, subjects: unique(versions.map((v) => ({id: v.split(' ')[0], product, version: v})))}
}

/**
 * A version written as `template` is (`v6.0.0 DMR`, `10.11.19`, `v2.0.0-rc6`), numbered for
 * report i's subject k: later subjects, later versions.
 * @param {string} template @param {Random} rnd @param {number} i @param {number} k
 */
function versionLike(template, rnd, i, k) {
  const numbers = [1 + ((i * 7) % 12) + k, i % 9, Math.floor(rnd() * 20)]
  let n = 0
  return String(template).replace(/\d+/g, () => String(numbers[Math.min(n++, 2)]))
}

/** `count` different items of a list, in a drawn order. @type {<T>(rnd: Random, list: T[], count: number) => T[]} */
function distinct(rnd, list, count) {
  const seen = [...new Map(list.map((x) => [JSON.stringify(x), x])).values()]
  const out = []
  while (out.length < count && seen.length > 0) out.push(seen.splice(Math.floor(rnd() * seen.length), 1)[0])
  return out
}

/** Subjects with distinct ids (`-2` added to a repeated one). @param {Report['subjects']} subjects */
function unique(subjects) {
  const ids = new Set()
  return subjects.map((s) => {
    let id = s.id
    while (ids.has(id)) id = `${id}-2`
    ids.add(id)
    return {...s, id}
  })
}

/** @param {string} text */
const slug = (text) => text.toLowerCase().normalize('NFKD').replace(/[^a-z0-9.]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 40)

/** An id as `benchdoc import` makes one (`tidb-v6.0.0-vs-v5.1.4`), numbered, since versions repeat. @param {string} product @param {Report['subjects']} subjects @param {number} i */
function idOf(product, subjects, i) {
  const [base, ...others] = subjects.map((s) => slug(s.id).slice(0, 16).replace(/-$/, '') || 's')
  return `${slug(product)}-${others.reverse().join('-vs-')}-vs-${base}-${String(i).padStart(4, '0')}`.replace(/-+/g, '-')
}

/** @param {string} product @param {Report['subjects']} subjects */
function titleOf(product, subjects) {
  const [base, newest] = [subjects[0], subjects[subjects.length - 1]].map((s) => s.label ?? s.version)
  return {source: 'en', en: `${product} ${newest} against ${base}: sysbench OLTP results`, zh: `${product} ${newest} 与 ${base} 的 sysbench OLTP 测试结果`, ja: `${product} ${newest} と ${base} の sysbench OLTP テスト結果`}
}

/** @param {Random} rnd @param {number} i */
function dateOf(rnd, i) {
  const day = new Date(Date.UTC(2017, 0, 1) + ((i * 3.7) % 3600) * 86400000).toISOString()
  return chance(rnd, 0.6) ? day.slice(0, 10) : day.slice(0, 7)
}

/** The workloads sysbench ships that real reports use most, in the order a plan lists them. */
const COMMON = ['oltp_point_select', 'oltp_read_only', 'oltp_read_write', 'oltp_update_index', 'oltp_update_non_index', 'oltp_insert', 'oltp_write_only', 'oltp_delete']
/** Custom Lua scripts, beside the real ones: names no sysbench workload is close to. */
const CUSTOM = ['tpcc_like_new_order', 'hot_row_counter', 'json_document_insert', 'archive_batch_load']

/**
 * The plan: a real report's settings, 4 or 5 workloads at 6 thread counts, one in four
 * with a workload at thread counts of its own (within a factor of 4 of the others).
 * @param {Random} rnd @param {number} i @param {number[]} real  a real report's thread counts
 * @returns {Report['plan']}
 */
function drawPlan(rnd, i, real) {
  const {plans, workloads: lists, threads: threadLists, options} = pools()
  const settings = copy(pick(rnd, plans))
  const count = chance(rnd, 0.5) ? 5 : 4
  const names = [...new Set([...pick(rnd, lists.filter((l) => l.length >= 2)), ...COMMON])].filter((n) => SYSBENCH_WORKLOADS.includes(/** @type {never} */ (n))).slice(0, count)
  if (i % 6 === 5) names[count - 1] = pick(rnd, [...new Set([...lists.flat().filter((n) => !SYSBENCH_WORKLOADS.includes(/** @type {never} */ (n))), ...CUSTOM])])
  const threads = sixOf(real)
  const top = Math.max(...threads)
  const others = threadLists.map(sixOf).filter((t) => t.join() !== threads.join() && Math.max(...t) <= top * 4 && Math.max(...t) * 4 >= top)
  const own = chance(rnd, 0.25) && others.length > 0 ? Math.floor(rnd() * count) : -1
  const workloads = names.map((name, w) => ({
    name,
    threads: w === own ? pick(rnd, others) : threads,
    ...(chance(rnd, 0.08) && options.length ? {options: copy(pick(rnd, options))} : {})
  }))
  return {
    db_driver: 'mysql', tables: 16, table_size: 10000000, time: 300, ...settings,
    ...(chance(rnd, share('options')) ? {options: copy(pick(rnd, options))} : {}),
    workloads
  }
}

/** Six thread counts from a real list: its first six, or it continued at its last step's ratio. @param {number[]} list */
function sixOf(list) {
  const out = [...list]
  while (out.length < 6) out.push(Math.min(100000, Math.round((out[out.length - 1] * out[out.length - 1]) / out[out.length - 2])))
  return [...new Set(out.slice(0, 6))].length === 6 ? out.slice(0, 6) : [8, 16, 32, 64, 128, 256]
}

/**
 * Every subject × workload × thread count's point.
 * @param {Random} rnd
 * @param {{subjects: Report['subjects'], plan: Report['plan'], measures: string[], run: boolean, level: Record<string, number>}} shape
 *   `level`: a real report's TPS per client by workload (another workload takes one of its workloads')
 * @returns {Point[]}
 */
function drawPoints(rnd, {subjects, plan, measures, run, level: real}) {
  const decimals = chance(rnd, 0.5) ? 0 : 2
  let order = 0
  return plan.workloads.flatMap((w) => {
    const queries = queriesOf(w.name)
    const level = real[w.name] ?? pick(rnd, Object.values(real))
    return subjects.flatMap((s, k) => {
      const factor = k === 0 ? 1 : 1 + (rnd() - 0.35) * 0.25
      return (w.threads ?? []).map((threads, j) => {
        const tps = level * ((j + 1) / 3) ** 0.55 * factor * (1 + (rnd() - 0.5) * 0.04)
        const point = figures({subject: s.id, workload: w.name, threads, tps, queries, total: threads * (plan.clients ?? 1), measures, decimals, rnd})
        return run ? withRepeats(point, rnd, (order += 6)) : point
      })
    })
  })
}

/**
 * A point's figures: those the report holds, rounded as it writes them.
 * @param {{subject: string, workload: string, threads: number, tps: number, queries: number, total: number, measures: string[], decimals: number, rnd: Random}} p
 * @returns {Point}
 */
function figures({subject, workload, threads, tps, queries, total, measures, decimals, rnd}) {
  const round = (/** @type {number} */ x, /** @type {number} */ d) => Math.round(x * 10 ** d) / 10 ** d
  const avg = (total / tps) * 1000
  const p95 = avg * (1.6 + rnd() * 0.8)
  /** @type {Record<string, number>} */
  const all = {qps: round(tps * queries, decimals), tps: round(tps, decimals), latency_avg: round(avg, 2), latency_p95: round(p95, 2), latency_max: round(p95 * (3 + rnd() * 5), 2), errors: 0, reconnects: 0}
  return {subject, workload, threads, ...Object.fromEntries(measures.map((m) => [m, all[m]]))}
}

/**
 * A point as `benchdoc run` records it with 3 repeats: its figures the medians of its samples, and its throughput over time.
 * @param {Point} point @param {Random} rnd @param {number} order  of its first sample
 * @returns {Point}
 */
function withRepeats(point, rnd, order) {
  const spread = 0.03 + rnd() * 0.1
  const round = (/** @type {number} */ x) => Math.round(x * 100) / 100
  /** @param {number} f  of the throughput (the latencies by its inverse) */
  const sample = (f) => {
    /** @type {Record<string, number>} */
    const figures = {}
    for (const [m, v] of Object.entries(point)) if (MEASURES.includes(m) && typeof v === 'number') figures[m] = m.startsWith('latency') ? round(v / f) : round(v * f)
    return figures
  }
  const samples = [1 - spread, 1, 1 + spread / 2].map((f, k) => ({order: order + k * 2, ...sample(f)}))
  const field = point.qps !== undefined ? 'qps' : 'tps'
  const level = point[field] ?? 0
  const intervals = Array.from({length: 12}, (_, t) => ({t: t + 1, [field]: round(level * (1 + (rnd() - 0.5) * 0.16))}))
  return {...point, repeats: 3, spread: round(spread * 150), samples, intervals}
}

/** The figures a point may hold. */
const MEASURES = ['qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'errors', 'reconnects']

/**
 * A real report's environment (with other hosts), and as often as the real reports have them, a
 * topology and parameters for these subjects and workloads.
 * @param {Random} rnd @param {Report['subjects']} subjects @param {Report['plan']} plan
 */
function drawSections(rnd, subjects, plan) {
  const {environments, topologies, parameters} = pools()
  const hosts = (/** @type {string} */ text) => text.replace(/\b(\d+)\.(\d+)\.(\d+)\.(\d+)\b/g, (_, a, b, c, d) => `${a}.${b}.${(Number(c) + Math.floor(rnd() * 8)) % 256}.${d}`)
  const environment = chance(rnd, 0.85) ? JSON.parse(hosts(JSON.stringify(pick(rnd, environments)))) : undefined
  const topology = chance(rnd, share('topologies')) ? JSON.parse(hosts(JSON.stringify(pick(rnd, topologies)))) : undefined
  /** @type {Report['parameters']} */
  const params = chance(rnd, share('parameters')) ? copy(pick(rnd, parameters)) : undefined
  // a block for some subjects or workloads names this report's
  for (const p of params ?? []) {
    if (p.subjects) p.subjects = p.subjects.map((_, k) => subjects[k % subjects.length].id)
    if (p.workloads) p.workloads = [...new Set(p.workloads.map((_, k) => plan.workloads[k % plan.workloads.length].name))]
  }
  return {...(environment ? {environment} : {}), ...(topology ? {topology} : {}), ...(params ? {parameters: params} : {})}
}

/**
 * The warnings real data gives (`same-threads`, `planned-without-result`, `suspicious-outlier`),
 * each in about the share of the real reports that have it.
 * @param {Random} rnd @param {Report} report
 */
function withWarnings(rnd, report) {
  const share = pools().warnings
  const results = report.results ?? []
  const last = report.subjects[report.subjects.length - 1].id
  if (chance(rnd, share['same-threads'] ?? 0)) {
    const w = report.plan.workloads[0].name
    const at = results.findLastIndex((p) => p.subject === last && p.workload === w)
    if (!results[at].samples) results.splice(at, 1)
  }
  if (chance(rnd, share['planned-without-result'] ?? 0)) {
    const w = report.plan.workloads[report.plan.workloads.length - 1].name
    report.results = results.filter((p) => p.workload !== w)
  }
  if (chance(rnd, share['suspicious-outlier'] ?? 0)) {
    const p = (report.results ?? []).find((x) => x.latency_p95 !== undefined && x.latency_max === undefined && !x.samples)
    if (p?.latency_p95) p.latency_p95 = Math.round(p.latency_p95 * 900) / 100
  }
}

/**
 * Stated headlines, as a third of the real reports have them: the derived mean change of the
 * newest subject in each workload, rounded as authors round it.
 * @param {Report} report
 */
function statedHeadlines(report) {
  const newest = report.subjects[report.subjects.length - 1].id
  return deriveReport(report).workloads.flatMap((w) => {
    const h = w.headlines.find((x) => x.subject === newest)
    return h?.derived.value == null ? [] : [{workload: w.name, subject: newest, change: Math.round(h.derived.value * 100) / 100}]
  })
}

/** What a generated project copies of this one: its site configuration (templates, labels and styles come from the package). */
export const siteParts = () => ['config.toml']

/**
 * Write a project with `n` generated reports into a new temp folder.
 * @param {number} n
 * @returns {string}  the project folder
 */
export function generateProject(n) {
  const root = mkdtempSync(join(tmpdir(), `benchdoc-bench-${n}-`))
  for (const part of siteParts()) cpSync(join(PACKAGE_ROOT, part), join(root, part), {recursive: true})
  for (let i = 0; i < n; i++) {
    const report = benchReport(i)
    write(join(root, 'data', 'reports', `${report.id}.yaml`), reportYaml(report))
    for (const [lang, text] of Object.entries(benchNarratives(report, i))) write(join(root, 'content', 'narrative', report.id, `${lang}.md`), text)
  }
  return root
}

/**
 * YAML as people write it here: one flow mapping per point (a point with
 * samples as `benchdoc run` writes it, in blocks).
 * @param {Report} report
 */
export function reportYaml({results = [], ...rest}) {
  const doc = new Document(rest, {aliasDuplicateObjects: false})
  // subjects and workloads one flow mapping each, as the bundled reports write them
  for (const path of [['subjects'], ['plan', 'workloads']]) {
    const list = doc.getIn(path, true)
    if (isSeq(list)) for (const item of list.items) if (isMap(item)) item.flow = true
  }
  const points = results.map((p) => (p.samples ? stringify([p]).trimEnd().replace(/^/gm, '  ') : `  - {${Object.entries(p).map(([k, v]) => `${k}: ${typeof v === 'string' ? JSON.stringify(v) : v}`).join(', ')}}`))
  return `${doc.toString({lineWidth: 0})}results:\n${points.join('\n')}\n`
}

/** @param {string} file @param {string} text */
function write(file, text) {
  mkdirSync(dirname(file), {recursive: true})
  writeFileSync(file, text)
}
