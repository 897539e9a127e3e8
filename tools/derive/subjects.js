/**
 * How a subject is named wherever it is named: one function, so a variant's label is never left out.
 *
 * @typedef {{id: string, product: string, version: string, variant?: string | LocalText, label?: string}} NamedSubject
 * @typedef {{source: string} & Record<string, string>} LocalText  a data text in several languages (tools/i18n/data-text.js)
 */

/**
 * Each subject's name by id: its `label`, else its id where the id is the start of
 * its version (`v6.0.0` of `v6.0.0 DMR`) and the report compares no products, else
 * its product and version (never a bare data id such as `b`); then its variant
 * (`v8.5.0 (Tuning mode)`, `v8.5.0（调优模式）`).
 *
 * @param {{subjects: NamedSubject[]}} report
 * @param {string} [lang]  the page's language: a variant written in several
 *   languages is named in it, else (and without `lang`) in its source language
 * @returns {Record<string, string>}
 */
export function subjectNames(report, lang) {
  const products = new Set(report.subjects.map((s) => s.product))
  return Object.fromEntries(report.subjects.map((s) => [s.id, subjectName(s, products.size > 1, lang)]))
}

/**
 * @param {NamedSubject} subject
 * @param {boolean} productsDiffer  whether the report compares several products
 * @param {string | undefined} lang
 */
function subjectName(subject, productsDiffer, lang) {
  if (subject.label !== undefined) return subject.label
  const variant = variantText(subject, lang)
  const named = productsDiffer || (!variant && !subject.version.startsWith(subject.id))
  const base = named ? `${subject.product} ${subject.version}` : variant ? subject.version : subject.id
  return variant ? base + aside(variant, lang) : base
}

/**
 * A variant after a name, bracketed as the page's language writes an aside: `v8.5.0 (Tuning mode)`, in zh
 * and ja full-width without a space, `v8.5.0（调优模式）` (docs/translating.md); without `lang` half-width.
 * @param {string} variant @param {string | undefined} lang
 */
export const aside = (variant, lang) => (/^(zh|ja)\b/.test(lang ?? '') ? `（${variant}）` : ` (${variant})`)

/**
 * A name with its variant half-width (`v8.5.0（调优模式）` → `v8.5.0 (调优模式)`), to read a name in either
 * bracket: exports written before 2 December 2026 wrote every language's that way.
 * @param {string} name
 */
export const halfWidthName = (name) => name.replace(/（([^（）]*)）$/, ' ($1)')

/**
 * A subject's variant in `lang`, else in its source language (a name carries no "untranslated" mark).
 * @param {NamedSubject} subject
 * @param {string} [lang]
 */
export function variantText(subject, lang) {
  const v = subject.variant
  if (v === undefined || typeof v === 'string') return v
  return (lang !== undefined ? v[lang] : undefined) ?? v[v.source]
}

/**
 * A subject as the version line and the index show it: `TiDB v8.5.0 (Tuning mode)`, `TiDB v8.5.0（调优模式）`.
 * @param {NamedSubject} subject
 * @param {string} [lang]
 */
export function subjectVersion(subject, lang) {
  const variant = variantText(subject, lang)
  return `${subject.product} ${subject.version}${variant ? aside(variant, lang) : ''}`
}

/**
 * A report's distinct versions with how many subjects share each (two configurations: one version).
 * @param {{subjects: NamedSubject[]}} report
 * @returns {Array<{name: string, count: number}>}
 */
export function versionGroups(report) {
  /** @type {Map<string, number>} */
  const counts = new Map()
  for (const s of report.subjects) {
    const name = `${s.product} ${s.version}`
    counts.set(name, (counts.get(name) ?? 0) + 1)
  }
  return [...counts].map(([name, count]) => ({name, count}))
}
