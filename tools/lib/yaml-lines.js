/**
 * A small YAML file of `key: value` lines, read without a YAML parser: a
 * narrative's front matter (`report`, `lang`, its `translated_from` stamp of
 * quoted digests) is such a file, and a build reads one for every narrative,
 * where js-yaml's set-up alone cost as much as a report's head. Only lines of
 * a strict form are read here; a file with any other line (a comment, a
 * blank line, a list, a flow collection, a single quote, an escape, a key
 * with nothing under it) is left to the parser, whole.
 *
 * The plain values are typed by the caller (`scalar`), as the parser's schema
 * types them, so the data is the data the parser gives.
 */

/**
 * One line: indentation, a key as people write them, `:`, then nothing (a
 * mapping follows, indented), a double-quoted text without escapes, or a
 * plain scalar that means the same anywhere: it starts with a letter or
 * digit (or a sign or dot before a digit) and holds only letters, digits,
 * `_ . + - /` and spaces (so no `: `, ` #`, quote or indicator).
 */
const LINE = /^( *)([A-Za-z_][\w-]*):(?: +(?:"([^"\\\x00-\x1f\x7f]*)"|((?:\w|[-+.][0-9])[\w.+\-/ ]*)))?$/

/** Keys YAML would read as null or a bool, or that name the prototype: left to the parser. */
const SPECIAL_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|__proto__)$/

/**
 * @param {string} text
 * @param {(source: string) => unknown} scalar  a plain scalar's value
 * @param {number} maxDepth  deeper nesting is left to the parser
 * @returns {Record<string, unknown> | undefined}  undefined: leave the file to the parser
 */
export function readLines(text, scalar, maxDepth) {
  if (text === '') return undefined
  /** @type {Record<string, unknown>} */
  const root = {}
  /** the mappings open around the current line, each with its lines' indentation */
  const open = [{indent: 0, map: root}]
  /** a key just read with nothing after its `:`: the next line starts its mapping */
  let pending = null
  // line by line, to stop at the first line of another form (a report's first list) without splitting the rest
  for (let start = 0; start < text.length; ) {
    const newline = text.indexOf('\n', start)
    const end = newline < 0 ? text.length : newline
    const m = LINE.exec(text.slice(start, end))
    start = end + 1
    if (!m) return undefined
    const indent = m[1].length
    if (pending) {
      // a key with nothing under it is null: left to the parser
      if (indent <= pending.indent) return undefined
      open.push({indent, map: pending.map})
      if (open.length > maxDepth) return undefined
      pending = null
    } else {
      while (open.length > 1 && indent < open[open.length - 1].indent) open.pop()
      if (indent !== open[open.length - 1].indent) return undefined
    }
    const {map} = open[open.length - 1]
    const [, , key, quoted, plain] = m
    if (SPECIAL_KEY.test(key) || Object.hasOwn(map, key)) return undefined
    if (quoted !== undefined) map[key] = quoted
    else if (plain !== undefined) {
      if (plain.endsWith(' ')) return undefined
      map[key] = scalar(plain)
    } else {
      /** @type {Record<string, unknown>} */
      const child = {}
      map[key] = child
      pending = {indent, map: child}
    }
  }
  return pending ? undefined : root
}
