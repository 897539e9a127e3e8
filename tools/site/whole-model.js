import {readFileSync} from 'node:fs'
import {basename} from 'node:path'
import {readEntry} from './cache.js'
import {siteLanguages} from '../i18n/labels.js'
import {reportFiles} from '../validate/files.js'
import {siteOf} from './prepare.js'

/**
 * A report's whole view model derived again, with the charts of its cache
 * entry, for `benchdoc export --docs`: cheaper than a copy every build keeps.
 * @param {string} root
 * @param {string} out  the .benchdoc folder the build derived into
 * @param {string} id  a report the build derived without an error
 * @param {string} key  its key in that build
 * @returns {Promise<{model: import('../types/view-model.js').ViewModel, report: import('../types/report.js').Report, site: ReturnType<typeof siteOf>}>}  with the site it was derived for
 */
export async function wholeModel(root, out, id, key) {
  const site = siteOf(root, out, siteLanguages(root))
  const files = reportFiles([], root)
  const ids = files.map((f) => basename(f).replace(/\.ya?ml$/, ''))
  const file = files[ids.indexOf(id)]
  const {listNarratives} = await import('../narrative/index.js')
  const narratives = listNarratives(root, site.languages, {reportIds: new Set(ids), ids: [id]}).reports.find((r) => r.id === id)
  const {deriveReportModel} = await import('./prepare-report.js')
  const {result, model} = deriveReportModel(site, {file, text: readFileSync(file, 'utf8'), narratives})
  if (!model) throw new Error(`${id}: the report has an error, which the build would have said`)
  const entry = readEntry(out, id, key)
  if (!entry) throw new Error(`${id}: the build left no entry of the report in ${out}/cache`)
  const {charts} = entry
  return {model: /** @type {import('../types/view-model.js').ViewModel} */ ({...model, charts}), report: result.report, site}
}
