import {join} from 'node:path'
import {readFileSync} from 'node:fs'
import {beforeAll, describe, expect, it} from 'vitest'
import {main} from '../../tools/cli.js'
import {importMarkdown} from '../../tools/import/import.js'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {sectionById, tableRows} from '../helpers/html.js'
import {SHAPES, SPECS, expectedValues, shapeSource} from './shapes-spec.js'

/**
 * The importer's shape fixtures built with real Hugo: every value a
 * separate reader finds in the source tables shows on the report's page in
 * en, zh and ja, formatted for the locale with its published decimals.
 * Serial: it runs Hugo.
 */

const LOCALES = {en: 'en', zh: 'zh-CN', ja: 'ja'}
const names = Object.keys(SPECS)

describe('the pages built from every importer shape', () => {
  /** @type {string} */
  let root
  /** @type {Map<string, string>} */
  const ids = new Map()
  beforeAll(async () => {
    const site = fixtureSite({})
    root = site.root
    const io = {out: () => {}, err: () => {}, cwd: root, env: {}}
    // One source per report, the en original first: a translation adds only
    // its narrative (and its numbers are checked against the data).
    for (const name of [...names].sort((a, b) => Number(!a.startsWith('en-')) - Number(!b.startsWith('en-')))) {
      const id = /** @type {string} */ (importMarkdown(shapeSource(name), {path: name}).result?.id)
      ids.set(name, id)
      if ([...ids.values()].filter((x) => x === id).length > 1) continue
      expect(await main(['import', join(SHAPES, name)], io), name).toBe(0)
    }
    const result = await buildSite({root, env: site.env})
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(result.built).toBe(true)
  }, 300000)

  it('should name the nodes of any component in each language: table head, headline note and export', () => {
    // the unit in each language's parentheses (full-width in zh and ja), a counter in zh and ja
    const heads = {en: 'PD nodes (nodes)', zh: 'PD 节点数（个）', ja: 'PD ノード数（台）'}
    for (const lang of /** @type {Array<'en' | 'zh' | 'ja'>} */ (['en', 'zh', 'ja'])) {
      const id = /** @type {string} */ (ids.get('en-scaling-pd.md'))
      const html = readFileSync(join(root, 'public', lang, 'reports', id, 'index.html'), 'utf8')
      expect(html, lang).toContain(`<th scope="col">${heads[lang]}</th>`)
      // the export's result table is the page's: the same head, unit included
      expect(readFileSync(join(root, 'public', 'downloads', id, `${id}.${lang}.md`), 'utf8'), lang).toContain(`| ${heads[lang]} |`)
    }
  })

  for (const name of names) {
    it(`should show every value of ${name} on its page in en, zh and ja`, () => {
      for (const lang of /** @type {Array<'en' | 'zh' | 'ja'>} */ (['en', 'zh', 'ja'])) {
        const html = readFileSync(join(root, 'public', lang, 'reports', /** @type {string} */ (ids.get(name)), 'index.html'), 'utf8')
        for (const e of expectedValues(name)) {
          // Every table of the section: a table kept in the narrative (misread numbers) comes first.
          const texts = (sectionById(html, `workload-${e.workload}`) ?? '').split('<tbody>').slice(1).flatMap((t) => tableRows(`<tbody>${t}`).flat())
          // With the decimals the source cell was written with (`1.30`, not `1.3`).
          const shown = new Intl.NumberFormat(LOCALES[lang], {minimumFractionDigits: e.decimals, maximumFractionDigits: e.decimals}).format(e.value)
          expect(texts, `${lang} ${name} ${JSON.stringify(e)}`).toContain(shown)
        }
      }
    })
  }
})
