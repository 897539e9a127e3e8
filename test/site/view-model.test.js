import {readFileSync, readdirSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {stringify} from 'yaml'
import {describe, expect, test} from 'vitest'
import {benchReport} from '../helpers/generate.js'
import {loadLabels, siteLanguages} from '../../tools/i18n/labels.js'
import {readLanguages} from '../../tools/i18n/languages.js'
import {readNarratives} from '../../tools/narrative/read.js'
import {validateReportText} from '../../tools/validate/index.js'
import {reportViewModel} from '../../tools/site/view-model.js'
import {ROOT, fixture} from '../helpers/paths.js'

// The view model is the contract of the templates: every report's model must
// be what schemas/view-model.schema.json describes (tools/types/view-model.d.ts
// types the builders with it), so a field a template reads cannot drift away.
const require = createRequire(import.meta.url)
const Ajv2020 = require('ajv/dist/2020.js').default
const ajv = new Ajv2020({allErrors: true, strict: true, allowUnionTypes: true, keywords: ['tsType']})
const validate = ajv.compile(JSON.parse(readFileSync(join(ROOT, 'schemas/view-model.schema.json'), 'utf8')))
const languages = siteLanguages(ROOT)
const labels = Object.fromEntries(languages.map((lang) => [lang, loadLabels(ROOT, lang)]))
const locales = Object.fromEntries(readLanguages(ROOT).map((l) => [l.code, l.locale]))

const bundled = readdirSync(join(ROOT, 'data/reports')).map((f) => ({name: f, text: readFileSync(join(ROOT, 'data/reports', f), 'utf8')}))
const others = [
  {name: 'site/mariadb-demo.yaml', text: readFileSync(fixture('site/mariadb-demo.yaml'), 'utf8')},
  {name: 'verdict/repeats.yaml', text: readFileSync(fixture('verdict/repeats.yaml'), 'utf8')},
  {name: 'model/variants-dimensions.yaml', text: readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8')},
  // generated reports like users': one as people write it, one as `benchdoc run` writes it
  ...[benchReport(0), benchReport(9)].map((r) => ({name: `${r.id}.yaml`, text: stringify(r)}))
]

/** @param {string} name @param {string} text */
function modelOf(name, text) {
  const {doc, derived} = validateReportText(name, text)
  expect(derived, name).toBeTruthy()
  const report = /** @type {any} */ (doc.data)
  const found = readNarratives(ROOT, languages).reports.find((n) => n.id === report.id)
  const narratives = Object.fromEntries(Object.entries(found?.files ?? {}).map(([lang, f]) => [lang, f.narrative]))
  return reportViewModel({report, derived: /** @type {any} */ (derived), narratives, languages, labels, locales})
}

describe('the view model of a report page', () => {
  test.each([...bundled, ...others])('should be what schemas/view-model.schema.json describes: $name', ({name, text}) => {
    const model = modelOf(name, text)
    // the pages read the model with its charts, which the build adds once they are rendered
    const ok = validate({...model, charts: {}})
    expect(ok ? [] : validate.errors.map((/** @type {any} */ e) => `${e.instancePath} ${e.message}`)).toEqual([])
  })

  test('should refuse a model with a field the schema does not describe, naming it', () => {
    const model = modelOf(bundled[0].name, bundled[0].text)
    expect(validate({...model, summary_columns: {derived: true}})).toBe(false)
    expect(validate.errors.map((/** @type {any} */ e) => `${e.instancePath} ${e.message} ${e.params.additionalProperty ?? ''}`)).toEqual([' must NOT have additional properties summary_columns'])
  })

  test('should write counts as each language does, zh\'s in its own fields: threads, durations and rows per table (1000 万)', () => {
    const model = modelOf('tidb-v6.0.0-vs-v5.1.4.yaml', readFileSync(join(ROOT, 'data/reports/tidb-v6.0.0-vs-v5.1.4.yaml'), 'utf8'))
    const zh = model.by_lang?.zh
    const setting = (/** @type {typeof model.plan_page} */ p, /** @type {string} */ key) => p.settings.find((f) => f.label === `plan_${key}`)?.text
    expect([setting(model.plan_page, 'table_size'), setting(model.plan_page, 'time')]).toEqual(['10,000,000', '600'])
    expect(zh && [setting(zh.plan_page, 'table_size'), setting(zh.plan_page, 'time')]).toEqual(['1000 万', '600'])
    expect(model.plan_page.workloads[0].threads).toEqual(['150', '300', '600', '900', '1,200', '1,500'])
    expect(zh?.plan_page.workloads[0].threads).toEqual(['150', '300', '600', '900', '1200', '1500'])
    const threads = (/** @type {typeof model.results} */ r) => r.workloads[0].table?.rows.map((row) => row[0].text)
    expect(threads(model.results)).toEqual(['150', '300', '600', '900', '1,200', '1,500'])
    expect(zh && threads(zh.results)).toEqual(['150', '300', '600', '900', '1200', '1500'])
    expect(model.by_lang?.ja).toBeUndefined()
  })

  test('should give each language the sections its page shows, in order, and its date written as the language writes it', () => {
    const model = modelOf('tidb-v3.0.0-vs-v2.1.13.yaml', readFileSync(join(ROOT, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml'), 'utf8'))
    expect(model.sections.en.map((s) => s.id)).toEqual(['purpose', 'version', 'environment', 'parameters', 'topology', 'plan', 'results', 'latency', 'conclusions'])
    expect(model.date_text).toEqual({en: 'June 2019', zh: '2019 年 6 月', ja: '2019年6月'})
    expect(model.date_full).toBe('2019-06-01')
  })

  test('should title the version section by what it holds, and say what a warm-up method does rather than name it', () => {
    const read = (/** @type {string} */ file) => modelOf(file, readFileSync(file, 'utf8'))
    const versionTitle = (/** @type {ReturnType<typeof modelOf>} */ model) => model.sections.zh.find((s) => s.id === 'version')?.title
    const demo = read(fixture('site/mariadb-demo.yaml'))
    expect([join(ROOT, 'data/reports/tidb-v3.0.0-vs-v2.1.13.yaml'), join(ROOT, 'data/reports/tidb-v4.0-vs-v3.0.yaml')].map((f) => versionTitle(read(f)))).toEqual(['section_version', 'section_version_only'])
    expect(versionTitle(demo)).toBe('section_version_date')
    expect(demo.plan_page.settings.find((f) => f.label === 'plan_warmup_method')).toEqual({label: 'plan_warmup_method', key: 'plan_warmup_checkpoint'})
  })
})
