import {describe, expect, test} from 'vitest'
import {DEFAULT_STYLE, changeText, changeTexts, countStyle, countText, figureText, formatNumber, numberStyle, siteNumberStyle, threadsText} from '../../tools/site/format.js'
import {exactly} from '../helpers/exact.js'

describe('numbers as the pages print them', () => {
  test('should write a count as a language\'s engineers do: in zh ungrouped below 1 万 and in whole 万 or 亿, grouped in en and ja', () => {
    const [en, zh, ja] = ['en', 'zh-CN', 'ja'].map((locale) => countStyle(DEFAULT_STYLE, locale))
    const counts = [300, 1200, 9999, 10000, 12345, 10000000, 100000000]
    expect(counts.map((n) => countText(n, zh))).toEqual(['300', '1200', '9999', '1 万', '12,345', '1000 万', '1 亿'])
    expect(counts.map((n) => countText(n, en))).toEqual(['300', '1,200', '9,999', '10,000', '12,345', '10,000,000', '100,000,000'])
    expect(counts.map((n) => countText(n, ja))).toEqual(counts.map((n) => countText(n, en)))
    expect([threadsText(1024, 3, zh), threadsText(1024, 3, en), threadsText(1200, 1, zh)]).toEqual(['1024 × 3', '1,024 × 3', '1200'])
  })

  test('should group digits by three and keep the recorded decimals', () => {
    expect(formatNumber(1234567.891, 2)).toBe('1,234,567.89')
    expect(formatNumber(188794, 0)).toBe('188,794')
    expect(formatNumber(3.6, 1)).toBe('3.6')
    expect(formatNumber(0.75, 2)).toBe('0.75')
  })

  test('should round a tie to even, as Go and Hugo round (0.125 → 0.12, 2.5 → 2)', () => {
    expect(formatNumber(0.125, 2)).toBe('0.12')
    expect(formatNumber(12.125, 2)).toBe('12.12')
    expect(formatNumber(2.5, 0)).toBe('2')
    expect(formatNumber(3.5, 0)).toBe('4')
  })

  test('should round the binary value, not its shortest decimal (0.15 is below a tie, 0.05 above)', () => {
    expect(formatNumber(0.15, 1)).toBe('0.1')
    expect(formatNumber(0.05, 1)).toBe('0.1')
  })

  test('should write a figure grouped, without grouping in a style that has none, and null when missing', () => {
    expect(formatNumber(18012.8, 2, {group: '', decimal: '.'})).toBe('18012.80')
    expect(figureText({value: 18012.8, decimals: 2})).toBe('18,012.80')
    expect(figureText({value: null, decimals: 2})).toBe(null)
  })

  test('should sign a change with + or −, and leave a change that rounds to zero unsigned', () => {
    expect(changeText({value: 5.0649, decimals: 2})).toBe('+5.06%')
    expect(changeText({value: -1.934, decimals: 2})).toBe('−1.93%')
    expect(changeText({value: -0.04, decimals: 1})).toBe('0.0%')
    expect(changeText({value: 1234.5, decimals: 1})).toBe('+1,234.5%')
    expect(changeText({value: null, decimals: 1})).toBe(null)
  })

  test('a change\'s text and plotted number, worked out together, are changeText\'s and the figure\'s without grouping', () => {
    const changes = [[5.0649, 2], [-1.934, 2], [-0.04, 1], [1234.5, 1], [0.125, 2], [-2.5, 0], [null, 1]]
    expect(changes.map(([value, decimals]) => changeTexts({value, decimals}))).toEqual([
      {text: '+5.06%', value: 5.06}, {text: '−1.93%', value: -1.93}, {text: '0.0%', value: -0}, {text: '+1,234.5%', value: 1234.5},
      {text: '+0.12%', value: 0.12}, {text: '−2%', value: -2}, {text: null, value: null}
    ])
    for (const [value, decimals] of changes) {
      const plain = value === null ? null : Number(formatNumber(value, decimals, {group: '', decimal: '.'}))
      expect(changeTexts({value, decimals}, {group: '.', decimal: ','})).toEqual({text: changeText({value, decimals}, {group: '.', decimal: ','}), value: plain})
    }
  })

  test('should write numbers in the style of the locale', () => {
    expect(numberStyle('de')).toEqual({group: '.', decimal: ','})
    expect(formatNumber(1234.5, 1, numberStyle('de'))).toBe('1.234,5')
  })

  test('should find one number style for en, zh-CN and ja', () => {
    expect(siteNumberStyle({en: 'en', zh: 'zh-CN', ja: 'ja'})).toEqual({group: ',', decimal: '.'})
  })

  test('should refuse languages that write numbers differently, naming both', () => {
    expect(() => siteNumberStyle({en: 'en', de: 'de'})).toThrow(exactly(
      'Languages en (en) and de (de) write numbers differently (1,234.5, 1.234,5); expected one number style for every language of config.toml (pages print one text per figure)'
    ))
  })
})
