import {createRequire} from 'node:module'
import {describe, expect, test} from 'vitest'
import {checkI18n} from '../../tools/i18n/check.js'
import {checkLabels} from '../../tools/i18n/labels-check.js'
import {loadGlossary, termMisuses} from '../../tools/i18n/glossary.js'
import {siteLanguages} from '../../tools/i18n/labels.js'
import {ROOT} from '../helpers/paths.js'
import {CONFIG, EN, ZH, project} from './project.js'

const require = createRequire(import.meta.url)

const GLOSSARY = `terms:
  verdict:
    en: {use: verdict}
    zh: {use: 判定, avoid: [结论], except: [section_conclusions]}
  confidence_interval:
    zh: {use: 置信区间, avoid: ["/(?<!置信)区间/"]}
keep:
  zh: [Point Select]
`

describe('the glossary of the labels', () => {
  test('should find every label of this repository written with its language\'s one term per concept', () => {
    const problems = checkLabels(ROOT, siteLanguages(ROOT)).filter((p) => p.rule === 'label-term')
    expect(problems).toEqual([])
  })

  test('should have a term for every concept in each language it names, and avoid no term it uses', () => {
    const glossary = loadGlossary(ROOT)
    expect(Object.keys(glossary.terms).length).toBeGreaterThan(20)
    for (const [concept, byLang] of Object.entries(glossary.terms)) {
      for (const [lang, term] of Object.entries(byLang)) {
        expect(term.use, `${concept}.${lang}`).toMatch(/\S/)
        expect(termMisuses(glossary, lang, '', term.use), `${concept}.${lang}`).toEqual([])
      }
    }
  })

  test('should report a label that writes an avoided variant, at its place, with the term to use', () => {
    const p = project({
      'i18n/glossary.yaml': GLOSSARY,
      'i18n/en.yaml': 'overview_verdict: "Verdict"\nsection_conclusions: "Conclusions"\nverdict_interval: "95% CI"\nworkload_point_select: "Point Select"\n',
      'i18n/zh.yaml': 'overview_verdict: "结论"\nsection_conclusions: "结论"\nverdict_interval: "95% 区间"\nworkload_point_select: "Point Select"\n'
    })
    expect(checkLabels(p.dir, ['en', 'zh']).map((x) => `${x.file}:${x.line}:${x.col}: ${x.severity}: ${x.message} [${x.rule}]`)).toEqual([
      'i18n/zh.yaml:1:19: error: Unexpected `结论` in `overview_verdict`, expected `判定` (i18n/glossary.yaml: verdict) [label-term]',
      'i18n/zh.yaml:3:19: error: Unexpected `/(?<!置信)区间/` in `verdict_interval`, expected `置信区间` (i18n/glossary.yaml: confidence_interval) [label-term]'
    ])
  })

  test('should name the one ja term for each calque and drifting variant the native reading found', () => {
    const glossary = loadGlossary(ROOT)
    const found = (/** @type {string} */ text) => termMisuses(glossary, 'ja', '', text).map((m) => `${m.concept}: ${m.use}`)
    expect(found('最も高い 2 つのスレッド数では')).toEqual(['thread_count_size: スレッド数が多い'])
    expect(found('スレッド数を低く設定しています')).toEqual(['thread_count_size: スレッド数が多い'])
    expect(found('95 パーセンタイルレイテンシ')).toEqual(['p95_latency: P95 レイテンシ'])
    expect(found('TiUP で配置し')).toEqual(['deploy: デプロイ'])
    expect(found('Raft store と async apply')).toEqual(['raftstore: Raftstore'])
    expect(found('作者によれば')).toEqual(['author: 著者'])
    expect(found('全体的な変化')).toEqual(['headline: 全体の変化'])
    expect(found('スレッド数が最も多い 2 点では、向上幅はいずれも小さく、P95 レイテンシは短縮しています')).toEqual([])
    expect(found('プランで設定したサーバーオプション')).toEqual(['test_plan: テスト計画'])
    expect(found('実行プランを保持し、プランキャッシュを拡大')).toEqual([])
    expect(found('各測定点の繰り返しの幾何平均')).toEqual(['repeats: 繰り返し測定'])
  })

  test('should name the one zh term for the plan and for a point\'s repeats the native reading found as calques', () => {
    const glossary = loadGlossary(ROOT)
    const found = (/** @type {string} */ text) => termMisuses(glossary, 'zh', '', text).map((m) => `${m.concept}: ${m.use}`)
    expect(found('计划设置的服务器选项')).toEqual(['test_plan: 测试方案'])
    expect(found('各次重复的中位数')).toEqual(['repeats: 多次测量'])
    expect(found('由重复的几何平均值计算')).toEqual(['repeats: 多次测量'])
    expect(found('该测试点多次测量结果的几何平均值；重复 3 次')).toEqual([])
  })

  test('should not take a field of a label for a variant the translator wrote', () => {
    const glossary = {terms: {p95: {zh: {use: 'P95 延迟', avoid: ['/(?<![A-Z])p95/']}}}, keep: {}}
    expect(termMisuses(glossary, 'zh', 'overview_best_point', '{{ .threads }} 线程，P95 延迟 {{ .p95 }} 毫秒')).toEqual([])
    expect(termMisuses(glossary, 'zh', 'latency_lowest', '最低 p95（毫秒）')).toEqual([{concept: 'p95', use: 'P95 延迟', variant: '/(?<![A-Z])p95/', index: 3}])
  })
})

describe('the glossary of narratives and data text', () => {
  const P95 = 'terms:\n  p95_latency:\n    zh: {use: P95 延迟, avoid: ["/95 ?分位/"]}\n  verdict:\n    zh: {use: 判定, avoid: [结论]}\nlabels_only: [verdict]\n'
  const REPORT = 'id: r\nenvironment:\n  notes:\n    - {source: en, en: p95 latency is flat, zh: 95 分位延迟持平}\n    - {source: en, en: flat, zh: P95 延迟持平}\n'
  const shown = (/** @type {import('../../tools/lib/problems.js').Problem[]} */ problems) =>
    problems.filter((x) => x.rule === 'label-term').map((x) => `${x.file}:${x.line}:${x.col}: ${x.message}`)

  test('should fail on a second term for one concept in a narrative, at its line and column, and not in code or a link', () => {
    const zh = ZH.replace('从 1000 线程起领先。', '从 1000 线程起领先，`95分位` 与 [文档](https://x/95分位) 不算；95 分位延迟也更低。')
    const p = project({'config.toml': CONFIG, 'i18n/glossary.yaml': P95, 'content/narrative/r/en.md': EN, 'content/narrative/r/zh.md': zh})
    expect(shown(checkI18n(p.dir, ['en', 'zh'], ['r']).problems)).toEqual([
      'content/narrative/r/zh.md:13:49: Unexpected `/95 ?分位/`, expected `P95 延迟` (i18n/glossary.yaml: p95_latency)'
    ])
  })

  test('should fail on a second term for one concept in a data text, at the text, naming its path', () => {
    const p = project({'config.toml': CONFIG, 'i18n/glossary.yaml': P95, 'data/reports/r.yaml': REPORT})
    expect(shown(checkI18n(p.dir, ['en', 'zh'], ['r']).problems)).toEqual([
      'data/reports/r.yaml:4:7: Unexpected `/95 ?分位/` in `environment.notes.0`, expected `P95 延迟` (i18n/glossary.yaml: p95_latency)'
    ])
  })

  test('should leave the words of the page\'s own vocabulary (labels_only) to prose in their plain sense', () => {
    const p = project({'config.toml': CONFIG, 'i18n/glossary.yaml': P95, 'content/narrative/r/en.md': EN, 'content/narrative/r/zh.md': ZH})
    expect(ZH).toContain('测试结论')
    expect(shown(checkI18n(p.dir, ['en', 'zh'], ['r']).problems)).toEqual([])
  })

  test('should find every narrative and data text of this repository written with one term per concept', () => {
    expect(shown(checkI18n(ROOT, siteLanguages(ROOT)).problems)).toEqual([])
  })
})

describe('the page templates', () => {
  test('should take list separators and colons from the language, never write them in', () => {
    const {readdirSync, readFileSync, statSync} = require('node:fs')
    const {join} = require('node:path')
    /** @param {string} dir @returns {string[]} */
    const files = (dir) => readdirSync(dir).flatMap((f) => (statSync(join(dir, f)).isDirectory() ? files(join(dir, f)) : f.endsWith('.html') ? [join(dir, f)] : []))
    const found = files(join(ROOT, 'layouts')).flatMap((file) => {
      const text = readFileSync(file, 'utf8')
      return [...text.matchAll(/\{\{ if \$i \}\}[^{]|delimit [^()"]+ "[,;·、] ?"|\}\}: <|" · "/g)].map((m) => `${file.slice(ROOT.length + 1)}: ${m[0]}`)
    })
    expect(found).toEqual([])
  })
})
