import {MissingPart, escapeHtml, escapeUrlPart, numberText, rootUrl} from './context.js'

/**
 * report/chart.html: a chart's file as an image in a figure with its
 * caption and its spec's download.
 * @param {import('./context.js').PageContext} ctx
 * @param {{path: string, caption: string, spec?: string | null}} chart  `caption` not escaped
 */
export function chartHtml({lang, report, t}, {path, caption, spec}) {
  const image = report.charts?.[path]?.[lang]
  if (!image) throw new MissingPart(`report "${report.id}": chart "${path.replace('LANG', lang)}" was not rendered; run \`benchdoc build\``)
  // a time series has no spec link: the figure itself takes focus
  const series = path.endsWith('-time.svg')
  const src = `${rootUrl(`${image.file}?v=${image.version}`)}#${escapeUrlPart(lang)}`
  const link = spec ? ` <a class="spec" href="${rootUrl(spec.replaceAll('LANG', lang))}" download>${t('download_spec')}</a>` : ''
  return (
    `\n<figure class="chart${series ? ' timeseries' : ''}"${series ? ' tabindex="0"' : ''}>` +
    `\n<img src="${src}" width="${numberText(image.width)}" height="${numberText(image.height)}" alt="${escapeHtml(image.alt ?? '')}" loading="lazy">` +
    `\n<figcaption>${escapeHtml(caption ?? '')}${link}</figcaption>\n</figure>\n`
  )
}
