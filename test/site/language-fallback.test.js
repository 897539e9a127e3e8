import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'

/**
 * A language the repository adds with a label file of a few keys: every
 * other label is the default language's, in the pages as in the charts and
 * the export, as Hugo's i18n falls back to it (`i18n check` names the keys).
 */
describe('a language whose label file lacks keys', () => {
  test('should build, each missing label being the default language\'s', async () => {
    const {root, env} = fixtureSite({
      'config.toml': readFileSync(join(ROOT, 'config.toml'), 'utf8').replace('[params.benchdoc]', '  [languages.de]\n    languageName = "Deutsch"\n    languageCode = "en"\n    weight = 4\n\n[params.benchdoc]'),
      'i18n/de.yaml': 'section_purpose: Zweck\n',
      'data/reports/minimal.yaml': readFileSync(fixture('validate/minimal.yaml'), 'utf8')
    })
    const result = await buildSite({root, env})
    expect(result.problems).toEqual([])
    const page = (/** @type {string} */ lang) => readFileSync(join(root, 'public', lang, 'reports', 'minimal', 'index.html'), 'utf8')
    const alt = (/** @type {string} */ lang) => /<img [^>]*alt="([^"]*)"/.exec(page(lang))?.[1]
    const en = 'Line charts of QPS (left) and p95 latency in ms (right) against thread count for MariaDB 10.11, MariaDB 11.4. The table above lists every value.'
    expect([alt('de'), alt('en')]).toEqual([en, en])
    expect(page('de')).toContain('<h2>Zweck</h2>')
    const exported = readFileSync(join(root, 'public', 'downloads', 'minimal', 'minimal.de.md'), 'utf8')
    expect(exported.split('\n').find((l) => l.startsWith('Versions'))).toBe('Versions: MariaDB 10.11, MariaDB 11.4')
  }, 60_000)
})
