import {existsSync, mkdirSync} from 'node:fs'
import {join} from 'node:path'
import {readLanguages} from '../i18n/languages.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {writeIfChanged} from '../lib/atomic-write.js'

/**
 * The module mounts Hugo runs with (replacing config.toml's): what the content
 * adapters read as data, everything else as assets, since `hugo server`
 * renders again only the pages that read a changed asset but every page when
 * data changes. Only `serve` mounts static/: a build links it in (publish-static.js).
 *
 * @typedef {'build' | 'serve'} HugoRun
 */

/** @param {HugoRun} run */
export function hugoMounts(run) {
  return [
    {source: '.benchdoc/data', target: 'data'},
    {source: '.benchdoc/assets', target: 'assets'},
    ...(run === 'serve' ? [{source: '.benchdoc/static', target: 'static'}] : [])
  ]
}

/**
 * Write the mounts of a run and return Hugo's `--config` value: the package's
 * defaults, the repository's configuration, the mounts (the right-most wins).
 * @param {string} root  the reports repository @param {string} out  its .benchdoc folder @param {HugoRun} run
 */
export function hugoConfig(root, out, run) {
  const file = join(out, 'hugo', `${run}.toml`)
  const mounts = [...hugoMounts(run), ...ownMounts(root), ...adapterMounts(root)].map((m) => table('module.mounts', m))
  const imports = root === PACKAGE_ROOT ? '' : packageImport()
  mkdirSync(join(out, 'hugo'), {recursive: true})
  writeIfChanged(file, `# written by benchdoc (tools/site/hugo-config.js)\n[module]\n${mounts.join('')}${imports}`)
  return `${join(PACKAGE_ROOT, 'hugo', 'defaults.toml')},${configFile(root)},${file}`
}

/**
 * The repository's own folders a mount must name, since a mount replaces
 * Hugo's default for its target: assets/ and content/<lang>/.
 * @param {string} root
 */
function ownMounts(root) {
  const languages = readLanguages(root).map((l) => l.code)
  return [
    ...(existsSync(join(root, 'assets')) ? [{source: 'assets', target: 'assets'}] : []),
    ...languages.filter((lang) => existsSync(join(root, 'content', lang))).map((lang) => ({source: `content/${lang}`, target: 'content', lang}))
  ]
}

/** The package's content adapters, once for each language of the site. @param {string} root */
function adapterMounts(root) {
  const source = join(PACKAGE_ROOT, 'hugo', 'content')
  return readLanguages(root).map((l) => ({source, target: 'content', lang: l.code}))
}

/**
 * The package as a Hugo module under the repository: Hugo takes the repository's own layouts, labels
 * (key by key) and styles first.
 */
function packageImport() {
  const mounts = ['layouts', 'i18n', 'assets'].map((dir) => table('module.imports.mounts', {source: dir, target: dir}))
  return `${table('module.imports', {path: PACKAGE_ROOT, ignoreConfig: true})}${mounts.join('')}`
}

/** A TOML array-of-tables entry. @param {string} name @param {Record<string, string | boolean>} fields */
function table(name, fields) {
  return `[[${name}]]\n${Object.entries(fields).map(([k, v]) => `  ${k} = ${JSON.stringify(v)}\n`).join('')}`
}

/** The project's Hugo configuration file. @param {string} root */
function configFile(root) {
  return ['hugo.toml', 'config.toml'].find((f) => existsSync(join(root, f))) ?? 'config.toml'
}
