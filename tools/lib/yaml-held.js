import {parseYamlSource} from './yaml-source.js'

/**
 * A SourceDoc for YAML this process has just written from data it still
 * holds (the importer's report), not parsed back: for 20,000 points that costs
 * seconds. A number's source text is the writer's; a place is parsed only when
 * asked, from the one line of a `results:` item or from the rest of the file.
 * @typedef {import('./yaml-source.js').SourceDoc} SourceDoc
 * @typedef {Array<string | number>} Path
 */

/**
 * @param {string} file  name used in messages
 * @param {string} text  the YAML written from `data`
 * @param {unknown} data  the data `text` was written from (a plain JSON-like tree)
 * @param {(path: Path, value: number) => string | null} numberSource  the text a
 *   number was written as; null: not known, ask the parser
 * @returns {SourceDoc}
 */
export function heldSourceDoc(file, text, data, numberSource) {
  const held = JSON.parse(JSON.stringify(data))
  /** @type {SourceDoc | undefined} */
  let whole
  const parsed = () => (whole ??= parseYamlSource(file, text))
  /** @type {ReturnType<typeof cutList> | undefined} */
  let cut
  /** @param {Path} path @param {boolean} forPlace */
  const part = (path, forPlace) => {
    cut ??= cutList(text, 'results', Array.isArray(held?.results) ? held.results.length : -1)
    return (cut && partOf(file, cut, path, forPlace && !intoNumbers(held, path))) ?? {doc: parsed(), path, line: () => 0}
  }
  return {
    file,
    data: held,
    syntaxErrors: [],
    placeOf(path, key = false) {
      const {doc, path: inPart, line} = part(path, true)
      const place = doc.placeOf(inPart, key)
      return {line: place.line + line(place.line), col: place.col}
    },
    sourceOf(path) {
      const {value, depth} = deepest(held, path)
      if (typeof value === 'number') return numberSource(path.slice(0, depth), value) ?? parsed().sourceOf(path)
      // a mapping or list has no source; a string's or a null's is the parser's
      if (value !== null && typeof value === 'object') return undefined
      const {doc, path: inPart} = part(path, false)
      return doc.sourceOf(inPart)
    }
  }
}

/**
 * The deepest value that exists on `path`, as the parser's node walk finds it.
 * @param {unknown} data @param {Path} path
 */
function deepest(data, path) {
  let value = data
  let depth = 0
  for (const seg of path) {
    if (value === null || typeof value !== 'object') break
    const next = Array.isArray(value) ? value[Number(seg)] : Object.hasOwn(value, String(seg)) ? /** @type {Record<string, unknown>} */ (value)[String(seg)] : undefined
    if (next === undefined) break
    value = next
    depth++
  }
  return {value, depth}
}

/**
 * Whether `path` goes into a list of numbers, whose long flow form the place lookup blanks out.
 * @param {unknown} data @param {Path} path
 */
function intoNumbers(data, path) {
  let value = data
  for (const seg of path) {
    if (value === null || typeof value !== 'object') return false
    if (Array.isArray(value) && value.every((v) => typeof v === 'number')) return true
    value = /** @type {Record<string | number, unknown>} */ (value)[seg]
  }
  return false
}

/**
 * The top-level list `key:` written one flow map a line, `count` lines: the text
 * with `key: []` in their place, and the lines. Null for any other layout.
 * @param {string} text @param {string} key @param {number} count
 * @returns {{rest: string, keyLine: number, items: string[], restDoc?: SourceDoc, blankDoc?: SourceDoc} | null}
 */
function cutList(text, key, count) {
  if (count < 1) return null
  const lines = text.split('\n')
  const keyLine = lines.indexOf(`${key}:`)
  if (keyLine < 0) return null
  const items = lines.slice(keyLine + 1, keyLine + 1 + count)
  const after = lines[keyLine + 1 + count]
  if (items.length !== count || !items.every((l) => l.startsWith('  - { ') && l.endsWith(' }'))) return null
  if (after !== undefined && after.startsWith(' ')) return null
  const rest = [...lines.slice(0, keyLine), `${key}: []`, ...lines.slice(keyLine + 1 + count)].join('\n')
  return {rest, keyLine, items}
}

/**
 * The small document that holds `path` (a list item's one line, or the rest of the
 * file), the path in it and the lines to add to its places; null: ask the whole document.
 * @param {string} file
 * @param {NonNullable<ReturnType<typeof cutList>>} cut
 * @param {Path} path
 * @param {boolean} blank  for a place outside a list of numbers: long flow
 *   lists of numbers (a plan's 10,000 thread counts) may be blanked out, at
 *   the same length, as `[ 0   …   ]`: every other node keeps its place
 * @returns {{doc: SourceDoc, path: Path, line: (line: number) => number} | null}
 */
function partOf(file, cut, path, blank) {
  const {keyLine, items} = cut
  if (path[0] === 'results' && path.length >= 2) {
    const i = Number(path[1])
    if (!Number.isInteger(i) || i < 0 || i >= items.length) return null
    return {doc: parseYamlSource(file, items[i]), path: [0, ...path.slice(2)], line: () => keyLine + 1 + i}
  }
  if (path[0] === 'results') return null
  const doc = blank
    ? (cut.blankDoc ??= parseYamlSource(file, cut.rest.replace(LONG_NUMBERS, (list) => `[ 0${' '.repeat(list.length - 5)} ]`)))
    : (cut.restDoc ??= parseYamlSource(file, cut.rest))
  // lines after the cut list moved up by its length
  return {doc, path, line: (line) => (line > keyLine + 1 ? items.length : 0)}
}

/** A flow list of numbers of 200 characters or more, as `yaml` writes it. */
const LONG_NUMBERS = /\[ [-+0-9., ]{196,} \]/g
