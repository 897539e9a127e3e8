import {describe, expect, test} from 'vitest'
import {fillNumbers, numberToken, numberTokenTexts} from '../../tools/charts/labels.js'
import {compactNumbers} from '../../tools/charts/numbers.js'

describe('number tokens', () => {
  test('should stand for a number in each of its locales', () => {
    const token = numberToken(600000, 'en zh-CN ja')
    expect(numberTokenTexts(token, compactNumbers)).toEqual(['600K', '60 万', '600,000'])
    expect(numberTokenTexts('Threads', compactNumbers)).toBe(null)
  })

  test('should be filled with one locale\'s numbers, escaped, and leave other text alone: whole grouped numbers in ja', () => {
    const svg = `<text>${numberToken(150000000, 'en zh-CN ja')}</text><text>${numberToken(-2.5, 'en zh-CN ja')}</text><text>‹throughput›</text>`
    expect(fillNumbers(svg, compactNumbers('en'))).toBe('<text>150M</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('zh-CN'))).toBe('<text>15,000 万</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('ja'))).toBe('<text>150,000,000</text><text>-2.5</text><text>‹throughput›</text>')
  })

  test('should carry its axis\'s top, whose unit every tick of the axis is written in', () => {
    const ticks = [0, 2000, 8000, 10000, 12000]
    const axis = (/** @type {number} */ top) => ticks.map((value) => numberTokenTexts(numberToken(value, 'en zh-CN ja', [0, top]), compactNumbers))
    // zh: 万 once 5 ticks step by half of one (from 15,812): an axis to 12,000 in whole numbers, never `0.2 万`, one to 60,000 in whole 万; ja: whole numbers
    expect(axis(12000)).toEqual([['0', '0', '0'], ['2K', '2,000', '2,000'], ['8K', '8,000', '8,000'], ['10K', '10,000', '10,000'], ['12K', '12,000', '12,000']])
    expect(axis(8000)[2]).toEqual(['8,000', '8,000', '8,000'])
    expect(axis(120000)[4]).toEqual(['12K', '1.2 万', '12,000'])
    expect([10000, 60000].map((value) => compactNumbers('zh-CN').format(value, 60000))).toEqual(['1 万', '6 万'])
    // an axis to 40,000 steps by 1 万 and one to 20,000 by 0.5 万; one to 15,000 by 2,000
    expect(compactNumbers('zh-CN').format(10000, 40000)).toBe('1 万')
    expect([5000, 15000].map((value) => compactNumbers('zh-CN').format(value, 20000))).toEqual(['0.5 万', '1.5 万'])
    expect(compactNumbers('zh-CN').format(10000, 15000)).toBe('10,000')
    expect(compactNumbers('zh-CN').format(20000000, 140000000)).toBe('2,000 万')
    expect(compactNumbers('en').format(1500, 1500)).toBe('1,500')
    expect(compactNumbers('en').format(200000, 1000000)).toBe('0.2M')
  })
})
