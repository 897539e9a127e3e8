import {basename, dirname, join} from 'node:path'
import {checkArithmetic} from './checks.js'
import {exportFactsOf, readExport} from '../export/index.js'
import {extractReport} from './extract.js'
import {frontMatter} from './extract/versions.js'
import {detectLang} from './lang.js'
import {narrativeMarkdown} from './narrative.js'
import {deriveId, deriveProductId} from './subjects.js'
import {dataYaml} from '../export/yaml-out.js'
import {SCHEMA_VERSIONS} from '../lib/schema-version.js'
import {dataTexts, looksLikeProse} from '../i18n/data-text.js'

/**
 * remark plugin: map the mdast of a published benchmark report to report data
 * and a narrative, left on `file.data.benchdoc`; problems are vfile messages
 * with places (`fatal: true` for errors).
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {{lang?: string, id?: string, root?: string, page?: string}} Options
 *   `root`: the reports repository, whose languages and labels an export is read by; `page`: the file on disk
 * @typedef {{
 *   id: string,
 *   lang: string,
 *   report: Report,
 *   written: Map<string, string>,
 *   yaml: string,
 *   narrative: string,
 *   lines: number[],
 *   places: Array<Record<string, import('unist').Point>>,
 *   stated: import('./extract.js').Stated[],
 *   stats: {sections: number, mapped: number, tables: number, points: number}
 * }} Imported
 */

/**
 * @param {Options} [options]
 */
export default function remarkBenchdocImport(options = {}) {
  /**
   * @param {import('mdast').Root} tree
   * @param {import('vfile').VFile} file
   */
  return function (tree, file) {
    const source = String(file.value)
    const lang = options.lang ?? detectLang(source)
    /** @type {import('./extract.js').Say} */
    const say = (severity, place, rule, message) => {
      const m = file.message(message, {place, ruleId: rule, source: 'benchdoc-import'})
      m.fatal = severity === 'error' ? true : false
      // a place in the export's sidecar names it
      if (place?.file) m.file = place.file
    }
    // not YAML: the version reader warns
    const front = frontMatter(tree, () => {})
    const aliases = aliasesOf(front)
    const found = exportFactsOf(front, options.page, (message) => say('warning', undefined, 'export-sidecar', message))
    if (found === 'earlier') {
      say('error', blockPlace(tree), 'export-earlier', 'This export was written by an earlier benchdoc: export it again from its data with `benchdoc export`')
      return
    }
    if (found) {
      const {facts, sidecar} = found
      // benchdoc's own export: read by its labels and ids, exactly.
      const exportLang = options.lang ?? facts.lang ?? lang
      const named = {doc: sidecar, name: join(dirname(file.path ?? ''), basename(sidecar.file))}
      const read = readExport(tree, source, facts, {lang: exportLang, root: options.root, sidecar: named}, say)
      if (!read) return
      const id = options.id ?? read.report.id
      read.report.id = id
      const all = {...facts.aliases, ...(aliases ? {[exportLang]: aliases} : {})}
      if (Object.keys(all).length > 0) read.report = withAliases(read.report, all)
      read.report = {schema_version: SCHEMA_VERSIONS.report, ...read.report}
      const yaml = dataYaml(read.report, read.written, `Imported by benchdoc import from ${file.basename ?? 'report.md'} (benchdoc export, ${exportLang}, facts from ${basename(sidecar.file)}).`)
      /** @type {Imported} */
      // the data as read: the validator checks it before anything is written (import.js)
      const result = {id, lang: exportLang, report: /** @type {Report} */ (read.report), written: read.written, yaml, narrative: read.narrative, lines: [], places: [], stated: [], stats: read.stats}
      file.data.benchdoc = result
      return
    }
    const extracted = extractReport(tree, source, {lang, sourceFile: file.basename ?? 'report.md', file: file.path ?? 'report.md'}, say)
    if (!extracted) return
    const {written} = extracted
    const report = aliases ? withAliases(extracted.report, {[lang]: aliases}) : extracted.report
    const products = new Set(report.subjects.map((s) => s.product))
    // the extraction always names the product
    const id = options.id ?? (products.size > 1 ? deriveProductId(report.subjects) : deriveId(/** @type {string} */ (report.product), report.subjects.map((s) => s.id)))
    report.id = id
    const headlines = checkArithmetic(report, written, extracted.stated, extracted.changes, say)
    if (headlines.length > 0) {
      report.headlines = headlines.map((h, i) => {
        written.set(`headlines/${i}/change`, h.text)
        return {workload: h.workload, subject: h.subject, change: h.change}
      })
    }
    recordLanguage(report, lang)
    const versioned = {schema_version: SCHEMA_VERSIONS.report, ...report}
    const yaml = dataYaml(versioned, written, `Imported by benchdoc import from ${report.source?.file} (${lang}).`)
    const narrative = narrativeMarkdown({
      id,
      lang,
      title: extracted.title,
      sections: extracted.narrative.sections,
      unmapped: extracted.narrative.unmapped,
      workloads: report.plan.workloads.map((w) => w.name)
    })
    /** @type {Imported} */
    // the data as read: the validator checks it before anything is written (import.js)
    const result = {id, lang, report: versioned, written, yaml, narrative, lines: extracted.lines, places: extracted.places, stated: extracted.stated, stats: extracted.stats}
    file.data.benchdoc = result
  }
}

/**
 * The old paths of a page its front matter's `aliases` list, kept under the
 * page's language (that language's export writes them back).
 * @param {unknown} front
 * @returns {string[] | null}
 */
function aliasesOf(front) {
  const aliases = front && typeof front === 'object' && 'aliases' in front ? front.aliases : undefined
  const list = typeof aliases === 'string' ? [aliases] : aliases
  return Array.isArray(list) && list.length > 0 && list.every((a) => typeof a === 'string') ? list : null
}

/**
 * Where the front matter's `benchdoc` block starts (the front matter's start when its key is not found).
 * @param {import('mdast').Root} tree
 * @returns {import('unist').Point | undefined}
 */
function blockPlace(tree) {
  const yaml = tree.children.find((n) => n.type === 'yaml')
  if (yaml?.type !== 'yaml' || !yaml.position) return undefined
  const at = yaml.value.split('\n').findIndex((line) => /^["']?benchdoc["']?\s*:/.test(line))
  return at < 0 ? yaml.position.start : {line: yaml.position.start.line + 1 + at, column: 1}
}

/**
 * The report with its aliases (by language) after its source, where data files have them.
 * @template {object} T
 * @param {T} report
 * @param {Record<string, string[]>} aliases
 * @returns {T}
 */
function withAliases(report, aliases) {
  /** @type {Record<string, unknown>} */
  const out = {}
  for (const [key, value] of Object.entries(report)) {
    if (key === 'aliases') continue
    out[key] = value
    if (key === 'source') out.aliases = aliases
  }
  if (!('aliases' in out)) out.aliases = aliases
  return /** @type {T} */ (out)
}

/**
 * Free text copied from the source is in the source's language: recorded as
 * `{source: lang, <lang>: text}`, for other languages to mark and translate.
 * Names and codes (`CentOS 7.4`) stay plain; parameter headings are the importer's words.
 * @param {object} report
 * @param {string} lang
 */
function recordLanguage(report, lang) {
  for (const {path, value} of dataTexts(report)) {
    if (typeof value !== 'string' || !looksLikeProse(value) || path[0] === 'parameters') continue
    // dataTexts gives paths through objects and arrays of this report
    const parent = /** @type {Record<string | number, unknown>} */ (path.slice(0, -1).reduce((node, key) => /** @type {Record<string | number, object>} */ (node)[key], report))
    parent[/** @type {string | number} */ (path.at(-1))] = {source: lang, [lang]: value}
  }
}
