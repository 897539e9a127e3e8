/**
 * Literal copies of the lists of tools/domain: a run of string literals in a
 * source file that are all items of one list. Not a test file.
 */
import {readFileSync, readdirSync} from 'node:fs'
import {join, relative} from 'node:path'

/**
 * @typedef {{value: string, line: number, listed: boolean}} Literal
 *   `listed`: only commas and white space stand between it and the literal
 *   before, as in an array (`['a', 'b']`) or a Hugo `slice "a" "b"`
 */

/**
 * The string literals of a source text, in order, with their lines: quoted
 * with ', " or ` (without `${`), in code, comments and templates alike.
 * @param {string} text
 * @returns {Literal[]}
 */
export function literals(text) {
  /** @type {Literal[]} */
  const found = []
  let end = -1
  for (const match of text.matchAll(/'([^'\n\\]*)'|"([^"\n\\]*)"|`([^`\n\\$]*)`/g)) {
    const value = match[1] ?? match[2] ?? match[3]
    const index = /** @type {number} */ (match.index)
    const listed = end >= 0 && /^[\s,]*$/.test(text.slice(end, index))
    found.push({value, line: text.slice(0, index).split('\n').length, listed})
    end = index + match[0].length
  }
  return found
}

/**
 * Lists of literals, side by side, that are at least `least` distinct items
 * of `list` and more than half of it: a subset chosen on purpose (five
 * workloads of sysbench's eleven for generated reports) is not a copy.
 * @param {Literal[]} tokens
 * @param {readonly string[]} list
 * @param {number} least
 * @returns {Array<{line: number, items: string[]}>}
 */
export function copiesOf(tokens, list, least) {
  const items = new Set(list)
  /** @type {Array<{line: number, items: string[]}>} */
  const copies = []
  /** @type {Literal[]} */
  let run = []
  const close = () => {
    const distinct = new Set(run.map((t) => t.value)).size
    if (distinct >= least && distinct > list.length / 2) copies.push({line: run[0].line, items: run.map((t) => t.value)})
    run = []
  }
  for (const token of tokens) {
    if (!token.listed) close()
    if (items.has(token.value)) run.push(token)
    else close()
  }
  close()
  return copies
}

/**
 * Every file of the folders, relative to `root`, but those under `except`.
 * @param {string} root
 * @param {string[]} folders
 * @param {string[]} except
 */
export function sourceFiles(root, folders, except) {
  /** @param {string} dir @returns {string[]} */
  const walk = (dir) => readdirSync(dir, {withFileTypes: true}).flatMap((e) => (e.isDirectory() ? walk(join(dir, e.name)) : [join(dir, e.name)]))
  // the bundle (tools/pack/) is made from the source, never written by hand
  const skipped = [...except, 'tools/bundle/', 'tools/bundle.new-', 'tools/bundle.old-']
  return folders.flatMap((f) => walk(join(root, f))).map((p) => relative(root, p)).filter((p) => !skipped.some((x) => p.startsWith(x))).sort()
}

/** @param {string} root @param {string} file */
export const readSource = (root, file) => readFileSync(join(root, file), 'utf8')
