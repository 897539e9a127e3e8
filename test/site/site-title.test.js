import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {initRepository} from '../../tools/init/repository.js'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

const LANGUAGES = ['en', 'zh', 'ja']
const env = {...process.env, HUGO: hugoBinary(ROOT, process.env)}

/** A repository `benchdoc init --title` made, with one report. @param {string} [title] */
function repository(title) {
  const root = tempFolder('benchdoc-title-')
  initRepository(root, {languages: LANGUAGES, title})
  writeFileSync(join(root, 'data/reports/minimal.yaml'), readFileSync(fixture('validate/minimal.yaml'), 'utf8'))
  return root
}

/** A language's home page <title>, header link and heading, and a report page's header link. @param {string} root @param {string} lang */
function titlesIn(root, lang) {
  const page = (/** @type {string} */ path) => readFileSync(join(root, 'public', lang, path), 'utf8')
  const home = page('index.html')
  const header = (/** @type {string} */ html) => /<a class="home" href="[^"]*">([^<]*)<\/a>/.exec(html)?.[1]
  return [/<title>([^<]*)<\/title>/.exec(home)?.[1], header(home), /<h1>([^<]*)<\/h1>/.exec(home)?.[1], header(page('reports/minimal/index.html'))]
}

/**
 * The site's title is config.toml's `title`, which `benchdoc init --title`
 * writes, on every page and in every language; a language's own title in its
 * [languages] table goes over it; without one, each language's `site_title`.
 */
describe('the site title', () => {
  test('should be the title of `init --title` in the <title>, header and heading of the pages in en, zh and ja', async () => {
    const root = repository('Acme database reports')
    expect((await buildSite({root, env})).built).toBe(true)
    expect(LANGUAGES.map((lang) => titlesIn(root, lang))).toEqual(LANGUAGES.map(() => Array(4).fill('Acme database reports')))
  }, 60_000)

  test('should be a language\'s own title where its table in config.toml has one, the next build after the edit', async () => {
    const root = repository('Acme database reports')
    expect((await buildSite({root, env})).built).toBe(true)
    const config = join(root, 'config.toml')
    writeFileSync(config, readFileSync(config, 'utf8').replace('  [languages.ja]\n', '  [languages.ja]\n    title = "Acme のレポート"\n'))
    expect((await buildSite({root, env})).built).toBe(true)
    expect(LANGUAGES.map((lang) => titlesIn(root, lang)[0])).toEqual(['Acme database reports', 'Acme database reports', 'Acme のレポート'])
    expect(titlesIn(root, 'ja')).toEqual(Array(4).fill('Acme のレポート'))
  }, 60_000)

  test('should be each language\'s label `site_title` when `init` was given no title', async () => {
    const root = repository()
    expect((await buildSite({root, env})).built).toBe(true)
    expect(LANGUAGES.map((lang) => titlesIn(root, lang)[1])).toEqual(['Sysbench performance reports', 'Sysbench 性能测试报告', 'Sysbench 性能テストレポート'])
  }, 60_000)
})
