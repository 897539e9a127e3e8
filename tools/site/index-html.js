import {join} from 'node:path'
import {escapeHtml, i18nOf} from './label-html.js'
import {writeIfChanged} from './write.js'

/**
 * The lists of every report (the home page's table, the reports section's
 * list) written as HTML once per language from the reports' cards
 * (report-card.js), so that each list is one string for Hugo
 * (layouts/_partials/site/report-list.html) instead of a partial per report
 * on every build: at 1,000 reports the lists were most of a one-report build.
 * The text is what the templates printed before, byte for byte; a link is
 * written `\0<id>/` and Hugo puts the reports section's URL for the `\0`.
 *
 * @typedef {ReturnType<typeof import('./report-card.js').reportCard>} Card
 * @typedef {import('./label-html.js').I18n} I18n
 * @typedef {Omit<Card, 'by_lang'>} Named  a card as one language shows it
 */

/** What a report's link starts with, replaced by the reports section's URL. */
export const LINK_BASE = '\0'

/**
 * Write each language's lists to `.benchdoc/assets/site/lists/` (only the
 * files whose text changed: Hugo's server renders again what reads a changed one).
 * @param {string} out  the .benchdoc folder
 * @param {string[]} order  report ids, as the index shows them
 * @param {Record<string, Card>} cards  by report id
 * @param {Record<string, import('../i18n/labels.js').Labels>} labels  by language, the first the site's default
 */
export function writeLists(out, order, cards, labels) {
  const languages = Object.keys(labels)
  for (const lang of languages) {
    const i18n = i18nOf(labels, lang, languages[0])
    const shown = order.map((id) => ({id, card: cardIn(cards[id], lang)}))
    writeIfChanged(join(out, 'assets', 'site', 'lists', `index.${lang}.html`), indexRows(shown, lang, i18n))
    writeIfChanged(join(out, 'assets', 'site', 'lists', `reports.${lang}.html`), shown.map(({id, card}) => `<li>${link(id, card.titles[lang])}</li>`).join(''))
  }
}

/**
 * A card as `lang` shows it: the fields its language names in its own way over the others.
 * @param {Card} card @param {string} lang @returns {Named}
 */
function cardIn(card, lang) {
  const {by_lang: byLang, ...rest} = card
  return {...rest, ...byLang?.[lang]}
}

/** @param {string} id @param {string | undefined} title */
function link(id, title) {
  return `<a href="${LINK_BASE}${id}/">${escapeHtml(title ?? '')}</a>`
}

/**
 * The home page's table body: a row per report with its title, subjects, date and headline figures.
 * @param {{id: string, card: Named}[]} shown @param {string} lang @param {I18n} i18n
 */
export function indexRows(shown, lang, i18n) {
  const rows = shown.map(({id, card}) => {
    const subjects = card.subjects.map((s) => escapeHtml(s.named)).join(escapeHtml(i18n('punct_list')))
    const date = card.date ? `<time datetime="${escapeHtml(card.date)}">${escapeHtml(card.date_text?.[lang] ?? '')}</time>` : escapeHtml(i18n('index_undated'))
    const cells = [link(id, card.titles[lang]), subjects, date].map((cell) => `\n      <td>${cell}</td>`).join('')
    return `\n    \n    \n    <tr>${cells}\n      <td class="headlines">${headlines(card, i18n)}</td>\n    </tr>\n    \n  `
  })
  return `\n  ${rows.join('')}\n  `
}

/**
 * A report's headline figures as a small table, as index-headlines.html
 * printed them: per workload the change of each compared subject (with the
 * verdict's word when it is faster or slower), or for a single subject its best throughput.
 * @param {Named} card @param {I18n} i18n
 */
export function headlines(card, i18n) {
  const metric = i18n(`result_${card.metric}`)
  const missing = escapeHtml(i18n('result_missing'))
  const compared = card.compared ?? []
  const caption = compared.length > 0 ? `\n  <caption>${escapeHtml(i18n('overview_change', {metric, baseline: card.baseline ?? ''}))}</caption>\n  ` : ''
  const head = compared.length > 1 ? `<thead><tr><td></td>${compared.map((s) => `<th scope="col">${escapeHtml(s)}</th>`).join('')}</tr></thead>` : ''
  const rows = (card.headlines ?? []).map((row) => {
    const name = escapeHtml(i18n(`workload_${row.workload}`) || row.workload)
    const cells =
      compared.length > 0
        ? `\n        ${row.changes.map((c) => `\n          <td class="num">${change(c, missing, i18n)}</td>\n        `).join('')}\n      `
        : `\n        ${row.best.map((b) => `<td class="num">${b ? escapeHtml(i18n('index_best', {value: b.text || i18n('result_missing'), metric})) : missing}</td>`).join('')}\n      `
    return `\n    <tr>\n      <th scope="row">${name}</th>\n      ${cells}\n    </tr>\n  `
  })
  const top = compared.length > 0 ? `${caption}${head}\n  ` : ''
  return `\n\n\n\n<table class="mini">\n  ${top}\n  <tbody>\n  ${rows.join('')}\n  </tbody>\n</table>\n`
}

/**
 * One compared subject's change: its text, and the verdict's word when it is faster or slower.
 * @param {{text?: string | null, verdict?: string | null} | null} c @param {string} missing @param {I18n} i18n
 */
function change(c, missing, i18n) {
  if (!c || Object.keys(c).length === 0) return missing
  const text = c.text ? escapeHtml(c.text) : missing
  const v = c.verdict
  if (v === 'faster' || v === 'slower') return `<span class="verdict-${v}">${text} <small>${escapeHtml(i18n(`verdict_throughput_${v}`))}</small></span>`
  return text
}
