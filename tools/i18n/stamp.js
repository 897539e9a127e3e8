import {writeFileAtomic} from '../lib/atomic-write.js'
import {InvalidError, UsageError} from '../lib/errors.js'
import {plural} from '../lib/english.js'
import {sectionDigest} from './digest.js'
import {readStamp, writeStamp} from './front-matter.js'
import {checkTranslation, sourceLanguage, sourceOf} from './narratives.js'
import {readNarratives, reportNarratives} from '../narrative/index.js'
import {reportFigures} from './figures.js'
import {problemsOf} from './message.js'

/**
 * Record in a translation's front matter the digests of the source sections it now
 * translates and of its own. A stamp says "current": refused (unless `force`) while
 * the translation has errors, or when a stale section was not edited since.
 *
 * @typedef {{path: string, from: string, sections: string[], changed: boolean}} Stamped
 */

/**
 * @param {string} root
 * @param {string[]} languages
 * @param {string} id
 * @param {string} lang
 * @param {{force?: boolean}} [options]
 * @returns {Stamped}
 */
export function stampTranslation(root, languages, id, lang, options = {}) {
  if (!languages.includes(lang)) throw new UsageError(`Unknown language \`${lang}\`, expected one of: ${languages.join(', ')}`)
  const report = reportNarratives(root, languages, id)
  if (!report) throw new UsageError(`No narrative for report \`${id}\`, expected a folder content/narrative/${id}/`)
  const file = report.files[lang]
  if (!file) throw new UsageError(`No ${lang} narrative for report \`${id}\`, expected content/narrative/${id}/${lang}.md`)
  const previous = readStamp(file.text).stamp
  const named = previous?.lang
  const from = named && named !== lang && report.files[named] ? named : sourceLanguage(report, languages)
  if (!from || from === lang) throw new UsageError(`${file.rel} is the source of report \`${id}\`, expected a translation of it`)
  const source = sourceOf(report.files[from])
  const have = file.narrative.sections
  const own = Object.fromEntries(Object.entries(have).map(([s, section]) => [s, sectionDigest(section.markdown)]))
  if (!options.force) refuseUnsafe(file, id, source, previous, own, reportFigures(root, id))
  const sections = source.order.filter((s) => have[s])
  const text = writeStamp(file.text, {
    lang: from,
    sections: Object.fromEntries(sections.map((s) => [s, source.digests[s]])),
    translation: Object.fromEntries(sections.map((s) => [s, own[s]]))
  })
  const changed = text !== file.text
  if (changed) writeFileAtomic(file.path, text)
  return {path: file.rel, from, sections, changed}
}

/**
 * Throw when stamping would hide work: errors, or a stale section whose text is the one stamped last time.
 * @param {import('./narratives.js').NarrativeFile} file
 * @param {string} id
 * @param {import('./source.js').Source} source
 * @param {import('./front-matter.js').Stamp | null} previous
 * @param {Record<string, string>} own  digests of the translation's sections now
 * @param {{figures: number[], dataFile: string} | null} figures
 */
function refuseUnsafe(file, id, source, previous, own, figures) {
  const errors = problemsOf(checkTranslation(id, file, source, figures), file.rel).filter((p) => p.severity === 'error' || p.rule === 'untranslated-section')
  if (errors.length > 0) {
    const list = errors.map((p) => `  ${p.file}:${p.line}:${p.col}: ${p.message} [${p.rule}]`).join('\n')
    throw new InvalidError(`Refusing to stamp ${file.rel}: ${plural(errors.length, 'problem')} to fix first (or stamp anyway with --force):\n${list}`)
  }
  const unedited = source.order.filter((s) =>
    previous?.sections[s] && previous.sections[s] !== source.digests[s] && previous.translation?.[s] === own[s])
  if (unedited.length > 0) {
    const list = unedited.map((s) => `\`${s}\` (${source.name}:${source.facts[s].line})`).join(', ')
    throw new InvalidError(`Refusing to stamp ${file.rel}: stale section${unedited.length === 1 ? '' : 's'} ${list} not edited since the last stamp; update the translation (\`benchdoc i18n check ${id}\` shows what changed), or stamp anyway with --force`)
  }
}

/**
 * Stamp every translation without `translated_from`; one whose stamp is refused is reported.
 * @param {string} root
 * @param {string[]} languages  site languages
 * @param {{force?: boolean, only?: string[]}} [options]  `only`: these languages
 * @returns {{stamped: Stamped[], refused: string[]}}  `refused`: the reasons
 */
export function stampAll(root, languages, options = {}) {
  /** @type {Stamped[]} */
  const stamped = []
  /** @type {string[]} */
  const refused = []
  for (const report of readNarratives(root, languages).reports) {
    const from = sourceLanguage(report, languages)
    for (const lang of options.only ?? languages) {
      const file = report.files[lang]
      if (!file || lang === from) continue
      const read = readStamp(file.text)
      if (read.stamp || read.problems.length > 0) continue
      try {
        stamped.push(stampTranslation(root, languages, report.id, lang, options))
      } catch (error) {
        if (!(error instanceof InvalidError)) throw error
        refused.push(error.message)
      }
    }
  }
  return {stamped, refused}
}
