import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {basename, join, relative, resolve} from 'node:path'
import {writeFilesAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {PACKAGE_ROOT, SITE_MARK} from '../lib/root.js'
import {labelsToTranslate, languageBlock, languageName} from '../i18n/add-language.js'
import {LANG_CODE} from '../i18n/data-text.js'

/**
 * `benchdoc init DIR`: a new reports repository that uses the installed benchdoc.
 */

/** What npm leaves in a folder it installed benchdoc into, and a fresh git repository: not in the way. */
const ALLOWED = new Set(['package.json', 'package-lock.json', 'node_modules', '.git'])

/** Files copied from the package: [path in the package, path in the repository]. */
const COPIED = [
  ['tools/init/files/README.md', 'README.md'],
  ['tools/init/files/gitignore', '.gitignore'],
  ['tools/init/files/plans/example.yaml', 'plans/example.yaml'],
  ...['benchdoc.yml', 'benchdoc-comment.yml', 'pages.yml'].map((f) => [`.github/workflows/${f}`, `.github/workflows/${f}`])
]

/**
 * @param {string} dir  the folder to write into (made when missing)
 * @param {{languages: string[], force?: boolean, title?: string, shown?: string}} options  `shown`: the folder as messages name it
 * @returns {{written: string[], kept: string[], vendored?: {from: string, to: string}}}  paths relative to dir
 */
export function initRepository(dir, {languages, force = false, title, shown: name = dir}) {
  const present = existsSync(dir) ? readdirSync(dir).filter((f) => !ALLOWED.has(f)).sort() : []
  if (present.length > 0 && !force) {
    const shown = present.slice(0, 5).join(', ') + (present.length > 5 ? ` and ${present.length - 5} more` : '')
    throw new UsageError(`${name} is not empty (${shown}): not writing into it; use --force to add benchdoc's files beside these (a file of the same name is kept, not replaced)`)
  }
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = [
    ['config.toml', siteConfig(title, languages)],
    ...labelsOfNewLanguages(languages),
    ['data/reports/.gitkeep', ''],
    ['content/narrative/.gitkeep', ''],
    ...COPIED.map(([from, to]) => /** @type {[string, string]} */ ([to, readFileSync(join(PACKAGE_ROOT, from), 'utf8')]))
  ]
  const kept = files.filter(([path]) => existsSync(join(dir, path))).map(([path]) => path)
  const {files: npm, vendored} = packageFiles(dir)
  const fresh = [...files.filter(([path]) => !kept.includes(path)), ...npm]
  writeFilesAtomic(fresh.map(([path, text]) => [join(dir, path), text]), (p) => p.slice(dir.length + 1))
  return {written: fresh.map(([path]) => path), kept, vendored}
}

/**
 * Label files for the languages the package has none for: the first language's (the package's), to translate.
 * @param {string[]} languages
 * @returns {Array<[string, string]>}
 */
function labelsOfNewLanguages([first, ...others]) {
  const file = (/** @type {string} */ code) => join(PACKAGE_ROOT, 'i18n', `${code}.yaml`)
  if (!existsSync(file(first))) {
    const known = readdirSync(join(PACKAGE_ROOT, 'i18n')).map((f) => f.replace(/\.yaml$/, '')).filter((code) => LANG_CODE.test(code)).sort()
    throw new UsageError(`Unexpected first language \`${first}\` in --lang: benchdoc has no labels in it to start from, expected one of ${known.join(', ')} first`)
  }
  return others.filter((code) => !existsSync(file(code))).map((code) => [`i18n/${code}.yaml`, labelsToTranslate(code, languageName(code), first, readFileSync(file(first), 'utf8'))])
}

/**
 * The site's config.toml: its title, its languages (the first the source of
 * labels and narratives), and the table that marks it as benchdoc's.
 * @param {string | undefined} title  none: each language's label `site_title`
 * @param {string[]} languages
 */
export function siteConfig(title, languages) {
  return [
    '# The site of this reports repository. benchdoc reads Hugo\'s defaults from its',
    '# package and this file over them; `npx benchdoc build` and `serve` run Hugo.',
    'baseURL = "http://localhost:1313/"',
    title ? `title = ${JSON.stringify(title)}` : '# title = "…": the site\'s title on every page; without it, each language\'s label `site_title`',
    `defaultContentLanguage = ${JSON.stringify(languages[0])}`,
    '',
    '[languages]',
    ...languages.map((code, i) => languageBlock(code, languageName(code), i + 1).trimEnd()),
    '',
    '# Marks this folder as a benchdoc reports repository: benchdoc commands run',
    '# anywhere below it work on it.',
    SITE_MARK,
    ''
  ].join('\n')
}

/**
 * package.json: npm's own, with the scripts added, or a new one depending on this benchdoc. A benchdoc
 * npm installed from a tarball outside the folder (`npm install ../benchdoc-0.1.0.tgz`) would not
 * install in a fresh clone (CI): the tarball is copied into vendor/, and package.json and
 * package-lock.json name the copy.
 * @param {string} dir
 * @returns {{files: Array<[string, string | Uint8Array]>, vendored?: {from: string, to: string}}}
 */
function packageFiles(dir) {
  const file = join(dir, 'package.json')
  const own = JSON.parse(readFileSync(join(PACKAGE_ROOT, 'package.json'), 'utf8'))
  /** @type {{scripts?: Record<string, string>, dependencies?: Record<string, string>} & Record<string, unknown>} */
  let manifest = {name: npmName(basename(dir)), private: true}
  if (existsSync(file)) {
    try {
      manifest = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new UsageError(`${file}: not JSON (${/** @type {Error} */ (error).message}), expected npm's package.json`)
    }
  }
  manifest.scripts = {build: 'benchdoc build', serve: 'benchdoc serve', validate: 'benchdoc validate', ...manifest.scripts}
  manifest.dependencies = {benchdoc: `^${own.version}`, ...manifest.dependencies}
  const spec = manifest.dependencies.benchdoc
  const from = /^file:(.+\.tgz)$/.exec(spec)?.[1]
  if (!from || !relative(dir, resolve(dir, from)).startsWith('..')) return {files: [['package.json', `${JSON.stringify(manifest, null, 2)}\n`]]}
  if (!existsSync(resolve(dir, from))) throw new UsageError(`${file}: benchdoc's \`${spec}\` is not there, expected the tarball npm installed it from, to copy into vendor/ for a fresh clone: install benchdoc again`)
  const to = `vendor/${basename(from)}`
  manifest.dependencies.benchdoc = `file:${to}`
  const lock = join(dir, 'package-lock.json')
  /** @type {Array<[string, string | Uint8Array]>} */
  const files = [[to, readFileSync(resolve(dir, from))], ['package.json', `${JSON.stringify(manifest, null, 2)}\n`]]
  if (existsSync(lock)) files.push(['package-lock.json', readFileSync(lock, 'utf8').replaceAll(JSON.stringify(spec), JSON.stringify(`file:${to}`))])
  return {files, vendored: {from, to}}
}

/** A folder name as an npm package name. @param {string} name */
function npmName(name) {
  return name.toLowerCase().replace(/[^a-z0-9._-]+/g, '-').replace(/^[._-]+|-+$/g, '') || 'reports'
}
