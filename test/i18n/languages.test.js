import {existsSync, readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {run} from '../../tools/i18n/command.js'
import {siteLanguages} from '../../tools/i18n/labels.js'
import {buildSite} from '../../tools/site/build.js'
import {fixtureSite} from '../helpers/fixture-site.js'
import {CONFIG, EN, LABELS, project} from './project.js'
import {exactly} from '../helpers/exact.js'

const REPORT = `id: r
kind: single
place: {source: zh, zh: 北京, en: Beijing}
subjects: [{id: a, product: MariaDB, version: '11.4'}]
environment:
  notes:
    - NUMA off
    - {source: en, en: two clients, zh: 两个客户端}
  software:
    - {name: HAProxy, purpose: 负载均衡, version: '2.8'}
plan:
  tables: 1
  table_size: 10
  workloads: [{name: oltp_point_select, threads: [1]}]
results:
  - {subject: a, workload: oltp_point_select, threads: 1, tps: 10}
`

describe('benchdoc i18n check: data text', () => {
  test('should report data text a language lacks, and plain prose shown unmarked everywhere, at their places', async () => {
    const p = project({'config.toml': CONFIG, 'i18n/en.yaml': LABELS.en, 'i18n/zh.yaml': LABELS.zh, 'i18n/ja.yaml': LABELS.zh, 'data/reports/r.yaml': REPORT})
    const result = await p.run(['check', 'r'])
    expect(result.lines).toEqual([
      'data/reports/r.yaml:3:8: warning: Missing `ja` text of `place`, expected a translation of its zh text `北京` (the ja page shows it marked as zh) [untranslated-text]',
      'data/reports/r.yaml:7:7: warning: Unexpected plain text `NUMA off` in `environment.notes.0`, expected `{source: <lang>, <lang>: …}` with its translations (a plain string shows unmarked in every language) [plain-text]',
      'data/reports/r.yaml:8:7: warning: Missing `ja` text of `environment.notes.1`, expected a translation of its en text `two clients` (the ja page shows it marked as en) [untranslated-text]',
      'data/reports/r.yaml:10:32: warning: Unexpected plain text `负载均衡` in `environment.software.0.purpose`, expected `{source: <lang>, <lang>: …}` with its translations (a plain string shows unmarked in every language) [plain-text]',
      '1 report checked: 0 errors, 4 warnings'
    ])
    expect((await p.run(['status'])).out).toBe('report  en       zh       ja\nr       missing  missing  missing + 2 data texts\n')
  })
})

describe('benchdoc i18n check: labels identical to the source', () => {
  test('should report a label left as the en text, but not one made of terms every language keeps', async () => {
    const p = project({
      'config.toml': CONFIG,
      'i18n/en.yaml': LABELS.en,
      'i18n/zh.yaml': LABELS.zh.replace('Sysbench 性能测试报告', 'Sysbench performance reports'),
      'i18n/ja.yaml': LABELS.zh
    })
    expect((await p.run(['check', '--lang', 'zh'])).lines).toEqual([
      'i18n/zh.yaml:1:13: warning: Unexpected label `site_title` identical to en.yaml:1, expected its translation [label-untranslated]',
      '1 label file and 0 reports checked: 0 errors, 1 warning'
    ])
  })
})

describe('benchdoc i18n add-language', () => {
  test('should add the label file and config entry; the new pages build and check lists what is left', async () => {
    const site = fixtureSite({'data/reports/r.yaml': REPORT, 'content/narrative/r/en.md': EN})
    let err = ''
    const io = {out: () => {}, err: (/** @type {string} */ t) => void (err += t), cwd: site.root, env: {}}
    expect(await run(['add-language', 'ko'], io)).toBe(0)
    expect(err).toBe(
      'i18n/ko.yaml: ko (한국어) added\nconfig.toml: ko (한국어) added\n' +
      'Next: translate i18n/ko.yaml, then `benchdoc i18n init <report-id> ko` for each narrative; `benchdoc i18n status --lang ko` shows what is left\n'
    )
    expect(siteLanguages(site.root)).toEqual(['en', 'zh', 'ja', 'ko'])
    expect(readFileSync(join(site.root, 'config.toml'), 'utf8')).toContain(
      '  [languages.ko]\n    languageName = "한국어"\n    languageCode = "ko"\n    weight = 4\n    hasCJKLanguage = true\n'
    )
    await expect(run(['add-language', 'ko'], io)).rejects.toThrow(exactly('Unexpected language `ko`: config.toml has it already'))

    err = ''
    expect(await run(['check', '--lang', 'ko'], io)).toBe(0)
    const untranslated = err.split('\n').filter((l) => l.endsWith('[label-untranslated]'))
    expect(untranslated.length).toBeGreaterThan(100)
    expect(untranslated).toContain('i18n/ko.yaml:9:13: warning: Unexpected label `site_title` identical to en.yaml:7, expected its translation [label-untranslated]')
    expect(err).not.toContain('`result_qps`')

    const destination = join(site.root, 'public')
    expect((await buildSite({root: site.root, destination, env: site.env})).built).toBe(true)
    const html = readFileSync(join(destination, 'ko', 'reports', 'r', 'index.html'), 'utf8')
    expect(html).toContain('<html lang="ko">')
    expect(html).toContain('<span class="untranslated" lang="zh" title="Not translated yet; the original (Chinese) is shown">北京')
    expect(html).toContain('The narrative of this report is not yet available in 한국어')
    expect(existsSync(join(destination, 'ko', 'index.html'))).toBe(true)
  }, 120000)

  test('should refuse a code that is not a language code, as a usage error', async () => {
    const p = project({'config.toml': CONFIG, 'i18n/en.yaml': LABELS.en})
    await expect(p.run(['add-language', 'Korean!'])).rejects.toThrow(exactly('Unexpected language code `Korean!`, expected a BCP 47 code such as `ko` or `pt-br`'))
  })
})
