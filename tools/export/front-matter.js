import {Document, isMap, isSeq, visit} from 'yaml'
import {CJK_PUNCTUATION} from './text.js'

/**
 * @typedef {import('./facts.js').ExportFacts & {id: string, lang: string, kind: string, aliases?: Record<string, string[]>}} FrontFacts
 *   the `benchdoc` block: the report's facts (facts.js), the export's language, the other languages' aliases
 */

/**
 * The export's front matter: what a documentation repository wants (`title`, `summary`,
 * `aliases`), then a `benchdoc` block of the facts the Markdown has no place for
 * (facts.js); documentation sites ignore front-matter keys they do not know.
 */

/** Languages whose text is written with CJK punctuation. */
const CJK_LANGUAGE = /^(zh|ja|ko)\b/

/**
 * @param {{title: string, summary: string, aliases: string[], facts: FrontFacts}} input
 * @returns {string}  with its `---` fences
 */
export function frontMatterText({title, summary, aliases, facts}) {
  /** @type {Record<string, unknown>} */
  const front = {title}
  if (summary) front.summary = summary
  if (aliases.length > 0) front.aliases = aliases
  // the facts a reader looks for first, then the rest
  const {id, lang, kind, ...rest} = facts
  front.benchdoc = {id, lang, kind, ...rest}
  return yamlFrontMatter(front, facts.lang)
}

/** @param {Record<string, unknown>} front @param {string} lang */
function yamlFrontMatter(front, lang) {
  const doc = new Document(front)
  // one line per list of names and per localised text: a block a reviewer reads at a glance
  for (const path of [['aliases'], ['benchdoc', 'subjects'], ['benchdoc', 'order'], ['benchdoc', 'source']]) {
    const node = doc.getIn(path, true)
    if (isSeq(node) || isMap(node)) node.flow = true
  }
  for (const group of ['texts', 'labels', 'variants']) {
    const map = doc.getIn(['benchdoc', group], true)
    if (isMap(map)) for (const pair of map.items) if (isMap(pair.value)) pair.value.flow = true
  }
  const dimensions = doc.getIn(['benchdoc', 'dimensions'], true)
  if (isSeq(dimensions)) for (const item of dimensions.items) if (isMap(item)) item.flow = true
  // no `<` anywhere; in a language without CJK punctuation, none of that either
  return `---\n${escaped(doc, CJK_LANGUAGE.test(lang) ? TAG : new RegExp(`${TAG.source}|${CJK_PUNCTUATION.source}`))}---\n`
}

/** What opens an HTML tag: never raw in the front matter, which a renderer without front matter support shows as Markdown. */
const TAG = /</

/**
 * The document with each text holding `chars` in double quotes and those characters as `\uXXXX`
 * escapes, which YAML reads back as the same characters: `<` (no tag), and for a language without
 * CJK punctuation (an English file must carry none) that punctuation too.
 * @param {Document} doc @param {RegExp} chars
 */
function escaped(doc, chars) {
  visit(doc, {
    Scalar(_, node) {
      if (typeof node.value === 'string' && chars.test(node.value)) node.type = 'QUOTE_DOUBLE'
    }
  })
  const all = new RegExp(chars.source, 'g')
  return doc.toString({lineWidth: 0, flowCollectionPadding: false}).replace(all, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
}

/**
 * The front matter's `benchdoc` block when its `id` and `subjects` make it an export's (read.js checks the rest).
 * @param {unknown} front  parsed front matter
 * @returns {FrontFacts | null}
 */
export function exportFactsOf(front) {
  const b = front && typeof front === 'object' && 'benchdoc' in front ? front.benchdoc : null
  if (!b || typeof b !== 'object' || !('id' in b) || typeof b.id !== 'string' || !('subjects' in b) || !Array.isArray(b.subjects)) return null
  return /** @type {FrontFacts} */ (b)
}
