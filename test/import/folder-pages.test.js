import {cpSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, it} from 'vitest'
import {main} from '../../tools/cli.js'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {textOf} from '../helpers/html.js'
import {docTree} from './doc-tree.js'

/**
 * A documentation repository imported at once (test/import/doc-tree.js),
 * built with real Hugo: each distinct result set is one report on the index
 * of every language, and a page shows the data text of its own language,
 * taken from that language's file. Serial: it runs Hugo.
 */

describe('the site built from a documentation repository imported at once', () => {
  /** @type {string} */
  let root
  beforeAll(async () => {
    const site = fixtureSite({})
    root = site.root
    cpSync(docTree(), join(root, 'docs'), {recursive: true})
    let err = ''
    expect(await main(['import', 'docs'], {out: () => {}, err: (t) => void (err += t), cwd: root, env: {}}), err).toBe(0)
    const result = await buildSite({root, env: site.env})
    expect(result.problems.filter((p) => p.severity === 'error')).toEqual([])
    expect(result.built).toBe(true)
  }, 300000)

  it('should list each distinct result set once on the index of every language', () => {
    for (const lang of ['en', 'zh', 'ja']) {
      const index = readFileSync(join(root, 'public', lang, 'index.html'), 'utf8')
      const links = [...index.matchAll(/<td><a href="[^"]*\/reports\/([^/"]+)\/">/g)].map((m) => m[1]).sort()
      expect(links, lang).toEqual(['tidb-v9.3.1', 'tidb-v9.3.1-2', 'tidb-v9.4.0-vs-v9.3.0', 'tidb-v9.7.0-vs-mysql-8.0.36'])
    }
  })

  it('should name the second scenario and the place in the words of each page\'s language file', () => {
    const page = (/** @type {string} */ lang) => textOf(readFileSync(join(root, 'public', lang, 'reports', 'tidb-v9.7.0-vs-mysql-8.0.36', 'index.html'), 'utf8'))
    expect(page('en')).toContain('TiDB v9.7.0 (scaling out)')
    expect(page('en')).toContain('Hangzhou')
    expect(page('zh')).toContain('TiDB v9.7.0（水平扩展）')
    expect(page('zh')).toContain('杭州')
    // no ja file: the ja page shows the source text, marked as English
    expect(page('ja')).toContain('TiDB v9.7.0（scaling out）')
  })
})

