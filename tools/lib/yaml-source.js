import {createRequire} from 'node:module'
import {InvalidError} from './errors.js'
import {excerpt} from './input.js'
import {formatProblem} from './problems.js'
import {jsYamlStop, loadYaml, offsetIn} from './yaml-load.js'

const require = createRequire(import.meta.url)
/**
 * The yaml package, loaded when first needed: most runs never do, and loading
 * it costs a thread about as much as validating 50 files.
 * @returns {typeof import('yaml')}
 */
const yaml = () => require('yaml')

/**
 * Deeper nesting, more alias expansions or another tag is refused with a place,
 * before it can exhaust the stack, memory or time.
 */
export const YAML_LIMITS = Object.freeze({depth: 64, indent: 256, aliases: 100})
const CORE_TAGS = new Set(['str', 'int', 'float', 'bool', 'null', 'map', 'seq'].map((t) => `tag:yaml.org,2002:${t}`))

/**
 * A YAML file's data, and the place of any node for a message.
 * @typedef {{line: number, col: number}} Place
 * @typedef {{
 *   file: string,
 *   data: unknown,
 *   syntaxErrors: Array<{message: string, place: Place}>,
 *   placeOf: (path: Array<string | number>, key?: boolean) => Place,
 *   sourceOf: (path: Array<string | number>) => string | undefined
 * }} SourceDoc
 */

/**
 * Read by js-yaml first (yaml-load.js), whose events place a message; `yaml` reads every
 * file js-yaml leaves to it, and parses again only for what the events do not say.
 * @param {string} file  name used in messages
 * @param {string} text  YAML source
 * @returns {SourceDoc}
 */
export function parseYamlSource(file, text) {
  const tooDeep = textNesting(text)
  const loaded = tooDeep ? null : loadYaml(text)
  if (!loaded) return parsePlaced(file, text, tooDeep)
  /** @type {SourceDoc | undefined} */
  let placed
  const slow = () => (placed ??= parsePlaced(file, text, null, true))
  return {
    file,
    data: loaded.data,
    syntaxErrors: [],
    placeOf: (path, key = false) => {
      const offset = offsetIn(loaded.events, text, path, key)
      return offset < 0 ? slow().placeOf(path, key) : placeAt(text, offset)
    },
    sourceOf: (path) => {
      const value = valueAt(loaded.data, path, loaded.shared)
      // a number js-yaml took is written as JavaScript writes it; a mapping or list has no source
      if (typeof value === 'number') return String(value)
      return value !== null && typeof value === 'object' && !loaded.shared.has(value) ? undefined : slow().sourceOf(path)
    }
  }
}

/** An offset's line and column (1-based, in UTF-16 units as `yaml`'s). @param {string} text @param {number} offset @returns {Place} */
function placeAt(text, offset) {
  let line = 1
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) line++
  return {line, col: offset - text.lastIndexOf('\n', offset - 1)}
}

/** A file's syntax errors as problems (`yaml-syntax`). @param {SourceDoc} doc @returns {import('./problems.js').Problem[]} */
export const syntaxProblems = (doc) => doc.syntaxErrors.map((e) => ({file: doc.file, ...e.place, severity: 'error', message: e.message, rule: 'yaml-syntax'}))

/** The data of a YAML file a command stops at when bad: its syntax error thrown as `file:line:col: error: …` (exit 1). @param {string} file  as shown @param {string} text */
export function yamlData(file, text) {
  const doc = parseYamlSource(file, text)
  if (doc.syntaxErrors.length > 0) throw new InvalidError(`invalid YAML\n${syntaxProblems(doc).map(formatProblem).join('\n')}`)
  return doc.data
}

/**
 * The value `sourceOf` would find on `path`: the deepest that exists, stopping
 * at an object an alias shares (only `yaml` knows which place is the alias).
 * @param {unknown} data @param {Array<string | number>} path @param {Set<object>} shared
 */
function valueAt(data, path, shared) {
  let value = data
  for (const seg of path) {
    if (value === null || typeof value !== 'object' || shared.has(value)) return value
    const next = Array.isArray(value) ? value[Number(seg)] : Object.hasOwn(value, String(seg)) ? /** @type {Record<string, unknown>} */ (value)[String(seg)] : undefined
    if (next === undefined) return value
    value = next
  }
  return value
}

/**
 * @param {string} file
 * @param {string} text
 * @param {{message: string, place: Place} | null} tooDeep  textNesting(text)
 * @param {boolean} [placesOnly]  js-yaml read the file: only the tree is wanted, not its checks or data
 * @returns {SourceDoc}
 */
function parsePlaced(file, text, tooDeep, placesOnly = false) {
  const {LineCounter, isMap, isScalar, isSeq, parseDocument} = yaml()
  const lineCounter = new LineCounter()
  /** @type {ReturnType<typeof parseDocument>} */
  let doc
  try {
    doc = parseDocument(tooDeep ? '' : text, {lineCounter, prettyErrors: false, uniqueKeys: false})
  } catch (error) {
    // yaml's parser recurses once a line for some lines that break the indentation (a character before a `-`)
    if (!(error instanceof RangeError)) throw error
    return parsePlaced(file, text, unfollowable(text), placesOnly)
  }

  /** @type {(offset: number) => Place} */
  const place = lineCounter.linePos
  const first = doc.errors[0] && plainError(doc.errors[0], text)
  // the first syntax error only: after it, yaml's reading of the rest says little
  const syntaxErrors = tooDeep ? [tooDeep] : first ? [{message: first.message, place: place(first.offset)}] : placesOnly ? [] : structureErrors(doc.contents, place)
  /** @type {unknown} */
  let data
  if (syntaxErrors.length === 0 && !placesOnly) {
    try {
      data = doc.toJS({maxAliasCount: YAML_LIMITS.aliases})
    } catch (error) {
      const message = /** @type {Error} */ (error).message
      if (!/alias/i.test(message)) throw error
      const unresolved = /^Unresolved alias[^:]*: (.*)$/.exec(message)
      syntaxErrors.push({
        message: unresolved ? `Unknown alias \`*${unresolved[1].slice(0, 40)}\`, expected an anchor \`&${unresolved[1].slice(0, 40)}\` set before it` : `Too many alias expansions, expected at most ${YAML_LIMITS.aliases}`,
        place: place(firstAliasOffset(doc.contents))
      })
    }
  }

  /**
   * Walk to the deepest node that exists on `path`.
   * @param {Array<string | number>} path
   * @param {boolean} wantKey  the key node of the last segment rather than its value
   */
  const nodeAt = (path, wantKey) => {
    /** @type {unknown} */
    let node = doc.contents
    for (let i = 0; i < path.length; i++) {
      const seg = path[i]
      const last = i === path.length - 1
      if (isMap(node)) {
        const pair = node.items.find((p) => isScalar(p.key) && String(p.key.value) === String(seg))
        if (!pair) return node
        if (last && wantKey) return pair.key
        node = pair.value ?? pair.key
      } else if (isSeq(node)) {
        const item = node.items[Number(seg)]
        if (!item) return node
        node = item
      } else {
        return node
      }
    }
    return node
  }

  return {
    file,
    data: syntaxErrors.length > 0 ? undefined : data,
    syntaxErrors,
    placeOf(path, key = false) {
      const node = /** @type {{range?: number[] | null} | null | undefined} */ (nodeAt(path, key))
      return node?.range ? place(node.range[0]) : {line: 1, col: 1}
    },
    sourceOf(path) {
      const node = nodeAt(path, false)
      return isScalar(node) && typeof node.source === 'string' ? node.source : undefined
    }
  }
}

/**
 * Turn a JSON pointer (ajv's instancePath) into path segments.
 * @param {string} pointer
 */
export function pointerToPath(pointer) {
  if (pointer === '') return []
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
}

/**
 * A file `yaml` cannot follow: its error at the place js-yaml stops, said at that line.
 * @param {string} text
 * @returns {{message: string, place: Place}}
 */
function unfollowable(text) {
  const stop = Math.max(0, jsYamlStop(text))
  const lineStart = text.lastIndexOf('\n', stop - 1) + 1
  return {message: `Unexpected \`${excerpt(text.slice(lineStart).split('\n', 1)[0].trim())}\` here, expected YAML that lines up with what it belongs to (this line and those after it do not)`, place: placeAt(text, stop)}
}

/**
 * Nesting visible in the text, refused before the parser (which recurses) sees
 * it: flow brackets too deep or indentation too wide, outside quotes and comments.
 * @param {string} text
 * @returns {{message: string, place: Place} | null}
 */
function textNesting(text) {
  // from one character that matters to the next (line breaks, quotes, `#`, brackets): this runs over every file validated
  const marks = /[\n"'#[\]{}]/g
  let depth = 0
  let line = 1
  let lineStart = 0
  /** the char code of the open quote, or 0 */
  let quote = 0
  if (indentOf(text, 0) > YAML_LIMITS.indent) return tooIndented(line)
  for (let m = marks.exec(text); m; m = marks.exec(text)) {
    const i = m.index
    const c = text.charCodeAt(i)
    if (c === NL) {
      line++
      lineStart = i + 1
      // indentation counts in quoted text too
      if (indentOf(text, lineStart) > YAML_LIMITS.indent) return tooIndented(line)
    } else if (quote !== 0) {
      if (c === quote && (quote === SINGLE || text.charCodeAt(i - 1) !== BACKSLASH)) quote = 0
    } else if (c === HASH) {
      if (i === 0 || isSpace(text.charCodeAt(i - 1))) {
        const end = text.indexOf('\n', i)
        marks.lastIndex = end === -1 ? text.length : end
      }
    } else if (c === DOUBLE || c === SINGLE) {
      if (i === lineStart || opensQuote(text.charCodeAt(i - 1))) quote = c
    } else if (c === OPEN_SQUARE || c === OPEN_CURLY) {
      if (++depth > YAML_LIMITS.depth) return {message: `Nested more than ${YAML_LIMITS.depth} levels deep, expected at most ${YAML_LIMITS.depth}`, place: {line, col: i - lineStart + 1}}
    } else {
      depth = Math.max(0, depth - 1)
    }
  }
  return null
}

/**
 * How many spaces and dashes a line starts with, counted up to one more than the limit.
 * @param {string} text @param {number} start
 */
function indentOf(text, start) {
  let i = start
  const stop = start + YAML_LIMITS.indent + 1
  for (let c = text.charCodeAt(i); i < stop && (c === SPACE || c === DASH); c = text.charCodeAt(++i));
  return i - start
}

/** @param {number} line @returns {{message: string, place: Place}} */
function tooIndented(line) {
  return {message: `Indented more than ${YAML_LIMITS.indent} columns, expected at most ${YAML_LIMITS.indent}`, place: {line, col: YAML_LIMITS.indent + 1}}
}

const [NL, SPACE, DASH, HASH, DOUBLE, SINGLE, BACKSLASH] = ['\n', ' ', '-', '#', '"', "'", '\\'].map((c) => c.charCodeAt(0))
const [OPEN_SQUARE, OPEN_CURLY] = ['[', '{'].map((c) => c.charCodeAt(0))

/** What `/\s/` matches. @param {number} c */
const isSpace = (c) => (c <= 32 ? c === 32 || (c >= 9 && c <= 13) : /\s/.test(String.fromCharCode(c)))

/** A character after which a quote opens a quoted scalar: what `/[\s\[{,:-]/` matches. @param {number} c */
const opensQuote = (c) => isSpace(c) || c === OPEN_SQUARE || c === OPEN_CURLY || c === 44 || c === 58 || c === DASH

/**
 * Walk the node tree without recursion: nesting depth, tags other than the
 * core ones, duplicate keys (linear: yaml's own check is quadratic), and numbers too large.
 * @param {unknown} root
 * @param {(offset: number) => Place} place
 * @returns {Array<{message: string, place: Place}>}
 */
function structureErrors(root, place) {
  const {isAlias, isMap, isScalar, isSeq} = yaml()
  /** @type {Array<{message: string, place: Place}>} */
  const errors = []
  /** @type {Array<[unknown, number]>} */
  const stack = root ? [[root, 1]] : []
  const at = (/** @type {{range?: number[] | null}} */ node) => place(node?.range?.[0] ?? 0)
  while (stack.length > 0 && errors.length < 20) {
    const [item, depth] = /** @type {[unknown, number]} */ (stack.pop())
    // a node of the yaml package's tree (a scalar, map, sequence or alias), or null
    const node = /** @type {(import('yaml').Node & {tag?: string, range?: number[]}) | null} */ (item)
    if (!node || isAlias(node)) continue
    if (depth > YAML_LIMITS.depth) {
      if (!errors.some((e) => e.message.startsWith('Nested'))) errors.push({message: `Nested more than ${YAML_LIMITS.depth} levels deep, expected at most ${YAML_LIMITS.depth}`, place: at(node)})
      continue
    }
    if (node.tag && !CORE_TAGS.has(node.tag)) errors.push({message: `Unknown tag \`${String(node.tag).slice(0, 40)}\`, expected no tag`, place: at(node)})
    if (isScalar(node)) {
      if (typeof node.value === 'number' && !Number.isFinite(node.value)) errors.push({message: `Unexpected \`${String(node.source ?? '').slice(0, 40)}\`, expected a finite number (not infinite, not NaN, at most about 1.8e308)`, place: at(node)})
    } else if (isMap(node)) {
      const keys = new Set()
      for (const pair of node.items) {
        if (isMap(pair.key) || isSeq(pair.key)) errors.push({message: 'Unexpected mapping or list as a key, expected a plain key', place: at(pair.key)})
        if (isScalar(pair.key)) {
          const key = String(pair.key.value)
          if (keys.has(key)) errors.push({message: `Duplicate key \`${key.slice(0, 40)}\`, expected each key once in a mapping`, place: at(pair.key)})
          keys.add(key)
        }
        stack.push([pair.key, depth + 1], [pair.value, depth + 1])
      }
    } else if (isSeq(node)) {
      for (const item of node.items) stack.push([item, depth + 1])
    }
  }
  return errors.sort((a, b) => a.place.line - b.place.line || a.place.col - b.place.col)
}

/** Offset of the first alias in the document, for the alias-limit message. @param {unknown} root */
function firstAliasOffset(root) {
  const {isAlias, isMap, isSeq} = yaml()
  /** @type {unknown[]} */
  const stack = [root]
  let first = Infinity
  while (stack.length > 0) {
    const node = stack.pop()
    if (!node) continue
    if (isAlias(node)) first = Math.min(first, node.range?.[0] ?? Infinity)
    else if (isMap(node)) for (const pair of node.items) stack.push(pair.key, pair.value)
    else if (isSeq(node)) stack.push(...node.items)
  }
  return Number.isFinite(first) ? first : 0
}

/**
 * yaml's error in plain words, placed at the slip: yaml finds an unclosed quote or
 * bracket where the value or the next line ends, and a line indented too far on the line before.
 * @param {import('yaml').YAMLError} error @param {string} text
 * @returns {{message: string, offset: number}}
 */
function plainError({code, message, pos: [at]}, text) {
  const said = (/** @type {string} */ words, offset = at) => ({message: words, offset})
  const lineAt = (/** @type {number} */ offset) => excerpt(text.slice(offset).split('\n', 1)[0].trim())
  const lineStart = text.lastIndexOf('\n', at - 1) + 1
  const before = text.slice(lineStart, at).trimEnd()
  const next = /\n\s*(?=\S)/.exec(text.slice(at))
  const below = next ? at + next.index + next[0].length : at
  const quote = /^Missing closing (["'])/.exec(message)?.[1]
  // at the quote left open; where quotes before pair up otherwise, at the place yaml names
  const open = quote ? text.slice(0, at).search(quote === '"' ? /"(?:[^"\\]|\\[^])*$/ : /'(?:[^']|'')*$/) : -1
  if (quote) return said(`Missing the closing \`${quote}\` of this quoted value, expected one where the value ends`, open < 0 ? at : open)
  if (code === 'BAD_INDENT' && message.startsWith('Flow')) return said(`Missing the closing \`${message.at(-1)}\`, expected it at the end of this line`, text.slice(0, at).trimEnd().length)
  if (code === 'TAB_AS_INDENT') return said('Unexpected tab in the indentation, expected spaces (YAML indents with spaces only)')
  if (code === 'MULTIPLE_DOCS') return said('Unexpected second document (`---`), expected one YAML document per file')
  if (message.startsWith('Unexpected scalar at node end') && /["'\]}]$/.test(before)) return said(`Unexpected \`${lineAt(at)}\` after the closing \`${before.at(-1)}\`, expected the end of the value${/["']$/.test(before) ? '; to keep it, put it inside the quotes' : ''}`)
  if (message.startsWith('Implicit') && !lineAt(at).startsWith('-')) return said(`Unexpected \`${lineAt(at)}\`, expected \`key: value\`; a colon is missing after \`${excerpt(/^[^\s:]*/.exec(text.slice(at))?.[0])}\``)
  if (message.startsWith('Nested') && /:(\s|$)/.test(lineAt(at))) return said(`Unexpected \`${lineAt(at)}\`, expected a value without \`: \`, or the value in quotes`)
  if (message.startsWith('Nested') && next) return said(`Unexpected indentation of \`${lineAt(below)}\`, expected it lined up with \`${excerpt(/^[\s-]*([^\s:]*)/.exec(text.slice(lineStart))?.[1])}\` above`, below)
  if (code !== 'BAD_INDENT' && code !== 'BLOCK_AS_IMPLICIT_KEY' && !/^(Sequence item|Implicit)/.test(message)) return said(message.split('\n')[0])
  const start = at + text.slice(at).search(/\S/)
  return said(`Unexpected \`${lineAt(start)}\` at this indentation, expected it lined up with the items it belongs with`, start)
}
