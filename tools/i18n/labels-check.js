import {existsSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {LineCounter, isMap, isScalar, parseDocument} from 'yaml'
import {PACKAGE_ROOT} from '../lib/root.js'
import {yamlData} from '../lib/yaml-source.js'
import {LABEL_TERMS, SAME_IN_EVERY_LANGUAGE, findTerm, forbiddenTermsIn} from './terms.js'
import {loadGlossary, termMessage, termMisuses} from './glossary.js'

/**
 * The labels in i18n/<lang>.yaml, checked against the first language's (en): errors
 * `label-missing`, `label-extra`, `label-fields` (the `{{ .field }}` placeholders
 * differ), `label-empty`, `forbidden-term`, `label-term` (a variant the glossary
 * avoids); warnings `term-missing` and `label-untranslated` (identical to en, with
 * words besides the terms every language keeps).
 * In a reports repository only its own labels are reported, merged over the package's.
 *
 * @typedef {{value: string, line: number, col: number, raw: string, own: boolean}} Entry
 *   `raw` is the label as written in the file (quotes included), from `col`;
 *   `own`: written in the repository's file, not the package's
 */

const FIELD = /\{\{\s*\.(\w+)\s*\}\}/g

/**
 * @param {string} root
 * @param {string[]} languages  the first is the one others are checked against
 * @param {string[]} [only]  check only these languages' files
 */
export function checkLabels(root, languages, only) {
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  const [base] = languages
  const files = Object.fromEntries(languages.map((l) => [l, readEntries(root, l)]))
  const baseEntries = files[base].entries
  const baseKeys = [...baseEntries.keys()]
  const glossary = loadGlossary(root)
  for (const lang of only ?? languages) {
    if (!files[lang]) continue
    const {rel, entries} = files[lang]
    /** @param {number} line @param {number} col @param {'error' | 'warning'} severity @param {string} rule @param {string} message */
    const add = (line, col, severity, rule, message) => problems.push({file: rel, line, col, severity, rule, message})
    for (const [key, entry] of entries) {
      if (!entry.own) continue
      if (entry.value.trim() === '') add(entry.line, entry.col, 'error', 'label-empty', `Unexpected empty label \`${key}\`, expected text`)
      for (const {term, expected, index} of forbiddenTermsIn(entry.raw)) {
        add(entry.line, entry.col + index, 'error', 'forbidden-term', `Unexpected \`${term}\` in \`${key}\`, expected \`${expected}\` (a machine-translation error)`)
      }
      for (const m of termMisuses(glossary, lang, key, entry.value)) {
        add(entry.line, entry.col, 'error', 'label-term', termMessage(m, key))
      }
    }
    if (lang === base) continue
    baseKeys.forEach((key, index) => {
      if (entries.has(key)) return
      const before = baseKeys.slice(0, index).reverse().find((k) => entries.get(k)?.own)
      const line = before ? /** @type {Entry} */ (entries.get(before)).line + 1 : 1
      const at = /** @type {Entry} */ (baseEntries.get(key)).line
      add(line, 1, 'error', 'label-missing', `Missing label \`${key}\` of ${base}.yaml:${at}, expected it ${before ? `after \`${before}\`` : 'first'}`)
    })
    for (const [key, entry] of entries) {
      if (!entry.own) continue
      const source = baseEntries.get(key)
      if (!source) {
        add(entry.line, 1, 'error', 'label-extra', `Unexpected label \`${key}\`, expected only the keys of ${base}.yaml`)
        continue
      }
      if (entry.value === source.value && hasWords(source.value, glossary.keep[lang] ?? [])) {
        add(entry.line, entry.col, 'warning', 'label-untranslated', `Unexpected label \`${key}\` identical to ${base}.yaml:${source.line}, expected its translation`)
      }
      const want = fields(source.value)
      const have = fields(entry.value)
      if (want.join() !== have.join()) {
        add(entry.line, entry.col, 'error', 'label-fields',
          `Unexpected fields ${show(have)} in \`${key}\`, expected ${show(want)} as in ${base}.yaml:${source.line}`)
      }
      for (const term of LABEL_TERMS) {
        if (findTerm(source.value, term) >= 0 && findTerm(entry.value, term) < 0) {
          add(entry.line, entry.col, 'warning', 'term-missing', `Missing \`${term}\` in \`${key}\`, expected it untranslated as in ${base}.yaml:${source.line}`)
        }
      }
    }
  }
  return problems
}

/**
 * A language's labels: the repository's file first, then the package's labels it does not override.
 * @param {string} root
 * @param {string} lang
 * @returns {{rel: string, entries: Map<string, Entry>}}
 */
function readEntries(root, lang) {
  const rel = join('i18n', `${lang}.yaml`)
  const packaged = join(PACKAGE_ROOT, rel)
  const own = root === PACKAGE_ROOT || !existsSync(packaged) || existsSync(join(root, rel)) ? fileEntries(join(root, rel), true, root) : new Map()
  if (root === PACKAGE_ROOT || !existsSync(packaged)) return {rel, entries: own}
  for (const [key, entry] of fileEntries(packaged, false, root)) if (!own.has(key)) own.set(key, entry)
  return {rel, entries: own}
}

/**
 * @param {string} file
 * @param {boolean} own
 * @param {string} root  messages name the file from here
 */
function fileEntries(file, own, root) {
  const text = readFileSync(file, 'utf8')
  yamlData(relative(root, file), text) // a file that does not parse stops the check, its error named
  const counter = new LineCounter()
  const doc = parseDocument(text, {lineCounter: counter})
  /** @type {Map<string, Entry>} */
  const entries = new Map()
  if (!isMap(doc.contents)) return entries
  for (const pair of doc.contents.items) {
    if (!isScalar(pair.key)) continue
    const node = pair.value
    // the key's place when the value has none (a key without a value)
    const at = /** @type {number[]} */ (/** @type {{range?: number[]} | null} */ (node)?.range ?? pair.key.range)
    const {line, col} = counter.linePos(at[0])
    const value = isScalar(node) ? String(node.value ?? '') : isMap(node) ? String(node.get('other') ?? '') : ''
    entries.set(String(pair.key.value), {value, line, col, raw: node?.range ? text.slice(at[0], at[1]) : '', own})
  }
  return entries
}

/**
 * Whether a label has words to translate once fields and the terms every language (or `kept`) keeps are out.
 * @param {string} label
 * @param {string[]} kept
 */
function hasWords(label, kept) {
  let rest = label.replace(FIELD, ' ')
  // longest first: `Bulk Insert` before `Insert`
  for (const term of [...SAME_IN_EVERY_LANGUAGE, ...kept].sort((a, b) => b.length - a.length)) rest = rest.split(term).join(' ')
  return /\p{L}/u.test(rest)
}

/** @param {string} label */
function fields(label) {
  return [...label.matchAll(FIELD)].map((m) => m[1]).sort()
}

/** @param {string[]} names */
function show(names) {
  return names.length === 0 ? 'none' : names.map((n) => `\`{{ .${n} }}\``).join(', ')
}
