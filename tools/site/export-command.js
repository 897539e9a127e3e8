import {copyFileSync, existsSync, mkdirSync, statSync} from 'node:fs'
import {basename, dirname, join, resolve} from 'node:path'
import {siteLanguages} from '../i18n/labels.js'
import {languageList, parseArgsOrUsage} from '../lib/args.js'
import {UsageError} from '../lib/errors.js'
import {plural} from '../lib/english.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {reportsRoot} from '../lib/root.js'
import {reportFiles} from '../validate/files.js'
import {exportFile, sidecarOf} from './export-files.js'
import {wholeModel} from './whole-model.js'
import {writeDocsExport} from './export-docs.js'
import {prepareSite} from './prepare.js'

export const HELP = `Usage: benchdoc export ID... [--lang L,...] [--out DIR] [--docs] [--image svg|png]

Write reports as Markdown in the documented report format, as benchdoc build
writes them beside the pages: every figure derived from the data, the
narrative of each language, the charts. The data is validated and derived
first, as by benchdoc build (only what changed since the last build).

Options:
  --lang L,...     only these languages (default: every language of the site)
  --out DIR        where to write (default: the reports repository's export/)
  --docs           the layout of a documentation repository: DIR/benchmark/ID.md
                   and each workload's chart as DIR/media/ID/<workload>.svg; with
                   several languages, one such folder per language (DIR/en/...)
  --image svg|png  the charts of --docs as SVG (default) or PNG

Without --docs: DIR/<lang>/ID.md, the file the site serves as
/downloads/ID/ID.<lang>.md (its charts link to the site's). Beside each
page, ID.benchdoc.yaml: the facts and points benchdoc import reads back.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals: ids} = parseArgsOrUsage(argv, {
    lang: {type: 'string', multiple: true}, out: {type: 'string'}, docs: {type: 'boolean'}, image: {type: 'string'}
  })
  const root = reportsRoot(io)
  const options = checkOptions(root, ids, values)
  const out = values.out === undefined ? join(root, 'export') : resolve(io.cwd, values.out)
  if (existsSync(out) && !statSync(out).isDirectory()) throw new UsageError(`--out ${values.out} is a file, expected a folder`)
  return exportReports({root, ids, out, docs: values.docs ?? false, ...options}, {err: (text) => io.err(text.replaceAll(`${io.cwd}/`, ''))})
}

/**
 * Validate and derive the project as the build does, then write the exports.
 * @param {{root: string, ids: string[], out: string, docs: boolean, languages: string[], image: import('./export-docs.js').ImageFormat}} options
 * @param {Pick<import('../lib/io.js').Io, 'err'>} io
 * @returns {Promise<number>}  the exit code
 */
export async function exportReports({root, ids, out, docs, languages, image}, io) {
  const prepared = await prepareSite({root})
  for (const p of sortProblems(prepared.problems)) io.err(`${formatProblem(p)}\n`)
  if (prepared.problems.some((p) => p.severity === 'error')) {
    io.err('export stopped: fix the errors above\n')
    return 1
  }
  const benchdoc = join(root, '.benchdoc')
  for (const id of ids) {
    const written = docs ? await docsExport(root, benchdoc, id, prepared.keys[id], {languages, image}, out) : plainExport(benchdoc, id, languages, out)
    for (const line of written) io.err(`${id}: wrote ${line}\n`)
  }
  return 0
}

/**
 * @param {string} root
 * @param {string[]} ids
 * @param {{lang?: string[], image?: string, docs?: boolean}} values
 * @returns {{languages: string[], image: import('./export-docs.js').ImageFormat}}
 */
function checkOptions(root, ids, values) {
  const all = siteLanguages(root)
  if (ids.length === 0) throw new UsageError('Missing report id, expected `benchdoc export ID...` (see --help)')
  const known = reportFiles([], root).map((f) => basename(f).replace(/\.ya?ml$/, ''))
  for (const id of ids) if (!known.includes(id)) throw new UsageError(`Unknown report \`${id}\`, expected one of: ${known.join(', ')}`)
  const languages = languageList(values.lang) ?? all
  for (const lang of languages) if (!all.includes(lang)) throw new UsageError(`Unknown language \`${lang}\`, expected one of: ${all.join(', ')}`)
  const image = values.image ?? 'svg'
  if (image !== 'svg' && image !== 'png') throw new UsageError(`Unexpected --image ${image}, expected svg or png`)
  if (values.image !== undefined && !values.docs) throw new UsageError('--image applies to --docs only')
  return {languages, image}
}

/**
 * The export the build wrote, per language.
 * @param {string} benchdoc @param {string} id @param {string[]} languages @param {string} out
 */
function plainExport(benchdoc, id, languages, out) {
  return languages.map((lang) => {
    const file = join(out, lang, `${id}.md`)
    mkdirSync(dirname(file), {recursive: true})
    const sidecar = join(out, lang, `${id}.benchdoc.yaml`)
    copyFileSync(exportFile(benchdoc, id, lang), file)
    copyFileSync(sidecarOf(benchdoc, id), sidecar)
    return `${file} and ${sidecar}`
  })
}

/**
 * @param {string} root @param {string} benchdoc @param {string} id @param {string} key  its key in the build just made
 * @param {{languages: string[], image: import('./export-docs.js').ImageFormat}} options @param {string} out
 */
async function docsExport(root, benchdoc, id, key, {languages, image}, out) {
  // prepareSite validated it, and the export stops on any error
  const {model, report, site: {labels, locales}} = await wholeModel(root, benchdoc, id, key)
  const written = []
  for (const lang of languages) {
    const folder = languages.length === 1 ? out : join(out, lang)
    const {file, sidecar, charts} = await writeDocsExport({root, out: benchdoc, labels, locales}, {model, report, lang, folder, image})
    written.push(`${file}, ${sidecar} and ${plural(charts.length, 'chart')}`)
  }
  return written
}
