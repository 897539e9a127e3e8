import {describe, expect, test} from 'vitest'
import {benchReport} from '../helpers/generate.js'
import {loadLabels} from '../../tools/i18n/labels.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {siteNumberStyle} from '../../tools/site/format.js'
import {reportChartJobs} from '../../tools/site/report-charts.js'
import {reportViewModel} from '../../tools/site/view-model.js'
import {validateReportText} from '../../tools/validate/index.js'
import {ROOT} from '../helpers/paths.js'

const languages = ['en', 'zh', 'ja']
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)]))
const locales = Object.fromEntries(readLanguages(ROOT).filter((l) => languages.includes(l.code)).map((l) => [l.code, l.locale]))
const report = benchReport(3)
const {doc, derived} = validateReportText(`${report.id}.yaml`, JSON.stringify(report))
if (!derived) throw new Error(`${report.id} does not validate`)
const model = reportViewModel({report: /** @type {any} */ (doc.data), derived, narratives: {}, languages, style: siteNumberStyle(locales), labels, locales})

/**
 * Each chart image's version, by the model's chart path and language, for a project at `root`.
 * @param {string} root @param {Record<string, import('../../tools/i18n/labels.js').Labels>} [words]
 */
function versionsIn(root, words = labels) {
  const jobs = reportChartJobs({report: /** @type {any} */ (doc.data), model, labels: words, locales, chartDir: `${root}/.benchdoc/static/charts`, cacheDir: `${root}/.benchdoc/cache/charts`})
  return Object.fromEntries(jobs.flatMap((job) => job.images.map(({path, lang, image}) => [`${path} ${lang}`, image.version])))
}

describe('a chart image\'s version (the `?v=` of its URL)', () => {
  test('should be the same for the same project built in another folder', () => {
    const here = versionsIn('/tmp/one')
    expect(Object.keys(here)).toHaveLength(3 * model.workloads.length)
    expect(versionsIn('/home/someone/else/reports')).toEqual(here)
  })

  test('should change with a chart\'s words', () => {
    const renamed = {...labels, zh: {...labels.zh, chart_latency: '延迟'}}
    const before = versionsIn('/tmp/one')
    const after = versionsIn('/tmp/one', renamed)
    const changed = Object.keys(before).filter((key) => before[key] !== after[key])
    // one file holds every language's words: each language's image of every chart gets the new version
    expect(changed).toHaveLength(3 * model.workloads.length)
  })
})
