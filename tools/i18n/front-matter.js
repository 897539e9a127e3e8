import {LineCounter, isMap, isScalar, parseDocument} from 'yaml'
import {DIGEST_LENGTH} from './digest.js'
import {memo} from '../lib/memo.js'

/**
 * The `translated_from` stamp in a narrative's front matter:
 *
 * ```yaml
 * translated_from:
 *   lang: en
 *   sections:
 *     purpose: "3f1c0a9b2e4d"
 *   translation:
 *     purpose: "9a8b7c6d5e4f"
 * ```
 *
 * Each digest under `sections` is that of the source section the translation
 * was made from (digest.js); under `translation`, that of the translated
 * section as stamped, to tell a stale section nobody edited from an updated
 * one. Digests are quoted: `123456789012` would read as a number.
 *
 * @typedef {{lang: string, sections: Record<string, string>, translation?: Record<string, string>}} Stamp
 * @typedef {{
 *   stamp: Stamp | null,
 *   line: number,
 *   langLine: number,
 *   lines: Record<string, number>,
 *   problems: Array<{line: number, message: string}>
 * }} StampRead
 *   `line` is the line of `translated_from` (1 when absent), `lines` the
 *   line of each section's digest, `langLine` that of `translated_from.lang`.
 */

const FENCE = /^---\r?\n([\s\S]*?\r?\n)?---[ \t]*(?:\r?\n|$)/

/**
 * Where the front matter's YAML is: from after the opening fence (line 2) to the closing fence.
 * @param {string} text
 * @returns {{start: number, end: number} | null}
 */
export function frontMatterRange(text) {
  const match = FENCE.exec(text)
  if (!match) return null
  const start = text.indexOf('\n') + 1
  return {start, end: start + (match[1]?.length ?? 0)}
}

/**
 * A narrative file's stamp, kept for the last files read: a build asks for a narrative's stamp
 * several times, and parsing it each time was a twentieth of a cold build's main thread.
 * Frozen: callers share it.
 */
export const readStamp = memo((/** @type {string} */ text) => deepFreeze(parseStampDocument(text)), 16)

/**
 * @template T
 * @param {T} value
 * @returns {T}
 */
function deepFreeze(value) {
  if (value && typeof value === 'object') for (const v of Object.values(Object.freeze(value))) deepFreeze(v)
  return value
}

/**
 * The stamp as `yaml` reads it, with the place of every problem.
 * @param {string} text  a narrative file
 */
export function parseStampDocument(text) {
  /** @type {StampRead} */
  const read = {stamp: null, line: 1, langLine: 1, lines: {}, problems: []}
  const range = frontMatterRange(text)
  if (!range) return read
  const counter = new LineCounter()
  const doc = parseDocument(text.slice(range.start, range.end), {lineCounter: counter})
  const lineOf = (/** @type {unknown} */ node) => {
    const at = /** @type {{range?: number[] | null} | null | undefined} */ (node)?.range
    return at ? counter.linePos(at[0]).line + 1 : read.line
  }
  if (!isMap(doc.contents)) return read
  const pair = doc.contents.items.find((p) => isScalar(p.key) && p.key.value === 'translated_from')
  if (!pair) return read
  read.line = lineOf(pair.key)
  const value = pair.value
  const problem = (/** @type {unknown} */ node, /** @type {string} */ message) => read.problems.push({line: lineOf(node), message})
  if (!isMap(value)) {
    problem(pair.value ?? pair.key, 'Unexpected `translated_from`, expected a mapping with `lang` and `sections`')
    return read
  }
  const lang = value.get('lang', true)
  const sections = value.get('sections', true)
  if (!isScalar(lang) || typeof lang.value !== 'string') {
    problem(lang ?? pair.key, 'Unexpected `translated_from.lang`, expected the code of the source language, such as `en`')
    return read
  }
  if (!isMap(sections)) {
    problem(sections ?? pair.key, 'Unexpected `translated_from.sections`, expected a mapping of section id to digest')
    return read
  }
  /** @type {Record<string, string>} */
  const digests = {}
  /** @param {import('yaml').YAMLMap} map @param {Record<string, string>} into @param {boolean} mark */
  const readDigests = (map, into, mark) => {
    for (const item of map.items) {
      const id = isScalar(item.key) ? String(item.key.value) : ''
      const digest = isScalar(item.value) ? item.value.value : undefined
      if (typeof digest !== 'string' || !new RegExp(`^[0-9a-f]{${DIGEST_LENGTH}}$`).test(digest)) {
        problem(item.value ?? item.key, `Unexpected digest \`${String(digest)}\` for section \`${id}\`, expected ${DIGEST_LENGTH} lowercase hex digits in quotes`)
        continue
      }
      into[id] = digest
      if (mark) read.lines[id] = lineOf(item.key)
    }
  }
  readDigests(sections, digests, true)
  read.langLine = lineOf(lang)
  read.stamp = {lang: lang.value, sections: digests}
  const own = value.get('translation', true)
  if (own !== undefined) {
    if (!isMap(own)) problem(own, 'Unexpected `translated_from.translation`, expected a mapping of section id to digest')
    else readDigests(own, (read.stamp.translation = {}), false)
  }
  return read
}

/**
 * The file with its `translated_from` replaced or added, every other byte as it was.
 * @param {string} text
 * @param {Stamp} stamp
 */
export function writeStamp(text, stamp) {
  const newline = text.includes('\r\n') ? '\r\n' : '\n'
  const block = [
    'translated_from:',
    `  lang: ${stamp.lang}`,
    '  sections:',
    ...Object.entries(stamp.sections).map(([id, digest]) => `    ${id}: "${digest}"`),
    ...(stamp.translation ? ['  translation:', ...Object.entries(stamp.translation).map(([id, digest]) => `    ${id}: "${digest}"`)] : [])
  ].map((line) => `${line}${newline}`).join('')
  const range = frontMatterRange(text)
  if (!range) return `---${newline}${block}---${newline}${newline}${text}`
  const yaml = text.slice(range.start, range.end)
  // The old block: its key line and every following indented, blank or comment line.
  const lines = yaml.match(/[^\n]*\n/g) ?? []
  const first = lines.findIndex((l) => /^translated_from\s*:/.test(l))
  if (first < 0) return text.slice(0, range.end) + block + text.slice(range.end)
  let last = first + 1
  while (last < lines.length && /^(?:[ \t]|\r?\n|#)/.test(lines[last])) last++
  // Keep trailing blank and comment lines with what follows.
  while (last > first + 1 && /^(?:\r?\n|#)/.test(lines[last - 1])) last--
  const before = lines.slice(0, first).join('')
  const after = lines.slice(last).join('')
  return text.slice(0, range.start) + before + block + after + text.slice(range.end)
}
