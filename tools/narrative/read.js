import {existsSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {InvalidError} from '../lib/errors.js'
import {readTextOrProblem} from '../lib/input.js'
import {formatProblem} from '../lib/problems.js'
import {MAX_NARRATIVE_BYTES, parseFront, parseNarrative} from './parse.js'

/**
 * Narrative files, each read and parsed once, here: each must belong to a
 * report, be in a site language, and say so in its front matter.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('./parse.js').Narrative} Narrative
 * @typedef {{lang: string, path: string, rel: string, text: string, readonly narrative: Narrative, readonly front: Pick<Narrative, 'front' | 'errors'>}} NarrativeFile
 *   `rel`: the path messages name; `narrative`: parsed on first use; `front`: its
 *   front matter and errors, without parsing the Markdown unless parsed already
 * @typedef {{id: string, folder: string, files: Record<string, NarrativeFile>}} ReportNarratives
 */

/**
 * Read and parse every narrative file, with the problems of where they are and of their front matter.
 *
 * @param {string} root  project folder (paths in messages are relative to it)
 * @param {string[]} languages  site languages
 * @param {{ids?: string[], reportIds?: Set<string>}} [options]
 *   `ids`: only these reports' folders; `reportIds`: the reports that exist
 *   (a folder of another name is an error and is left out)
 * @returns {{reports: ReportNarratives[], problems: Problem[]}}
 */
export function readNarratives(root, languages, options = {}) {
  const {reports, problems} = listNarratives(root, languages, options)
  for (const report of reports) {
    problems.push(...frontMatterProblems(report))
    // a file that cannot be parsed is left out: its problems say why
    for (const [lang, file] of Object.entries(report.files)) if (file.front.errors.length > 0) delete report.files[lang]
  }
  return {reports, problems}
}

/** One report's narratives for `i18n init` and `stamp`: a file that does not parse stops them, at its place (exit 1), not taken for missing. @param {string} root @param {string[]} languages @param {string} id @returns {ReportNarratives | undefined} */
export function reportNarratives(root, languages, id) {
  const {reports: [report], problems} = readNarratives(root, languages, {ids: [id]})
  const broken = problems.filter((p) => p.rule === 'narrative-syntax')
  if (broken.length > 0) throw new InvalidError(`invalid narrative\n${broken.map(formatProblem).join('\n')}`)
  return report
}

/**
 * Read every narrative file, parsed when first asked for (a build asks only
 * for the reports whose inputs changed); problems of where files are.
 *
 * @param {string} root
 * @param {string[]} languages
 * @param {{ids?: string[], reportIds?: Set<string>, known?: import('../lib/input.js').Known}} [options]  as for readNarratives; `known`: as readTextOrProblem takes it
 * @returns {{reports: ReportNarratives[], problems: Problem[]}}
 */
export function listNarratives(root, languages, {ids, reportIds, known} = {}) {
  const dir = join(root, 'content', 'narrative')
  /** @type {ReportNarratives[]} */
  const reports = []
  /** @type {Problem[]} */
  const problems = []
  /** @param {string} file @param {string} rule @param {string} message */
  const error = (file, rule, message) => problems.push({file: relative(root, file), line: 1, col: 1, severity: 'error', rule, message})

  const folders = existsSync(dir) ? readdirSync(dir, {withFileTypes: true}).filter((d) => d.isDirectory()).map((d) => d.name) : []
  const only = ids && new Set(ids)
  for (const id of folders.sort()) {
    if (only && !only.has(id)) continue
    const folder = join(dir, id)
    if (reportIds && !reportIds.has(id)) {
      error(folder, 'narrative-report', `Narrative for unknown report \`${id}\`, expected a folder named after a file in data/reports/`)
      continue
    }
    /** @type {Record<string, NarrativeFile>} */
    const files = {}
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name)
      const lang = name.replace(/\.md$/, '')
      if (!name.endsWith('.md') || !languages.includes(lang)) {
        error(path, 'narrative-language', `Unexpected file \`${name}\`, expected one of: ${languages.map((l) => `${l}.md`).join(', ')}`)
        continue
      }
      const text = readTextOrProblem(path, {shown: relative(root, path), root, what: 'narrative', maxBytes: MAX_NARRATIVE_BYTES, known}, problems)
      if (text !== null) files[lang] = narrativeFile(root, path, lang, text)
    }
    reports.push({id, folder, files})
  }
  return {reports, problems}
}

/**
 * @param {string} root @param {string} path @param {string} lang @param {string} text
 * @returns {NarrativeFile}
 */
function narrativeFile(root, path, lang, text) {
  /** @type {Narrative | undefined} */
  let parsed
  /** @type {Pick<Narrative, 'front' | 'errors'> | undefined} */
  let front
  return {
    lang,
    path,
    rel: relative(root, path),
    text,
    get narrative() {
      return (parsed ??= parseNarrative(text))
    },
    get front() {
      return parsed ?? (front ??= parseFront(text))
    }
  }
}

/**
 * Each file of a report must parse, and say in its front matter which report and language it is.
 * @param {ReportNarratives} report
 */
export function frontMatterProblems(report) {
  /** @type {Problem[]} */
  const problems = []
  for (const file of Object.values(report.files)) {
    const {front, errors} = file.front
    for (const e of errors) problems.push({file: file.rel, line: e.line, col: e.col, severity: 'error', rule: 'narrative-syntax', message: e.message})
    if (errors.length > 0) continue
    for (const [key, expected] of [['report', report.id], ['lang', file.lang]]) {
      if (front[key] !== expected) {
        problems.push({
          file: file.rel, line: frontMatterLine(front, key), col: 1, severity: 'error', rule: 'narrative-front-matter',
          message: `Unexpected ${key} \`${front[key]}\` in front matter, expected \`${expected}\``
        })
      }
    }
  }
  return problems
}

/**
 * Line of a front-matter key (front matter starts at line 2), or 1 when absent.
 * @param {Record<string, unknown>} front
 * @param {string} key
 */
function frontMatterLine(front, key) {
  const index = Object.keys(front).indexOf(key)
  return index < 0 ? 1 : index + 2
}
