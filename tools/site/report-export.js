import {exportSidecar, writeExport} from '../export/write.js'
import {summarySentence} from '../export/summary.js'
import {exportFile, sidecarOf} from './export-files.js'
import {writeIfChanged} from '../lib/atomic-write.js'

/**
 * Write a changed report's export in every language.
 * @param {{out: string, model: import('../types/view-model.js').ViewModel, charts: import('./report-charts.js').RenderedCharts,
 *   labels: Record<string, import('../i18n/labels.js').Labels>, titles: Record<string, string>, names: Record<string, string>}} input
 *   `names`: each language's name, for the note of a text shown in another
 * @returns {string[]}  the files written: the sidecar (front-matter.js), then each language's
 */
export function writeReportExports({out, model, charts, labels, titles, names}) {
  writeIfChanged(sidecarOf(out, model.id), exportSidecar(model).text)
  return [sidecarOf(out, model.id), ...Object.entries(labels).map(([lang, l]) => {
    /** @param {string} workload */
    const chart = (workload) => {
      const w = model.workloads.find((x) => x.name === workload)
      const image = w?.chart ? charts[w.chart]?.[lang] : undefined
      // the site's chart holds every language's words; the URL's fragment picks this one's (charts/languages.js)
      return image ? {url: `/${image.file}#${lang}`, alt: l[`workload_${workload}`] || workload} : null
    }
    const text = writeExport(model, {lang, labels: l, title: titles[lang], summary: summarySentence(model, lang, l), chart, names})
    const file = exportFile(out, model.id, lang)
    writeIfChanged(file, text)
    return file
  })]
}
