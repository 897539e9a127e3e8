/**
 * What moving the Markdown export out of Hugo changed (issue 22), on a
 * generated project the benchmark has just built: Hugo renders the whole
 * site again into throwaway folders, alternately as the build renders it now
 * (HTML only: after the move) and with the Hugo template that wrote the
 * export before (tools/bench/legacy-export/, a Markdown output format beside
 * the HTML: before); and Node writes every report's export from its view
 * model, as the build does now (the work that moved). CPU time, since the
 * machine may be shared.
 */
import {cpSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {loadLabels, siteLanguages} from '../i18n/labels.js'
import {hugoConfig} from '../site/hugo-config.js'
import {runHugo} from '../site/hugo.js'
import {reportCard} from '../site/report-card.js'
import {exportModelFile} from '../site/export-files.js'
import {writeReportExports} from '../site/report-export.js'
import {writeIfChanged} from '../site/write.js'
import {cpuMs} from './cpu.js'
import {print} from './budgets-doc.js'

const LEGACY = fileURLToPath(new URL('./legacy-export/layouts', import.meta.url))

/** Rounds of each Hugo variant, alternated so that neither runs only warm. */
const ROUNDS = 2

/**
 * Measure and print, in the build benchmark's section.
 * @param {string} root  a generated project after a cold build
 * @param {Record<string, string | undefined>} env
 */
export async function printExportMove(root, env) {
  const moved = await exportMove(root, env)
  const s = (/** @type {number} */ ms) => `${(ms / 1000).toFixed(2)} s`
  print(`  Markdown export moved from Hugo to Node (issue 22), whole-build Hugo CPU, ${moved.after.length} rounds each:`)
  print(`    before, the Hugo template beside the pages: ${typeof moved.before === 'string' ? `not measured (${moved.before})` : moved.before.map(s).join(', ')}`)
  print(`    after, HTML only:                           ${moved.after.map(s).join(', ')}`)
  print(`    Node writing the ${moved.exports} exports from the view models: CPU ${s(moved.node)}`)
}

/**
 * @param {string} root  a generated project after a cold build
 * @param {Record<string, string | undefined>} env
 * @returns {Promise<{after: number[], before: number[] | string, node: number, exports: number}>}
 *   Hugo CPU ms of each round (`before` is the error when the old template no longer renders), Node's CPU ms for `exports` files
 */
export async function exportMove(root, env) {
  const out = join(root, '.benchdoc')
  const now = hugoConfig(root, out, 'whole')
  const old = legacyConfig(root, out)
  const after = []
  /** @type {number[] | string} */
  let before = []
  for (let round = 0; round < ROUNDS; round++) {
    after.push(await hugoCpu(root, now, env))
    if (typeof before === 'string') continue
    try {
      before.push(await hugoCpu(root, old, env))
    } catch (e) {
      before = /** @type {Error} */ (e).message.split('\n').slice(0, 3).join(' ')
    }
  }
  return {after, before, ...nodeExports(root, out)}
}

/**
 * Hugo's `--config` for a whole build with the old template: the build's own
 * configuration files and mounts, with the old template's layouts over the
 * package's and the Markdown output format it rendered. The old template
 * read the whole view model, and Hugo's copy now lacks what only the export
 * reads (hugo-model.js): the reports' data comes from the whole models kept
 * beside the exports, copied into legacy-export/data/reports/.
 * @param {string} root @param {string} out
 */
function legacyConfig(root, out) {
  cpSync(LEGACY, join(root, 'legacy-export', 'layouts'), {recursive: true})
  const models = join(root, 'legacy-export', 'data', 'reports')
  mkdirSync(models, {recursive: true})
  for (const f of readdirSync(join(out, 'data', 'reports'))) cpSync(exportModelFile(out, f.replace(/\.json$/, '')), join(models, f))
  const whole = hugoConfig(root, out, 'whole').split(',')
  const mounts = readFileSync(/** @type {string} */ (whole.at(-1)), 'utf8')
  const data = '[[module.mounts]]\n  source = ".benchdoc/data"\n  target = "data"\n'
  if (!mounts.includes(data)) throw new Error(`the whole build's mounts changed (tools/site/hugo-config.js): no ${JSON.stringify(data)} in ${whole.at(-1)}`)
  const file = join(out, 'hugo', 'legacy-export.toml')
  writeIfChanged(file, [
    '# the Markdown export as Hugo rendered it before tools/export/ (tools/bench/export-move.js)',
    '[outputFormats.markdown]\n  mediaType = "text/markdown"\n  baseName = "index"\n  isPlainText = true\n  isHTML = false\n  permalinkable = false',
    '[outputs]\n  page = ["html", "markdown"]\n  home = ["html"]\n  section = ["html"]',
    mounts.replace(data, `${data}  excludeFiles = "reports/**"\n[[module.mounts]]\n  source = "legacy-export/data"\n  target = "data"\n[[module.mounts]]\n  source = "legacy-export/layouts"\n  target = "layouts"\n`)
  ].join('\n'))
  return [...whole.slice(0, -1), file].join(',')
}

/**
 * One whole Hugo build into a throwaway folder; its CPU ms.
 * @param {string} root @param {string} config @param {Record<string, string | undefined>} env
 */
async function hugoCpu(root, config, env) {
  const destination = mkdtempSync(join(tmpdir(), 'benchdoc-bench-export-'))
  try {
    const started = cpuMs().children
    await runHugo(root, ['--destination', destination, '--config', config], {env})
    return cpuMs().children - started
  } finally {
    rmSync(destination, {recursive: true, force: true})
  }
}

/**
 * Every report's export in every language, written by Node from the whole
 * view models the build kept beside the exports (Hugo's copy lacks what only
 * the export reads: hugo-model.js), into a throwaway folder.
 * @param {string} root @param {string} out
 */
function nodeExports(root, out) {
  const languages = siteLanguages(root)
  const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(root, lang)]))
  const ids = readdirSync(join(out, 'data', 'reports')).map((f) => f.replace(/\.json$/, ''))
  const models = ids.map((id) => JSON.parse(readFileSync(exportModelFile(out, id), 'utf8')))
  // the titles come with the report's card, which the build makes anyway
  const titles = models.map((m) => reportCard(m, labels).titles)
  const scratch = mkdtempSync(join(tmpdir(), 'benchdoc-bench-export-'))
  try {
    const started = cpuMs().self
    models.forEach((model, i) => writeReportExports({out: scratch, model, charts: model.charts, labels, titles: titles[i]}))
    return {node: cpuMs().self - started, exports: models.length * languages.length}
  } finally {
    rmSync(scratch, {recursive: true, force: true})
  }
}
