#!/usr/bin/env node
/**
 * Import budget (issue 7): a generated report whose result table has ROWS
 * rows (two versions side by side, TPS and 95% latency each: 2 × ROWS
 * points) imported by `importMarkdown`, the function `benchdoc import`
 * runs. Prints CPU and wall time of the whole import, of the first round (a
 * fresh process: code not yet optimised by the JIT, as one `benchdoc import`
 * runs it) and of the best round, and, measured apart, its last step: the
 * validation of the data it wrote. A benchmark that prints figures, not a
 * test.
 *
 *   node bench/import.js [--rows 10000] [--rounds 3]
 *
 * Target: under 2 s for 10,000 rows.
 */
import {loadavg} from 'node:os'
import {parseArgs} from 'node:util'
import {importMarkdown} from '../tools/import/import.js'
import {validateReportDoc} from '../tools/validate/index.js'
import {heldSourceDoc} from '../tools/lib/yaml-held.js'
import {writtenNumber} from '../tools/export/yaml-out.js'
import {cpuMs} from './cpu.js'
import {print, saveSection} from './budgets-doc.js'

const {values} = parseArgs({options: {rows: {type: 'string', default: '10000'}, rounds: {type: 'string', default: '3'}}})
const ROWS = Number(values.rows)
const ROUNDS = Number(values.rounds)
const TARGET_MS = 2000

/** @param {number} rows */
function report(rows) {
  const lines = Array.from({length: rows}, (_, i) => {
    const a = 1000 + i * 1.25
    return `| ${i + 1} | ${a.toFixed(2)} | ${(a * 1.04).toFixed(2)} | ${(2 + i / 500).toFixed(2)} | ${(1.9 + i / 500).toFixed(2)} |`
  })
  return [
    '# TiDB v9.9.1 vs v9.9.0 (generated for the import benchmark)',
    '',
    '## Results',
    '',
    '### Point Select',
    '',
    '| Threads | v9.9.0 TPS | v9.9.1 TPS | v9.9.0 95% latency (ms) | v9.9.1 95% latency (ms) |',
    '| --- | --- | --- | --- | --- |',
    ...lines,
    ''
  ].join('\n')
}

const text = report(ROWS)
const runs = []
for (let round = 0; round < ROUNDS; round++) {
  const cpu0 = cpuMs().self
  const wall0 = performance.now()
  const {result, problems} = importMarkdown(text, {path: 'generated.md'})
  const cpu = cpuMs().self - cpu0
  const wall = performance.now() - wall0
  const errors = problems.filter((p) => p.severity === 'error')
  if (!result || errors.length > 0) {
    process.stderr.write(`import failed: ${errors[0]?.message ?? 'no result'}\n`)
    process.exit(1)
  }
  // the same validation the import ran last, again on its own
  const v0 = cpuMs().self
  const {written} = result
  validateReportDoc(heldSourceDoc(`${result.id}.yaml`, result.yaml, result.report, (path, value) => writtenNumber(value, written.get(path.join('/')))), {derive: false})
  runs.push({cpu, wall, validate: cpuMs().self - v0, points: (result.report.results ?? []).length})
}
const best = runs.reduce((a, b) => (b.cpu < a.cpu ? b : a))
const first = runs[0]
const fmt = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`
/** @param {{cpu: number, wall: number, validate: number}} r */
const figures = (r) => `${fmt(r.cpu)} CPU, ${fmt(r.wall)} wall (of which validating the data: ${fmt(r.validate)} CPU)`
print(
  `import of a ${ROWS.toLocaleString('en')}-row result table (${best.points.toLocaleString('en')} points), load average ${loadavg()[0].toFixed(2)}: ` +
  `first round ${figures(first)}; best of ${ROUNDS} ${figures(best)}; ` +
  `target under ${fmt(TARGET_MS)} CPU: ${first.cpu < TARGET_MS ? 'met' : best.cpu < TARGET_MS ? 'met once warm, NOT in the first round' : 'NOT met'}`
)
saveSection('import')
