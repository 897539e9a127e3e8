import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, inject, it} from 'vitest'
import {parse} from 'yaml'
import {run} from '../../tools/import/command.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {buildSite} from '../../tools/site/build.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const LANGS = /** @type {const} */ (['en', 'zh', 'ja'])

/**
 * Import `file` with the real command into fresh folders; returns what it wrote.
 * @param {string} file  an export the site publishes, `<id>.<lang>.md`
 * @param {string} id
 * @param {string} lang
 */
async function importInto(file, id, lang) {
  const dir = tempFolder('benchdoc-roundtrip-')
  const data = join(dir, 'data')
  const narrative = join(dir, 'narrative')
  let err = ''
  const io = {cwd: dir, out: () => {}, err: (/** @type {string} */ s) => (err += s), env: process.env}
  const code = await run([file, '--data', data, '--narrative', narrative], /** @type {any} */ (io))
  expect(code, err).toBe(0)
  expect(err).not.toMatch(/: (warning|error): /)
  return {
    yaml: readFileSync(join(data, `${id}.yaml`), 'utf8'),
    narrative: readFileSync(join(narrative, id, `${lang}.md`), 'utf8')
  }
}

/**
 * Assert the imported data equals the original: deep-equal, and every number
 * written with the same text (`13.70` stays `13.70`).
 * @param {string} importedText
 * @param {string} originalText
 */
function expectSameData(importedText, originalText) {
  const imported = parse(importedText)
  const original = parse(originalText)
  // the import records the schema version, which a file without one has: 1
  expect(imported).toEqual({schema_version: 1, ...original})
  const a = parseYamlSource('imported', importedText)
  const b = parseYamlSource('original', originalText)
  /** @param {any} value @param {Array<string | number>} path */
  const walk = (value, path) => {
    if (typeof value === 'number') expect(a.sourceOf(path), path.join('.')).toBe(b.sourceOf(path))
    else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) walk(v, [...path, Array.isArray(value) ? Number(k) : k])
  }
  walk(original, [])
}

/**
 * Same sections (ids and text) and the same front matter.
 * @param {string} importedText
 * @param {string} originalText
 */
function expectSameNarrative(importedText, originalText) {
  const imported = parseNarrative(importedText)
  const original = parseNarrative(originalText)
  // `translated_from` records which en text a translation was made from (the
  // i18n workflow's bookkeeping); the export does not publish it, so an
  // import cannot give it back.
  const {translated_from: _, ...front} = /** @type {Record<string, unknown>} */ (original.front)
  expect(imported.front).toEqual(front)
  const text = (/** @type {import('../../tools/narrative/parse.js').Narrative} */ n) =>
    Object.fromEntries(Object.entries(n.sections).map(([id, s]) => [id, s.markdown]))
  expect(text(imported)).toEqual(text(original))
}

describe('export → import of the bundled reports', () => {
  // the bundled site, built once for the suites that read it (test/global/bundled-site.js)
  const destination = join(inject('bundled'), 'public')
  // Bundled reports are the ones with a narrative; `make demo` output is not bundled.
  const ids = readdirSync(join(ROOT, 'content', 'narrative')).filter((id) => existsSync(join(ROOT, 'data', 'reports', `${id}.yaml`))).sort()

  it('should have bundled reports to check', () => {
    expect(ids.length).toBeGreaterThanOrEqual(5)
  })

  for (const id of ids) {
    for (const lang of LANGS) {
      it(`should give back the data and the ${lang} narrative of ${id}`, async () => {
        const got = await importInto(join(destination, 'downloads', id, `${id}.${lang}.md`), id, lang)
        expectSameData(got.yaml, readFileSync(join(ROOT, 'data', 'reports', `${id}.yaml`), 'utf8'))
        const narrative = join(ROOT, 'content', 'narrative', id, `${lang}.md`)
        if (existsSync(narrative)) expectSameNarrative(got.narrative, readFileSync(narrative, 'utf8'))
      })
    }
  }
})

/** A report with what the seeds never have: nulls, a failed point, clients, labels, per-subject settings. */
const FIXTURE = `id: fixture-edge
title: Edge cases of the export
kind: comparison
date: 2024-03-05
place: lab | rack 2
author: A. Tester
source: {file: edge.md, url: https://example.com/edge.md, lang: en}
product: MariaDB
subjects:
  - {id: m10, label: MariaDB 10, product: MariaDB, version: 10.11.6, components: [{name: server, version: 10.11.6, git_hash: 0123456789abcdef}]}
  - {id: m11, product: MariaDB, version: 11.4.2 LTS}
baseline: m10
metric: qps
environment:
  cloud: {provider: AWS, region: eu-west-1, image: ami-123, service: RDS}
  instances:
    - {role: Database, instance_type: m6i.xlarge, count: 1, storage: 100 GiB}
    - {role: Sysbench, instance_type: c6i.large}
  client: {instance_type: c6i.large, host: client-1, cpu: Xeon, cores: 2, memory: 4 GiB, os: Debian 12}
  os: Debian 12
  sysbench: 1.0.20
  software:
    - {name: HAProxy, purpose: load balancer, version: '2.8'}
  notes:
    - 'two clients: one per availability zone'
    - NUMA off
topology:
  - {hosts: [db-1], instances: [{component: MariaDB}]}
  - {hosts: [client-1, client-2], instances: [{component: Sysbench, count: 1}, {component: HAProxy, count: 2}]}
parameters:
  - component: MariaDB
    format: ini
    subjects: [m10]
    workloads: [oltp_read_write]
    note: only for the older version
    content: |
      innodb_buffer_pool_size = 1G
  - component: MariaDB
    format: ini
    subjects: [m11]
    content: |
      innodb_buffer_pool_size = 2G
plan:
  db_driver: mysql
  database: sbtest
  tables: 4
  table_size: 1000
  time: 60
  warmup_time: 10
  warmup_method: checkpoint
  report_interval: 5
  rand_type: uniform
  prepare_threads: 4
  clients: 2
  analyze: false
  pause: 30
  options: {mysql-ignore-errors: '1062,2013', histogram: true, rand-seed: 42}
  steps:
    - restart the server before each point
    - 'drop caches: echo 3 > /proc/sys/vm/drop_caches'
  workloads:
    - {name: oltp_point_select, threads: [8, 16]}
    - {name: oltp_read_write, threads: [8], options: {skip_trx: true}}
results:
  - {subject: m10, workload: oltp_point_select, threads: 8, qps: 1000.50, tps: 1000.50, latency_avg: 0.80, latency_p95: 1.10, latency_max: 9.00, errors: 0, reconnects: 0.00}
  - {subject: m10, workload: oltp_point_select, threads: 16, qps: 1800.25, tps: null, latency_p95: 2.00}
  - {subject: m11, workload: oltp_point_select, threads: 16, qps: 1900, latency_p95: 1.90}
  - {subject: m11, workload: oltp_point_select, threads: 8, qps: 1100.7, tps: 1100.7, latency_avg: 0.7, latency_p95: 1.0, latency_max: 8.5, errors: 0.5, reconnects: 0}
  - {subject: m10, workload: oltp_read_write, threads: 8, qps: 500.10, latency_p95: 30.00}
  - {subject: m11, workload: oltp_read_write, threads: 8, error: 'sysbench exited 1: FATAL: mysql_stmt_prepare() failed'}
headlines:
  - {workload: oltp_point_select, subject: m11, change: 7.78}
`

describe('export → import of a fixture report', () => {
  it('should give back nulls, a failed point, clients, labels and per-subject parameters in every language', async () => {
    const site = fixtureSite({'data/reports/fixture-edge.yaml': FIXTURE})
    const destination = join(site.root, 'public')
    const built = await buildSite({root: site.root, destination, env: site.env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    // every measure of the point, as written, in the one sidecar beside the exports
    expect(readFileSync(join(destination, 'downloads', 'fixture-edge', 'fixture-edge.benchdoc.yaml'), 'utf8')).toContain(', threads: 8, qps: 1000.50, tps: 1000.50, latency_avg: 0.80, latency_p95: 1.10, latency_max: 9.00, errors: 0, reconnects: 0.00 }\n')
    for (const lang of LANGS) {
      const file = join(destination, 'downloads', 'fixture-edge', `fixture-edge.${lang}.md`)
      const exported = readFileSync(file, 'utf8')
      // the page's row as it prints it (the plan's 2 clients said under the table)
      expect(exported).toContain('\n| 8 | 1,000.50 | 1.10 | 1,100.7 | 1.0 | +10.01% | −9.09% |\n')
      const got = await importInto(file, 'fixture-edge', lang)
      expectSameData(got.yaml, FIXTURE)
    }
  }, 120000)
})

/** A comparison measured with repeats: every repeat's figures, their turns, spreads (one not recorded). */
const REPEATS = `id: fixture-repeats
title: Repeats in the export
kind: comparison
date: 2026-11-23
subjects:
  - {id: a, product: MariaDB, version: 10.11.6}
  - {id: b, label: Small pool, product: MariaDB, version: 10.11.6}
plan:
  tables: 1
  table_size: 1000
  time: 10
  workloads:
    - {name: oltp_read_only, threads: [1, 2]}
results:
  - {subject: a, workload: oltp_read_only, threads: 1, qps: 1000.50, latency_p95: 1.10, repeats: 3, spread: 2.10, samples: [{order: 1, qps: 990.00, latency_p95: 1.10}, {order: 3, qps: 1000.50, latency_p95: 1.12}, {order: 5, qps: 1011, latency_p95: 1.05}]}
  - {subject: a, workload: oltp_read_only, threads: 2, qps: 1900, latency_p95: 2.0, repeats: 3, spread: null, samples: [{order: 7, qps: 1900, latency_p95: 2.0}, {order: 9, qps: 1890.25, latency_p95: 2.1}, {order: 11, qps: 1910, latency_p95: 1.9}]}
  - {subject: b, workload: oltp_read_only, threads: 1, qps: 600.00, latency_p95: 3.00, repeats: 3, spread: 1.5, samples: [{order: 2, qps: 595.5, latency_p95: 3.0}, {order: 4, qps: 600.00, latency_p95: 2.95}, {order: 6, qps: 604.5, latency_p95: 3.10}]}
  - {subject: b, workload: oltp_read_only, threads: 2, qps: 1020, latency_p95: 4.1, repeats: 2, samples: [{qps: 1000, latency_p95: 4.0}, {qps: 1040, latency_p95: 4.2}]}
`

describe('export → import of a report with repeats', () => {
  it('should give back every repeat’s figures, turns and spread in every language', async () => {
    const site = fixtureSite({'data/reports/fixture-repeats.yaml': REPEATS})
    const destination = join(site.root, 'public')
    const built = await buildSite({root: site.root, destination, env: site.env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    // each repeat's figures, as written, in the one sidecar beside the exports
    expect(readFileSync(join(destination, 'downloads', 'fixture-repeats', 'fixture-repeats.benchdoc.yaml'), 'utf8')).toContain('samples: [ { order: 1, qps: 990.00, latency_p95: 1.10 }, { order: 3, qps: 1000.50, latency_p95: 1.12 }, { order: 5, qps: 1011, latency_p95: 1.05 } ] }\n')
    for (const lang of LANGS) {
      const file = join(destination, 'downloads', 'fixture-repeats', `fixture-repeats.${lang}.md`)
      const exported = readFileSync(file, 'utf8')
      // the page's figures with their runs and spread, its verdicts with their repeats and CV
      if (lang === 'en') expect(exported).toContain('\n| 1 | 1,000.50 (3 runs, spread 2.1%) | 1.10 | 600.00 (3 runs, spread 1.5%) | 3.00 | −40.03% (95% CI −41.5% to −38.5%), slower (3 vs 3 repeats, CV 0.9%) | +176.80% (95% CI +157.6% to +197.4%), higher (3 vs 3 repeats, CV 3.0%) |\n')
      const got = await importInto(file, 'fixture-repeats', lang)
      expectSameData(got.yaml, REPEATS)
    }
  }, 120000)
})

/** Subjects that differ by a variant written in three languages: each export names them in its own. */
const VARIANTS = `id: fixture-variants
kind: comparison
product: TiDB
subjects:
  - {id: v9.2.0, product: TiDB, version: v9.2.0, variant: {source: en, en: General mode, zh: 通用模式, ja: 汎用モード}}
  - {id: v9.2.0-tuning, product: TiDB, version: v9.2.0, variant: {source: en, en: Tuning mode, zh: 调优模式, ja: チューニングモード}}
baseline: v9.2.0
metric: tps
plan:
  db_driver: mysql
  workloads:
    - {name: oltp_point_select, threads: [8, 16]}
results:
  - {subject: v9.2.0, workload: oltp_point_select, threads: 8, tps: 4100.25, latency_p95: 2.30}
  - {subject: v9.2.0-tuning, workload: oltp_point_select, threads: 8, tps: 4510.75, latency_p95: 2.05}
  - {subject: v9.2.0, workload: oltp_point_select, threads: 16, tps: 7820.50, latency_p95: 3.10}
  - {subject: v9.2.0-tuning, workload: oltp_point_select, threads: 16, tps: 8702.00, latency_p95: 2.75}
`

describe('export → import of a report whose subjects differ by a variant', () => {
  it('should give back the data from the en, zh and ja exports, which name the variants in their own language', async () => {
    const site = fixtureSite({'data/reports/fixture-variants.yaml': VARIANTS})
    const destination = join(site.root, 'public')
    const built = await buildSite({root: site.root, destination, env: site.env})
    expect(built.problems.filter((p) => p.severity === 'error')).toEqual([])
    for (const [lang, name] of [['en', 'v9.2.0 (Tuning mode)'], ['zh', 'v9.2.0（调优模式）'], ['ja', 'v9.2.0（チューニングモード）']]) {
      const file = join(destination, 'downloads', 'fixture-variants', `fixture-variants.${lang}.md`)
      expect(readFileSync(file, 'utf8')).toContain(name)
      const got = await importInto(file, 'fixture-variants', lang)
      expectSameData(got.yaml, VARIANTS)
    }
  }, 120000)
})
