import {FAILSAFE_SCHEMA, NOT_RESOLVED, defineScalarTag, load} from 'js-yaml'
import {readBlocks} from './yaml-blocks.js'
import {readLines} from './yaml-lines.js'
import {cutPoints} from './yaml-points.js'

/**
 * YAML parsed fast, without the place of each node: js-yaml is several times
 * quicker than the `yaml` package, which keeps every node's place for
 * messages. A report file is read here first; yaml-source.js parses it again,
 * with places, only when a message needs a place (or the file is one this
 * parser leaves to it).
 *
 * It gives either exactly the data `yaml` gives, or nothing. Scalars are typed
 * as yaml's core schema types them (same patterns), and any file this parser
 * might read differently is left to `yaml`: tags (`!` anywhere), more than a
 * few aliases or an alias of nested data, directives, merge keys, explicit keys, tabs, carriage
 * returns, lines of 1,000 characters or more, a number not written as JavaScript writes it (`1.50`, `1e3`, `0x1f`,
 * `.inf`: their written form matters, see `sourceOf`), a key that is null,
 * nesting near the limit, and any syntax error or duplicate key (which `yaml`
 * then names with its place).
 */

/**
 * What may be an alias (`*name`; also a `*` in text, which only counts
 * against the file). A few aliases of flat lists and mappings, as `yaml`
 * writes repeated thread lists, are taken here: `yaml` takes them too, and
 * gives each alias the same object. More, or an alias of nested data, is
 * left to `yaml`, which limits how far aliases may expand.
 */
const MAX_ALIASES = 50

/**
 * How many `*` may start an alias: after the start of a line, a space or
 * `[{,:?-`, and before a character that may be part of a name. From one `*`
 * to the next: most files hold a few or none, and a pattern tried at every
 * character cost a file more than its points. A `*` whose character before
 * belongs to an alias counted just before is counted too: a count too high
 * leaves the file to `yaml`, which reads it right.
 * @param {string} text
 */
function aliasCount(text) {
  let n = 0
  for (let i = text.indexOf('*'); i !== -1; i = text.indexOf('*', i + 1)) {
    if ((i === 0 || BEFORE_ALIAS.test(text[i - 1])) && i + 1 < text.length && !AFTER_ALIAS.test(text[i + 1])) n++
  }
  return n
}
const BEFORE_ALIAS = /[\s\[{,:?-]/
const AFTER_ALIAS = /[\s,\[\]{}]/

/**
 * Whether a file holds a character or form that sends it to `yaml`: a tag,
 * tab, carriage return or byte-order mark, a directive, a merge key, an
 * explicit key. Each form is looked for only when the text holds the
 * character it needs (most files hold no `%` or `?`): one pattern of all
 * of them, tried at every character, cost more than the file's points.
 * @param {string} text
 */
function leftToYaml(text) {
  return CHARACTERS_LEFT_TO_YAML.test(text) || text.includes('<<') ||
    (text.includes('%') && DIRECTIVE.test(text)) || (text.includes('?') && EXPLICIT_KEY.test(text))
}
const CHARACTERS_LEFT_TO_YAML = /[!\t\r\uFEFF]/
const DIRECTIVE = /^%/m
const EXPLICIT_KEY = /^\s*\? |[\s\-\[{,]\?\s/m

/** `yaml` refuses an implicit key longer than 1,024 characters; js-yaml takes it. */
const LONG_LINE = 1000

/** @param {string} text */
function hasLongLine(text) {
  for (let start = 0; start < text.length; ) {
    const end = text.indexOf('\n', start)
    if ((end < 0 ? text.length : end) - start >= LONG_LINE) return true
    if (end < 0) break
    start = end + 1
  }
  return false
}

/** yaml's core schema patterns (yaml/dist/schema/core). */
const NULL = /^(?:~|[Nn]ull|NULL)?$/
/** What NULL matches, for keys: a lookup, not a pattern per key. */
const NULL_KEYS = new Set(['', '~', 'null', 'Null', 'NULL'])
const BOOL = /^(?:[Tt]rue|TRUE|[Ff]alse|FALSE)$/
const NUMBER = [
  /^0o[0-7]+$/,
  /^[-+]?[0-9]+$/,
  /^0x[0-9a-fA-F]+$/,
  /^(?:[-+]?\.(?:inf|Inf|INF)|\.nan|\.NaN|\.NAN)$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)[eE][-+]?[0-9]+$/,
  /^[-+]?(?:\.[0-9]+|[0-9]+\.[0-9]*)$/
]

/** Set by a number written otherwise than JavaScript writes it, during one parse. */
let unusual = false

const nullTag = defineScalarTag('tag:yaml.org,2002:null', {
  implicit: true,
  resolve: (source) => (NULL.test(source) ? null : NOT_RESOLVED),
  identify: () => false
})
const boolTag = defineScalarTag('tag:yaml.org,2002:bool', {
  implicit: true,
  resolve: (source) => (BOOL.test(source) ? source[0] === 't' || source[0] === 'T' : NOT_RESOLVED),
  identify: () => false
})
const numberTag = defineScalarTag('tag:yaml.org,2002:float', {
  implicit: true,
  resolve: (source) => (mayBeNumber(source) ? numberOf(source) ?? NOT_RESOLVED : NOT_RESOLVED),
  identify: () => false
})
const SCHEMA = FAILSAFE_SCHEMA.withTags(nullTag, boolTag, numberTag)

/** Deepest nesting taken here; deeper files go to `yaml`, which checks the limit. */
const MAX_DEPTH = 32

/**
 * @param {string} text
 * @returns {{data: unknown, shared: Set<object>} | null}  null: leave this file to `yaml`;
 *   `shared`: objects that aliases give more than one place
 */
export function parseYamlFast(text) {
  if (leftToYaml(text) || hasLongLine(text) || aliasCount(text) > MAX_ALIASES) return null
  unusual = false
  // a file of `key: value` lines (a narrative's front matter) needs no parser at all
  const lines = readLines(text, plainScalar, MAX_DEPTH)
  if (lines) return unusual ? null : {data: lines, shared: new Set()}
  /** @type {unknown} */
  let data
  try {
    data = loadReport(text)
  } catch {
    return null
  }
  const seen = new Set()
  const shared = new Set()
  if (unusual || !plain(data, 0, seen, shared)) return null
  return {data, shared}
}

/**
 * A plain scalar typed as the schema's tags type it (null, bool, number,
 * else text), for the points read without the parser.
 * @param {string} source
 * @returns {unknown}
 */
function plainScalar(source) {
  // most values are numbers or names: a name (no digit, sign or dot first) is one of three patterns at most
  if (!mayBeNumber(source)) {
    if (NULL.test(source)) return null
    return BOOL.test(source) ? source[0] === 't' || source[0] === 'T' : source
  }
  return numberOf(source) ?? source
}

/**
 * Whether a plain scalar may be a number: each of yaml's number patterns
 * starts with a digit, a sign or a dot.
 * @param {string} source
 */
function mayBeNumber(source) {
  const c = source.charCodeAt(0)
  return (c >= 48 && c <= 57) || c === 45 || c === 43 || c === 46
}

/**
 * A plain scalar's number as yaml's core schema reads it, or undefined when
 * none of its patterns matches. Most figures are written as JavaScript
 * writes them, and every finite number so written matches a pattern: those
 * are taken without trying the patterns.
 * @param {string} source
 * @returns {number | undefined}
 */
function numberOf(source) {
  if (isShortDecimal(source)) return Number(source)
  const value = Number(source)
  if (Number.isFinite(value) && String(value) === source) return value
  if (!NUMBER.some((re) => re.test(source))) return undefined
  if (String(value) !== source) unusual = true
  return value
}

/**
 * Whether a text is a decimal that JavaScript writes exactly so: no leading
 * or trailing zero, no `-0`, at most 15 significant digits (a double tells
 * any two such decimals apart, so the shortest form of its value is the
 * text itself) and not so small that JavaScript writes an exponent. Most
 * measured figures are; this saves writing each number back as text.
 * @param {string} s
 */
export function isShortDecimal(s) {
  const n = s.length
  let i = s.charCodeAt(0) === MINUS ? 1 : 0
  const intStart = i
  while (i < n && isDigit(s.charCodeAt(i))) i++
  const intDigits = i - intStart
  if (intDigits === 0 || (intDigits > 1 && s.charCodeAt(intStart) === ZERO)) return false
  if (i === n) return intDigits <= 15 && !(intStart === 1 && s === '-0')
  if (s.charCodeAt(i) !== DOT) return false
  const fracStart = ++i
  while (i < n && isDigit(s.charCodeAt(i))) i++
  if (i !== n || i === fracStart || s.charCodeAt(n - 1) === ZERO) return false
  if (intDigits > 1 || s.charCodeAt(intStart) !== ZERO) return intDigits + n - fracStart <= 15
  // 0.x: the zeros after the point are not significant; from 1e-7 down JavaScript writes an exponent
  let zeros = 0
  while (s.charCodeAt(fracStart + zeros) === ZERO) zeros++
  return zeros < 6 && n - fracStart - zeros <= 15
}

const [MINUS, DOT, ZERO] = [45, 46, 48]
/** @param {number} c */
const isDigit = (c) => c >= 48 && c <= 57

/**
 * The file's data: its `results:` block of point lines read by
 * yaml-points.js (js-yaml is ten times slower on the points), the rest by
 * yaml-blocks.js when it has the form benchdoc writes, else by js-yaml.
 * Throws on anything the parser refuses, or on a key that the parts both
 * have.
 * @param {string} text
 * @returns {unknown}
 */
function loadReport(text) {
  const cut = cutPoints(text, plainScalar)
  if (!cut) return readBlocks(text, plainScalar, MAX_DEPTH) ?? load(text, {schema: SCHEMA})
  // js-yaml refuses an empty document; a part of only comments is null
  const [before, after] = [cut.before, cut.after].map((part) => (part.trim() === '' ? {} : readBlocks(part, plainScalar, MAX_DEPTH) ?? load(part, {schema: SCHEMA}) ?? {}))
  const mapping = (/** @type {unknown} */ v) => v !== null && typeof v === 'object' && Object.getPrototypeOf(v) === Object.prototype
  if (!mapping(before) || !mapping(after)) throw new Error('not a mapping')
  const keys = [...Object.keys(/** @type {object} */ (before)), 'results', ...Object.keys(/** @type {object} */ (after))]
  if (new Set(keys).size !== keys.length) throw new Error('duplicate key')
  return {...before, results: cut.points, ...after}
}

/**
 * Whether a value is one `yaml` reads the same: not too deep, no key that a
 * null would have become, and every object met twice (an alias) flat.
 * @param {unknown} value @param {number} depth @param {Set<object>} seen  @param {Set<object>} shared  objects met twice
 * @returns {boolean}
 */
function plain(value, depth, seen, shared) {
  if (value === null || typeof value !== 'object') return true
  if (depth > MAX_DEPTH) return false
  if (seen.has(value)) {
    shared.add(value)
    return Object.values(value).every((v) => v === null || typeof v !== 'object')
  }
  seen.add(value)
  if (Array.isArray(value)) return value.every((v) => plain(v, depth + 1, seen, shared))
  if (Object.getPrototypeOf(value) !== Object.prototype) return false
  for (const key of Object.keys(value)) {
    if (NULL_KEYS.has(key)) return false
    if (!plain(/** @type {Record<string, unknown>} */ (value)[key], depth + 1, seen, shared)) return false
  }
  return true
}
