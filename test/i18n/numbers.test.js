import {describe, expect, test} from 'vitest'
import {compareNumbers, numbersIn, spelledCounts} from '../../tools/i18n/numbers.js'
import {normaliseMarkdown, sectionDigest} from '../../tools/i18n/digest.js'

const values = (/** @type {string} */ text) => numbersIn(text).map((n) => n.value)

describe('numbersIn', () => {
  test('should read integers, decimals, percentages and versions', () => {
    expect(values('v6.0.0 DMR gains 5.055% at 300 threads, × 0.6')).toEqual(['6.0.0', '5.055%', '300', '0.6'])
  })

  test('should read full-width digits and signs as ASCII, keeping where they are written', () => {
    expect(numbersIn('提升 ５．０５５％。')).toEqual([{value: '5.055%', text: '５．０５５％', index: 3}])
  })

  test('should drop `,` and `，` thousands grouping but not a list of numbers', () => {
    expect(values('1,000 and 1，234 and 12,345,678')).toEqual(['1000', '1234', '12345678'])
    expect(values('1,2 and 300, 600')).toEqual(['1', '2', '300', '600'])
  })

  test('should keep a space before `%` out of the value', () => {
    expect(values('4.5 % and 4.5%')).toEqual(['4.5%', '4.5%'])
  })

  test('should not read digits glued to a word as numbers', () => {
    expect(values('p95 of c2edb2e5 on rc6 with x86_64')).toEqual([])
  })

  test('should read the 95th percentile as the name of a metric, as P95 is, in each language', () => {
    expect(values('the 95th-percentile latency, a 95th percentile, 95 分位延迟, 95 パーセンタイル, 95パーセンタイル, 1995th')).toEqual(['1995'])
  })

  test('should read numbers glued to CJK text', () => {
    expect(values('从300线程起')).toEqual(['300'])
  })
})

describe('spelledCounts', () => {
  test('should read English count words and lone CJK numerals', () => {
    expect(spelledCounts('Both ran on six servers, twice; someone')).toEqual([2, 6, 2])
    expect(spelledCounts('六台服务器，两个版本')).toEqual([6, 2])
  })
})

describe('compareNumbers', () => {
  test('should compare as multisets and list what is missing and extra', () => {
    expect(compareNumbers({numbers: ['4.5%', '300', '300'], spelled: []}, {numbers: ['4.6%', '300'], spelled: []})).toEqual({
      missing: ['4.5%', '300'],
      extra: ['4.6%']
    })
  })

  test('should match a small count in digits with the same count spelled out on the other side', () => {
    expect(compareNumbers({numbers: [], spelled: [6]}, {numbers: ['6'], spelled: []})).toEqual({missing: [], extra: []})
    expect(compareNumbers({numbers: ['3'], spelled: []}, {numbers: [], spelled: [3]})).toEqual({missing: [], extra: []})
  })

  test('should not excuse a count the other side does not spell out, nor a count above 12', () => {
    expect(compareNumbers({numbers: [], spelled: [2]}, {numbers: ['3', '16'], spelled: []})).toEqual({missing: [], extra: ['3', '16']})
  })
})

describe('sectionDigest', () => {
  test('should be 12 hex digits that ignore line endings, trailing spaces and blank-line runs', () => {
    expect(sectionDigest('a  \r\n\n\n\nb\n')).toBe(sectionDigest('a\n\nb'))
    expect(sectionDigest('a\n\nb')).toMatch(/^[0-9a-f]{12}$/)
    expect(normaliseMarkdown('  x \n')).toBe('x')
  })

  test('should change when a word changes', () => {
    expect(sectionDigest('by 4.5%')).not.toBe(sectionDigest('by 4.6%'))
  })
})

describe('magnitude words', () => {
  test('should read “10 million” and “1000 万” as the same number', () => {
    expect(numbersIn('10 million rows').map((h) => h.value)).toEqual(['10000000'])
    expect(numbersIn('1000 万行').map((h) => h.value)).toEqual(['10000000'])
    expect(numbersIn('1,000万').map((h) => h.value)).toEqual(['10000000'])
    expect(numbersIn('1.5 million, 2.5 万, 3 億').map((h) => h.value)).toEqual(['1500000', '25000', '300000000'])
  })
})
