import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {parseYamlSource} from '../lib/yaml-source.js'
import {CJK_PUNCTUATION} from './text.js'
import {dataYaml} from './yaml-out.js'

/**
 * An export's front matter is a documentation page's (`title`, `summary`, this language's `aliases`)
 * and one key, `benchdoc: {id, lang, digest}`, by which `benchdoc import` finds the facts the Markdown
 * has no place for (facts.js, every language's data text and aliases) in the sidecar beside the page.
 * @typedef {import('./facts.js').ExportFacts & {id: string, lang: string, kind: string, aliases?: Record<string, string[]>}} FrontFacts
 *   the facts the reader computes with: the sidecar's and the page's language
 */

/**
 * Each value in double quotes, written by JSON.stringify (JSON's strings are YAML's): `yaml`'s
 * Document took 1.5 ms a page, 4.4 s of a cold build's main thread at 1,000 reports.
 * @param {{title: string, summary: string, aliases: string[], key: {id: string, lang: string, digest: string}}} input
 * @returns {string}  with its `---` fences
 */
export function frontMatterText({title, summary, aliases, key}) {
  // no `<` anywhere (a renderer without front matter support shows it as Markdown); in a language without CJK punctuation, none of that either
  const chars = /^(zh|ja|ko)\b/.test(key.lang) ? /</g : new RegExp(`<|${CJK_PUNCTUATION.source}`, 'g')
  // in double quotes, `\uXXXX` escapes read back as the same characters
  const q = (/** @type {string} */ text) => JSON.stringify(text).replace(chars, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`)
  const lines = [`title: ${q(title)}`, ...(summary ? [`summary: ${q(summary)}`] : []), ...(aliases.length > 0 ? [`aliases: [${aliases.map(q).join(', ')}]`] : [])]
  return `---\n${lines.join('\n')}\nbenchdoc: {id: ${q(key.id)}, lang: ${q(key.lang)}, digest: ${q(key.digest)}}\n---\n`
}

/** @param {string} text */
const digestOf = (text) => createHash('sha256').update(text).digest('hex').slice(0, 12)

/**
 * The sidecar of a report's exports, the same for every language, and its digest (the page's key names it):
 * its points one flow mapping a line, each number as `written` has it (`13.70`), by the writer of imported data.
 * @param {Omit<FrontFacts, 'lang'>} facts
 */
export function sidecarText({written = {}, ...facts}) {
  const texts = new Map(Object.entries(written).map(([path, text]) => [`results/${path}`, text]))
  const text = dataYaml(facts, texts, `benchdoc: the facts of ${facts.id}'s exports that a page has no place for (docs/exporting.md)`)
  return {text, digest: digestOf(text)}
}

/**
 * The facts of an export: the sidecar its key names beside the page.
 * @param {unknown} front  parsed front matter
 * @param {string | undefined} page  the page's file
 * @param {(message: string) => void} warn
 * @returns {{facts: FrontFacts, sidecar: import('../lib/yaml-source.js').SourceDoc} | 'earlier' | null}
 *   null when not an export, or its sidecar is not there (said); `sidecar`: its file, read with each scalar's text and place;
 *   `earlier`: an export by a benchdoc before 3 December 2026, its facts in the block (`subjects`, …), which is no longer read
 */
export function exportFactsOf(front, page, warn) {
  const b = front && typeof front === 'object' && 'benchdoc' in front ? front.benchdoc : null
  if (!b || typeof b !== 'object' || !('id' in b) || typeof b.id !== 'string') return null
  if ('subjects' in b) return 'earlier'
  const file = page ? join(dirname(page), `${b.id}.benchdoc.yaml`) : null
  if (!file || !existsSync(file)) {
    warn(`No \`${b.id}.benchdoc.yaml\` beside the page: read as a published report, without the facts it holds (subject ids, labels, variants, dimensions, other languages' texts and aliases, every measure and repeat of the points)`)
    return null
  }
  const text = readFileSync(file, 'utf8')
  if ('digest' in b && b.digest !== digestOf(text)) warn(`\`${b.id}.benchdoc.yaml\` is not the one this page was exported with (its digest differs): its facts are read all the same`)
  const sidecar = parseYamlSource(file, text)
  return {facts: {.../** @type {FrontFacts} */ (sidecar.data), id: b.id, ...('lang' in b && typeof b.lang === 'string' ? {lang: b.lang} : {})}, sidecar}
}
