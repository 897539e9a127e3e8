import {existsSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {InputError, readTextInput} from '../lib/input.js'
import {MAX_NARRATIVE_BYTES, parseNarrative} from './parse.js'

/**
 * Narrative files: `content/narrative/<report>/<lang>.md`. Each must belong to
 * a report, be in a site language, and say so in its front matter. Every file
 * is read once and parsed once, here.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('./parse.js').Narrative} Narrative
 * @typedef {{lang: string, path: string, rel: string, text: string, narrative: Narrative}} NarrativeFile
 *   `rel` is the path relative to the project, as messages name it
 * @typedef {{id: string, folder: string, files: Record<string, NarrativeFile>}} ReportNarratives
 */

/**
 * Read and parse every narrative file, with the problems of where they are.
 *
 * @param {string} root  project folder (paths in messages are relative to it)
 * @param {string[]} languages  site languages
 * @param {{ids?: string[], reportIds?: Set<string>}} [options]
 *   `ids`: only these reports' folders; `reportIds`: the reports that exist
 *   (a folder of another name is an error and is left out)
 * @returns {{reports: ReportNarratives[], problems: Problem[]}}
 */
export function readNarratives(root, languages, {ids, reportIds} = {}) {
  const dir = join(root, 'content', 'narrative')
  /** @type {ReportNarratives[]} */
  const reports = []
  /** @type {Problem[]} */
  const problems = []
  /** @param {string} file @param {number} line @param {string} rule @param {string} message */
  const error = (file, line, rule, message, col = 1) =>
    problems.push({file: relative(root, file), line, col, severity: 'error', rule, message})

  const folders = existsSync(dir) ? readdirSync(dir, {withFileTypes: true}).filter((d) => d.isDirectory()).map((d) => d.name) : []
  for (const id of folders.sort()) {
    if (ids && !ids.includes(id)) continue
    const folder = join(dir, id)
    if (reportIds && !reportIds.has(id)) {
      error(folder, 1, 'narrative-report', `Narrative for unknown report \`${id}\`, expected a folder named after a file in data/reports/`)
      continue
    }
    /** @type {Record<string, NarrativeFile>} */
    const files = {}
    for (const name of readdirSync(folder).sort()) {
      const path = join(folder, name)
      const lang = name.replace(/\.md$/, '')
      if (!name.endsWith('.md') || !languages.includes(lang)) {
        error(path, 1, 'narrative-language', `Unexpected file \`${name}\`, expected one of: ${languages.map((l) => `${l}.md`).join(', ')}`)
        continue
      }
      /** @type {string} */
      let text
      try {
        text = readTextInput(path, {shown: relative(root, path), root, what: 'narrative', maxBytes: MAX_NARRATIVE_BYTES})
      } catch (e) {
        if (!(e instanceof InputError)) throw e
        problems.push(e.toProblem())
        continue
      }
      const narrative = parseNarrative(text)
      for (const e of narrative.errors) error(path, e.line, 'narrative-syntax', e.message, e.col)
      if (narrative.errors.length > 0) continue
      for (const [key, expected] of [['report', id], ['lang', lang]]) {
        if (narrative.front[key] !== expected) {
          error(path, frontMatterLine(narrative, key), 'narrative-front-matter', `Unexpected ${key} \`${narrative.front[key]}\` in front matter, expected \`${expected}\``)
        }
      }
      files[lang] = {lang, path, rel: relative(root, path), text, narrative}
    }
    reports.push({id, folder, files})
  }
  return {reports, problems}
}

/**
 * Line of a front-matter key (front matter starts at line 2), or 1 when absent.
 * @param {Narrative} narrative
 * @param {string} key
 */
function frontMatterLine(narrative, key) {
  const index = Object.keys(narrative.front).indexOf(key)
  return index < 0 ? 1 : index + 2
}

