import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {importMarkdown} from '../../tools/import/import.js'
import {prepareSite} from '../../tools/site/prepare.js'
import {exportFile} from '../../tools/site/export-files.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT} from '../helpers/paths.js'

const ID = 'tidb-v2.0.0-rc6-vs-v1.0.8'
const REPORT = readFileSync(join(ROOT, 'data/reports', `${ID}.yaml`), 'utf8')

/** The bundled report's export in each language, as the build writes it. */
async function exports() {
  const {root} = fixtureSite({[`data/reports/${ID}.yaml`]: REPORT})
  const prepared = await prepareSite({root})
  expect(prepared.problems.filter((p) => p.severity === 'error')).toEqual([])
  // `file`: where they are, beside the sidecar they share
  return {...Object.fromEntries(['en', 'zh', 'ja'].map((lang) => [lang, readFileSync(exportFile(join(root, '.benchdoc'), ID, lang), 'utf8')])), file: exportFile(join(root, '.benchdoc'), ID, 'en')}
}

/** @param {string} text @param {string} start */
const lineOf = (text, start) => text.split('\n').find((line) => line.startsWith(start))

describe('the separators of the Markdown export', () => {
  it('should join lists with 、 and follow a label with ： in zh and ja, and keep , and : in en', async () => {
    const text = await exports()
    expect([lineOf(text.en, 'Versions'), lineOf(text.zh, '版本'), lineOf(text.ja, 'バージョン')]).toEqual([
      'Versions: TiDB v1.0.8, TiDB v2.0.0-rc6', '版本：TiDB v1.0.8、TiDB v2.0.0-rc6', 'バージョン：TiDB v1.0.8、TiDB v2.0.0-rc6'
    ])
    expect(lineOf(text.zh, '| 172.16.21.1')).toBe('| 172.16.21.1、172.16.21.2、172.16.21.3 | TiDB、PD、Sysbench |')
    expect(lineOf(text.en, '| 172.16.21.1')).toBe('| 172.16.21.1, 172.16.21.2, 172.16.21.3 | TiDB, PD, Sysbench |')
  })

  it('should read back the same report from every language, and from a zh export written with , and : as before', async () => {
    const text = await exports()
    const read = (/** @type {string} */ markdown) => {
      const {result, problems} = importMarkdown(markdown, {path: 'index.md', file: text.file})
      expect(problems).toEqual([])
      return result?.report
    }
    const en = read(text.en)
    expect(en?.topology?.[0]?.hosts).toEqual(['172.16.21.1', '172.16.21.2', '172.16.21.3'])
    expect([read(text.zh), read(text.ja)]).toEqual([en, en])
    // the body's facts and table rows as an export of before 27 November 2026 wrote them (headings keep their 、)
    const [, front, body] = /^(---\n[\s\S]*?\n---\n)([\s\S]*)$/.exec(text.zh) ?? []
    const before = front + body.replace(/^((?:- )?[^\s|#：]{1,12})：(.*)$|^\|.*$/gm, (line, label, value) => (label ? `${label}: ${value}` : line).replaceAll('、', ', '))
    expect(before).toContain('\n版本: TiDB v1.0.8, TiDB v2.0.0-rc6\n')
    expect(read(before)).toEqual(read(text.zh))
  })
})

