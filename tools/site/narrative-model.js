import {NARRATIVE_SECTIONS} from '../domain/index.js'
import {renderNarrativeHtml} from '../narrative/render.js'

/**
 * A report's narrative per language: each section's Markdown (for the export)
 * and its HTML, sanitized here (no shortcode or raw HTML runs); null for none.
 *
 * @typedef {import('../narrative/parse.js').Narrative} Narrative
 * @typedef {import('../i18n/narratives.js').Status} Status
 * @typedef {import('../types/view-model.js').Narrative} Model
 */

const IDS = /** @type {const} */ (['intro', ...NARRATIVE_SECTIONS])

/**
 * @param {Record<string, Narrative>} narratives  by language
 * @param {string[]} languages
 * @param {Record<string, Status>} translations  state of each language's narrative
 */
export function narrativeModel(narratives, languages, translations) {
  const source = Object.entries(translations).find(([, t]) => t.kind === 'source')?.[0] ?? null
  const from = source && narratives[source] ? languageNarrative(narratives[source], translations[source], source) : null
  return Object.fromEntries(languages.map((lang) => [lang, !narratives[lang] ? null : lang === source ? from : languageNarrative(narratives[lang], translations[lang], source, from)]))
}

/**
 * A section or note a translation has no text for yet (missing, empty, or still `i18n init`'s comment)
 * shows the source's, named in `untranslated` with the source's language.
 * @param {Narrative} n @param {Status | undefined} state @param {string | null} source
 * @param {Model | null} [from]  the source's model, for a translation
 * @returns {Model}
 */
function languageNarrative(n, state, source, from = null) {
  const sections = /** @type {Record<typeof IDS[number], string | null>} */ (Object.fromEntries(IDS.map((id) => [id, n.sections[id]?.markdown ?? null])))
  const notes = Object.fromEntries(Object.entries(n.sections).filter(([id]) => id.startsWith('workload-')).map(([id, s]) => [id, s.markdown]))
  /** @type {Record<string, string>} */
  const untranslated = {}
  const html = (/** @type {string} */ id, /** @type {string | null | undefined} */ md, /** @type {string | null | undefined} */ theirs) =>
    (md && renderNarrativeHtml(md)) || (theirs && source && (untranslated[id] = source) && theirs) || null
  const shown = /** @type {Record<typeof IDS[number], string | null>} */ (Object.fromEntries(IDS.map((id) => [id, html(id, sections[id], from?.html[id])])))
  const noteHtml = [...new Set([...Object.keys(notes), ...Object.keys(from?.html.notes ?? {})])].map((id) => [id, html(id, notes[id], from?.html.notes[id])]).filter(([, h]) => h)
  return {
    // a translation older than its source says so on its page, with a link to the source
    stale: state?.kind === 'stale' ? {sections: state.sections, source} : null,
    title: typeof n.front.title === 'string' ? n.front.title : null,
    ...sections,
    notes,
    html: {...shown, notes: Object.fromEntries(noteHtml)},
    untranslated
  }
}
