import {InvalidError} from '../lib/errors.js'
import {memo} from '../lib/memo.js'
import {unitsOf} from '../charts/numbers.js'

/**
 * Numbers as the pages print them, by Hugo's own rules (`lang.FormatNumber`):
 * the recorded decimals, rounded as Go rounds (the exact binary value, a tie
 * to even), digits grouped by three in the locale's way.
 *
 * @typedef {{group: string, decimal: string, myriads?: Array<{unit: number, prefix: string, suffix: string}>}} NumberStyle
 *   `myriads`: the units a language counts in (万, 亿: `countStyle`)
 * @typedef {{value: number | null, decimals: number}} Figure
 */

/** How en, zh-CN, ja and most locales write 1,234.5. */
export const DEFAULT_STYLE = Object.freeze({group: ',', decimal: '.'})

/** How a locale (BCP 47) writes a grouped decimal number, worked out once: every chart of a build asks. */
export const numberStyle = memo((/** @type {string} */ locale) => {
  const parts = new Intl.NumberFormat(locale, {useGrouping: true}).formatToParts(1234567.5)
  return /** @type {NumberStyle} */ (Object.freeze({group: parts.find((p) => p.type === 'group')?.value ?? '', decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.'}))
})

/**
 * The site's one number style: pages print one string per figure, so locales that differ are refused.
 * @param {Record<string, string>} locales  locale by language
 * @returns {NumberStyle}
 */
export function siteNumberStyle(locales) {
  const styles = Object.entries(locales).map(([lang, locale]) => ({lang, locale, style: numberStyle(locale)}))
  const first = styles[0]
  if (!first) return DEFAULT_STYLE
  const other = styles.find((s) => s.style.group !== first.style.group || s.style.decimal !== first.style.decimal)
  if (other) {
    throw new InvalidError(
      `Languages ${first.lang} (${first.locale}) and ${other.lang} (${other.locale}) write numbers differently (1${first.style.group}234${first.style.decimal}5, 1${other.style.group}234${other.style.decimal}5); expected one number style for every language of config.toml (pages print one text per figure)`
    )
  }
  return first.style
}

/**
 * `x` with `decimals` digits after the point, as Go's strconv writes it: the
 * exact binary value rounded, an exact tie to even (JavaScript's toFixed
 * rounds a tie up: 0.125 → 0.13, where Go and the pages wrote 0.12).
 * @param {number} x  not negative
 * @param {number} decimals
 */
function fixed(x, decimals) {
  const rounded = x.toFixed(decimals)
  // a tie is exactly k + 0.5 when scaled, and below 2^52 the scaling of an exact tie is
  // exact: any other number needs no look at its exact digits (100 of them, the slow part)
  const scaled = x * 10 ** decimals
  if (scaled < 2 ** 52 && decimals <= 22 && scaled % 1 !== 0.5) return rounded
  const exact = x.toFixed(100)
  const point = exact.indexOf('.')
  if (!/^50*$/.test(exact.slice(point + 1 + decimals))) return rounded
  const down = exact.slice(0, decimals > 0 ? point + 1 + decimals : point)
  return Number(down.at(-1)) % 2 === 0 ? down : rounded
}

/**
 * A number with its decimals, grouped in the given style ("1,234.50").
 * @param {number} value
 * @param {number} decimals
 * @param {NumberStyle} [style]
 */
export function formatNumber(value, decimals, style = DEFAULT_STYLE) {
  return styled(value, fixed(Math.abs(value), decimals), style)
}

/**
 * `fixed`'s digits of |value| written in a style, signed as value.
 * @param {number} value  @param {string} digits  @param {NumberStyle} style
 */
function styled(value, digits, style) {
  const point = digits.indexOf('.')
  const int = point < 0 ? digits : digits.slice(0, point)
  const sign = value < 0 ? '-' : ''
  return point < 0 || point === digits.length - 1 ? sign + grouped(int, style.group) : sign + grouped(int, style.group) + style.decimal + digits.slice(point + 1)
}

const DIGITS = /^\d+$/

/**
 * Digits grouped by three from the right, in a loop (every figure passes
 * here); anything but digits (toFixed's 1e+21) by the regex.
 * @param {string} int @param {string} group
 */
function grouped(int, group) {
  if (int.length <= 3 || group === '') return int
  if (!DIGITS.test(int)) return int.replace(/\B(?=(\d{3})+$)/g, group)
  const head = int.length % 3 || 3
  let out = int.slice(0, head)
  for (let i = head; i < int.length; i += 3) out += group + int.slice(i, i + 3)
  return out
}

/**
 * The style of a language's counts: one whose locale (BCP 47) counts in 万 (zh; not ja, whose guide keeps
 * grouped digits: tools/charts/numbers.js) writes them in its myriads (docs/translating.md).
 */
export const countStyle = (/** @type {NumberStyle} */ style, /** @type {string} */ locale) => (unitsOf(locale)[0]?.unit === 1e4 ? {...style, myriads: unitsOf(locale)} : style)

/**
 * A count (threads, clients, seconds, rows) as the page's language writes it, the one text of every
 * count the view model writes: grouped (`1,200`, `10,000,000`), or in a style of myriads ungrouped
 * below 1 万 (`1200`) and in the largest unit it is a whole number of (`1000 万`; `12,345` stays).
 * @param {number} value @param {NumberStyle} [style]
 * @returns {string}
 */
export function countText(value, style = DEFAULT_STYLE) {
  if (!style.myriads || !Number.isInteger(value)) return formatNumber(value, 0, style)
  const unit = style.myriads.findLast((u) => value % u.unit === 0)
  return Math.abs(value) < 1e4 ? String(value) : unit ? `${unit.prefix}${countText(value / unit.unit, style)}${unit.suffix}` : formatNumber(value, 0, style)
}

/**
 * A thread count as the tables write it: `1,200`, or `1,024 × 3` for several clients (`1200` in zh).
 * @param {number} threads @param {number} clients @param {NumberStyle} [style]
 */
export function threadsText(threads, clients, style = DEFAULT_STYLE) {
  const text = countText(threads, style)
  return clients > 1 ? `${text} × ${countText(clients, style)}` : text
}

/**
 * A figure for the page ("1,234.5"), or null when missing.
 * @param {Figure} figure
 * @param {NumberStyle} [style]
 */
export function figureText({value, decimals}, style = DEFAULT_STYLE) {
  return value == null ? null : formatNumber(value, decimals, style)
}

/**
 * A % change, signed ("+5.06%", "−1.93%"); one that rounds to zero has no
 * sign ("0.0%", not "−0.0%"). Null when there is none.
 * @param {Figure} figure
 * @param {NumberStyle} [style]
 */
export function changeText(figure, style = DEFAULT_STYLE) {
  return changeTexts(figure, style).text
}

/**
 * A % change as the page prints it and the number the export writes, the digits worked out once.
 * @param {Figure} figure
 * @param {NumberStyle} [style]
 * @returns {{text: string | null, value: number | null}}
 */
export function changeTexts({value, decimals}, style = DEFAULT_STYLE) {
  if (value == null) return {text: null, value: null}
  const digits = fixed(Math.abs(value), decimals)
  const zero = Number(digits) === 0
  return {text: `${zero ? '' : value > 0 ? '+' : '−'}${styled(1, digits, style)}%`, value: Number(value < 0 ? `-${digits}` : digits)}
}
