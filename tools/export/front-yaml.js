import {Document} from 'yaml'

/**
 * The export's front matter as `yaml` writes it, written directly for the common shape
 * (a YAML document for a few lines was a third of an export's cost); else null, and
 * `yaml` writes it (a test compares the two).
 *
 * @typedef {Record<string, unknown>} Front  title, summary, aliases and the `benchdoc` block, in order
 */

/** Keys this writer knows `yaml` writes plain. */
const KEY = /^[a-z_]+$/

/** The lists front-matter.js writes on one line (flow style), by the key they are under. */
const FLOW = new Set(['aliases', 'subjects', 'order'])

/** What this writer leaves to `yaml`: quotes and backslashes (quoting choices), control and other escaped characters, a document marker. */
const UNKNOWN = /["'\\\x00-\x1f\x7f-\x9f\u00a0\u2028\u2029\ufeff\ud800-\udfff]|^(?:%|---|\.\.\.)/

/** `yaml`'s test of a plain scalar that needs quotes (its plainString): an indicator at the start, `: `, ` #`, a space or `:` at the end. */
const NOT_PLAIN = /^[\n\t ,[\]{}#&*!|>'"%@`]|^[?-]$|^[?-][ \t]|[\n:][ \t]|[ \t]\n|[\n\t ]#|[\n\t :]$/

/** The core schema's tags other than the string's: a plain scalar that one of them reads (`42`, `true`, `null`, ``) is quoted. */
const OTHER_TAGS = new Document().schema.tags.filter((tag) => tag.default && tag.tag !== 'tag:yaml.org,2002:str' && tag.test)

/**
 * @param {Front} front
 * @param {RegExp | null} refused  strings this document must not hold as they are (an English file's CJK punctuation), or null
 * @returns {string | null}  the lines between the `---` fences, or null for `yaml` to write
 */
export function frontYaml(front, refused) {
  let out = ''
  for (const [key, value] of Object.entries(front)) {
    if (!KEY.test(key)) return null
    if (key === 'benchdoc') {
      if (!value || typeof value !== 'object' || Array.isArray(value)) return null
      out += 'benchdoc:\n'
      for (const [k, v] of Object.entries(value)) {
        const text = KEY.test(k) ? valueText(k, v, refused) : null
        if (text === null) return null
        out += `  ${k}: ${text}\n`
      }
      continue
    }
    const text = valueText(key, value, refused)
    if (text === null) return null
    out += `${key}: ${text}\n`
  }
  return out
}

/**
 * @param {string} key @param {unknown} value @param {RegExp | null} refused
 * @returns {string | null}
 */
function valueText(key, value, refused) {
  if (Array.isArray(value)) {
    if (!FLOW.has(key)) return null
    let out = ''
    for (const item of value) {
      const text = scalarText(item, true, refused)
      if (text === null) return null
      out += out === '' ? text : `, ${text}`
    }
    return `[${out}]`
  }
  return scalarText(value, false, refused)
}

/**
 * @param {unknown} value @param {boolean} inFlow @param {RegExp | null} refused
 * @returns {string | null}
 */
function scalarText(value, inFlow, refused) {
  if (typeof value === 'boolean') return String(value)
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 && !Object.is(value, -0) ? String(value) : null
  if (typeof value !== 'string' || UNKNOWN.test(value) || refused?.test(value)) return null
  const quoted = (inFlow && /[[\]{},]/.test(value)) || NOT_PLAIN.test(value) || OTHER_TAGS.some((tag) => tag.test?.test(value))
  return quoted ? `"${value}"` : value
}
