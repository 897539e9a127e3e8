/**
 * The head of a report file as benchdoc writes it (nested mappings, lists
 * of mappings or of scalars, `|` literal blocks, an anchored list of thread
 * counts and its aliases), read without a YAML parser: js-yaml's set-up and
 * scanning cost a report's head more than its points. Only lines of a strict
 * form are read here; a file with any other line (a comment, a blank line, a
 * flow collection, a single quote, an escape, a key with nothing under it,
 * a plain value that holds `#` or `:`, a block scalar with an indicator) is
 * left to the parser, whole.
 *
 * The plain values are typed by the caller (`scalar`), as the parser's schema
 * types them, so the data is the data the parser gives. The caller has
 * already left to the parser a text with a tab, a carriage return, a tag or a
 * directive (yaml-fast.js).
 */

/** A mapping's line, after its indentation: a key as people write them, `:`, then nothing or one space and the value. */
const KEY_LINE = /^([A-Za-z_][\w-]*):(?: (.*))?$/

/** Keys YAML would read as null or a bool, or that name the prototype: left to the parser. */
const SPECIAL_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|__proto__)$/

/**
 * A plain value that means the same to every YAML parser in a block: it
 * starts with a character that is no indicator (or a sign or dot before a
 * digit), holds no `#` or `:` and no control character, and does not end in
 * a space.
 */
const PLAIN = /^(?:[^\x00-\x20\x7f-\x9f\-?:,[\]{}#&*!|>'"%@`.+]|[-+.][0-9])[^\x00-\x1f\x7f-\x9f#:\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]*$/

/** A double-quoted value without escapes or control characters. */
const QUOTED = /^"([^"\\\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]*)"$/

/** A literal block's line may hold anything but a control character. */
const CONTROL = /[\x00-\x1f\x7f-\x9f\u2028\u2029\ud800-\udfff\ufeff\ufffe\uffff]/

/** An anchor or alias name. */
const NAME = /^[\w-]+$/

/** Thrown to leave the file to the parser. */
const GIVE_UP = Symbol('give up')

/**
 * @typedef {{lines: string[], i: number, end: boolean, anchors: Map<string, object>, scalar: (source: string) => unknown, maxDepth: number}} State
 *   `end`: the text ends with a line break
 */

/**
 * @param {string} text
 * @param {(source: string) => unknown} scalar  a plain scalar's value
 * @param {number} maxDepth  deeper nesting is left to the parser
 * @returns {Record<string, unknown> | undefined}  undefined: leave the text to the parser
 */
export function readBlocks(text, scalar, maxDepth) {
  const lines = text.split('\n')
  const end = lines.at(-1) === ''
  if (end) lines.pop()
  if (lines.length === 0) return undefined
  /** @type {State} */
  const state = {lines, i: 0, end, anchors: new Map(), scalar, maxDepth}
  try {
    const data = mapping(state, 0, 0, undefined)
    return state.i === lines.length ? data : undefined
  } catch (error) {
    if (error === GIVE_UP) return undefined
    throw error
  }
}

/** @returns {never} */
function giveUp() {
  throw GIVE_UP
}

/** @param {string} line */
function indentOf(line) {
  let n = 0
  while (line.charCodeAt(n) === 32) n++
  return n
}

/**
 * The lines of a mapping at `indent`, from the current line on (or from
 * `first`, the rest of a list item's line, which starts it).
 * @param {State} st @param {number} indent @param {number} depth @param {string | undefined} first
 * @returns {Record<string, unknown>}
 */
function mapping(st, indent, depth, first) {
  if (depth > st.maxDepth) giveUp()
  /** @type {Record<string, unknown>} */
  const map = {}
  let content = first
  while (content !== undefined || st.i < st.lines.length) {
    if (content === undefined) {
      const line = st.lines[st.i]
      const ind = indentOf(line)
      if (ind < indent && line !== '') break
      if (ind !== indent) giveUp()
      content = line.slice(ind)
    }
    const m = KEY_LINE.exec(content) ?? giveUp()
    const key = m[1]
    if (SPECIAL_KEY.test(key) || Object.hasOwn(map, key)) giveUp()
    st.i++
    map[key] = value(st, m[2], indent, depth)
    content = undefined
  }
  return map
}

/**
 * A key's value: on its line, or the block under it.
 * @param {State} st @param {string | undefined} rest  what follows `key: ` @param {number} indent  the key's @param {number} depth
 * @returns {unknown}
 */
function value(st, rest, indent, depth) {
  if (rest === undefined) return nested(st, indent, depth)
  if (rest.startsWith('&')) {
    const name = rest.slice(1)
    if (!NAME.test(name) || st.anchors.has(name)) giveUp()
    const node = nested(st, indent, depth)
    st.anchors.set(name, node)
    return node
  }
  if (rest === '|') return literal(st, indent)
  return inline(st, rest)
}

/**
 * A scalar or an alias on the line of its key or list dash.
 * @param {State} st @param {string} rest
 * @returns {unknown}
 */
function inline(st, rest) {
  if (rest.startsWith('*')) {
    const name = rest.slice(1)
    return (NAME.test(name) && st.anchors.get(name)) || giveUp()
  }
  if (rest.startsWith('"')) return (QUOTED.exec(rest) ?? giveUp())[1]
  if (!PLAIN.test(rest) || rest.endsWith(' ')) giveUp()
  return st.scalar(rest)
}

/**
 * The mapping or list on the lines under a key, indented more than it.
 * @param {State} st @param {number} indent  the key's @param {number} depth
 * @returns {object}
 */
function nested(st, indent, depth) {
  if (st.i >= st.lines.length) giveUp()
  const line = st.lines[st.i]
  const ind = indentOf(line)
  // a key with nothing under it is null: left to the parser
  if (ind <= indent) giveUp()
  return line.startsWith('- ', ind) ? list(st, ind, depth + 1) : mapping(st, ind, depth + 1, undefined)
}

/**
 * The items of a block list at `indent`: `- scalar`, `- *alias` or
 * `- key: value` starting a mapping indented two more.
 * @param {State} st @param {number} indent @param {number} depth
 * @returns {unknown[]}
 */
function list(st, indent, depth) {
  if (depth > st.maxDepth) giveUp()
  /** @type {unknown[]} */
  const items = []
  while (st.i < st.lines.length) {
    const line = st.lines[st.i]
    const ind = indentOf(line)
    if (ind < indent && line !== '') break
    if (ind !== indent || !line.startsWith('- ', ind)) giveUp()
    const rest = line.slice(ind + 2)
    if (KEY_LINE.test(rest)) {
      items.push(mapping(st, indent + 2, depth + 1, rest))
    } else {
      st.i++
      items.push(inline(st, rest))
    }
  }
  return items
}

/**
 * A `|` block: the lines indented more than its key, less the first one's
 * indentation, each ended by a line break (the last one kept, none added).
 * @param {State} st @param {number} indent  the key's
 * @returns {string}
 */
function literal(st, indent) {
  const start = st.i
  while (st.i < st.lines.length && st.lines[st.i] !== '' && indentOf(st.lines[st.i]) > indent) st.i++
  if (st.i === start || (st.i === st.lines.length && !st.end)) giveUp()
  const lines = st.lines.slice(start, st.i)
  const by = indentOf(lines[0])
  // a blank line, a line indented less than the first or holding a control character: left to the parser
  if (lines.some((l) => indentOf(l) < by || l.length === indentOf(l) || CONTROL.test(l))) giveUp()
  return `${lines.map((l) => l.slice(by)).join('\n')}\n`
}
