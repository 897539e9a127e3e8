import {clockToDecimal} from './terms-ja.js'

/**
 * Numbers as published (`万`, `%`, units, `avg / p95`, `threads × clients`),
 * each returned with the text to write it back as: `13.70` keeps two decimals.
 *
 * @typedef {{value: number, text: string, note?: string}} Num
 */

const PLAIN_NUMBER = /^-?\d+(\.\d+)?$/

/**
 * A plain number cell: `32,741`, `1.3`, `-1.93%`, `476.787ms`, `1000 万`, `7時30分`.
 * @param {string} raw
 * @returns {Num | null}
 */
export function parseNumber(raw) {
  // most cells: a plain number, read as the slow path would (too large for a double: none, see `tooLarge`)
  if (PLAIN_NUMBER.test(raw)) return Number.isFinite(Number(raw)) ? {value: Number(raw), text: raw} : null
  let text = raw.trim().replace(/\s*(ms|毫秒|ミリ秒|%)$/i, '').trim()
  /** @type {string | undefined} */
  let note
  const clock = clockToDecimal(text)
  if (clock) {
    note = `\`${text}\` read as \`${clock}\``
    text = clock
  }
  const wan = /^(\d+(?:\.\d+)?)\s*万$/.exec(text)
  if (wan) {
    const value = Math.round(Number(wan[1]) * 10000)
    return {value, text: String(value)}
  }
  if (/^[-+−]?\d{1,3}(,\d{3})+(\.\d+)?$/.test(text)) text = text.replace(/,/g, '')
  text = text.replace(/^[+]/, '').replace(/^−/, '-')
  if (!/^-?\d+(\.\d+)?$/.test(text) || !Number.isFinite(Number(text))) return null
  return note ? {value: Number(text), text, note} : {value: Number(text), text}
}

/**
 * A number written out that no double holds, shortened for a message; null for any other text.
 * @param {string} raw
 */
export function tooLarge(raw) {
  const text = raw.trim().replace(/\s*(ms|毫秒|ミリ秒|%)$/i, '').replace(/,/g, '')
  if (!/^-?\d+(\.\d+)?$/.test(text) || Number.isFinite(Number(text))) return null
  const digits = text.replace(/^-/, '').split('.')[0].length
  return `\`${text.slice(0, 12)}…\` (${digits} digits)`
}

/**
 * A thread cell: `150`, `128 * 3`, `3*8`, `64×2` (threads per client × clients).
 * @param {string} raw
 * @returns {{threads: number, clients?: number} | null}
 */
export function parseThreads(raw) {
  const text = raw.trim().replace(/\\\*/g, '*')
  const product = /^(\d+)\s*[*×xX]\s*(\d+)$/.exec(text)
  // `8 * 0`: no client ran, not a point
  if (product) return Number(product[1]) > 0 && Number(product[2]) > 0 ? {threads: Number(product[1]), clients: Number(product[2])} : null
  const plain = parseNumber(text)
  return plain && Number.isInteger(plain.value) && plain.value > 0 ? {threads: plain.value} : null
}

/**
 * A latency pair cell: `1.9033 ms / 5.67667 ms`.
 * @param {string} raw
 * @returns {Num[] | null}
 */
export function parsePair(raw) {
  const parts = raw.split('/')
  if (parts.length !== 2) return null
  const nums = parts.map(parseNumber)
  return nums[0] && nums[1] ? /** @type {Num[]} */ (nums) : null
}

/**
 * A count with an optional `万`, as written in prose or plan cells.
 * @param {string} raw
 */
export function parseCount(raw) {
  const n = parseNumber(raw)
  return n && Number.isInteger(n.value) ? n.value : null
}

/**
 * A number in another unit in milliseconds, keeping the published precision
 * (`0.0021` s → `2.1`): the decimal point is moved in the text, not by a float.
 * @param {Num} n
 * @param {'s' | 'us'} unit
 * @returns {Num}
 */
export function toMilliseconds(n, unit) {
  const shift = unit === 's' ? 3 : -3
  const negative = n.text.startsWith('-')
  const [int, frac = ''] = n.text.replace(/^-/, '').split('.')
  let digits = int + frac
  let point = int.length + shift
  if (point > digits.length) digits = digits.padEnd(point, '0')
  if (point < 1) {
    digits = '0'.repeat(1 - point) + digits
    point = 1
  }
  let text = `${digits.slice(0, point)}${point < digits.length ? `.${digits.slice(point)}` : ''}`
  text = text.replace(/^0+(?=\d)/, '')
  if (negative) text = `-${text}`
  return {value: Number(text), text}
}

/**
 * The readings of a number written wrongly, a stray space (`12 345`) or a comma not before
 * three digits (`1,3718`: a misplaced separator or a decimal comma); null for other text.
 * @param {string} raw
 * @returns {{space: boolean, readings: Array<Num & {how: string}>} | null}
 */
export function misreadNumber(raw) {
  const text = raw.trim().replace(/\s*(ms|毫秒|ミリ秒|%)$/i, '').trim()
  const joined = text.replace(/(?<=[\d,.])\s+(?=[\d,.])/g, '')
  const space = joined !== text
  if (!/^-?\d[\d,.]*$/.test(joined)) return null
  const plain = space ? parseNumber(joined) : null
  if (plain) return {space, readings: [{...plain, how: 'space dropped'}]}
  const comma = /^(-?\d+),(\d+)$/.exec(joined)
  if (!comma || comma[2].length === 3) return null
  const whole = `${comma[1]}${comma[2]}`
  const decimal = `${comma[1]}.${comma[2]}`
  return {
    space,
    readings: [
      {value: Number(whole), text: whole, how: 'comma as a misplaced thousands separator'},
      {value: Number(decimal), text: decimal, how: 'comma as decimal point'}
    ]
  }
}
