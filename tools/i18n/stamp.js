import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {readStamp, writeStamp} from './front-matter.js'
import {sourceLanguage, sourceOf} from './narratives.js'
import {readNarratives} from '../narrative/index.js'

/**
 * Record in a translation's front matter the digests of the source sections
 * it now translates. Only the front matter changes; the write is atomic.
 *
 * @typedef {{path: string, from: string, sections: string[], changed: boolean}} Stamped
 */

/**
 * @param {string} root
 * @param {string[]} languages
 * @param {string} id
 * @param {string} lang
 * @returns {Stamped}
 */
export function stampTranslation(root, languages, id, lang) {
  if (!languages.includes(lang)) throw new UsageError(`Unknown language \`${lang}\`, expected one of: ${languages.join(', ')}`)
  const [report] = readNarratives(root, languages, {ids: [id]}).reports
  if (!report) throw new UsageError(`No narrative for report \`${id}\`, expected a folder content/narrative/${id}/`)
  const file = report.files[lang]
  if (!file) throw new UsageError(`No ${lang} narrative for report \`${id}\`, expected content/narrative/${id}/${lang}.md`)
  const named = readStamp(file.text).stamp?.lang
  const from = named && named !== lang && report.files[named] ? named : sourceLanguage(report, languages)
  if (!from || from === lang) throw new UsageError(`${file.rel} is the source of report \`${id}\`, expected a translation of it`)
  const source = sourceOf(report.files[from])
  const have = file.narrative.sections
  const sections = source.order.filter((s) => have[s])
  const text = writeStamp(file.text, {lang: from, sections: Object.fromEntries(sections.map((s) => [s, source.digests[s]]))})
  const changed = text !== file.text
  if (changed) writeFileAtomic(file.path, text)
  return {path: file.rel, from, sections, changed}
}

/**
 * Stamp every translation that has no `translated_from` yet.
 * @param {string} root
 * @param {string[]} languages
 * @returns {Stamped[]}
 */
export function stampAll(root, languages) {
  /** @type {Stamped[]} */
  const stamped = []
  for (const report of readNarratives(root, languages).reports) {
    const from = sourceLanguage(report, languages)
    for (const lang of languages) {
      const file = report.files[lang]
      if (!file || lang === from) continue
      const read = readStamp(file.text)
      if (read.stamp || read.problems.length > 0) continue
      stamped.push(stampTranslation(root, languages, report.id, lang))
    }
  }
  return stamped
}
