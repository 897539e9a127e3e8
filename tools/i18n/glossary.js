import {existsSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {PACKAGE_ROOT} from '../lib/root.js'
import {memo} from '../lib/memo.js'
import {yamlData} from '../lib/yaml-source.js'

/**
 * The glossary (i18n/glossary.yaml): one term per concept per language in labels,
 * narratives and data text (`label-term`: an error in a label, a warning in the text a team writes or imports), and words a language
 * keeps as en writes them (`keep`: no sign of an untranslated label).
 *
 * @typedef {{use: string, avoid?: string[], except?: string[]}} Term
 * @typedef {{terms: Record<string, Record<string, Term>>, keep: Record<string, string[]>, labels_only?: string[]}} Glossary
 *   `labels_only`: concepts of the page's own vocabulary (verdict words), which prose uses in their plain sense
 * @typedef {{concept: string, use: string, variant: string, index: number}} Misuse
 */

/**
 * The reports repository's glossary, else the package's, else an empty one.
 * @param {string} root
 * @returns {Glossary}
 */
export function loadGlossary(root) {
  const file = [join(root, 'i18n', 'glossary.yaml'), join(PACKAGE_ROOT, 'i18n', 'glossary.yaml')].find((f) => existsSync(f))
  if (!file) return {terms: {}, keep: {}, labels_only: []}
  return parsed(`${relative(root, file)}\0${readFileSync(file, 'utf8')}`)
}

/** A glossary's file parsed once per text: a build checks every report's narratives against it. */
const parsed = memo((/** @type {string} */ named) => {
  // a path holds no NUL; the text may
  const at = named.indexOf('\0')
  const [shown, text] = [named.slice(0, at), named.slice(at + 1)]
  const data = /** @type {Partial<Glossary> | null} */ (yamlData(shown, text)) ?? {}
  return {terms: data.terms ?? {}, keep: data.keep ?? {}, labels_only: data.labels_only ?? []}
}, 4)

/**
 * The avoided variants a label of `lang` writes.
 * @param {Glossary} glossary
 * @param {string} lang
 * @param {string} key  the label's key
 * @param {string} text  the label
 */
export function termMisuses(glossary, lang, key, text) {
  // the fields are filled in by the page, not written by the translator
  const written = text.replace(/\{\{[^}]*\}\}/g, (m) => ' '.repeat(m.length))
  /** @type {Misuse[]} */
  const found = []
  for (const [concept, byLang] of Object.entries(glossary.terms)) {
    const term = byLang[lang]
    if (!term || (term.except ?? []).includes(key)) continue
    for (const variant of term.avoid ?? []) {
      const index = indexOf(written, variant)
      if (index >= 0) found.push({concept, use: term.use, variant, index})
    }
  }
  return found
}

/**
 * The avoided variants a text that is no label writes (a narrative, a data text), with their line and column;
 * code spans and link targets are no words. `kind` stands for a key in `except`: `narrative` or `data`.
 * @param {Glossary} glossary @param {string} lang @param {string} kind @param {string} text
 */
export function textMisuses(glossary, lang, kind, text) {
  const words = (/** @type {string} */ line) => line.replace(/`[^`]*`|\]\([^)]*\)/g, (m) => ' '.repeat(m.length))
  const prose = {...glossary, terms: Object.fromEntries(Object.entries(glossary.terms).filter(([c]) => !glossary.labels_only?.includes(c)))}
  return text.split('\n').flatMap((line, i) => termMisuses(prose, lang, kind, words(line)).map((m) => ({...m, line: i + 1, col: m.index + 1})))
}

/** `label-term`'s message. @param {Misuse} m @param {string} [where]  the label's key or the data text's path */
export const termMessage = (m, where) => `Unexpected \`${m.variant}\`${where ? ` in \`${where}\`` : ''}, expected \`${m.use}\` (i18n/glossary.yaml: ${m.concept})`

/**
 * Where a variant occurs: a plain string, or `/a regular expression/`.
 * @param {string} text @param {string} variant
 */
function indexOf(text, variant) {
  const regex = /^\/(.+)\/$/.exec(variant)
  if (!regex) return text.indexOf(variant)
  return new RegExp(regex[1], 'u').exec(text)?.index ?? -1
}
