/**
 * A locale's compact number format (`600K`, `60万`), made once per locale:
 * axis labels call it for every tick of every chart, and making a format
 * costs far more than using it.
 */

/** @type {Map<string, Intl.NumberFormat>} */
const formats = new Map()

/**
 * @param {string} locale  BCP 47
 * @returns {Intl.NumberFormat}
 */
export function compactNumbers(locale) {
  let format = formats.get(locale)
  if (!format) {
    format = new Intl.NumberFormat(locale, {notation: 'compact', maximumFractionDigits: 1})
    formats.set(locale, format)
  }
  return format
}
