import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {reportNarratives} from '../narrative/index.js'
import {SCAFFOLD} from './complete.js'
import {sourceLanguage} from './narratives.js'

/**
 * Start a translation: the source's sections, each heading keeping its id,
 * the source text in a comment to replace (until then `check` reports the
 * section untranslated and `stamp` refuses).
 *
 * @param {string} root
 * @param {string[]} languages  site languages
 * @param {string} id
 * @param {string} lang
 * @returns {{path: string, from: string, sections: number}}
 */
export function initTranslation(root, languages, id, lang) {
  if (!languages.includes(lang)) throw new UsageError(`Unknown language \`${lang}\`, expected one of: ${languages.join(', ')}`)
  const report = reportNarratives(root, languages, id)
  if (!report) throw new UsageError(`No narrative for report \`${id}\`, expected a folder content/narrative/${id}/`)
  const rel = join('content', 'narrative', id, `${lang}.md`)
  if (report.files[lang] || existsSync(join(root, rel))) throw new UsageError(`${rel} exists already, expected a language without a translation (edit it instead)`)
  const from = sourceLanguage(report, languages)
  if (!from) throw new UsageError(`No source narrative for report \`${id}\``)
  const source = report.files[from].narrative
  const parts = [`---\nreport: ${id}\nlang: ${lang}\n---\n`]
  for (const section of source.order) {
    const {heading, markdown} = source.sections[section]
    const text = markdown.trim().replace(/--+>/g, (m) => m.split('').join(' '))
    const comment = `${SCAFFOLD} from ${from}.md: replace this comment with the translation of\n\n${text}\n-->\n`
    parts.push(section === 'intro' ? comment : `## ${heading} {#${section}}\n\n${comment}`)
  }
  writeFileAtomic(join(root, rel), parts.join('\n'))
  return {path: rel, from, sections: source.order.length}
}
