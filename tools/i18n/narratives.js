import {unified} from 'unified'
import {VFile} from 'vfile'
import remarkSectionFacts from './facts.js'
import remarkI18nComplete from './complete.js'
import remarkI18nCurrent from './current.js'
import remarkI18nFaithful from './faithful.js'
import {loadGlossary, termMessage, textMisuses} from './glossary.js'
import remarkI18nFigures, {reportFigures} from './figures.js'
import {sectionDigest} from './digest.js'
import {readStamp} from './front-matter.js'
import {readNarratives} from '../narrative/index.js'
import {problemsOf} from './message.js'
import {factsOf} from './source.js'

/**
 * The translations of every report's narrative, checked against their source
 * (complete, current, faithful) by remark plugins on the tree tools/narrative parsed.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../narrative/read.js').NarrativeFile} NarrativeFile
 * @typedef {import('../narrative/read.js').ReportNarratives} ReportNarratives
 * @typedef {{figures: number[], dataFile: string}} Figures
 * @typedef {{kind: 'source'} | {kind: 'missing'} | {kind: 'error', errors: number} | {kind: 'unstamped'} | {kind: 'stale', sections: number} | {kind: 'ok'}} Status
 */

/**
 * The language a report's narrative is written in first: the one its
 * translations stamp, else `en`, else the first site language with a file.
 * @param {ReportNarratives} report
 * @param {string[]} languages
 * @returns {string | null}
 */
export function sourceLanguage(report, languages) {
  const present = languages.filter((l) => report.files[l])
  const stampOf = (/** @type {string} */ l) => readStamp(report.files[l].text).stamp
  const named = new Set(present.map((l) => stampOf(l)?.lang).filter((l) => l !== undefined))
  const candidates = [...named].filter((l) => report.files[l] && !stampOf(l))
  if (candidates.length === 1) return candidates[0]
  if (report.files.en && !stampOf('en')) return 'en'
  return present.find((l) => !stampOf(l)) ?? present[0] ?? null
}

/** A processor that collects a parsed narrative's sections' facts. */
function reader() {
  return unified().use(remarkSectionFacts)
}

/**
 * Run a processor's plugins on a narrative's tree, the vfile carrying the parsed narrative.
 * @param {ReturnType<typeof reader>} processor
 * @param {NarrativeFile} file
 */
function runOn(processor, file) {
  const vfile = new VFile({path: file.rel, value: file.text, data: {narrative: file.narrative}})
  processor.runSync(file.narrative.tree, vfile)
  return vfile
}

/**
 * @param {NarrativeFile} file
 * @returns {import('./source.js').Source}
 */
export function sourceOf(file) {
  const vfile = runOn(reader(), file)
  const narrative = file.narrative
  return {
    name: `${file.lang}.md`,
    lang: file.lang,
    order: narrative.order,
    facts: factsOf(vfile),
    digests: Object.fromEntries(Object.entries(narrative.sections).map(([id, s]) => [id, sectionDigest(s.markdown)]))
  }
}

/**
 * Check one translation against its source.
 * @param {string} reportId
 * @param {NarrativeFile} file
 * @param {import('./source.js').Source} source
 * @param {Figures | null} [figures]  the report's % figures
 * @returns {VFile}  with the messages, and `data.sections`
 */
export function checkTranslation(reportId, file, source, figures = null) {
  const processor = reader()
    .use(remarkI18nComplete, {source})
    .use(remarkI18nCurrent, {source, stampCommand: `benchdoc i18n stamp ${reportId} ${file.lang}`})
    .use(remarkI18nFaithful, {source})
  if (figures) processor.use(remarkI18nFigures, figures)
  return runOn(processor, file)
}

/**
 * Check the source narrative's own % figures.
 * @param {NarrativeFile} file
 * @param {Figures} figures
 * @returns {VFile}
 */
export function checkSource(file, figures) {
  return runOn(reader().use(remarkI18nFigures, figures), file)
}

/**
 * Check every translation of every report's narrative.
 * @param {string} root
 * @param {string[]} languages  site languages
 * @param {{ids?: string[], reports?: ReportNarratives[], figuresOf?: (id: string) => Figures | null, only?: string[]}} [options]
 *   `reports`: narratives already read; `figuresOf`: each report's % figures;
 *   `only`: check only the translations into these languages
 * @returns {{problems: Problem[], statuses: Map<string, Record<string, Status>>}}
 */
export function checkNarratives(root, languages, {ids, reports, figuresOf = (id) => reportFigures(root, id), only} = {}) {
  // a narrative that does not parse is named (by validate too), not taken for a missing one
  const read = reports ? {reports, problems: []} : readNarratives(root, languages, {ids})
  /** @type {Problem[]} */
  const problems = read.problems.filter((p) => p.rule === 'narrative-syntax')
  /** @type {Map<string, Record<string, Status>>} */
  const statuses = new Map()
  const glossary = loadGlossary(root)
  for (const report of read.reports) {
    const sourceLang = sourceLanguage(report, languages)
    if (!sourceLang) continue
    /** @type {Record<string, Status>} */
    const status = {[sourceLang]: {kind: 'source'}}
    statuses.set(report.id, status)
    const main = sourceOf(report.files[sourceLang])
    const figures = figuresOf(report.id)
    if (figures && (!only || only.includes(sourceLang))) problems.push(...problemsOf(checkSource(report.files[sourceLang], figures), report.files[sourceLang].rel))
    for (const lang of only ?? languages) {
      if (lang === sourceLang) continue
      const file = report.files[lang]
      if (!file) {
        status[lang] = {kind: 'missing'}
        problems.push({
          file: report.files[sourceLang].rel, line: 1, col: 1, severity: 'warning', rule: 'missing-translation',
          message: `Missing \`${lang}.md\`, expected a ${lang} translation of ${sourceLang}.md (the ${lang} page shows a notice instead); start one with \`benchdoc i18n init ${report.id} ${lang}\``
        })
        continue
      }
      const stamp = readStamp(file.text)
      let source = main
      if (stamp.stamp && stamp.stamp.lang !== sourceLang) {
        const named = report.files[stamp.stamp.lang]
        if (named && stamp.stamp.lang !== lang) source = sourceOf(named)
        else {
          problems.push({
            file: file.rel, line: stamp.langLine, col: 1, severity: 'error', rule: 'unknown-source',
            message: `Unexpected \`translated_from.lang\` \`${stamp.stamp.lang}\`, expected the language of another narrative of this report, such as \`${sourceLang}\``
          })
        }
      }
      const vfile = checkTranslation(report.id, file, source, figures)
      problems.push(...problemsOf(vfile, file.rel))
      status[lang] = statusOf(vfile, source)
    }
    for (const [lang, file] of Object.entries(report.files).filter(([l]) => !only || only.includes(l))) {
      for (const m of textMisuses(glossary, lang, 'narrative', file.text)) problems.push({file: file.rel, line: m.line, col: m.col, severity: 'warning', rule: 'label-term', message: termMessage(m)})
    }
  }
  return {problems, statuses}
}

/**
 * @param {VFile} vfile  a checked translation
 * @param {import('./source.js').Source} source
 * @returns {Status}
 */
function statusOf(vfile, source) {
  const rules = vfile.messages.map((m) => m.ruleId)
  const errors = vfile.messages.filter((m) => m.fatal && m.ruleId !== 'missing-section').length
  if (errors > 0) return {kind: 'error', errors}
  if (rules.includes('unstamped') || rules.includes('stamp-format')) return {kind: 'unstamped'}
  const sections = factsOf(vfile)
  const behind = rules.filter((r) => r === 'stale-section').length + source.order.filter((id) => !sections[id]).length
  return behind > 0 ? {kind: 'stale', sections: behind} : {kind: 'ok'}
}
