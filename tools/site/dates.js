import {memo} from '../lib/memo.js'

/**
 * A recorded date (YYYY, YYYY-MM or YYYY-MM-DD) written as a page in a
 * language writes it, once per build, so templates print it as it is. The
 * layout is the language's `date_year`, `date_month` or `date_day` label, a
 * Go time layout as Hugo's `time.Format` reads it (2006 the year, January or
 * Jan the month's name in the language, 1 or 01 its number, 2 or 02 the day).
 *
 * @param {string} date
 * @param {Record<string, string>} labels  the language's labels
 * @param {string} locale  BCP 47, for the month's name
 */
export function dateText(date, labels, locale) {
  const [year, month = '01', day = '01'] = date.split('-')
  const key = date.length === 4 ? 'date_year' : date.length === 7 ? 'date_month' : 'date_day'
  const layout = labels[key] ?? '2006-01-02'
  const when = new Date(Date.UTC(Number(year), Number(month) - 1, Number(day)))
  const name = (/** @type {'long' | 'short'} */ width) => monthNames(locale)[width][when.getUTCMonth()]
  /** @type {Record<string, () => string>} */
  const tokens = {
    2006: () => year,
    January: () => name('long'),
    Jan: () => name('short'),
    '01': () => month,
    '02': () => day,
    1: () => String(Number(month)),
    2: () => String(Number(day))
  }
  return layout.replace(/2006|January|Jan|01|02|1|2/g, (t) => tokens[t]())
}

/** A locale's twelve month names, January first, worked out once. */
const monthNames = memo((/** @type {string} */ locale) => {
  const of = (/** @type {'long' | 'short'} */ width) => {
    const format = new Intl.DateTimeFormat(locale, {month: width, timeZone: 'UTC'})
    return Array.from({length: 12}, (_, m) => format.format(new Date(Date.UTC(2006, m, 1))))
  }
  return {long: of('long'), short: of('short')}
})

/**
 * A page's full date for Hugo: the first day of a recorded year or month.
 * @param {string} date
 */
export function fullDate(date) {
  return date.length === 4 ? `${date}-01-01` : date.length === 7 ? `${date}-01` : date
}
