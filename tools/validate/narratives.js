import {existsSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'
import {InputError, isFolder, readTextInput} from '../lib/input.js'
import {MAX_NARRATIVE_BYTES, parseNarrative} from '../site/narrative.js'

/**
 * Narrative files: `content/narrative/<report>/<lang>.md`. Each must belong to
 * a report, be in a site language, and say so in its front matter.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../site/narrative.js').Narrative} Narrative
 */

/**
 * Read and check every narrative file.
 *
 * @param {string} root  project folder (paths in messages are relative to it)
 * @param {Set<string>} reportIds
 * @param {string[]} languages
 * @returns {{narratives: Map<string, Record<string, Narrative>>, problems: Problem[]}}
 */
export function loadNarratives(root, reportIds, languages) {
  const dir = join(root, 'content', 'narrative')
  /** @type {Map<string, Record<string, Narrative>>} */
  const narratives = new Map()
  /** @type {Problem[]} */
  const problems = []
  /** @param {string} file @param {number} line @param {string} rule @param {string} message */
  const error = (file, line, rule, message, col = 1) =>
    problems.push({file: relative(root, file), line, col, severity: 'error', rule, message})

  for (const id of existsSync(dir) ? readdirSync(dir).sort() : []) {
    const folder = join(dir, id)
    if (!reportIds.has(id)) {
      error(folder, 1, 'narrative-report', `Narrative for unknown report \`${id}\`, expected a folder named after a file in data/reports/`)
      continue
    }
    if (!isFolder(folder)) {
      error(folder, 1, 'narrative-report', `Unexpected file \`${id}\`, expected a folder of narratives (content/narrative/${id}/<lang>.md)`)
      continue
    }
    /** @type {Record<string, Narrative>} */
    const byLang = {}
    for (const name of readdirSync(folder).sort()) {
      const file = join(folder, name)
      const lang = name.replace(/\.md$/, '')
      if (!name.endsWith('.md') || !languages.includes(lang)) {
        error(file, 1, 'narrative-language', `Unexpected file \`${name}\`, expected one of: ${languages.map((l) => `${l}.md`).join(', ')}`)
        continue
      }
      /** @type {string} */
      let text
      try {
        text = readTextInput(file, {shown: relative(root, file), root, what: 'narrative', maxBytes: MAX_NARRATIVE_BYTES})
      } catch (e) {
        if (!(e instanceof InputError)) throw e
        problems.push(e.toProblem())
        continue
      }
      const narrative = parseNarrative(text)
      for (const e of narrative.errors) error(file, e.line, 'narrative-syntax', e.message, e.col)
      if (narrative.errors.length > 0) continue
      for (const [key, expected] of [['report', id], ['lang', lang]]) {
        if (narrative.front[key] !== expected) {
          error(file, frontMatterLine(narrative, key), 'narrative-front-matter', `Unexpected ${key} \`${narrative.front[key]}\` in front matter, expected \`${expected}\``)
        }
      }
      byLang[lang] = narrative
    }
    narratives.set(id, byLang)
  }
  return {narratives, problems}
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

