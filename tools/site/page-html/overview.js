import {figureTableHtml} from './figure-table.js'
import {escapeHtml, rootUrl} from './context.js'
import {fillLabel} from '../../i18n/labels.js'

/**
 * report/overview.html: the overview at the top of a report — its table of
 * changes, what they are, the second method's figures, the verdicts' legend
 * and the downloads.
 * @param {import('./context.js').PageContext} ctx
 */
export function overviewHtml(ctx) {
  const {report: r, t, i18n} = ctx
  const o = r.overview ?? {}
  const parts = ['\n<section id="overview" class="overview">\n', `<h2>${t('overview_title')}</h2>\n`]
  if (o.stated_only) parts.push(`<p class="method">${t('overview_stated', {baseline: r.baseline ?? ''})}</p>`)
  parts.push('\n')
  if (o.table) parts.push(figureTableHtml(ctx, {table: o.table, caption: i18n('overview_title')}))
  parts.push('\n', ...(o.bases ?? []).map((/** @type {string} */ b) => `<p class="note">${t(`overview_basis_${b}`)}</p>`), '\n')
  parts.push(...besideHtml(ctx, o.beside ?? {}), '\n')
  if (o.legend) parts.push(legendHtml(ctx, o.legend))
  parts.push('\n')
  if (r.has_points) {
    const link = (/** @type {string} */ kind) => `<a href="${rootUrl(r.downloads[kind])}" download>${t(`download_${kind}`)}</a>`
    parts.push(`\n<p class="downloads">${t('download_title')}${t('punct_colon')}\n${link('csv')}${t('punct_list')}\n${link('json')}\n</p>\n`)
  }
  parts.push('\n</section>\n')
  return parts.join('')
}

/**
 * The second method's figures, one note per basis that has any (a template
 * ranges over a map in its keys' order).
 * @param {import('./context.js').PageContext} ctx
 * @param {Record<string, Array<{workload: string, subject: string, change: string}> | null>} beside
 */
function besideHtml(ctx, beside) {
  const {t, i18n} = ctx
  return Object.keys(beside).sort().map((basis) => {
    const figures = beside[basis]
    if (!figures?.length) return ''
    const items = figures.map((f, i) => `${i ? t('punct_list') : ''}${besideItem(ctx, {workload: i18n(`workload_${f.workload}`) || f.workload, subject: f.subject, change: f.change})}`)
    return `\n<p class="note beside">${t(`overview_beside_${basis}`)}${t('punct_colon')}${items.join('')}</p>\n`
  })
}

/**
 * One figure of the second method, as Hugo's i18n writes overview_beside_item:
 * a label with a Go template's `{{ with .subject }}…{{ . }}…{{ end }}`, which
 * fillLabel does not read (the one label that has one).
 * @param {import('./context.js').PageContext} ctx
 * @param {Record<string, string>} args
 */
function besideItem({site, lang}, args) {
  const key = 'overview_beside_item'
  const label = site.labels[lang]?.[key] ?? site.labels[site.languages[0]]?.[key] ?? ''
  const resolved = label.replace(WITH, (_, field, inner) => (args[field] ? inner.replace(DOT, () => args[field]) : ''))
  return escapeHtml(fillLabel(resolved, args))
}

// `{{ with .field }}…{{ end }}`, and its `{{ . }}`
const WITH = /\{\{-?\s*with\s+\.(\w+)\s*-?\}\}([\s\S]*?)\{\{-?\s*end\s*-?\}\}/g
const DOT = /\{\{\s*\.\s*\}\}/g

/** @param {import('./context.js').PageContext} ctx @param {{margin: string | number}} legend */
function legendHtml({t}, legend) {
  return (
    `\n<p class="legend"><span class="legend-title">${t('legend_title', {margin: legend.margin})}${t('punct_colon')}</span>` +
    `\n<span class="verdict-faster">${t('legend_better')}</span>\n<span class="verdict-slower">${t('legend_worse')}</span>` +
    `\n<span>= ${t('legend_equivalent')}</span>\n<span>? ${t('legend_inconclusive')}</span>\n<span>${t('legend_marks')}</span>\n</p>\n`
  )
}
