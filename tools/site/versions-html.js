import {escapeHtml as escape} from '../lib/escape-html.js'
import {i18nOf} from '../i18n/label-text.js'
import {LINK_BASE} from './index-html.js'
import {memo} from '../lib/memo.js'

/**
 * A versions page's tables as HTML once per language, so that Hugo prints one string per table, not a
 * partial per row of its thousands of cells. A report's link is written `\0<id>/` (as index-html.js).
 *
 * @typedef {{text: string | null, stated: boolean} | {value: number | null, text: string | null, threads_text: string}} Cell
 * @typedef {{label: string, report: string, cells: Array<Cell | null>}} Row
 */

/**
 * @param {{label: string, workloads: string[], rows: Row[]}} table  `label`: the key of the rows' column head
 * @param {Record<string, Record<string, string>>} labels  by language, the first the site's default
 * @param {string} lang
 * @returns {string}  from `<table` to `</table>`
 */
export function versionsTableHtml({label, workloads, rows}, labels, lang) {
  const i18n = i18nOf(labels, lang, Object.keys(labels)[0])
  // a table of 1,000 reports' steps repeats the same few hundred texts thousands of times: each is escaped once
  const escapeHtml = memo(escape)
  const bestAt = memo((/** @type {string} */ threads) => escape(i18n('overview_best_at', {threads})))
  const missing = escapeHtml(i18n('result_missing'))
  const stated = escapeHtml(i18n('versions_stated'))
  const head = workloads.map((w) => `<th scope="col">${escapeHtml(i18n(`workload_${w}`) || w)}</th>`).join('')
  /** @param {Cell | null} c */
  const cell = (c) => {
    if (!c) return `<td class="num missing">${missing}</td>`
    const text = c.text ? escapeHtml(c.text) : missing
    if ('threads_text' in c && c.threads_text) {
      const best = bestAt(c.threads_text)
      return `<td class="num" data-value="${c.value == null ? '' : escapeHtml(String(c.value))}">${text} <small class="spread">${best}</small></td>`
    }
    return `<td class="num change"${'stated' in c && c.stated ? ` title="${stated}"` : ''}>${text}${'stated' in c && c.stated ? '*' : ''}</td>`
  }
  const body = rows.map((r) => {
    const th = `\n\n<th scope="row"><a href="${LINK_BASE}${r.report}/">${escapeHtml(r.label)}</a></th>\n`
    return `\n    <tr>\n      ${th}\n      ${r.cells.map((c) => `\n        ${cell(c)}\n      `).join('')}\n    </tr>\n  `
  })
  return `<table class="versions">\n  \n<thead><tr>\n  <th scope="col">${escapeHtml(i18n(label))}</th>\n  ${head}\n</tr></thead>\n\n  <tbody>\n  ${body.join('')}\n  </tbody>\n</table>`
}
