import {CLOSING_SECTIONS} from '../domain/index.js'
import {renderNarrativeHtml} from '../narrative/render.js'

/**
 * A report's narrative per language: each section's Markdown (for the export)
 * and its HTML, sanitized here (no shortcode or raw HTML runs); null for none.
 *
 * @typedef {import('../narrative/parse.js').Narrative} Narrative
 * @typedef {import('../i18n/narratives.js').Status} Status
 */


/**
 * @param {Record<string, Narrative>} narratives  by language
 * @param {string[]} languages
 * @param {Record<string, Status>} translations  state of each language's narrative
 */
export function narrativeModel(narratives, languages, translations) {
  const source = Object.entries(translations).find(([, t]) => t.kind === 'source')?.[0] ?? null
  return Object.fromEntries(languages.map((lang) => [lang, narratives[lang] ? languageNarrative(narratives[lang], translations[lang], source) : null]))
}

/**
 * @param {Narrative} n @param {Status | undefined} state @param {string | null} source
 * @returns {import('../types/view-model.js').Narrative}
 */
function languageNarrative(n, state, source) {
  const section = (/** @type {string} */ id) => n.sections[id]?.markdown ?? null
  const notes = Object.fromEntries(Object.entries(n.sections).filter(([id]) => id.startsWith('workload-')).map(([id, s]) => [id, s.markdown]))
  const sections = {
    intro: section('intro'), purpose: section('purpose'),
    conclusions: section('conclusions'), problems: section('problems'), advice: section('advice'), unmapped: section('unmapped')
  }
  const html = (/** @type {string | null} */ md) => (md ? renderNarrativeHtml(md) : null)
  return {
    // a translation older than its source says so on its page, with a link to the source
    stale: state?.kind === 'stale' ? {sections: state.sections, source} : null,
    title: typeof n.front.title === 'string' ? n.front.title : null,
    ...sections,
    notes,
    html: {
      intro: html(sections.intro), purpose: html(sections.purpose),
      conclusions: html(sections.conclusions), problems: html(sections.problems), advice: html(sections.advice), unmapped: html(sections.unmapped),
      notes: Object.fromEntries(Object.entries(notes).map(([id, md]) => [id, renderNarrativeHtml(md)]))
    },
    closing: CLOSING_SECTIONS.filter((id) => sections[id])
  }
}
