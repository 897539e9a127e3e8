import {describe, expect, test} from 'vitest'
import {parseStampDocument} from '../../tools/i18n/front-matter.js'

const STAMP = 'translated_from:\n  lang: en\n  sections:\n    purpose: "0123456789ab"\n    conclusions: "ba9876543210"\n  translation:\n    purpose: "aaaaaaaaaaaa"\n'

/** @param {string} yaml */
const file = (yaml) => `---\n${yaml}---\n\nText.\n`

describe('reading a stamp', () => {
  test('should read the stamp benchdoc writes with the place of each line', () => {
    expect(parseStampDocument(file(`report: r\nlang: zh\n${STAMP}title: A title\n`))).toEqual({
      stamp: {lang: 'en', sections: {purpose: '0123456789ab', conclusions: 'ba9876543210'}, translation: {purpose: 'aaaaaaaaaaaa'}},
      line: 4, langLine: 5, lines: {purpose: 7, conclusions: 8}, problems: []
    })
  })

  test('should find no stamp in a front matter that never names it', () => {
    expect(parseStampDocument(file('report: r\nlang: en\ntitle: "Quoted: yes"\n'))).toEqual({stamp: null, line: 1, langLine: 1, lines: {}, problems: []})
  })
})
