import {CLOSING_SECTIONS} from '../domain/index.js'
import {renderNarrativeHtml} from '../narrative/render.js'

/**
 * A report's narrative per language: each section's Markdown (for the export)
 * and its HTML, sanitized here (no shortcode or raw HTML runs); null for none.
 *
 * @typedef {import('../narrative/parse.js').Narrative} Narrative
 * @typedef {import('../i18n/narratives.js').Status} Status
 * @typedef {import('../types/view-model.js').Narrative} Model
 */


/**
 * @param {Record<string, Narrative>} narratives  by language
 * @param {string[]} languages
 * @param {Record<string, Status>} translations  state of each language's narrative
 */
export function narrativeModel(narratives, languages, translations) {
  const source = Object.entries(translations).find(([, t]) => t.kind === 'source')?.[0] ?? null
  const from = source && narratives[source] ? languageNarrative(narratives[source], translations[source], source) : null
  return Object.fromEntries(languages.map((lang) => {
    if (!narratives[lang]) return [lang, null]
    const own = lang === source && from ? from : languageNarrative(narratives[lang], translations[lang], source)
    return [lang, from && lang !== source ? withSource(own, from, /** @type {string} */ (source)) : own]
  }))
}

/**
 * @param {Narrative} n @param {Status | undefined} state @param {string | null} source
 * @returns {Model}
 */
function languageNarrative(n, state, source) {
  const section = (/** @type {string} */ id) => n.sections[id]?.markdown ?? null
  const notes = Object.fromEntries(Object.entries(n.sections).filter(([id]) => id.startsWith('workload-')).map(([id, s]) => [id, s.markdown]))
  const sections = {
    intro: section('intro'), purpose: section('purpose'),
    conclusions: section('conclusions'), problems: section('problems'), advice: section('advice'), unmapped: section('unmapped')
  }
  // a section of no text (empty, or only `i18n init`'s comment) renders as none
  const html = (/** @type {string | null} */ md) => (md && renderNarrativeHtml(md)) || null
  const shown = {
    intro: html(sections.intro), purpose: html(sections.purpose),
    conclusions: html(sections.conclusions), problems: html(sections.problems), advice: html(sections.advice), unmapped: html(sections.unmapped),
    notes: Object.fromEntries(Object.entries(notes).map(([id, md]) => [id, html(md)]).filter(([, h]) => h))
  }
  return {
    // a translation older than its source says so on its page, with a link to the source
    stale: state?.kind === 'stale' ? {sections: state.sections, source} : null,
    title: typeof n.front.title === 'string' ? n.front.title : null,
    ...sections,
    notes,
    html: shown,
    untranslated: {},
    closing: CLOSING_SECTIONS.filter((id) => shown[id])
  }
}

/**
 * A translation as its page shows it: each section or note it has no text for yet (missing, empty, or
 * still `i18n init`'s comment) is the source's, named in `untranslated` with the source's language.
 * @param {Model} own @param {Model} from @param {string} source
 * @returns {Model}
 */
function withSource(own, from, source) {
  /** @type {Record<string, string>} */
  const untranslated = {}
  const fill = (/** @type {Record<string, string | null>} */ mine, /** @type {Record<string, string | null>} */ theirs) =>
    Object.fromEntries(Object.keys({...theirs, ...mine}).map((id) => {
      if (mine[id] || !theirs[id]) return [id, mine[id] ?? null]
      untranslated[id] = source
      return [id, theirs[id]]
    }))
  const {notes, ...sections} = own.html
  const {notes: sourceNotes, ...sourceSections} = from.html
  const html = {.../** @type {Omit<Model['html'], 'notes'>} */ (fill(sections, sourceSections)), notes: /** @type {Record<string, string>} */ (fill(notes, sourceNotes))}
  return {...own, html, untranslated, closing: CLOSING_SECTIONS.filter((id) => html[id])}
}
