import {escapeHtml} from './context.js'

/**
 * The cluster topology as report/topology.html prints it: hosts and the
 * instances on each (`count × component` where more than one).
 * @param {import('./context.js').PageContext} ctx
 * @returns {string}
 */
export function topologyHtml(ctx) {
  const {t} = ctx
  const sep = t('punct_list')
  /** @type {Array<{hosts: string[], instances: Array<{component: string, count: number}>}>} */
  const rows = ctx.report.topology_rows ?? []
  const body = rows.map((r) => {
    const instances = r.instances.map((n) => n.count > 1 ? t('topology_count', {count: n.count, component: n.component}) : escapeHtml(n.component))
    return `\n<tr><td>${escapeHtml(r.hosts.join(ctx.i18n('punct_list')))}</td><td>${instances.join(sep)}</td></tr>`
  }).join('')
  return `\n<section id="topology">\n<h2>${t('section_topology')}</h2>\n` +
    `<div class="table-wrap" tabindex="0" role="region" aria-label="${t('section_topology')}">\n<table>\n` +
    `<thead><tr><th scope="col">${t('field_hosts')}</th><th scope="col">${t('field_instances')}</th></tr></thead>\n` +
    `<tbody>${body}\n</tbody>\n</table>\n</div>\n</section>\n`
}

