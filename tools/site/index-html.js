import {join} from 'node:path'
import {apart} from '../derive/apart.js'
import {escapeHtml} from '../lib/escape-html.js'
import {i18nOf} from '../i18n/label-text.js'
import {writeIfChanged} from '../lib/atomic-write.js'

/**
 * The lists of every report (home page, reports section) as HTML once per language from the cards, so
 * that each is one string for Hugo, not a partial per report. A link is written `\0<id>/`, and Hugo
 * puts the reports section's URL for the `\0`.
 *
 * @typedef {ReturnType<typeof import('./report-card.js').reportCard>} Card
 * @typedef {import('../i18n/label-text.js').I18n} I18n
 * @typedef {Omit<Card, 'by_lang'>} Named  a card as one language shows it
 */

/** What a report's link starts with, replaced by the reports section's URL. */
export const LINK_BASE = '\0'

/**
 * Write each language's lists to `.benchdoc/assets/site/lists/` (only those whose text changed).
 * @param {string} out  the .benchdoc folder
 * @param {string[]} order  report ids, as the index shows them
 * @param {Record<string, {card: Card}>} reports  by id: its card
 * @param {Record<string, import('../i18n/labels.js').Labels>} labels  by language, the first the site's default
 * @returns {string[]}  the lists' texts
 */
export function writeLists(out, order, reports, labels) {
  const languages = Object.keys(labels)
  return languages.flatMap((lang) => {
    const words = wordsOf(i18nOf(labels, lang, languages[0]))
    const cards = order.map((id) => cardIn(reports[id].card, lang))
    const notes = apartNotes(cards, lang, words)
    const index = `${order.map((id, i) => indexRow(id, cards[i], lang, words, notes[i])).join('')}\n`
    const names = order.map((id, i) => `<li>${link(id, cards[i].titles[lang], words)}${notes[i]}</li>`).join('')
    writeIfChanged(join(out, 'assets', 'site', 'lists', `index.${lang}.html`), index)
    writeIfChanged(join(out, 'assets', 'site', 'lists', `reports.${lang}.html`), names)
    return [index, names]
  })
}

/**
 * A language's labels and texts escaped, each once: a list repeats the same few hundred.
 * @param {I18n} i18n
 * @typedef {{i18n: I18n, esc: (text: string) => string, label: (key: string) => string, filled: (key: string, args: Record<string, string>) => string}} Words
 * @returns {Words}
 */
export function wordsOf(i18n) {
  /** @type {Map<string, string>} */
  const seen = new Map()
  /** @param {string} key @param {() => string} make */
  const once = (key, make) => {
    let text = seen.get(key)
    if (text === undefined) seen.set(key, (text = make()))
    return text
  }
  return {
    i18n,
    esc: (text) => once(`t\0${text}`, () => escapeHtml(text)),
    label: (key) => once(`k\0${key}`, () => escapeHtml(i18n(key))),
    filled: (key, args) => once(`f\0${key}\0${Object.values(args).join('\0')}`, () => escapeHtml(i18n(key, args)))
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

/** @param {string} id @param {string | undefined} title @param {Words} words */
function link(id, title, words) {
  return `<a href="${LINK_BASE}${id}/">${words.esc(title ?? '')}</a>`
}

/**
 * Under each report's title, what tells it from another of the same title (tools/derive/apart.js), in `lang`.
 * @param {Named[]} cards @param {string} lang @param {Words} words
 */
function apartNotes(cards, lang, {i18n, esc, label}) {
  const list = (/** @type {string[]} */ items) => items.join(i18n('punct_list'))
  const shown = apart(cards.map((c) => ({title: c.titles[lang] ?? '', last: ['field_source', c.source], facts: [
    ['field_date', c.date_text?.[lang] ?? null], ['field_service', c.service],
    ['field_subjects', list(c.subjects.map((s) => s.named))], ['field_workloads', list(c.workloads.map((w) => i18n(`workload_${w}`) || w))]
  ]})))
  return shown.map((facts) => (facts.length === 0 ? '' : `<small class="apart">${facts.map(([key, value]) => `${label(key)}${label('punct_colon')}${esc(value)}`).join(label('punct_series'))}</small>`))
}

/**
 * A row of the home page's table; one tag a line, no indentation (Hugo scans every byte it writes).
 * @param {string} id @param {Named} card @param {string} lang @param {Words} words @param {string} [apartNote]  what tells it from a report of its title
 */
export function indexRow(id, card, lang, words, apartNote = '') {
  const {esc, label} = words
  const subjects = card.subjects.map((s) => esc(s.named)).join(label('punct_list'))
  const date = card.date ? `<time datetime="${esc(card.date)}">${esc(card.date_text?.[lang] ?? '')}</time>` : label('index_undated')
  return `\n<tr>\n<td>${link(id, card.titles[lang], words)}${apartNote}</td>\n<td>${subjects}</td>\n<td>${date}</td>\n<td class="headlines">${headlines(card, words)}</td>\n</tr>`
}

/**
 * A report's headline figures: per workload each compared subject's change, or one subject's best.
 * @param {Named} card @param {Words} words
 */
export function headlines(card, words) {
  const {i18n, esc, label, filled} = words
  const metric = i18n(`result_${card.metric}`)
  const missing = label('result_missing')
  const compared = card.compared ?? []
  const caption = compared.length > 0 ? `\n<caption>${filled('overview_change', {metric, baseline: card.baseline ?? ''})}</caption>` : ''
  const head = compared.length > 1 ? `\n<thead><tr><td></td>${compared.map((s) => `<th scope="col">${esc(s)}</th>`).join('')}</tr></thead>` : ''
  const rows = (card.headlines ?? []).map((row) => {
    const name = label(`workload_${row.workload}`) || esc(row.workload)
    const cells =
      compared.length > 0
        ? row.changes.map((c) => `\n<td class="num">${change(c, missing, words)}</td>`)
        : row.best.map((b) => `\n<td class="num">${b ? filled('index_best', {value: b.text || i18n('result_missing'), metric}) : missing}</td>`)
    return `\n<tr>\n<th scope="row">${name}</th>${cells.join('')}\n</tr>`
  })
  return `\n<table class="mini">${caption}${head}\n<tbody>${rows.join('')}\n</tbody>\n</table>\n`
}

/**
 * One compared subject's change: its text, and the verdict's word when it is faster or slower.
 * @param {{text?: string | null, verdict?: string | null} | null} c @param {string} missing @param {Words} words
 */
function change(c, missing, words) {
  if (!c || Object.keys(c).length === 0) return missing
  const text = c.text ? words.esc(c.text) : missing
  const v = c.verdict
  if (v === 'faster' || v === 'slower') return `<span class="verdict-${v}">${text} <small>${words.label(`verdict_throughput_${v}`)}</small></span>`
  return text
}
