import {compareNumbers} from './numbers.js'
import {JA_MISTRANSLATIONS} from '../domain/index.js'
import {NARRATIVE_TERMS, findTerm, forbiddenTermsIn} from './terms.js'
import {listCode, say} from './message.js'
import {factsOf} from './source.js'

/**
 * remark plugin (after remarkSectionFacts): each translated section says what its
 * source says, as far as a machine can tell (numbers, list numbering aside and a count
 * spelled out matching its digits; code; links; forbidden and missing terms).
 *
 * @param {{source: import('./source.js').Source}} options
 */
export default function remarkI18nFaithful(options) {
  const {source} = options
  /**
   * @param {import('mdast').Root} _
   * @param {import('vfile').VFile} file
   */
  return function (_, file) {
    const pending = /** @type {Set<string> | undefined} */ (file.data.pending)
    for (const [id, section] of Object.entries(factsOf(file))) {
      if (pending?.has(id)) continue
      for (const text of section.texts) {
        for (const hit of forbiddenTermsIn(text.value)) {
          const place = text.exact ? advance(text, text.value, hit.index) : {line: text.line, column: text.column}
          say(file, 'error', place, 'forbidden-term', `Unexpected \`${hit.term}\`, expected \`${hit.expected}\` (a machine-translation error)`)
        }
      }
      const from = source.facts[id]
      if (!from) continue
      const place = {line: section.line, column: 1}
      const origin = `${source.name}:${from.line}`

      const numbers = compareNumbers(
        {numbers: from.numbers.map((n) => n.value), spelled: from.spelled},
        {numbers: section.numbers.map((n) => n.value), spelled: section.spelled}
      )
      if (numbers.missing.length > 0 || numbers.extra.length > 0) {
        say(file, 'error', place, 'numbers-differ', `Unexpected numbers in section \`${id}\`: ${difference(numbers)}, expected the numbers of ${origin}`)
      }
      const code = compareValues(from.code.map((c) => c.value), section.code.map((c) => c.value))
      if (code.missing.length > 0 || code.extra.length > 0) {
        say(file, 'warning', place, 'code-differs', `Unexpected inline code in section \`${id}\`: ${difference(code)}, expected the code of ${origin}`)
      }
      const links = compareValues(from.links.map((l) => l.value), section.links.map((l) => l.value))
      if (links.missing.length > 0 || links.extra.length > 0) {
        say(file, 'warning', place, 'links-differ', `Unexpected links in section \`${id}\`: ${difference(links)}, expected the URLs of ${origin}`)
      }
      for (const term of termsOf(from.text)) {
        if (findTerm(section.text, term) >= 0) continue
        say(file, 'warning', place, 'term-missing', `Missing \`${term}\` in section \`${id}\`, expected it untranslated as in ${origin}`)
      }
    }
  }
}

/**
 * Terms of NARRATIVE_TERMS in `text`; a term inside a longer one found
 * (`TiDB` in `TiDB Cloud`) counts only if it also stands alone.
 * @param {string} text
 */
function termsOf(text) {
  /** @type {string[]} */
  const found = []
  let rest = text
  for (const term of NARRATIVE_TERMS) {
    if (findTerm(rest, term) < 0) continue
    found.push(term)
    rest = rest.split(term).join(' ')
  }
  return found.filter((t) => !JA_MISTRANSLATIONS.some(([wrong]) => wrong === t))
}

/**
 * @param {string[]} source
 * @param {string[]} translation
 */
function compareValues(source, translation) {
  return compareNumbers({numbers: source, spelled: []}, {numbers: translation, spelled: []})
}

/** @param {{missing: string[], extra: string[]}} d */
function difference(d) {
  return [
    d.missing.length > 0 ? `missing ${listCode(d.missing)}` : '',
    d.extra.length > 0 ? `extra ${listCode(d.extra)}` : ''
  ].filter(Boolean).join(', ')
}

/**
 * The place of character `index` of a text node's value, counting newlines.
 * @param {{line: number, column: number}} start
 * @param {string} value
 * @param {number} index
 */
function advance(start, value, index) {
  const before = value.slice(0, index).split('\n')
  return before.length === 1
    ? {line: start.line, column: start.column + index}
    : {line: start.line + before.length - 1, column: (before.at(-1) ?? '').length + 1}
}
