import {mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {afterAll, describe, expect, test} from 'vitest'
import {knownLocales} from '../../tools/site/locale-cache.js'
import {dateText} from '../../tools/site/dates.js'
import {numberStyle} from '../../tools/site/format.js'

const icu = `${process.versions.node} ${process.versions.icu} ${process.versions.cldr}`
const folders = /** @type {string[]} */ ([])
afterAll(() => folders.forEach((f) => rmSync(f, {recursive: true, force: true})))
/** A .benchdoc folder with a cache folder. */
const outFolder = () => {
  const out = mkdtempSync(join(tmpdir(), 'benchdoc-locales-'))
  folders.push(out)
  mkdirSync(join(out, 'cache'))
  return out
}
const months = (/** @type {string} */ first) => ({long: [first, ...Array(11).fill('x')], short: Array(12).fill('x')})

describe('the locales kept between builds', () => {
  test('a first build asks ICU and keeps each locale\'s number style and month names under the common key', () => {
    const out = outFolder()
    knownLocales(out, 'key-1', ['en-US', 'de-DE'])
    const kept = JSON.parse(readFileSync(join(out, 'cache', 'locales.json'), 'utf8'))
    expect(kept.common).toBe('key-1')
    expect(kept.icu).toBe(icu)
    expect(kept.styles).toEqual({'en-US': {group: ',', decimal: '.'}, 'de-DE': {group: '.', decimal: ','}})
    expect(kept.months['en-US'].long.slice(0, 2)).toEqual(['January', 'February'])
    expect(kept.months['de-DE'].long[2]).toBe('März')
  })

  test('a later build with the same key and ICU takes what was kept, and another key or ICU asks again', () => {
    const out = outFolder()
    const file = join(out, 'cache', 'locales.json')
    // what a build kept, made up so that its use shows: no ICU writes these
    writeFileSync(file, JSON.stringify({common: 'key-1', icu, styles: {'en-IE': {group: '_', decimal: ';'}}, months: {'en-IE': months('Primo')}}))
    knownLocales(out, 'key-1', ['en-IE'])
    expect(numberStyle('en-IE')).toEqual({group: '_', decimal: ';'})
    expect(dateText('2026-01-05', {date_day: 'January 2, 2006'}, 'en-IE')).toBe('Primo 5, 2026')

    writeFileSync(file, JSON.stringify({common: 'key-1', icu: 'another ICU', styles: {'en-NZ': {group: '_', decimal: ';'}}, months: {'en-NZ': months('Primo')}}))
    knownLocales(out, 'key-1', ['en-NZ'])
    expect(numberStyle('en-NZ')).toEqual({group: ',', decimal: '.'})
    expect(dateText('2026-01-05', {date_day: 'January 2, 2006'}, 'en-NZ')).toBe('January 5, 2026')
    expect(JSON.parse(readFileSync(file, 'utf8')).icu).toBe(icu)
  })
})
