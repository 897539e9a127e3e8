#!/usr/bin/env node
/**
 * Versions page benchmark: builds a throwaway project of 100 synthetic
 * reports of one product (each comparing two consecutive releases on one
 * environment, 4 workloads × 6 thread counts) and prints the size of the
 * versions page (budget < 300 KB) and of the largest report page (< 150 KB).
 * A benchmark, not a test: it prints figures.
 */
import {cpSync, mkdirSync, mkdtempSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {stringify} from 'yaml'
import {buildSite} from '../tools/site/build.js'
import {hugoBinary} from '../tools/site/hugo.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {readLanguages} from '../tools/i18n/languages.js'
import {siteParts} from '../test/helpers/generate.js'
import {print, saveSection} from './budgets-doc.js'

const REPORTS = Number(process.env.REPORTS ?? 100)
const WORKLOADS = ['oltp_point_select', 'oltp_read_write', 'oltp_update_index', 'oltp_update_non_index']
const THREADS = [50, 100, 200, 400, 800, 1600]

/** A deterministic figure: release n's throughput for a workload and thread count. */
const tps = (/** @type {number} */ n, /** @type {number} */ w, /** @type {number} */ t) =>
  Math.round((20000 + 5000 * w) * Math.log2(t) * (1 + 0.01 * n + 0.03 * Math.sin(n * 7 + w * 3 + t)))

/** @param {number} n */
function report(n) {
  const [a, b] = [`v${Math.floor(n / 10) + 1}.${n % 10}.0`, `v${Math.floor((n + 1) / 10) + 1}.${(n + 1) % 10}.0`]
  return {
    id: `bench-${String(n).padStart(3, '0')}`,
    kind: 'comparison',
    date: `20${10 + Math.floor(n / 12)}-${String((n % 12) + 1).padStart(2, '0')}`,
    product: 'TiDB',
    subjects: [{id: 'old', product: 'TiDB', version: a}, {id: 'new', product: 'TiDB', version: b}],
    environment: {instances: [{role: 'TiDB', instance_type: 'c5.4xlarge', count: 3}, {role: 'TiKV', instance_type: 'i3.4xlarge', count: 3}]},
    plan: {tables: 16, table_size: 10000000, workloads: WORKLOADS.map((name) => ({name, threads: THREADS}))},
    results: WORKLOADS.flatMap((workload, w) =>
      THREADS.flatMap((threads) => [
        {subject: 'old', workload, threads, tps: tps(n, w, threads), latency_p95: Number((threads / 40).toFixed(2))},
        {subject: 'new', workload, threads, tps: tps(n + 1, w, threads), latency_p95: Number((threads / 41).toFixed(2))}
      ])
    )
  }
}

const root = mkdtempSync(join(tmpdir(), 'benchdoc-bench-versions-'))
// removed however the script ends (a failed build exits early), unless asked to keep it
process.on('exit', () => void (process.env.KEEP || rmSync(root, {recursive: true, force: true})))
for (const part of siteParts()) {
  cpSync(join(PACKAGE_ROOT, part), join(root, part), {recursive: true})
}
mkdirSync(join(root, 'data', 'reports'), {recursive: true})
for (let n = 0; n < REPORTS; n++) {
  const r = report(n)
  writeFileSync(join(root, 'data', 'reports', `${r.id}.yaml`), stringify(r))
}
const started = Date.now()
// the generated project has no .venv: the package's pinned Hugo builds it (as scale.js does)
const result = await buildSite({root, env: {...process.env, HUGO: hugoBinary(PACKAGE_ROOT, process.env)}})
if (!result.built) {
  console.error(result.problems.slice(0, 5))
  process.exit(1)
}
const kb = (/** @type {string} */ file) => statSync(join(root, 'public', file)).size / 1024
const pages = readdirSync(join(root, 'public', 'en', 'reports')).filter((d) => !d.endsWith('.html')).map((id) => kb(`en/reports/${id}/index.html`))
print(`versions page of ${REPORTS} reports (${((Date.now() - started) / 1000).toFixed(1)} s to build)`)
for (const {code: lang} of readLanguages(root)) print(`  ${lang}/versions/tidb/:  ${kb(`${lang}/versions/tidb/index.html`).toFixed(1)} KB   budget < 300 KB`)
print(`  largest report page: ${Math.max(...pages).toFixed(1)} KB   budget < 150 KB`)
if (process.env.KEEP) print(`  kept: ${root}`)
saveSection('versions')
