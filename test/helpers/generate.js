/**
 * @typedef {import('../../tools/types/report.js').Report} Report
 * @typedef {import('../../tools/types/report.js').Point} Point
 */

/**
 * A generated project for the build benchmark: N reports with the real
 * templates, labels and config, in one of two shapes (`SHAPES`). Deterministic:
 * the same N and shape give the same files.
 *
 * - `classic`: 5 workloads, 2–3 subjects, 60 points; a bare environment.
 * - `full` (issue 25): shaped like the published reports, fuller: 2 or 3
 *   subjects, 4 or 5 workloads with 6 thread counts each (48–90 points,
 *   63 on average), TPS and QPS with average and p95 latency, machines,
 *   software and each component's parameters.
 *
 * Both: an en narrative for every report, stamped zh and ja translations for
 * every third.
 */
import {cpSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {stringify} from 'yaml'
import {parseNarrative} from '../../tools/narrative/index.js'
import {sectionDigest} from '../../tools/i18n/digest.js'
import {PACKAGE_ROOT} from '../../tools/lib/root.js'

const WORKLOADS = ['oltp_point_select', 'oltp_read_only', 'oltp_read_write', 'oltp_update_index', 'oltp_insert']
/** Baseline QPS per workload at the lowest thread count. */
const BASE_QPS = [120000, 40000, 25000, 30000, 28000]

/** @typedef {'classic' | 'full'} Shape */
/** The shapes `make bench` builds, in the order it prints them. */
export const SHAPES = /** @type {Shape[]} */ (['classic', 'full'])

/**
 * Small deterministic PRNG (mulberry32), so runs compare like with like.
 * @param {number} seed
 */
function random(seed) {
  let a = seed >>> 0
  return () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** @param {number} i */
export const benchId = (i) => `bench-${String(i).padStart(4, '0')}`

/**
 * Report data number `i`.
 * @param {number} i
 * @param {Shape} [shape]
 * @returns {Report}
 */
export function benchReport(i, shape = 'classic') {
  return shape === 'full' ? fullReport(i) : classicReport(i)
}

/** @param {number} i @param {number} count */
const subjectsOf = (i, count) => Array.from({length: count}, (_, k) => ({id: `v${1 + (i % 7)}.${k}.0`, product: 'TiDB', version: `v${1 + (i % 7)}.${k}.0`}))
/** @param {number} i */
const dayOf = (i) => new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10)

/** @param {number} i @returns {Report} */
function classicReport(i) {
  const rnd = random(i + 1)
  const count = i % 3 === 0 ? 3 : 2
  const subjects = subjectsOf(i, count)
  const threads = count === 3 ? [16, 64, 128, 256] : [8, 16, 32, 64, 128, 256]
  /** @type {Point[]} */
  const results = []
  WORKLOADS.forEach((workload, w) => {
    subjects.forEach((s, k) => {
      threads.forEach((t, j) => {
        const qps = BASE_QPS[w] * (1 + j * 0.6) * (1 + k * 0.04 + (rnd() - 0.5) * 0.06)
        results.push({subject: s.id, workload, threads: t, qps: Math.round(qps), latency_p95: Math.round((2 + j * 1.7) * (1 + (rnd() - 0.5) * 0.2) * 100) / 100})
      })
    })
  })
  return {
    id: benchId(i),
    kind: 'comparison',
    date: dayOf(i),
    product: 'TiDB',
    subjects,
    baseline: subjects[0].id,
    metric: 'qps',
    environment: {os: 'Debian 12', sysbench: '1.0.20'},
    plan: {db_driver: 'mysql', database: 'sbtest', tables: 16, table_size: 1000000, time: 300, workloads: WORKLOADS.map((name) => ({name, threads}))},
    results
  }
}

/** Queries per transaction of each workload (sysbench's defaults), so that QPS and TPS agree. */
const QUERIES = [1, 16, 20, 1, 1]

/**
 * The issue-25 shape: every third report has 3 subjects, every second 5
 * workloads (else 4: no `oltp_insert`), each workload 6 thread counts.
 * @param {number} i
 * @returns {Report}
 */
function fullReport(i) {
  const rnd = random(i + 1)
  const subjects = subjectsOf(i, i % 3 === 0 ? 3 : 2)
  const workloads = WORKLOADS.slice(0, i % 2 === 0 ? 5 : 4)
  const threads = [16, 32, 64, 128, 256, 512]
  /** @type {Point[]} */
  const results = []
  workloads.forEach((workload, w) => {
    subjects.forEach((s, k) => {
      threads.forEach((t, j) => {
        const qps = BASE_QPS[w] * (1 + j * 0.5) * (1 + k * 0.04 + (rnd() - 0.5) * 0.06)
        const p95 = (2 + j * 1.7) * (1 + (rnd() - 0.5) * 0.2)
        results.push({
          subject: s.id, workload, threads: t, tps: Math.round((qps / QUERIES[w]) * 100) / 100, qps: Math.round(qps * 100) / 100,
          latency_avg: Math.round(p95 * 60) / 100, latency_p95: Math.round(p95 * 100) / 100
        })
      })
    })
  })
  const cpu = 'Intel(R) Xeon(R) Gold 6240 CPU @ 2.60GHz, 72 cores'
  return {
    id: benchId(i),
    kind: 'comparison',
    date: dayOf(i),
    product: 'TiDB',
    subjects,
    baseline: subjects[0].id,
    metric: 'qps',
    environment: {
      machines: ['10.0.1.1', '10.0.1.2', '10.0.1.3', '10.0.1.4'].map((host) => ({host, cpu, memory: '384G', disk: '2 × 3.84T NVMe SSD', os: 'Rocky Linux 9.3'})),
      os: 'Rocky Linux 9.3',
      sysbench: '1.0.20',
      software: [
        {name: 'TiDB cluster', purpose: 'database under test', version: subjects.map((s) => s.version).join(' / ')},
        {name: 'Sysbench', purpose: 'load generator', version: '1.0.20'}
      ],
      notes: ['3 TiDB, 3 PD and 3 TiKV servers on four machines; sysbench on the fourth']
    },
    parameters: [
      {component: 'TiDB', format: 'toml', content: '[performance]\nmax-procs = 24\n[prepared-plan-cache]\nenabled = true\n'},
      {component: 'TiKV', format: 'toml', content: '[raftstore]\napply-pool-size = 4\nstore-pool-size = 4\n[storage.block-cache]\ncapacity = "96GB"\n'},
      {component: 'global variables', format: 'sql', content: 'set global tidb_enable_async_commit = 1;\nset global tidb_enable_1pc = 1;\n'}
    ],
    plan: {
      db_driver: 'mysql', database: 'sbtest', tables: 32, table_size: 10000000, time: 600, report_interval: 10, rand_type: 'uniform',
      prepare_threads: 32, analyze: true, pause: 120, workloads: workloads.map((name) => ({name, threads}))
    },
    results
  }
}

/**
 * The facts a narrative states, from its report: the same sentences for
 * every shape, with the shape's numbers.
 * @param {Report} report
 */
function narrativeFacts(report) {
  const workloads = report.plan.workloads
  const noted = workloads[workloads.length - 1].name
  return {
    first: report.subjects[0].id, last: report.subjects[report.subjects.length - 1].id, plan: report.plan, noted,
    heading: NOTE_HEADINGS[noted] ?? NOTE_HEADINGS.oltp_insert, count: workloads.length, most: Math.max(...(workloads[0].threads ?? []))
  }
}

/** The heading of the note on a report's last workload, per language. */
const NOTE_HEADINGS = /** @type {Record<string, Record<string, string>>} */ ({
  oltp_insert: {en: 'Insert note', zh: '插入说明', ja: '挿入についての補足'},
  oltp_update_index: {en: 'Update note', zh: '更新说明', ja: '更新についての補足'}
})
const COUNT_WORDS = /** @type {Record<number, Record<string, string>>} */ ({4: {en: 'four', zh: '四', ja: '4'}, 5: {en: 'five', zh: '五', ja: '5'}})

/**
 * The en narrative of report `i`, in our own words.
 * @param {Report} report
 */
function englishNarrative(report) {
  const {first, last, plan, noted, heading, count, most} = narrativeFacts(report)
  return `---
report: ${report.id}
lang: en
---

## Purpose {#purpose}

This generated report compares ${last} with ${first} on the same hardware, with ${plan.tables} tables of ${plan.table_size} rows each, so that a build of many reports can be timed.

## ${heading.en} {#workload-${noted}}

Every run of \`${noted}\` starts from freshly prepared tables.

## Conclusions {#conclusions}

- ${last} serves more queries than ${first} in most of the ${COUNT_WORDS[count].en} workloads.
- Latency grows with the thread count in every workload, up to ${most} threads.

## Advice {#advice}

- Run each point for ${plan.time} seconds and keep the monitoring data.
`
}

/**
 * Translations of the en narrative, with the same facts.
 * @type {Record<string, (facts: ReturnType<typeof narrativeFacts>) => string>}
 */
const TRANSLATIONS = {
  zh: ({first, last, plan, noted, heading, count, most}) => `## 测试目的 {#purpose}

本报告由程序生成，在相同的硬件上比较 ${last} 与 ${first}，使用 ${plan.tables} 张表，每张 ${plan.table_size} 行，用于测量大量报告的构建时间。

## ${heading.zh} {#workload-${noted}}

每次运行 \`${noted}\` 之前都会重新准备数据表。

## 测试结论 {#conclusions}

- 在${COUNT_WORDS[count].zh}个负载中的大多数里，${last} 的 QPS 高于 ${first}。
- 每个负载的延迟都随线程数增长，直到 ${most} 个线程。

## 建议 {#advice}

- 每个测试点运行 ${plan.time} 秒，并保留监控数据。
`,
  ja: ({first, last, plan, noted, heading, count, most}) => `## テストの目的 {#purpose}

このレポートはプログラムで生成したもので、同じハードウェア上で ${last} と ${first} を比較します。テーブルは ${plan.tables} 個、各 ${plan.table_size} 行で、多数のレポートのビルド時間を測るためのものです。

## ${heading.ja} {#workload-${noted}}

\`${noted}\` の各実行は、準備し直したテーブルから始めます。

## 結論 {#conclusions}

- ${COUNT_WORDS[count].ja} つのワークロードの大半で、${last} は ${first} より多くのクエリを処理します。
- どのワークロードでも、レイテンシはスレッド数とともに ${most} スレッドまで増えます。

## 推奨事項 {#advice}

- 各ポイントを ${plan.time} 秒実行し、監視データを残してください。
`
}

/**
 * Narrative files of report `i`: en, and a stamped zh and ja for every third.
 * @param {Report} report
 * @param {number} i
 * @returns {Record<string, string>}  language → file text
 */
export function benchNarratives(report, i) {
  const en = englishNarrative(report)
  if (i % 3 !== 0) return {en}
  const sections = parseNarrative(en).sections
  const digests = Object.entries(sections).map(([id, s]) => `    ${id}: "${sectionDigest(s.markdown)}"`).join('\n')
  const facts = narrativeFacts(report)
  /** @type {Record<string, string>} */
  const files = {en}
  for (const [lang, body] of Object.entries(TRANSLATIONS)) {
    files[lang] = `---\nreport: ${report.id}\nlang: ${lang}\ntranslated_from:\n  lang: en\n  sections:\n${digests}\n---\n\n${body(facts)}`
  }
  return files
}

/** What a generated project copies of this one: its site configuration (templates, labels and styles come from the package). */
export const siteParts = () => ['config.toml']

/**
 * Write a project with `n` generated reports into a new temp folder.
 * @param {number} n
 * @param {Shape} [shape]
 * @returns {string}  the project folder
 */
export function generateProject(n, shape = 'classic') {
  const root = mkdtempSync(join(tmpdir(), `benchdoc-bench-${shape}-${n}-`))
  for (const part of siteParts()) {
    cpSync(join(PACKAGE_ROOT, part), join(root, part), {recursive: true})
  }
  for (let i = 0; i < n; i++) {
    const report = benchReport(i, shape)
    write(join(root, 'data', 'reports', `${report.id}.yaml`), reportYaml(report))
    for (const [lang, text] of Object.entries(benchNarratives(report, i))) write(join(root, 'content', 'narrative', report.id, `${lang}.md`), text)
  }
  return root
}

/**
 * YAML as people write it here: one flow mapping per point.
 * @param {Report} report
 */
function reportYaml({results = [], ...rest}) {
  const points = results.map((p) => `  - {${Object.entries(p).map(([k, v]) => `${k}: ${v}`).join(', ')}}`)
  return `${stringify(rest)}results:\n${points.join('\n')}\n`
}

/** @param {string} file @param {string} text */
function write(file, text) {
  mkdirSync(dirname(file), {recursive: true})
  writeFileSync(file, text)
}
