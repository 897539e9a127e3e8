import {describe, expect, test} from 'vitest'
import {readStamp} from '../../tools/i18n/front-matter.js'

// readStamp skips parsing a front matter that cannot hold the key (most narratives are sources): these hold it
describe('readStamp', () => {
  test('should read a stamp whose key is written with an escape, as YAML reads it', () => {
    const text = '---\nreport: r\nlang: zh\n"translated\\u005ffrom":\n  lang: en\n  sections:\n    purpose: "0123456789ab"\n---\n\n## 目的 {#purpose}\n'
    expect(readStamp(text)).toEqual({stamp: {lang: 'en', sections: {purpose: '0123456789ab'}}, line: 4, langLine: 5, lines: {purpose: 7}, problems: []})
  })

  test('should read a source narrative as unstamped, its `translated_from` line 1', () => {
    expect(readStamp('---\nreport: r\nlang: en\n---\n\n## Purpose {#purpose}\n')).toEqual({stamp: null, line: 1, langLine: 1, lines: {}, problems: []})
  })

  test('should place a stamp that is not a mapping at its key', () => {
    expect(readStamp('---\nreport: r\ntranslated_from: en\n---\n').problems).toEqual([
      {line: 3, message: 'Unexpected `translated_from`, expected a mapping with `lang` and `sections`'}
    ])
  })
})
