#!/usr/bin/env node
/**
 * One `benchdoc build` of the project at argv[2], for the benchmark: prints
 * its own figures (benchdoc's part and Hugo's part) as JSON on stdout.
 *
 * @typedef {{
 *   derivedMs: number, hugoMs: number, hugoOwnMs: number, reports: number, unchanged: number, charts: {rendered: number, cached: number}, versionsCharts: {rendered: number, cached: number},
 *   warnings: number, rendered: number | 'all', derivedCpuMs: number, hugoCpuMs: number, startupCpuMs: number
 * }} BuildFigures  what it prints
 */
import {formatProblem} from '../tools/lib/problems.js'
import {PACKAGE_ROOT} from '../tools/lib/root.js'
import {bundleIsFresh} from '../tools/pack/fresh.js'
import {cpuMs} from './cpu.js'

// the build as `benchdoc build` runs it: from the bundle while it is fresh (pack/fresh.js)
/** @type {typeof import('../tools/site/build.js')} */
const {buildSite} = bundleIsFresh(PACKAGE_ROOT) ? await import(new URL('../tools/bundle/build.js', import.meta.url).href) : await import('../tools/site/build.js')
// what loading the build's modules cost, before it starts (its own lazy imports count in the build)
const started = cpuMs()
const result = await buildSite({root: process.argv[2], env: process.env})
const used = cpuMs()
const errors = result.problems.filter((p) => p.severity === 'error')
if (errors.length > 0) {
  process.stderr.write(errors.slice(0, 10).map((p) => `${formatProblem(p)}\n`).join(''))
  process.exit(1)
}
process.stdout.write(JSON.stringify({
  derivedMs: result.derivedMs, hugoMs: result.hugoMs, hugoOwnMs: result.hugoOwnMs, reports: result.reports, unchanged: result.unchanged,
  charts: result.charts, versionsCharts: result.versionsCharts, warnings: result.problems.length, rendered: result.rendered === 'all' ? 'all' : (result.rendered?.length ?? 0),
  derivedCpuMs: used.self - started.self, hugoCpuMs: used.children - started.children, startupCpuMs: started.self
}))
