import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {knownMonthNames, monthNames} from './dates.js'
import {knownNumberStyles, numberStyle} from './format.js'

/**
 * What the site's locales write, kept between builds: each locale's number
 * style and month names. Asking ICU is a build's first Intl format, which
 * loads its data: 20–30 ms of a one-number rebuild's main thread, for a few
 * strings that change only with the locales (config.toml, in the common key)
 * or with Node's ICU (in the file).
 *
 * @param {string} out  the .benchdoc folder
 * @param {string} common  cache.js commonKey
 * @param {string[]} locales  BCP 47
 */
export function knownLocales(out, common, locales) {
  const file = join(out, 'cache', 'locales.json')
  const icu = `${process.versions.node} ${process.versions.icu} ${process.versions.cldr}`
  try {
    const read = JSON.parse(readFileSync(file, 'utf8'))
    if (read.common === common && read.icu === icu && locales.every((l) => l in read.styles && l in read.months)) {
      knownNumberStyles(read.styles)
      knownMonthNames(read.months)
      return
    }
  } catch {} // none yet, or not readable: asked again
  const styles = Object.fromEntries(locales.map((l) => [l, numberStyle(l)]))
  const months = Object.fromEntries(locales.map((l) => [l, monthNames(l)]))
  writeFileAtomic(file, JSON.stringify({common, icu, styles, months}))
}
