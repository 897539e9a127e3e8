/**
 * Numbers in prose, as a translation must keep them, in ASCII or full-width digits, grouped or not.
 *
 * @typedef {{value: string, text: string, index: number}} NumberHit
 *   `value` is the form compared between languages (`１２３４` is `1234`,
 *   `5.055 ％` is `5.055%`, `v6.0.0` is `6.0.0`); `index` where `text` starts
 */

/**
 * A number not glued to a preceding ASCII word (`p95`, `rc6` are none), with
 * an optional `v`, grouping, decimals and `%`; `95th-percentile` (`95 分位`)
 * names the metric as `P95` does, and is none either. Full-width characters are mapped
 * to ASCII first, one for one, so indexes stay those of the text.
 */
const NUMBER = /(?<![A-Za-z0-9_.])(v)?(\d{1,3}(?:,\d{3})+(?!\d)|\d+)(?!\d|(?:st|nd|rd|th)[- ]percentile|\s?(?:分位|パーセンタイル))((?:\.\d+)*)(?:\s?(万|亿|億|(?:thousand|million|billion)(?![A-Za-z])))?(\s?%)?/g

/** Magnitude words and their power of ten: "10 million rows" is "1000 万行". */
const MAGNITUDE = /** @type {Record<string, number>} */ ({万: 4, 亿: 8, 億: 8, thousand: 3, million: 6, billion: 9})

/**
 * @param {string} text
 * @returns {string}  the same length, full-width digits and signs in ASCII
 */
export function asciiDigits(text) {
  return text.replace(/[\uFF10-\uFF19\uFF05\uFF0C\uFF0E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
}

/**
 * @param {string} text
 * @returns {NumberHit[]}
 */
export function numbersIn(text) {
  return [...asciiDigits(text).matchAll(NUMBER)].map((match) => {
    const [whole, , integer, decimals, magnitude, percent] = match
    const digits = `${integer.replace(/,/g, '')}${decimals}`
    const scaled = magnitude && /^\d+(?:\.\d+)?$/.test(digits) ? shift(digits, MAGNITUDE[magnitude]) : digits
    return {value: `${scaled}${percent ? '%' : ''}`, text: text.slice(match.index, match.index + whole.length), index: match.index}
  })
}

/**
 * A decimal number times 10^exp, exactly, as text: `shift('1.5', 6)` is `1500000`.
 * @param {string} digits
 * @param {number} exp
 */
function shift(digits, exp) {
  const [int, frac = ''] = digits.split('.')
  const moved = frac.padEnd(exp, '0')
  const whole = `${int}${moved.slice(0, exp)}`.replace(/^0+(?=\d)/, '')
  const rest = moved.slice(exp).replace(/0+$/, '')
  return rest ? `${whole}.${rest}` : whole
}

/** Counts English spells out, and the count each stands for. */
const WORDS = /** @type {Record<string, number>} */ ({
  zero: 0, one: 1, once: 1, single: 1, two: 2, both: 2, twice: 2, double: 2, doubles: 2, doubled: 2,
  three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12
})
const WORD = new RegExp(`\\b(${Object.keys(WORDS).join('|')})\\b`, 'gi')

/** CJK numerals standing alone for a count (`六台`, `两个`, `三つ`). */
const CJK = /** @type {Record<string, number>} */ ({
  〇: 0, 零: 0, 一: 1, 二: 2, 两: 2, 兩: 2, 三: 3, 四: 4, 五: 5, 六: 6, 七: 7, 八: 8, 九: 9, 十: 10
})

/**
 * Small counts spelled out (`six`, `twice`, `六`, `两`): English style spells
 * out counts below ten where Japanese writes `6 台`, so a count in digits
 * matches the same count spelled out on the other side.
 *
 * @param {string} text
 */
export function spelledCounts(text) {
  /** @type {number[]} */
  const counts = []
  for (const match of text.matchAll(WORD)) counts.push(WORDS[match[1].toLowerCase()])
  for (const match of text.matchAll(CJK_NUMERAL)) counts.push(CJK[match[0]])
  return counts
}

/** Any of the CJK numerals above: a match per numeral, as a walk over the characters would find them. */
const CJK_NUMERAL = new RegExp(`[${Object.keys(CJK).join('')}]`, 'g')

/** Largest count that may be spelled out. */
export const MAX_SPELLED = 12

/**
 * Compare the numbers of a source and a translation as multisets; a small
 * integer missing on one side is excused when that side spells it out.
 *
 * @param {{numbers: string[], spelled: number[]}} source
 * @param {{numbers: string[], spelled: number[]}} translation
 * @returns {{missing: string[], extra: string[]}}  in the order they are written
 */
export function compareNumbers(source, translation) {
  const missing = subtract(source.numbers, translation.numbers)
  const extra = subtract(translation.numbers, source.numbers)
  return {missing: excuse(missing, translation.spelled), extra: excuse(extra, source.spelled)}
}

/**
 * `a` minus `b`, as multisets, keeping the order of `a`.
 * @param {string[]} a
 * @param {string[]} b
 */
function subtract(a, b) {
  const left = [...b]
  return a.filter((x) => {
    const i = left.indexOf(x)
    if (i < 0) return true
    left.splice(i, 1)
    return false
  })
}

/**
 * Drop the small integers that the other side spells out.
 * @param {string[]} values
 * @param {number[]} spelled
 */
function excuse(values, spelled) {
  const left = [...spelled]
  return values.filter((value) => {
    if (!/^\d+$/.test(value) || Number(value) > MAX_SPELLED) return true
    const i = left.indexOf(Number(value))
    if (i < 0) return true
    left.splice(i, 1)
    return false
  })
}
