import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {loadLabels, siteLanguages} from '../../tools/i18n/labels.js'
import {ROOT} from '../helpers/paths.js'

describe('i18n', () => {
  const languages = siteLanguages(ROOT)

  test('should have the languages Hugo is configured with, in its order', () => {
    const config = readFileSync(join(ROOT, 'config.toml'), 'utf8')
    const configured = [...config.matchAll(/^\s*\[languages\.(\w+)\]/gm)].map((m) => m[1])
    expect(languages).toEqual(['en', 'zh', 'ja'])
    expect(configured).toEqual(languages)
  })

  test('should have exactly the same keys in every language', () => {
    const en = Object.keys(loadLabels(ROOT, 'en')).sort()
    for (const lang of languages) expect(Object.keys(loadLabels(ROOT, lang)).sort(), lang).toEqual(en)
  })

  test('should leave no label empty and keep the same fields in each translation', () => {
    const en = loadLabels(ROOT, 'en')
    const fields = (/** @type {string} */ s) => [...new Set([...s.matchAll(/\{\{\s*\.(\w+)\s*\}\}/g)].map((m) => m[1]))].sort()
    for (const lang of languages) {
      const labels = loadLabels(ROOT, lang)
      for (const [key, value] of Object.entries(labels)) {
        expect(value.trim(), `${lang}.${key}`).not.toBe('')
        expect(fields(value), `${lang}.${key}`).toEqual(fields(en[key]))
      }
    }
  })

  test('should never put a subject\'s name, which may hold its variant in brackets, inside a zh or ja label\'s brackets (no `（v8.5.0（调优模式））`)', () => {
    const bracketed = /（[^（）]*\{\{\s*\.(?:subjects?|baseline)\s*\}\}[^（）]*）|\{\{\s*with \.(?:subjects?|baseline)\s*\}\}[^{]*（[^（）]*\{\{\s*\.\s*\}\}/
    for (const lang of ['zh', 'ja']) {
      expect(Object.entries(loadLabels(ROOT, lang)).filter(([, value]) => bracketed.test(value)).map(([key]) => key), lang).toEqual([])
    }
    // what it finds: the labels as they were
    expect(bracketed.test('{{ .workload }}{{ with .subject }}（{{ . }}）{{ end }} {{ .change }}')).toBe(true)
    expect(bracketed.test('（{{ .subjects }}）')).toBe(true)
  })

  test('should keep product names and sysbench terms untranslated', () => {
    for (const lang of ['zh', 'ja']) {
      const text = readFileSync(join(ROOT, 'i18n', `${lang}.yaml`), 'utf8')
      for (const wrong of ['品質保証', 'ティクヴ', 'ティビ', 'システムベンチ', 'TPPS', '特大']) expect(text, lang).not.toContain(wrong)
      const labels = loadLabels(ROOT, lang)
      expect(labels.result_qps).toBe('QPS')
      expect(labels.result_tps).toBe('TPS')
    }
  })
})
