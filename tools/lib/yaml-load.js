import {createRequire} from 'node:module'

/**
 * js-yaml's CommonJS build: its ES module build reads a report about three times slower on Node 20.
 * @type {typeof import('js-yaml')}
 */
const jsYaml = createRequire(import.meta.url)('js-yaml')
const {CORE_SCHEMA, EVENT_ID, NOT_RESOLVED, SCALAR_STYLE, constructFromEvents, defineScalarTag, floatCoreTag, intCoreTag, parseEvents} = jsYaml

/**
 * Where js-yaml stops reading a file it refuses, as an offset, or -1: the place of a
 * syntax error that `yaml` cannot name (its parser recursed too deep to follow the file).
 * @param {string} text
 */
export function jsYamlStop(text) {
  try {
    parseEvents(text, {maxDepth: MAX_DEPTH})
    return -1
  } catch (error) {
    const position = /** @type {{mark?: {position?: number}}} */ (error).mark?.position
    return typeof position === 'number' ? position : -1
  }
}

/**
 * A YAML file's data read by js-yaml (about ten times quicker than `yaml`, but
 * without places), or null to leave the file to `yaml` wherever `yaml` could
 * read it otherwise. Both read YAML 1.2's core schema; left to `yaml` are:
 * - a line of 1,000 characters or more (`yaml` refuses an implicit key over
 *   1,024), a tab (`yaml` refuses one that indents), a lone carriage return
 *   (a line break to js-yaml only), a byte-order mark after the first character;
 * - a tag or directive (`%YAML 1.1`, `!!float 1`), an anchored scalar (`yaml`
 *   gives no written form for a node an alias reaches);
 * - a number not written as JavaScript writes it (`1.50`, `1e3`, `-0`: its
 *   written form is not `String(value)`) or too large for a double;
 * - a key `null` (`yaml` names it `''`), an alias of nested data (`yaml`
 *   limits how far aliases expand);
 * - nesting deeper than 32 and anything js-yaml refuses: `yaml` places the error.
 *
 *   `shared`: the objects aliases give more than one place; `events`: js-yaml's, which hold places (offsetIn)
 */

/** Set by a number whose written form is not `String(value)`, during one load. */
let unusual = false

/**
 * A core schema number tag that notes an unusual number.
 * @param {import('js-yaml').ScalarTagDefinition<number>} tag
 */
function noting(tag) {
  return defineScalarTag(tag.tagName, {
    ...tag,
    resolve(source, explicit, name) {
      const value = tag.resolve(source, explicit, name)
      if (value === NOT_RESOLVED ? Math.abs(Number(source)) === Infinity : String(value) !== source) unusual = true
      return value
    }
  })
}
const SCHEMA = CORE_SCHEMA.withTags(noting(intCoreTag), noting(floatCoreTag))
const MAX_DEPTH = 32
const MAX_ALIASES = 100
const LONG_LINE = 1000
const LONE_CR = /\r(?!\n)/
const NO_RANGE = -1

/**
 * @param {string} text
 * @returns {{data: unknown, shared: Set<object>, events: import('js-yaml').Event[]} | null}  null: leave this file to `yaml`
 */
export function loadYaml(text) {
  if (text.includes('\t') || (text.includes('\r') && LONE_CR.test(text)) || text.indexOf('\uFEFF', 1) !== -1 || hasLongLine(text)) return null
  unusual = false
  /** @type {unknown[]} */
  let documents
  /** @type {import('js-yaml').Event[]} */
  let events
  try {
    events = parseEvents(text, {maxDepth: MAX_DEPTH})
    if (!events.every(readAlike)) return null
    documents = constructFromEvents(events, {source: text, schema: SCHEMA, maxAliases: MAX_ALIASES})
  } catch {
    return null
  }
  if (unusual || documents.length !== 1) return null
  const shared = new Set()
  return plain(documents[0], new Set(), shared) ? {data: documents[0], shared, events} : null
}

/**
 * Where `yaml` places the node at `path` (its key with `key`), or the deepest node on it that
 * exists, read from js-yaml's events: no second parse for a message's place. -1 where the
 * events do not say (a root that is not a mapping, an empty value): `yaml` places those.
 * @param {import('js-yaml').Event[]} events @param {string} text @param {Array<string | number>} path @param {boolean} key
 */
export function offsetIn(events, text, path, key) {
  let i = 1
  if (events[i].type !== EVENT_ID.MAPPING) return -1
  let at = startOf(events[i], text)
  for (let depth = 0; depth < path.length && at >= 0; depth++) {
    const event = events[i]
    let j = i + 1
    if (event.type === EVENT_ID.MAPPING) {
      while (events[j].type !== EVENT_ID.POP && !isKey(events[j], text, path[depth])) j = after(events, after(events, j))
      if (events[j].type === EVENT_ID.POP) return at
      if (key && depth === path.length - 1) return startOf(events[j], text)
      j = after(events, j)
    } else if (event.type === EVENT_ID.SEQUENCE) {
      for (let n = 0; n < Number(path[depth]) && events[j].type !== EVENT_ID.POP; n++) j = after(events, j)
      if (events[j].type === EVENT_ID.POP) return at
    } else return at
    i = j
    at = startOf(events[i], text)
  }
  return at
}

/** @param {import('js-yaml').Event} event @param {string} text @param {string | number} name */
const isKey = (event, text, name) => event.type === EVENT_ID.SCALAR && text.slice(event.valueStart, event.valueEnd) === String(name)

/** The index of the event after the node whose first event is at `i`. @param {import('js-yaml').Event[]} events @param {number} i */
function after(events, i) {
  let depth = 0
  do {
    const {type} = events[i++]
    if (type === EVENT_ID.MAPPING || type === EVENT_ID.SEQUENCE) depth++
    else if (type === EVENT_ID.POP) depth--
  } while (depth > 0)
  return i
}

/**
 * A node's offset as `yaml` gives it: a quoted scalar's at its quote, a block scalar's at its
 * indicator, an alias's at its `*`. @param {import('js-yaml').Event} event @param {string} text
 */
function startOf(event, text) {
  if (event.type === EVENT_ID.ALIAS) return event.anchorStart - 1
  if (event.type !== EVENT_ID.SCALAR) return 'start' in event ? event.start : -1
  if (event.valueStart < 0) return -1
  if (event.style === SCALAR_STYLE.SINGLE_QUOTED || event.style === SCALAR_STYLE.DOUBLE_QUOTED) return event.valueStart - 1
  if (event.style === SCALAR_STYLE.LITERAL_BLOCK) return text.lastIndexOf('|', event.valueStart - 1)
  if (event.style === SCALAR_STYLE.FOLDED_BLOCK) return text.lastIndexOf('>', event.valueStart - 1)
  return event.valueStart
}

/**
 * Whether `yaml` reads an event as js-yaml does: no directive, no tag, no anchored scalar.
 * @param {import('js-yaml').Event} event
 */
function readAlike(event) {
  if (event.type === EVENT_ID.DOCUMENT) return event.directives.length === 0
  if (event.type === EVENT_ID.POP || event.type === EVENT_ID.ALIAS) return true
  return event.tagStart === NO_RANGE && (event.type !== EVENT_ID.SCALAR || event.anchorStart === NO_RANGE)
}

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

/**
 * Whether data is what `yaml` gives too: no key a null became, and every
 * object met twice (an alias's) flat.
 * @param {unknown} value @param {Set<object>} seen @param {Set<object>} shared  objects met twice
 * @returns {boolean}
 */
function plain(value, seen, shared) {
  if (value === null || typeof value !== 'object') return true
  if (seen.has(value)) {
    shared.add(value)
    return Object.values(value).every((v) => v === null || typeof v !== 'object')
  }
  seen.add(value)
  if (Array.isArray(value)) return value.every((v) => plain(v, seen, shared))
  for (const key of Object.keys(value)) {
    if (key === 'null' || !plain(/** @type {Record<string, unknown>} */ (value)[key], seen, shared)) return false
  }
  return true
}
