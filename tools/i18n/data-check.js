import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {parseYamlSource, syntaxProblems} from '../lib/yaml-source.js'
import {dataTexts, isLocalText, looksLikeProse, sourceText} from './data-text.js'
import {loadGlossary, termMessage, textMisuses} from './glossary.js'

/**
 * The data text of each report checked for translation: `label-term` (a term the glossary avoids), `untranslated-text`
 * (a localised text without the language: its page shows the source, marked)
 * and `plain-text` (a plain string that reads as words, unmarked on every page).
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 */

/**
 * @param {string} root
 * @param {string[]} languages  languages to check for
 * @param {string[]} [ids]  only these reports
 * @returns {{problems: Problem[], untranslated: Map<string, Record<string, number>>}}
 *   `untranslated`: per report, the number of texts each language lacks
 */
export function checkDataTexts(root, languages, ids) {
  /** @type {Problem[]} */
  const problems = []
  /** @type {Map<string, Record<string, number>>} */
  const untranslated = new Map()
  const glossary = loadGlossary(root)
  const dir = join(root, 'data', 'reports')
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).sort() : []
  for (const name of files) {
    const id = name.replace(/\.ya?ml$/, '')
    if (ids && !ids.includes(id)) continue
    const file = join('data', 'reports', name)
    const doc = parseYamlSource(file, readFileSync(join(dir, name), 'utf8'))
    problems.push(...syntaxProblems(doc))
    if (!doc.data || typeof doc.data !== 'object') continue
    /** @type {Record<string, number>} */
    const counts = Object.fromEntries(languages.map((l) => [l, 0]))
    untranslated.set(id, counts)
    for (const {path, value} of dataTexts(/** @type {object} */ (doc.data))) {
      const where = path.join('.')
      const at = doc.placeOf(path)
      if (typeof value === 'string') {
        if (!looksLikeProse(value)) continue
        problems.push({file, ...at, severity: 'warning', rule: 'plain-text',
          message: `Unexpected plain text \`${value}\` in \`${where}\`, expected \`{source: <lang>, <lang>: …}\` with its translations (a plain string shows unmarked in every language)`})
        continue
      }
      if (!isLocalText(value)) continue
      for (const lang of languages.filter((l) => typeof value[l] === 'string')) {
        for (const m of textMisuses(glossary, lang, 'data', value[lang])) problems.push({file, ...at, severity: 'warning', rule: 'label-term', message: termMessage(m, where)})
      }
      for (const lang of languages) {
        if (lang === value.source || typeof value[lang] === 'string') continue
        counts[lang]++
        problems.push({file, ...at, severity: 'warning', rule: 'untranslated-text',
          message: `Missing \`${lang}\` text of \`${where}\`, expected a translation of its ${value.source} text \`${sourceText(value)}\` (the ${lang} page shows it marked as ${value.source})`})
      }
    }
  }
  return {problems, untranslated}
}
