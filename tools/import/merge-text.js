import {dataTexts, isLocalText, sourceText} from '../i18n/data-text.js'

/**
 * The data text of a report's translations merged into it: free text
 * (tools/i18n/data-text.js) in another language becomes that language's
 * entry of the field (`{source: en, en: scaling out, zh: 水平扩展}`). Pure.
 *
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {Array<string | number>} Path
 * @typedef {{path: Path, value: string | import('../i18n/data-text.js').LocalText}} Addition
 *   the field's new value, whole
 */

/**
 * What `other` (a translation) adds to `base`: subjects matched by `pairs`
 * (ids differ between languages), other lists by position when of the same length.
 * @param {Report} base
 * @param {string} baseLang  the language `base` was read in
 * @param {Report} other
 * @param {string} otherLang
 * @param {Map<string, string>} pairs  subject id in `other` → in `base`
 */
export function textAdditions(base, baseLang, other, otherLang, pairs) {
  /** @type {Addition[]} */
  const out = []
  for (const {path, value} of dataTexts(base)) {
    const theirs = valueAt(other, counterpart(base, other, path, pairs))
    if (typeof theirs !== 'string' && !isLocalText(theirs)) continue
    const text = typeof theirs === 'string' ? theirs : theirs[otherLang]
    if (typeof text !== 'string' || text === sourceText(value)) continue
    if (isLocalText(value)) {
      if (value[otherLang] === undefined) out.push({path, value: {...value, [otherLang]: text}})
    } else if (typeof theirs !== 'string') {
      // a plain string shown on every page, written otherwise in the translation: text per language
      out.push({path, value: {source: baseLang, [baseLang]: value, [otherLang]: text}})
    }
  }
  return out
}

/**
 * The path in `other` of the field at `path` in `base`, or null when there is none.
 * @param {Report} base
 * @param {Report} other
 * @param {Path} path
 * @param {Map<string, string>} pairs
 * @returns {Path | null}
 */
function counterpart(base, other, path, pairs) {
  if (path[0] === 'subjects') {
    const id = base.subjects[Number(path[1])]?.id
    const theirs = [...pairs].find(([, to]) => to === id)?.[0]
    const at = other.subjects.findIndex((s) => s.id === theirs)
    return at < 0 ? null : ['subjects', at, ...path.slice(2)]
  }
  // a list item by position, only in lists of the same length
  for (let k = 0; k < path.length; k++) {
    if (typeof path[k] !== 'number') continue
    const mine = valueAt(base, path.slice(0, k))
    const theirs = valueAt(other, path.slice(0, k))
    if (!Array.isArray(mine) || !Array.isArray(theirs) || mine.length !== theirs.length) return null
  }
  return path
}

/** @param {unknown} data @param {Path | null} path @returns {unknown} */
function valueAt(data, path) {
  if (path === null) return undefined
  /** @type {unknown} */
  let node = data
  for (const key of path) node = node !== null && typeof node === 'object' ? /** @type {Record<string | number, unknown>} */ (node)[key] : undefined
  return node
}

/**
 * Apply additions to a report held in memory (a fresh import).
 * @param {Report} report
 * @param {Addition[]} additions
 */
export function applyAdditions(report, additions) {
  for (const {path, value} of additions) {
    // the parent of a field dataTexts found: a mapping or a list
    const parent = /** @type {Record<string | number, unknown>} */ (valueAt(report, path.slice(0, -1)))
    parent[/** @type {string | number} */ (path.at(-1))] = value
  }
}
