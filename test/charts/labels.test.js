import {describe, expect, test} from 'vitest'
import {fillNumbers, numberToken, numberTokenTexts} from '../../tools/charts/labels.js'
import {compactNumbers} from '../../tools/charts/numbers.js'

describe('number tokens', () => {
  test('should stand for a number in each of its locales', () => {
    const token = numberToken(600000, 'en zh-CN ja')
    expect(numberTokenTexts(token, compactNumbers)).toEqual(['600K', '60万', '60万'])
    expect(numberTokenTexts('Threads', compactNumbers)).toBe(null)
  })

  test('should be filled with one locale\'s numbers, escaped, and leave other text alone', () => {
    const svg = `<text>${numberToken(150000000, 'en zh-CN ja')}</text><text>${numberToken(-2.5, 'en zh-CN ja')}</text><text>‹throughput›</text>`
    expect(fillNumbers(svg, compactNumbers('en'))).toBe('<text>150M</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('zh-CN'))).toBe('<text>1.5亿</text><text>-2.5</text><text>‹throughput›</text>')
    expect(fillNumbers(svg, compactNumbers('ja'))).toBe('<text>1.5億</text><text>-2.5</text><text>‹throughput›</text>')
  })
})
