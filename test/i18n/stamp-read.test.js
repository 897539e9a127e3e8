import {readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {frontMatterRange, parseStampDocument, quickStamp} from '../../tools/i18n/front-matter.js'

const STAMP = 'translated_from:\n  lang: en\n  sections:\n    purpose: "0123456789ab"\n    conclusions: "ba9876543210"\n  translation:\n    purpose: "aaaaaaaaaaaa"\n'

/** @param {string} yaml */
const file = (yaml) => `---\n${yaml}---\n\nText.\n`
/** @param {string} yaml */
const quick = (yaml) => quickStamp(yaml)

describe('reading a stamp line by line', () => {
  test('should read the stamp benchdoc writes with the places yaml gives', () => {
    const yaml = `report: r\nlang: zh\n${STAMP}title: A title\n`
    expect(quick(yaml)).toEqual({
      stamp: {lang: 'en', sections: {purpose: '0123456789ab', conclusions: 'ba9876543210'}, translation: {purpose: 'aaaaaaaaaaaa'}},
      line: 4, langLine: 5, lines: {purpose: 7, conclusions: 8}, problems: []
    })
    expect(quick(yaml)).toEqual(parseStampDocument(file(yaml)))
  })

  test('should find no stamp in a front matter that never names it, as yaml does', () => {
    const yaml = 'report: r\nlang: en\ntitle: "Quoted: yes"\n'
    expect(quick(yaml)).toEqual({stamp: null, line: 1, langLine: 1, lines: {}, problems: []})
    expect(quick(yaml)).toEqual(parseStampDocument(file(yaml)))
  })

  test.each([
    ['a flow stamp', 'translated_from: {lang: en, sections: {purpose: "0123456789ab"}}\n'],
    ['an unquoted digest', 'translated_from:\n  lang: en\n  sections:\n    purpose: 0123456789ab\n'],
    ['a digest of the wrong length', 'translated_from:\n  lang: en\n  sections:\n    purpose: "0123"\n'],
    ['no sections', 'translated_from:\n  lang: en\n  sections:\n'],
    ['a section twice', 'translated_from:\n  lang: en\n  sections:\n    a: "0123456789ab"\n    a: "0123456789ab"\n'],
    ['a quoted title after it', `${STAMP}title: "a\n  b"\n`],
    ['a comment', `${STAMP}# note\n`],
    ['CRLF line ends', STAMP.replace(/\n/g, '\r\n')],
    ['the key quoted with an escape', '"translated\\x5ffrom": {}\n']
  ])('should leave %s to yaml', (_, yaml) => {
    expect(quick(yaml)).toBe(undefined)
  })

  test('should read every bundled narrative as yaml reads it', () => {
    const root = join(import.meta.dirname, '../../content/narrative')
    const files = readdirSync(root).flatMap((d) => readdirSync(join(root, d)).map((f) => join(root, d, f)))
    const read = files.map((f) => readFileSync(f, 'utf8')).map((text) => {
      const range = frontMatterRange(text)
      return {quick: quickStamp(range ? text.slice(range.start, range.end) : ''), whole: parseStampDocument(text)}
    })
    expect(read.filter((r) => r.quick !== undefined).length).toBeGreaterThan(files.length / 2)
    for (const r of read) if (r.quick) expect(r.quick).toEqual(r.whole)
  })
})
