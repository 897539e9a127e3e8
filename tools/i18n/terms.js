/**
 * Terms a translation must keep, and the damage machine translation did to
 * them in published reports (see also tools/import/terms-ja.js, which repairs
 * them on import).
 */

/** Mangled term → the term it should have stayed. */
export const FORBIDDEN_TERMS = /** @type {ReadonlyArray<[string, string]>} */ ([
  ['品質保証', 'QPS'],
  ['ティクヴ', 'TiKV'],
  ['ティビ', 'TiDB'],
  ['システムベンチ', 'Sysbench'],
  ['TPPS', 'TPS'],
  ['特大', 'xlarge']
])

/** Terms a translated label keeps where the en label has them. */
export const LABEL_TERMS = ['QPS', 'TPS', 'TiDB', 'TiKV', 'PD', 'Sysbench']

/**
 * Terms and abbreviations every language writes the same way: a label made
 * only of these (and fields, digits, punctuation) is not untranslated when it
 * equals the en label.
 */
export const SAME_IN_EVERY_LANGUAGE = ['QPS', 'TPS', 'TiDB', 'TiKV', 'PD', 'Sysbench', 'sysbench', 'CPU', 'OS', 'Git', 'ANALYZE TABLE', 'benchdoc', 'ms']

/**
 * Product names and terms a translated narrative section keeps where its
 * source section has them. Longest first, so `TiDB Cloud` is looked for
 * before `TiDB`.
 */
export const NARRATIVE_TERMS = [
  'TiDB Cloud', 'TiDB', 'TiKV', 'TiFlash', 'TiUP', 'PD', 'Sysbench',
  'QPS', 'TPS', 'OLTP', 'NUMA', 'PingCAP', 'AWS', 'EC2', 'MySQL', 'MariaDB', 'Raft'
]

/**
 * Where `term` occurs in `text` as a whole word (ASCII letters and digits
 * around it end the match; CJK text does not).
 * @param {string} text
 * @param {string} term
 * @returns {number}  index, or -1
 */
export function findTerm(text, term) {
  const escaped = term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
  const match = new RegExp(`(?<![A-Za-z0-9])${escaped}(?![A-Za-z0-9])`).exec(text)
  return match ? match.index : -1
}

/**
 * Every place a forbidden term occurs in `text`.
 * @param {string} text
 * @returns {Array<{term: string, expected: string, index: number}>}
 */
export function forbiddenTermsIn(text) {
  /** @type {Array<{term: string, expected: string, index: number}>} */
  const found = []
  for (const [term, expected] of FORBIDDEN_TERMS) {
    let index = text.indexOf(term)
    while (index >= 0) {
      found.push({term, expected, index})
      index = text.indexOf(term, index + term.length)
    }
  }
  return found.sort((a, b) => a.index - b.index)
}
