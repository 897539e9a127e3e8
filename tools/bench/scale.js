/**
 * The build at scale: N generated reports (generate.js) built cold, warm with
 * nothing changed, and warm with one number changed; `validate` of all N
 * files; bare Hugo on the same number of pages; peak memory, public/ size and
 * page sizes. Prints each figure beside its budget.
 */
import {readFileSync, readdirSync, rmSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {availableParallelism, loadavg} from 'node:os'
import {hugoBinary} from '../site/hugo.js'
import {PROJECT_ROOT} from '../lib/root.js'
import {bareSite} from './bare-site.js'
import {benchId, generateProject} from './generate.js'
import {measure} from './measure.js'
import {cpuMs} from './cpu.js'
import {print} from './budgets-doc.js'
import {exportMove} from './export-move.js'

const cli = join(PROJECT_ROOT, 'tools', 'cli.js')
const once = join(PROJECT_ROOT, 'tools', 'bench', 'build-once.js')

/** @param {number[]} xs */
export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b)
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2
}
const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`
const mib = (/** @type {number} */ kib) => `${(kib / 1024).toFixed(0)} MiB`

/**
 * Size of every report page under a public/ folder.
 * @param {string} publicDir
 * @returns {Array<[string, number]>}  [lang/id, bytes]
 */
export function pageSizes(publicDir) {
  /** @type {Array<[string, number]>} */
  const pages = []
  for (const lang of readdirSync(publicDir)) {
    const dir = join(publicDir, lang, 'reports')
    let ids = []
    try {
      ids = readdirSync(dir)
    } catch {
      continue
    }
    for (const id of ids) {
      try {
        pages.push([`${lang}/${id}`, statSync(join(dir, id, 'index.html')).size])
      } catch {}
    }
  }
  return pages.sort((a, b) => b[1] - a[1])
}

/** @param {string} dir @returns {number} bytes of every file under dir */
function folderSize(dir) {
  return readdirSync(dir, {withFileTypes: true, recursive: true})
    .filter((d) => d.isFile())
    .reduce((sum, d) => sum + statSync(join(d.parentPath, d.name)).size, 0)
}

/**
 * One build of `root` in a child process.
 * @param {string} root
 * @param {Record<string, string | undefined>} env
 */
async function build(root, env) {
  const run = await measure(process.execPath, [once, root], {cwd: root, env})
  if (run.status !== 0) throw new Error(`build of ${root} failed:\n${run.stderr}`)
  return {...run, figures: JSON.parse(run.stdout)}
}

/**
 * Change one number of one report, as an author would.
 * @param {string} root
 */
function changeOneNumber(root) {
  const file = join(root, 'data', 'reports', `${benchId(1)}.yaml`)
  const text = readFileSync(file, 'utf8')
  writeFileSync(file, text.replace(/qps: (\d+)/, (_, v) => `qps: ${Number(v) + 1}`))
}

/**
 * @param {number} n  reports
 */
export async function benchAtScale(n) {
  const env = {...process.env, HUGO: hugoBinary(PROJECT_ROOT, process.env)}
  const root = generateProject(n)
  // a file changed in the last 2 s is read again by every build (tools/site/stamps.js); an
  // author's files are older, so the warm builds below measure what an author's would
  await new Promise((resolve) => setTimeout(resolve, 2100))
  print(`\nbenchdoc build on ${n} generated reports × 3 languages`)
  print(`  wall time, and CPU time (the machine may be shared: CPU time is what the build itself costs)`)
  print(`  load average before: ${loadavg().map((l) => l.toFixed(1)).join(', ')} on ${availableParallelism()} cores`)
  /** @param {{ms: number, figures: Record<string, number>}} run */
  const parts = (run) =>
    `${s(run.ms)}  (benchdoc ${s(run.figures.derivedMs)}, CPU ${s(run.figures.derivedCpuMs)} + start-up ${s(run.figures.startupCpuMs)}; Hugo ${s(run.figures.hugoMs)}, CPU ${s(run.figures.hugoCpuMs)}, ${rendered(run.figures.rendered)})`
  /** @param {number | 'all'} what */
  const rendered = (what) => (what === 'all' ? 'every page' : `the lists and ${what} report${what === 1 ? "'s" : "s'"} pages`)
  try {
    // Each figure is printed as soon as it is measured: at 1,000 reports on a
    // busy machine the whole run takes a while.
    const cold = await build(root, env)
    const pages = pageSizes(join(root, 'public'))
    print(`  cold build:               ${parts(cold)}   budget ≤ 30 s at 1,000`)
    print(`    ${pages.length} report pages, ${cold.figures.charts.rendered} charts rendered`)
    print(`  peak RSS:                 ${Object.entries(cold.peakKiB).map(([name, kib]) => `${name} ${mib(kib)}`).join(', ')}   budget ≤ 2 GiB`)
    print(`  public/ size:             ${(folderSize(join(root, 'public')) / 1024 / 1024).toFixed(1)} MB`)
    print(`  report page:              largest ${(pages[0][1] / 1024).toFixed(1)} KB, median ${(median(pages.map((p) => p[1])) / 1024).toFixed(1)} KB`)
    const bare = bareSite(n)
    const before = cpuMs().children
    const bareRun = await measure(env.HUGO ?? 'hugo', ['--quiet'], {cwd: bare, env}).finally(() => rmSync(bare, {recursive: true, force: true}))
    const bareCpu = cpuMs().children - before
    const c = cold.figures
    print(`  bare Hugo, same pages:    ${s(bareRun.ms)}, CPU ${s(bareCpu)}  → our cold Hugo ${(c.hugoMs / bareRun.ms).toFixed(1)}× bare in wall time, ${(c.hugoCpuMs / bareCpu).toFixed(1)}× in CPU   budget ≤ 1.5×`)
    const moved = await exportMove(root, env)
    const hugo = (/** @type {number[]} */ ms) => ms.map(s).join(', ')
    print(`  Markdown export moved from Hugo to Node (issue 22), whole-build Hugo CPU, ${moved.after.length} rounds each:`)
    print(`    before, the Hugo template beside the pages: ${typeof moved.before === 'string' ? `not measured (${moved.before})` : hugo(moved.before)}`)
    print(`    after, HTML only:                           ${hugo(moved.after)}`)
    print(`    Node writing the ${moved.exports} exports from the view models: CPU ${s(moved.node)}`)
    const beforeValidate = cpuMs().children
    const validate = await measure(process.execPath, [cli, 'validate'], {cwd: root, env})
    const validateCpu = cpuMs().children - beforeValidate
    print(`  validate ${n} files:${' '.repeat(Math.max(1, 7 - String(n).length))}${s(validate.ms)}, CPU ${s(validateCpu)}${validate.status === 0 ? '' : ` (exit ${validate.status})`}   budget ≤ 2 s at 1,000`)
    const warm = await build(root, env)
    print(`  warm, nothing changed:    ${parts(warm)}`)
    changeOneNumber(root)
    const changed = await build(root, env)
    print(`  warm, one report changed: ${parts(changed)}   budget ≤ 3 s, benchdoc ≤ 0.5 s`)
    print(`    its Hugo against bare Hugo on the same pages: ${(changed.figures.hugoMs / bareRun.ms).toFixed(1)}× in wall time, ${(changed.figures.hugoCpuMs / bareCpu).toFixed(1)}× in CPU`)
  } finally {
    rmSync(root, {recursive: true, force: true})
  }
}
