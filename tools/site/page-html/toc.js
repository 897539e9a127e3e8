import {escapeHtml as escapeHtmlOf, escapeUrlPart} from './context.js'

/**
 * report/toc.html: a link to each section the page shows, and under the
 * results one per workload that has points, by its name.
 * @param {import('./context.js').PageContext} ctx
 */
export function tocHtml({report: r, sections, t, i18n}) {
  const workloads = (r.results?.workloads ?? []).filter((/** @type {import('./context.js').HugoFields} */ w) => w.has_points)
  const names = workloads.map((/** @type {import('./context.js').HugoFields} */ w) => `<li><a href="#${escapeUrlPart(w.anchor)}">${escapeHtmlOf(i18n(`workload_${w.name}`) || w.name)}</a></li>`).join('')
  const items = sections.map((s) => {
    const sub = s.id === 'results' && r.has_points ? `<ol>${names}</ol>` : ''
    return `\n<li><a href="#${escapeUrlPart(s.id)}">${t(s.title)}</a>\n${sub}\n</li>\n`
  })
  return `\n<nav class="toc" aria-labelledby="toc-title">\n<h2 id="toc-title">${t('report_toc')}</h2>\n<ol>\n${items.join('')}\n</ol>\n</nav>\n`
}
