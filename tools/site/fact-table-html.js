import {escapeHtml} from '../lib/escape-html.js'
import {i18nOf, labelText} from '../i18n/label-text.js'

/**
 * A table of facts (facts-model.js) as HTML once per language, for layouts/_partials/report/table.html:
 * a full report has a few hundred such cells, the most of Hugo's work per page after the figures.
 *
 * @typedef {import('../types/view-model.js').FactTable} FactTable
 * @typedef {import('../types/view-model.js').Fact} Fact
 * @typedef {import('../i18n/label-text.js').I18n} I18n
 * @typedef {{languages: string[], labels: Record<string, import('../i18n/labels.js').Labels>, names?: Record<string, string>}} Site
 *   `names`: each language's name (config.toml languageName) for the mark of an untranslated text
 */

/**
 * @param {FactTable} table
 * @param {Site} site
 * @returns {Record<string, string>}  by language: from `<div class="table-wrap"` to `</div>`
 */
export function factTableHtml(table, site) {
  return Object.fromEntries(site.languages.map((lang) => {
    const page = {i18n: i18nOf(site.labels, lang, site.languages[0]), lang, names: site.names ?? {}}
    return [lang, tableHtml(table, page)]
  }))
}

/**
 * @param {FactTable} t
 * @param {{i18n: I18n, lang: string, names: Record<string, string>}} page
 */
function tableHtml(t, page) {
  const {i18n} = page
  const code = new Set(t.code ?? [])
  const head = t.columns.map((c) => `<th scope="col">${escapeHtml(i18n(t.labels?.[c] || `field_${c}`))}</th>`).join('')
  const rows = t.rows.map((row) => {
    const r = /** @type {Record<string, unknown>} */ (row)
    const cells = t.columns.map((c) => `<td>${code.has(c) ? `<code>${escapeHtml(plain(r[c]))}</code>` : dataTextHtml(r[c], page)}</td>`).join('')
    return `\n    <tr>${cells}</tr>\n  `
  }).join('')
  return `<div class="table-wrap" tabindex="0" role="region" aria-label="${escapeHtml(i18n(t.title))}">\n<table>\n` +
    `  <thead><tr>${head}</tr></thead>\n  <tbody>\n  ${rows}\n  </tbody>\n</table>\n</div>`
}

/**
 * A list of facts (facts-model.js) as a definition list, in each of `only` (else every language).
 * @param {Fact[]} facts
 * @param {Site} site
 * @param {string[]} [only]
 * @returns {Record<string, string>}  by language: from `<dl` to `</dl>`
 */
export function factsHtml(facts, site, only = site.languages) {
  return Object.fromEntries(only.map((lang) => {
    const page = {i18n: i18nOf(site.labels, lang, site.languages[0]), lang, names: site.names ?? {}}
    return [lang, `<dl class="facts">${facts.map((f) => `\n  <dt>${escapeHtml(page.i18n(f.label))}</dt><dd>${factHtml(f, page)}</dd>`).join('')}\n</dl>`]
  }))
}

/**
 * A fact's value: labels joined as the language lists them, a date as the
 * language writes it, a label, code, or a data text.
 * @param {Fact} f
 * @param {{i18n: I18n, lang: string, names: Record<string, string>}} page
 */
function factHtml(f, page) {
  const {i18n, lang} = page
  if (f.items?.length) return f.items.map((item) => escapeHtml(labelText(item, i18n))).join(escapeHtml(i18n('punct_list')))
  if (f.datetime) return `<time datetime="${escapeHtml(f.datetime)}">${escapeHtml(f.by_lang?.[lang] ?? '')}</time>`
  if (f.key) return escapeHtml(i18n(f.key))
  if (f.code) return `<code>${escapeHtml(plain(f.text))}</code>`
  return dataTextHtml(f.text, page)
}

/**
 * A data text in the page's language, or, untranslated, in its own with a visible mark.
 * @param {unknown} value  a plain value, or what each language shows ({en: {text, lang}}, tools/i18n/data-text.js)
 * @param {{i18n: I18n, lang: string, names: Record<string, string>}} page
 */
export function dataTextHtml(value, {i18n, lang, names}) {
  if (value == null || typeof value !== 'object' || Array.isArray(value)) return escapeHtml(plain(value))
  const shown = /** @type {Record<string, {text?: unknown, lang?: string} | undefined>} */ (value)[lang]
  if (!shown) return ''
  const text = escapeHtml(plain(shown.text))
  if (!shown.lang) return text
  const note = escapeHtml(i18n('text_untranslated', {language: i18n(`language_${shown.lang}`) || (names[shown.lang] ?? shown.lang)}))
  const code = escapeHtml(shown.lang)
  return `<span class="untranslated" lang="${code}" title="${note}">${text}<sup class="lang-mark" aria-label="${note}">${code}</sup></span>`
}

/**
 * A value as Hugo prints it (nothing for none, a number as Go does).
 * @param {unknown} value
 */
function plain(value) {
  return value == null ? '' : String(value)
}
