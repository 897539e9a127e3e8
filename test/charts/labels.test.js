import {describe, expect, test} from 'vitest'
import {fillNumbers, numberToken, numberTokenTexts} from '../../tools/charts/labels.js'
import {compactNumbers} from '../../tools/charts/numbers.js'

describe('number tokens', () => {
  test('should stand for a number in each of its locales', () => {
    const token = numberToken(600000, 'en zh-CN ja')
    expect(numberTokenTexts(token, compactNumbers)).toEqual(['600K', '60 万', '60 万'])
    expect(numberTokenTexts('Threads', compactNumbers)).toBe(null)
  })

  test('should be filled with one locale\'s numbers, escaped, and leave other text alone', () => {
    const svg = `<text>${numberToken(150000000, 'en zh-CN ja')}</text><text>${numberToken(-2.5, 'en zh-CN ja')}</text><text>‹throughput›</text>`
    expect(fillNumbers(svg, compactNumbers('en'))).toBe('<text>150M</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('zh-CN'))).toBe('<text>1.5 亿</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('ja'))).toBe('<text>1.5 億</text><text>-2.5</text><text>‹throughput›</text>')
  })

  test('should carry its axis\'s top, whose unit every tick of the axis is written in', () => {
    const ticks = [0, 2000, 8000, 10000, 12000]
    const axis = (/** @type {number} */ top) => ticks.map((value) => numberTokenTexts(numberToken(value, 'en zh-CN ja', [0, top]), compactNumbers))
    // 万 counts from one: an axis to 12,000 is in 万 as one to 120,000 is, so a page has one style
    expect(axis(12000)).toEqual([['0', '0', '0'], ['2K', '0.2 万', '0.2 万'], ['8K', '0.8 万', '0.8 万'], ['10K', '1 万', '1 万'], ['12K', '1.2 万', '1.2 万']])
    expect(axis(8000)[2]).toEqual(['8,000', '8,000', '8,000'])
    expect(axis(120000).map(([en, zh, ja]) => [en, zh, ja])).toEqual([['0', '0', '0'], ['2K', '0.2 万', '0.2 万'], ['8K', '0.8 万', '0.8 万'], ['10K', '1 万', '1 万'], ['12K', '1.2 万', '1.2 万']])
    expect(compactNumbers('en').format(1500, 1500)).toBe('1,500')
    expect(compactNumbers('en').format(200000, 1000000)).toBe('0.2M')
  })
})
