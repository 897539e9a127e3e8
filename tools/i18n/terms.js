import {JA_MISTRANSLATIONS} from '../domain/index.js'
import {memo} from '../lib/memo.js'

/**
 * Terms a translation must keep; JA_MISTRANSLATIONS (tools/domain) is the
 * damage machine translation did to them, which these checks refuse.
 */

/** Terms a translated label keeps where the en label has them. */
export const LABEL_TERMS = ['QPS', 'TPS', 'TiDB', 'TiKV', 'PD', 'Sysbench']

/**
 * Terms every language writes the same way: a label of only these (and
 * fields, digits, punctuation) equal to the en label is not untranslated.
 */
export const SAME_IN_EVERY_LANGUAGE = ['QPS', 'TPS', 'TiDB', 'TiKV', 'PD', 'Sysbench', 'sysbench', 'CPU', 'OS', 'Git', 'ANALYZE TABLE', 'benchdoc', 'ms']

/**
 * Terms a translated narrative section keeps where its source has them, longest first (`TiDB Cloud`, `TiDB`).
 */
export const NARRATIVE_TERMS = [
  'TiDB Cloud', 'TiDB', 'TiKV', 'TiFlash', 'TiUP', 'PD', 'Sysbench',
  'QPS', 'TPS', 'OLTP', 'NUMA', 'PingCAP', 'AWS', 'EC2', 'MySQL', 'MariaDB', 'Raft'
]

/**
 * Where `term` occurs in `text` as a whole word (ASCII letters and digits end the match; CJK does not).
 * @param {string} text
 * @param {string} term
 * @returns {number}  index, or -1
 */
export function findTerm(text, term) {
  // most texts lack most terms: a plain search says so before any pattern (every translated section looks for each term)
  if (!text.includes(term)) return -1
  const match = termPattern(term).exec(text)
  return match ? match.index : -1
}

/** Each term's pattern, made once: the terms are this module's lists. */
const termPattern = memo((/** @type {string} */ term) => new RegExp(`(?<![A-Za-z0-9])${term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}(?![A-Za-z0-9])`))

/**
 * Every place a forbidden term occurs in `text`.
 * @param {string} text
 * @returns {Array<{term: string, expected: string, index: number}>}
 */
export function forbiddenTermsIn(text) {
  /** @type {Array<{term: string, expected: string, index: number}>} */
  const found = []
  // longest first: a term inside one already found (`TPPS` in `TPPSについて`) is the same damage
  const inFound = (/** @type {number} */ at) => found.some((f) => at >= f.index && at < f.index + f.term.length)
  for (const [term, expected] of JA_MISTRANSLATIONS) {
    let index = text.indexOf(term)
    while (index >= 0) {
      if (!inFound(index)) found.push({term, expected, index})
      index = text.indexOf(term, index + term.length)
    }
  }
  return found.sort((a, b) => a.index - b.index)
}
