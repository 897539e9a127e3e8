import {existsSync, readFileSync} from 'node:fs'
import {join, relative} from 'node:path'
import {readLanguages} from './languages.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {yamlData} from '../lib/yaml-source.js'

/**
 * The site's languages and their labels, from the i18n/<lang>.yaml files
 * Hugo reads: the package's, with the reports repository's over them key by key.
 *
 * @typedef {Record<string, string>} Labels
 */

/**
 * @param {string} root  project folder
 * @returns {string[]}  language codes, in the site's order (see languages.js)
 */
export function siteLanguages(root) {
  return readLanguages(root).map((l) => l.code)
}

/**
 * @param {string} root
 * @param {string} lang
 * @returns {Labels}
 */
export function loadLabels(root, lang) {
  const files = labelFiles(root, lang)
  // neither file: the repository's is the one missing
  if (files.length === 0) files.push(join(root, 'i18n', `${lang}.yaml`))
  return Object.assign({}, ...files.map((file) => readLabelFile(file, relative(root, file))))
}

/**
 * Every site language's labels as its pages get them: a key a language lacks
 * is the default language's, as Hugo falls back (`i18n check` reads each
 * language alone, loadLabels, to name what is missing).
 * @param {string} root
 * @param {string[]} languages  the site's, the default first
 * @returns {Record<string, Labels>}
 */
export function siteLabels(root, languages) {
  const own = languages.map((lang) => loadLabels(root, lang))
  return Object.fromEntries(languages.map((lang, i) => [lang, i === 0 ? own[0] : {...own[0], ...own[i]}]))
}

/**
 * The label files of a language that exist, the package's first (the repository's win).
 * @param {string} root
 * @param {string} lang
 */
export function labelFiles(root, lang) {
  const own = join(root, 'i18n', `${lang}.yaml`)
  const packaged = join(PACKAGE_ROOT, 'i18n', `${lang}.yaml`)
  return [...new Set([packaged, own])].filter((f) => existsSync(f))
}

/** @param {string} file @param {string} shown  as messages show it @returns {Labels} */
function readLabelFile(file, shown) {
  // a label is a string, or Hugo's `{other: …}` form
  const data = /** @type {Record<string, string | {other?: unknown} | null>} */ (yamlData(shown, readFileSync(file, 'utf8')) ?? {})
  return Object.fromEntries(
    Object.entries(data).map(([key, value]) => [key, typeof value === 'string' ? value : String(value?.other ?? '')])
  )
}

/**
 * Fill a label's `{{ .name }}` fields, as Hugo's i18n does (a field missing or null: empty), and its
 * `{{ with .name }}…{{ . }}…{{ end }}` blocks (shown only when the field is set); no space between CJK texts
 * nor beside a full-width bracket.
 * @param {string} label
 * @param {Record<string, string | number | null | undefined>} fields
 */
export function fillLabel(label, fields) {
  if (!label.includes('{{')) return label
  if (label.includes('{{ with')) label = label.replace(WITH, (_, name, body) => (fields[name] ? body.replace(/\{\{\s*\.\s*\}\}/g, String(fields[name])) : ''))
  // a label's parts are found once: a build fills the same few labels for every figure of every report
  let parts = labelParts.get(label)
  if (!parts) {
    if (labelParts.size >= 4096) labelParts.clear()
    parts = label.split(FIELD)
    labelParts.set(label, parts)
  }
  let out = parts[0]
  for (let i = 1; i < parts.length; i += 2) out += String(fields[parts[i]] ?? '') + parts[i + 1]
  // a label spaces its fields for Latin text and digits (`相比 {{ .baseline }} 的`), a CJK one none, nor a full-width
  // bracket (`v8.5.0（调优模式）的`): as compute/label.html does
  return cjkSpaced(out)
}

/** A text without a space between CJK texts, after a full-width closing bracket or before an opening one. @param {string} text */
export const cjkSpaced = (text) => text.replace(CJK_SPACE, '$1$2$3$4')
/** Such a space (the same in compute/label.html). */
const CJK_SPACE = /([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー]) ([\p{sc=Han}\p{sc=Hiragana}\p{sc=Katakana}ー])|([）」』》】]) | ([（「『《【])/gu
/** A label's `{{ with .name }}…{{ end }}` block. */
const WITH = /\{\{\s*with \.(\w+)\s*\}\}([\s\S]*?)\{\{\s*end\s*\}\}/g
/** A label's `{{ .name }}` field. */
const FIELD = /\{\{\s*\.(\w+)\s*\}\}/
/** @type {Map<string, string[]>} each label split at its fields: text, field name, text, … */
const labelParts = new Map()
