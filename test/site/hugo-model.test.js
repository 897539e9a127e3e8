import {cpSync, readFileSync, readdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {wholeModel} from '../../tools/site/whole-model.js'
import {NODE_ONLY, goNumberText, hugoModel} from '../../tools/site/hugo-model.js'
import {runHugo} from '../../tools/site/hugo.js'
import {fillPages} from '../../tools/site/fill-pages.js'
import {hugoConfig} from '../../tools/site/hugo-config.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {loadLabels, siteLanguages} from '../../tools/i18n/labels.js'
import {ROOT, fixture} from '../helpers/paths.js'

/** Every HTML page of a built site, by path. @param {string} dir */
function pages(dir) {
  return Object.fromEntries(readdirSync(dir, {recursive: true}).map(String).filter((f) => f.endsWith('.html')).sort().map((f) => [f, readFileSync(join(dir, f), 'utf8')]))
}

describe('the view model as Hugo reads it', () => {
  test('should give every page of the bundled reports and a variants report exactly as the whole model does', async () => {
    const variants = readFileSync(fixture('model/variants-dimensions.yaml'), 'utf8')
    // a report template of the repository's own (the package's): the templates lay out the pages from the model
    const toc = readFileSync(join(ROOT, 'layouts/_partials/report/toc.html'), 'utf8')
    const {root, env} = fixtureSite({'data/reports/variants-dimensions.yaml': variants, 'layouts/_partials/report/toc.html': toc})
    cpSync(join(ROOT, 'data/reports'), join(root, 'data/reports'), {recursive: true})
    cpSync(join(ROOT, 'content/narrative'), join(root, 'content/narrative'), {recursive: true})
    const out = join(root, '.benchdoc')
    expect((await buildSite({root, env})).built).toBe(true)
    const ids = readdirSync(join(out, 'data/reports')).map((f) => f.replace(/\.json$/, ''))
    expect(ids).toHaveLength(6)
    const languages = siteLanguages(root)
    const site = {languages, labels: Object.fromEntries(languages.map((lang) => [lang, loadLabels(root, lang)]))}
    for (const id of ids) {
      const {model: whole} = await wholeModel(root, out, id)
      const page = JSON.parse(readFileSync(join(out, 'data/reports', `${id}.json`), 'utf8'))
      // what Hugo is spared, and nothing else
      expect(Object.keys(whole).filter((k) => !(k in page)).sort()).toEqual(NODE_ONLY.filter((k) => k in whole).sort())
      writeFileSync(join(out, 'data/reports', `${id}.json`), JSON.stringify(hugoModel(whole, site, {keepNodeOnly: true})))
    }
    await runHugo(root, ['--destination', join(root, 'public-whole'), '--config', hugoConfig(root, out, 'whole')], {env})
    fillPages({out, destination: join(root, 'public-whole'), languages})
    const [fromPage, fromWhole] = [pages(join(root, 'public')), pages(join(root, 'public-whole'))]
    // per language: 6 report pages, the index, the reports list, the versions list and a product's versions page; the root
    expect(Object.keys(fromPage)).toHaveLength(3 * (6 + 4) + 1)
    expect(Object.keys(fromWhole)).toEqual(Object.keys(fromPage))
    for (const [path, html] of Object.entries(fromPage)) expect(fromWhole[path], path).toBe(html)
  }, 180_000)

  test('should write a number as Hugo prints one read from JSON, with an exponent from 1e+06 up and below 1e-04', () => {
    expect([121687, 1.93, 999999, 1e6, 1234567, 0.0001, 0.00001, 123456.7, 1e21, -3.5, 0, 2.5e-5].map(goNumberText)).toEqual([
      '121687', '1.93', '999999', '1e+06', '1.234567e+06', '0.0001', '1e-05', '123456.7', '1e+21', '-3.5', '0', '2.5e-05'
    ])
  })
})
