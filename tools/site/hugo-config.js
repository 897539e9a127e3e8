import {existsSync, mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {writeIfChanged} from './write.js'

/**
 * The module mounts Hugo runs with, which override config.toml's (a later
 * `--config` file replaces the list). The report models are Hugo data on a
 * whole build (one bulk load is the quickest way to read them all) and
 * assets otherwise, so that a partial build reads only the models of the
 * pages it renders, and `hugo server` renders again only the pages of an
 * edited report (a page depends on the assets it reads, but on every data
 * file). Charts and downloads are linked into the destination by the build
 * (publish-static.js); only `serve` lets Hugo serve them.
 *
 * @typedef {'whole' | 'partial' | 'serve'} HugoRun
 */

/** @param {HugoRun} run */
export function hugoMounts(run) {
  const asAssets = run !== 'whole'
  return [
    asAssets ? {source: '.benchdoc/data', target: 'data', excludeFiles: 'reports/**'} : {source: '.benchdoc/data', target: 'data'},
    ...(asAssets ? [{source: '.benchdoc/data/reports', target: 'assets/reports'}] : []),
    {source: '.benchdoc/assets', target: 'assets'},
    {source: 'assets', target: 'assets'},
    ...(run === 'serve' ? [{source: '.benchdoc/static', target: 'static'}] : [])
  ]
}

/**
 * Write the mounts of a run and return Hugo's `--config` value: the project's
 * configuration, then the mounts.
 * @param {string} root @param {string} out  the .benchdoc folder @param {HugoRun} run
 */
export function hugoConfig(root, out, run) {
  const file = join(out, 'hugo', `${run}.toml`)
  const mounts = hugoMounts(run).map((m) => `[[module.mounts]]\n${Object.entries(m).map(([k, v]) => `  ${k} = ${JSON.stringify(v)}\n`).join('')}`)
  mkdirSync(join(out, 'hugo'), {recursive: true})
  writeIfChanged(file, `# written by benchdoc (tools/site/hugo-config.js)\n[module]\n${mounts.join('')}`)
  return `${configFile(root)},${file}`
}

/** The project's Hugo configuration file. @param {string} root */
function configFile(root) {
  return ['hugo.toml', 'config.toml'].find((f) => existsSync(join(root, f))) ?? 'config.toml'
}
