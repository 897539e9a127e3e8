/**
 * A locale's axis numbers, compact as its readers write them (`600K`, `60 万`),
 * in one unit chosen from the axis's top: never `8000` beside `1 万`.
 *
 * @typedef {{format(value: number, top?: number): string}} AxisNumbers
 *   `top`: the largest magnitude on the axis (its scale's domain); without it, the value's own unit
 */
import {memo} from '../lib/memo.js'

/**
 * The ticks an axis asks Vega for (its `tickCount`): d3 then steps by 1, 2 or 5 times a power of ten,
 * by 5,000 or more once a fifth of the top reaches √10 × 1,000 (a top of 15,812), so an axis written
 * in 万 or 亿 from there has every tick a whole or half one of them (`0.5 万 … 1.5 万`), never `0.2 万`.
 */
export const AXIS_TICKS = 5
const HALF_UNIT_FROM = (AXIS_TICKS * Math.sqrt(10)) / 10

/** The parts of a formatted number that are the number itself (not its unit or a space). */
const NUMBER_PARTS = new Set(['integer', 'group', 'decimal', 'fraction', 'minusSign', 'plusSign'])

/** A part's text; a CJK unit (万, 亿) a space after its number, as zh text writes `5 万` (docs/translating.md). */
const partText = (/** @type {Intl.NumberFormatPart} */ p) => (p.type === 'compact' && /^\p{sc=Han}/u.test(p.value) ? ` ${p.value}` : p.value)

/** A locale's (BCP 47) axis numbers, made once. */
export const compactNumbers = memo(unitNumbers)

/**
 * Languages whose charts write whole grouped numbers as their tables do (`10,000 … 600,000`),
 * as the ja style guide says (docs/translating.md): no 万 or 億 in a Japanese page's figures.
 */
const WHOLE_NUMBERS = new Set(['ja'])
const writesWhole = (/** @type {string} */ locale) => WHOLE_NUMBERS.has(locale.split('-')[0])

/**
 * Every tick in the unit of the axis's top (Intl's compact notation), as d3's
 * SI ticks take one prefix an axis; a top below ten of a unit of thousands
 * writes whole numbers as the tables do (`8,000`, not `8K`), and 万 and 亿
 * count from where the ticks step by half of one (HALF_UNIT_FROM, 1.58 万):
 * a page's axes from there all in 万 (`1 万 … 4 万` beside `5 万 … 20 万`).
 * @param {string} locale
 * @returns {AxisNumbers}
 */
function unitNumbers(locale) {
  const compact = new Intl.NumberFormat(locale, {notation: 'compact', maximumFractionDigits: 1})
  const plain = new Intl.NumberFormat(locale, {maximumFractionDigits: 2})
  if (writesWhole(locale)) return {format: (value) => plain.format(value)}
  /** An axis's unit, once per top: every tick and every measuring of its labels asks. */
  const unitOf = memo((/** @type {number} */ top) => {
    const parts = compact.formatToParts(top)
    if (!parts.some((p) => p.type === 'compact')) return {unit: 1, parts}
    const shown = Number(parts.map((p) => (p.type === 'integer' || p.type === 'fraction' ? p.value : p.type === 'decimal' ? '.' : '')).join(''))
    return {unit: 10 ** Math.round(Math.log10(top / shown)), parts}
  }, 1000)
  /** @param {number} value @param {number} top */
  const written = (value, top) => {
    const magnitude = Math.abs(top)
    // 万 and 亿 (no unit of thousands) once the ticks step by half of one: no `0.2 万`
    const {unit, parts} = Math.log10(unitOf(magnitude).unit) % 3 ? unitOf(magnitude / HALF_UNIT_FROM) : unitOf(magnitude)
    if (unit === 1 || value === 0 || (unit < 1e4 && unitOf(magnitude / 10).unit === 1)) return plain.format(value)
    const number = plain.format(value / unit)
    let placed = false
    return parts.map((p) => (!NUMBER_PARTS.has(p.type) ? partText(p) : placed ? '' : ((placed = true), number))).join('')
  }
  /** Each tick's text, by top and value: axes of one scale repeat their ticks from chart to chart. */
  const textsAt = memo((/** @type {number} */ top) => memo((/** @type {number} */ value) => written(value, top)), 1000)
  return {format: (value, top = value) => textsAt(top)(value)}
}

/**
 * The same axis numbers as an expression of Vega's own functions, so that a
 * downloaded spec draws in any Vega-Lite tool with the page's labels.
 * @param {string} locale  BCP 47
 * @param {string} domain  the expression of the axis scale's domain (`domain("y")`)
 */
export function axisNumbersExpression(locale, domain) {
  const top = `max(abs(${domain}[0]), abs(${domain}[1]))`
  const plain = "format(datum.value, ',.2~f')"
  const units = unitsOf(locale)
  // as `format` does: K from ten of it, 万 and 亿 from 1.58 of it, M, B and T from one; below, whole numbers
  return units.reduce(
    (otherwise, {unit, prefix, suffix}, i) =>
      `${top} >= ${unit < 1e4 ? 10 * unit : Math.log10(unit) % 3 ? HALF_UNIT_FROM * unit : unit} ? (datum.value == 0 ? '0' : ${prefix ? `${JSON.stringify(prefix)} + ` : ''}format(datum.value / ${unit}, ',.2~f') + ${JSON.stringify(suffix)}) : ${otherwise}`,
    plain
  )
}

/** A locale's compact units, worked out once: every downloaded spec's axes ask. */
export const unitsOf = memo(compactUnits)

/**
 * A locale's compact units of 10^3 … 10^15, smallest first, with what it writes before and after the number.
 * @param {string} locale
 * @returns {Array<{unit: number, prefix: string, suffix: string}>}
 */
function compactUnits(locale) {
  if (writesWhole(locale)) return []
  const compact = new Intl.NumberFormat(locale, {notation: 'compact', maximumFractionDigits: 1})
  /** @type {Map<number, {unit: number, prefix: string, suffix: string}>} */
  const units = new Map()
  for (let k = 3; k <= 15; k++) {
    const parts = compact.formatToParts(10 ** k)
    if (!parts.some((p) => p.type === 'compact')) continue
    const shown = Number(parts.filter((p) => p.type === 'integer').map((p) => p.value).join(''))
    const unit = 10 ** Math.round(Math.log10(10 ** k / shown))
    const at = parts.findIndex((p) => NUMBER_PARTS.has(p.type))
    const text = (/** @type {Intl.NumberFormatPart[]} */ some) => some.filter((p) => !NUMBER_PARTS.has(p.type)).map(partText).join('')
    if (!units.has(unit)) units.set(unit, {unit, prefix: text(parts.slice(0, at)), suffix: text(parts.slice(at))})
  }
  return [...units.values()]
}
