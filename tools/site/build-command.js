import {join, relative, resolve} from 'node:path'
import {checkOutputFolder} from '../lib/input.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {listed, plural} from '../lib/english.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {reportsRoot} from '../lib/root.js'
import {buildSite} from './build.js'
import {hugoBinary} from './hugo.js'

export const HELP = `Usage: benchdoc build [--out DIR]

Validate data/reports/, derive every figure and chart into .benchdoc/, then
build the site with Hugo into public/ (public/en/, public/zh/, public/ja/).
Invalid data stops the build before Hugo runs, with the validator's messages.

Options:
  --out DIR   write the site here instead of public/
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values} = parseArgsOrUsage(argv, {out: {type: 'string'}})
  const root = reportsRoot(io)
  const destination = values.out === undefined ? join(root, 'public') : resolve(io.cwd, values.out)
  checkOutputFolder(destination, {label: values.out === undefined ? 'public' : `--out ${values.out}`, shown: (p) => relative(io.cwd, p) || p})
  hugoBinary(root, io.env) // no Hugo: said before the data is derived
  const result = await buildSite({root, destination, env: io.env})
  if (!report(result, io)) return 1
  const pages = renderedPages(result.rendered ?? [], result.parts ?? {lists: false, versions: false})
  io.err(`site written to ${destination} (Hugo ${result.hugoMs} ms: ${pages})\n`)
  return 0
}

/**
 * What Hugo rendered, in words.
 * @param {'all' | string[]} rendered @param {{lists: boolean, versions: boolean}} parts
 */
function renderedPages(rendered, {lists, versions}) {
  if (rendered === 'all') return 'every page'
  const pages = [`the pages of ${plural(rendered.length, 'changed report')}`, ...(lists ? ['the lists'] : []), ...(versions ? ['the versions pages'] : [])]
  return listed(pages)
}

/**
 * Print problems and what was derived; false when there is an error.
 * @param {{problems: import('../lib/problems.js').Problem[], reports: number, unchanged: number, charts: {rendered: number, cached: number}, derivedMs: number}} result
 * @param {import('../lib/io.js').Io} io
 */
function report({problems, reports, unchanged, charts, derivedMs}, io) {
  for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
  if (problems.some((p) => p.severity === 'error')) {
    io.err('build stopped: fix the errors above\n')
    return false
  }
  io.err(`${plural(reports - unchanged, 'report')} derived (${unchanged} unchanged), ${plural(charts.rendered, 'chart')} rendered (${charts.cached} from the cache), in ${derivedMs} ms\n`)
  return true
}
