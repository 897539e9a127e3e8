/**
 * A generated project for the build benchmark: N reports shaped like a large
 * publisher's (5 workloads, 2–3 subjects, about 60 points; an en narrative
 * for every report, stamped zh and ja translations for every third), with the
 * real templates, labels and config. Deterministic: the same N gives the same
 * files.
 */
import {cpSync, mkdirSync, mkdtempSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {stringify} from 'yaml'
import {parseNarrative} from '../narrative/index.js'
import {sectionDigest} from '../i18n/digest.js'
import {PROJECT_ROOT} from '../lib/root.js'
import {readLanguages} from '../i18n/languages.js'

const WORKLOADS = ['oltp_point_select', 'oltp_read_only', 'oltp_read_write', 'oltp_update_index', 'oltp_insert']
/** Baseline QPS per workload at the lowest thread count. */
const BASE_QPS = [120000, 40000, 25000, 30000, 28000]

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
 * @returns {Record<string, any>}
 */
export function benchReport(i) {
  const rnd = random(i + 1)
  const count = i % 3 === 0 ? 3 : 2
  const subjects = Array.from({length: count}, (_, k) => ({id: `v${1 + (i % 7)}.${k}.0`, product: 'TiDB', version: `v${1 + (i % 7)}.${k}.0`}))
  const threads = count === 3 ? [16, 64, 128, 256] : [8, 16, 32, 64, 128, 256]
  const day = new Date(Date.UTC(2020, 0, 1) + i * 86400000).toISOString().slice(0, 10)
  /** @type {Record<string, any>[]} */
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
    date: day,
    product: 'TiDB',
    subjects,
    baseline: subjects[0].id,
    metric: 'qps',
    environment: {os: 'Debian 12', sysbench: '1.0.20'},
    plan: {db_driver: 'mysql', database: 'sbtest', tables: 16, table_size: 1000000, time: 300, workloads: WORKLOADS.map((name) => ({name, threads}))},
    results
  }
}

/**
 * The en narrative of report `i`, in our own words.
 * @param {Record<string, any>} report
 */
function englishNarrative(report) {
  const [first, last] = [report.subjects[0].id, report.subjects.at(-1).id]
  return `---
report: ${report.id}
lang: en
---

## Purpose {#purpose}

This generated report compares ${last} with ${first} on the same hardware, with 16 tables of 1000000 rows each, so that a build of many reports can be timed.

## Insert note {#workload-oltp_insert}

Every run of \`oltp_insert\` starts from freshly prepared tables.

## Conclusions {#conclusions}

- ${last} serves more queries than ${first} in most of the five workloads.
- Latency grows with the thread count in every workload, up to 256 threads.

## Advice {#advice}

- Run each point for 300 seconds and keep the monitoring data.
`
}

/** Translations of the en narrative, with the same facts. */
const TRANSLATIONS = {
  zh: (/** @type {Record<string, any>} */ r, /** @type {string} */ first, /** @type {string} */ last) => `## 测试目的 {#purpose}

本报告由程序生成，在相同的硬件上比较 ${last} 与 ${first}，使用 16 张表，每张 1000000 行，用于测量大量报告的构建时间。

## 插入说明 {#workload-oltp_insert}

每次运行 \`oltp_insert\` 之前都会重新准备数据表。

## 测试结论 {#conclusions}

- 在五个负载中的大多数里，${last} 的 QPS 高于 ${first}。
- 每个负载的延迟都随线程数增长，直到 256 个线程。

## 建议 {#advice}

- 每个测试点运行 300 秒，并保留监控数据。
`,
  ja: (/** @type {Record<string, any>} */ r, /** @type {string} */ first, /** @type {string} */ last) => `## テストの目的 {#purpose}

このレポートはプログラムで生成したもので、同じハードウェア上で ${last} と ${first} を比較します。テーブルは 16 個、各 1000000 行で、多数のレポートのビルド時間を測るためのものです。

## 挿入についての補足 {#workload-oltp_insert}

\`oltp_insert\` の各実行は、準備し直したテーブルから始めます。

## 結論 {#conclusions}

- 5 つのワークロードの大半で、${last} は ${first} より多くのクエリを処理します。
- どのワークロードでも、レイテンシはスレッド数とともに 256 スレッドまで増えます。

## 推奨事項 {#advice}

- 各ポイントを 300 秒実行し、監視データを残してください。
`
}

/**
 * Narrative files of report `i`: en, and a stamped zh and ja for every third.
 * @param {Record<string, any>} report
 * @param {number} i
 * @returns {Record<string, string>}  language → file text
 */
export function benchNarratives(report, i) {
  const en = englishNarrative(report)
  if (i % 3 !== 0) return {en}
  const sections = parseNarrative(en).sections
  const digests = Object.entries(sections).map(([id, s]) => `    ${id}: "${sectionDigest(s.markdown)}"`).join('\n')
  const [first, last] = [report.subjects[0].id, report.subjects.at(-1).id]
  /** @type {Record<string, string>} */
  const files = {en}
  for (const [lang, body] of Object.entries(TRANSLATIONS)) {
    files[lang] = `---\nreport: ${report.id}\nlang: ${lang}\ntranslated_from:\n  lang: en\n  sections:\n${digests}\n---\n\n${body(report, first, last)}`
  }
  return files
}

/** What a generated project copies of this one: its configuration, templates, labels, styles and content adapters. */
export const siteParts = () => ['config.toml', 'layouts', 'i18n', 'assets', ...readLanguages(PROJECT_ROOT).map((l) => `content/${l.code}`)]

/**
 * Write a project with `n` generated reports into a new temp folder.
 * @param {number} n
 * @returns {string}  the project folder
 */
export function generateProject(n) {
  const root = mkdtempSync(join(tmpdir(), `benchdoc-bench-${n}-`))
  for (const part of siteParts()) {
    cpSync(join(PROJECT_ROOT, part), join(root, part), {recursive: true})
  }
  for (let i = 0; i < n; i++) {
    const report = benchReport(i)
    write(join(root, 'data', 'reports', `${report.id}.yaml`), reportYaml(report))
    for (const [lang, text] of Object.entries(benchNarratives(report, i))) write(join(root, 'content', 'narrative', report.id, `${lang}.md`), text)
  }
  return root
}

/**
 * YAML as people write it here: one flow mapping per point.
 * @param {Record<string, any>} report
 */
function reportYaml({results, ...rest}) {
  const points = results.map((/** @type {Record<string, any>} */ p) => `  - {${Object.entries(p).map(([k, v]) => `${k}: ${v}`).join(', ')}}`)
  return `${stringify(rest)}results:\n${points.join('\n')}\n`
}

/** @param {string} file @param {string} text */
function write(file, text) {
  mkdirSync(dirname(file), {recursive: true})
  writeFileSync(file, text)
}
