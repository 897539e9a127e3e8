/**
 * Hints for the slips a schema error usually comes from: a thousands separator, a version read as a number.
 *
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 */

/** Patterns of the schemas, described in words instead of as regular expressions. */
export const PATTERN_WORDS = Object.freeze({
  '^[0-9]{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12][0-9]|3[01]))?)?$': 'a date as YYYY, YYYY-MM or YYYY-MM-DD (for example 2022-05)',
  '^[a-z0-9][a-z0-9.-]*$': 'lower-case letters, digits, dots and hyphens, starting with a letter or digit',
  '^[0-9a-f]{7,40}$': 'a git hash: 7 to 40 lower-case hex digits',
  '^[a-z0-9_]+$': 'lower-case letters, digits and underscores (a sysbench test name)'
})

const THOUSANDS = /^[-+]?\d{1,3}(,\d{3})+(\.\d+)?$/

/**
 * A hint to add to a schema error's message, or ''.
 * @param {import('ajv').ErrorObject} error
 * @param {Array<string | number>} path
 * @param {SourceDoc} doc
 */
export function hintFor(error, path, doc) {
  const p = error.params
  if (error.keyword === 'type') {
    const expected = /** @type {string[]} */ ([]).concat(p.type)
    if (typeof error.data === 'string' && THOUSANDS.test(error.data) && expected.includes('number')) {
      return `; write numbers without thousands separators: \`${error.data.replace(/,/g, '')}\``
    }
    if (typeof error.data === 'number' && expected.includes('string')) {
      const written = doc.sourceOf(path) ?? String(error.data)
      return `; quote it, as \`'${written}'\`: unquoted, YAML reads ${written} as the number ${error.data}`
    }
  }
  if (error.keyword === 'additionalProperties' && /^\d{3}(\.\d+)?$/.test(String(p.additionalProperty))) {
    // `{tps: 9,400}`: in a flow mapping the comma ends the entry, leaving a key `400`
    const key = String(p.additionalProperty)
    const before = keyBefore(doc, path, key, /** @type {Record<string, unknown>} */ (error.data ?? {}))
    if (before && typeof before[1] === 'number') {
      return `; \`${before[0]}: ${before[1]},${key}\` reads as ${before[0]} ${before[1]} and a key \`${key}\`: write numbers without thousands separators: \`${before[0]}: ${before[1]}${key}\``
    }
  }
  return ''
}

/**
 * The entry written just before `key` in a mapping (integer-like keys come
 * first in a JavaScript object, so the order is read from the YAML places).
 * @param {SourceDoc} doc
 * @param {Array<string | number>} path  the mapping's path
 * @param {string} key
 * @param {Record<string, unknown>} mapping
 * @returns {[string, unknown] | null}
 */
function keyBefore(doc, path, key, mapping) {
  const offset = (/** @type {string} */ k) => {
    const {line, col} = doc.placeOf([...path, k], true)
    return line * 1e6 + col
  }
  const at = offset(key)
  const earlier = Object.entries(mapping).filter(([k]) => k !== key && offset(k) < at)
  return earlier.sort((a, b) => offset(b[0]) - offset(a[0]))[0] ?? null
}
