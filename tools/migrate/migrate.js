import {isMap, parseDocument} from 'yaml'
import {MIGRATIONS, SCHEMA_VERSIONS, recordedVersion} from '../lib/schema-version.js'

/**
 * One file brought to the current schema version: each migration from its
 * version on applied to its YAML document (comments and layout kept).
 *
 * @typedef {import('../lib/schema-version.js').Kind} Kind
 *   `text` equals the input when the file was current already
 */

/**
 * @param {string} text  the file
 * @param {Kind} kind
 * @param {{versions?: Record<Kind, number>, migrations?: import('../lib/schema-version.js').Migration[]}} [known]  this benchdoc's, unless given
 * @returns {{text: string, from: number, to: number, changes: string[]} | {error: string}}
 */
export function migrateText(text, kind, {versions = SCHEMA_VERSIONS, migrations = MIGRATIONS} = {}) {
  const doc = parseDocument(text, {keepSourceTokens: false})
  if (doc.errors.length > 0) return {error: `not valid YAML (${doc.errors[0].message.split('\n')[0].replace(/:$/, '')})`}
  if (!isMap(doc.contents)) return {error: 'not a mapping, expected a benchdoc file'}
  const from = recordedVersion(doc.toJS())
  const to = versions[kind]
  if (from === null) return {error: 'schema_version is not a whole number ≥ 1'}
  if (from > to) return {error: `schema_version ${from} is newer than this benchdoc's (${to}): upgrade benchdoc`}
  if (from === to && doc.has('schema_version')) return {text, from, to, changes: []}
  const steps = migrations.filter((m) => m.kind === kind && m.to > from && m.to <= to).sort((a, b) => a.to - b.to)
  for (const step of steps) step.apply(doc)
  // with nothing else to rewrite, only the version's line is added or changed
  const rewritten = steps.length > 0 ? doc.toString({lineWidth: 0, flowCollectionPadding: false}) : text
  const line = /^schema_version:[ \t]*\d+[ \t]*$/m
  if (!doc.contents.flow && (!doc.has('schema_version') || line.test(rewritten))) {
    return {text: doc.has('schema_version') ? rewritten.replace(line, `schema_version: ${to}`) : withVersionLine(rewritten, to), from, to, changes: steps.map((s) => s.change)}
  }
  doc.set('schema_version', to)
  return {text: doc.toString({lineWidth: 0, flowCollectionPadding: false}), from, to, changes: steps.map((s) => s.change)}
}

/**
 * The file with `schema_version: N` as its first key, after the comments and directives that open it.
 * @param {string} text @param {number} version
 */
function withVersionLine(text, version) {
  const lines = text.split('\n')
  const first = lines.findIndex((l) => !/^\s*(#.*)?$/.test(l) && !/^(---|%)/.test(l))
  const at = first < 0 ? lines.length : first
  return [...lines.slice(0, at), `schema_version: ${version}`, ...lines.slice(at)].join('\n')
}
