import {JA_MISTRANSLATIONS} from '../domain/index.js'

/**
 * Terms machine translation into Japanese mangled (JA_MISTRANSLATIONS), mapped
 * back; in table cells, headings and labels only: the narrative keeps its text.
 */

/** @typedef {{from: string, to: string}} TermHit */

const NOT_ASCII = /[^\x00-\x7f]/

/**
 * Replace mangled terms in `text`.
 * @param {string} text
 * @returns {{text: string, hits: TermHit[]}}
 */
export function mapTerms(text) {
  /** @type {TermHit[]} */
  const hits = []
  // every mangled term is Japanese: plain ASCII (most table cells) has none
  if (!NOT_ASCII.test(text)) return {text, hits}
  let out = text
  for (const [from, to] of JA_MISTRANSLATIONS) {
    if (!out.includes(from)) continue
    out = out.split(from).join(to)
    hits.push({from, to})
  }
  // Sizes: `1000ギガバイト` is the translation of `1000 GiB`.
  out = out.replace(/(\d)\s*ギガバイト/g, (_, d) => {
    hits.push({from: 'ギガバイト', to: 'GiB'})
    return `${d} GiB`
  })
  return {text: out, hits}
}

/**
 * A time of day where a decimal was meant (`7時30分` for `7.30`): the decimal text, or null.
 * @param {string} text
 */
export function clockToDecimal(text) {
  const match = /^(\d+)時(\d+)分$/.exec(text.trim())
  return match ? `${match[1]}.${match[2]}` : null
}
