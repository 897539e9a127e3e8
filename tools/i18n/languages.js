import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'smol-toml'
import {PACKAGE_ROOT} from '../lib/root.js'
import {LANG_CODE} from './data-text.js'

/**
 * The site's languages from Hugo's own config.toml (`[languages.*]`, by
 * weight), so no language is named in code. The first, the default content
 * language, is the source of labels.
 *
 * @typedef {{code: string, name: string, locale: string, weight: number}} SiteLanguage
 *   `locale` is Hugo's `languageCode` (BCP 47, used for Intl formats).
 */

/**
 * @param {string} root  project folder
 * @returns {SiteLanguage[]}
 */
export function readLanguages(root) {
  const file = join(root, 'config.toml')
  if (!existsSync(file)) return fromLabelFiles(root)
  const text = readFileSync(file, 'utf8')
  // the same config as last time is not parsed again: a build asks once per report; each caller gets its own copy
  if (lastRead?.text !== text) lastRead = {text, list: configLanguages(text)}
  return lastRead.list.length > 0 ? lastRead.list.map((l) => ({...l})) : fromLabelFiles(root)
}

/** @type {{text: string, list: SiteLanguage[]} | null} the last config.toml read, and its languages */
let lastRead = null

/**
 * @param {string} text  a config.toml
 * @returns {SiteLanguage[]}  ordered: the default content language first, then by weight
 */
function configLanguages(text) {
  const config = parse(text)
  // Hugo's `[languages.<code>]` tables; each field is looked at before it is used
  const table = /** @type {Record<string, Record<string, unknown>>} */ (config.languages ?? {})
  const first = String(config.defaultContentLanguage ?? '')
  const list = Object.entries(table).map(([code, l], i) => ({
    code,
    name: String(l.languageName ?? code),
    locale: String(l.languageCode ?? code),
    weight: typeof l.weight === 'number' ? l.weight : 1000 + i
  }))
  list.sort((a, b) => Number(b.code === first) - Number(a.code === first) || a.weight - b.weight)
  return list
}

/**
 * Without a config (small test projects): the label files alphabetically (glossary.yaml is none), else the package's languages.
 * @param {string} root
 * @returns {SiteLanguage[]}
 */
function fromLabelFiles(root) {
  const dir = join(root, 'i18n')
  const codes = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.yaml')).map((f) => f.slice(0, -5)).filter((code) => LANG_CODE.test(code)).sort() : []
  if (codes.length === 0 && root !== PACKAGE_ROOT) return readLanguages(PACKAGE_ROOT)
  return codes.map((code, i) => ({code, name: code, locale: code, weight: i + 1}))
}
