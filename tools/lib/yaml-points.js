/**
 * The `results:` block of a report file as benchdoc writes it, one flow
 * mapping of plain scalars a line (`  - {subject: v1, workload: oltp_insert,
 * threads: 8, qps: 1200}`), read without a YAML parser: a report is mostly
 * this block, and js-yaml takes ten times longer over it. Only lines of a
 * strict form are read here; a block with any other line (a comment, a blank
 * line, a nested list, a quoted value) is left to the parser, whole.
 *
 * The values are typed by the caller (`scalar`), as the parser's schema
 * types plain scalars, so the data is the data the parser gives.
 */

/** A point line: indentation, `- {`, the pairs, `}` and nothing after. */
const POINT_LINE = /^( *)- \{(.*)\}$/

/**
 * One `key: value` of a point line, which is cut at its commas. A key as the schema
 * writes them; a value a plain scalar that means the same in any flow
 * context: it starts with a letter or digit (or a sign or dot before a
 * digit) and holds only letters, digits, `_ . + - /` and spaces (so no
 * `: `, ` #` or flow indicator).
 */
const PAIR = /^ *([A-Za-z_][A-Za-z0-9_]*) *: +((?:[A-Za-z0-9_]|[-+.][0-9])(?:[A-Za-z0-9_.+\-/ ]*[A-Za-z0-9_.+\-/])?) *$/

/** Keys YAML would read as null or a bool, or that name the prototype: left to the parser. */
const SPECIAL_KEY = /^(?:[Nn]ull|NULL|[Tt]rue|TRUE|[Ff]alse|FALSE|__proto__)$/

/**
 * Cut the top-level `results:` block out of `text` when every line of it is
 * a point line. The text before and after it is left to the parser, each
 * part on its own: a part that is not complete YAML (the block sat inside a
 * quoted or bracketed value) fails there, and the file is read whole.
 * @param {string} text
 * @param {(source: string) => unknown} scalar  a plain scalar's value
 * @returns {{before: string, points: Array<Record<string, unknown>>, after: string} | null}
 *   null: read the file whole
 */
export function cutPoints(text, scalar) {
  // a document end marker would let the parts read as one document each where the file has two
  if (/^\.\.\./m.test(text)) return null
  const start = text.startsWith('results:\n') ? 0 : text.indexOf('\nresults:\n') + 1
  if (start === 0 && !text.startsWith('results:\n')) return null
  const body = start + 'results:\n'.length
  // the block ends at the next line that starts with neither a space nor `-`, or at the end
  const next = text.slice(body).search(/^[^\s-]/m)
  const end = next < 0 ? text.length : body + next
  const lines = text.slice(body, end).split('\n')
  while (lines.at(-1) === '') lines.pop()
  if (lines.length === 0) return null
  /** @type {Array<Record<string, unknown>>} */
  const points = []
  /** @type {string | undefined} */
  let indent
  for (const line of lines) {
    const match = POINT_LINE.exec(line)
    if (!match || (indent ??= match[1]) !== match[1]) return null
    const point = pointOf(match[2], scalar)
    if (!point) return null
    points.push(point)
  }
  return {before: text.slice(0, start), points, after: text.slice(end)}
}

/**
 * @param {string} pairs  `key: value, key: value`
 * @param {(source: string) => unknown} scalar
 * @returns {Record<string, unknown> | null}
 */
function pointOf(pairs, scalar) {
  /** @type {Record<string, unknown>} */
  const point = {}
  if (pairs === '') return point
  // no key or value holds a comma: each pair is one part (an empty one, as after a trailing comma, is left to the parser)
  for (const pair of pairs.split(',')) {
    const match = PAIR.exec(pair)
    if (!match) return null
    const [, key, source] = match
    if (SPECIAL_KEY.test(key) || Object.hasOwn(point, key)) return null
    point[key] = scalar(source)
  }
  return point
}
