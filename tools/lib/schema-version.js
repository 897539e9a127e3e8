/**
 * The schema versions this benchdoc writes, and how it reads a file's
 * `schema_version` (none: version 1). A file older than the last
 * incompatible change (MIGRATIONS) is refused until `benchdoc migrate`
 * rewrites it; a file newer than this benchdoc is refused with a word to upgrade.
 *
 * @typedef {'report' | 'plan'} Kind
 */

/** The current version of each schema: the one benchdoc writes. */
export const SCHEMA_VERSIONS = {report: 1, plan: 1}

/**
 * @typedef {{kind: Kind, to: number, change: string, apply: (doc: import('yaml').Document) => void}} Migration
 *   rewrites a file of version `to - 1` into version `to`, in place in its
 *   YAML document (comments and layout kept); `change` says what changed
 */

/**
 * The incompatible schema changes so far, oldest first: a change that leaves older
 * files valid raises the version without one (a field renamed or made required does not).
 * @type {Migration[]}
 */
export const MIGRATIONS = []

/**
 * The oldest version of a kind read without migrating: where its last migration leads.
 * @param {Kind} kind
 * @param {Migration[]} [migrations]
 */
export function oldestReadable(kind, migrations = MIGRATIONS) {
  return Math.max(1, ...migrations.filter((m) => m.kind === kind).map((m) => m.to))
}

/** A file's recorded version (1 when it records none), or null when it is not a whole number. @param {unknown} data */
export function recordedVersion(data) {
  const value = data && typeof data === 'object' ? /** @type {Record<string, unknown>} */ (data).schema_version : undefined
  if (value === undefined) return 1
  return Number.isInteger(value) && /** @type {number} */ (value) >= 1 ? /** @type {number} */ (value) : null
}

/**
 * The problem with a file's schema version, if any (the schema says when it is not a whole number ≥ 1).
 * @param {{file: string, data: unknown, placeOf: (path: Array<string | number>) => {line: number, col: number}}} doc
 * @param {Kind} kind
 * @param {{versions?: Record<Kind, number>, migrations?: Migration[]}} [known]  this benchdoc's, unless given
 * @returns {import('./problems.js').Problem[]}
 */
export function checkSchemaVersion(doc, kind, {versions = SCHEMA_VERSIONS, migrations = MIGRATIONS} = {}) {
  const readable = oldestReadable(kind, migrations)
  const version = recordedVersion(doc.data)
  if (version === null) return []
  const current = versions[kind]
  if (version <= current && version >= readable) return []
  // placed only for a problem: a place costs a second, slower parse (yaml-source.js)
  const place = {file: doc.file, ...doc.placeOf(['schema_version']), severity: /** @type {const} */ ('error'), rule: 'schema-version'}
  if (version > current) {
    return [{...place, message: `Unexpected schema_version ${version}: written by a newer benchdoc, which this one (${kind} schema version ${current}) cannot read; expected ${current} or older (upgrade benchdoc)`}]
  }
  if (version < readable) {
    return [{...place, message: `Unexpected schema_version ${version}: the ${kind} schema changed since, expected ${readable} or newer (run \`benchdoc migrate\` to rewrite the file)`}]
  }
  return []
}
