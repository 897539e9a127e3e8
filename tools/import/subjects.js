/** Subjects (the versions under test), the product and the report id. */

/** Products named in reports of this family, as they are spelled in data. */
const PRODUCTS = ['TiDB', 'TiKV', 'MySQL', 'MariaDB', 'PostgreSQL', 'CockroachDB', 'OceanBase', 'YugabyteDB', 'Percona']

/** A version as published: `v6.0.0 DMR`, `v2.0.0-rc6`, `3.0.0`. */
const VERSION = /(?<![\w.])v?(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)(?:\s+(DMR|LTS|GA))?(?![\w.])/g
const V_VERSION = /(?<![\w.])v(\d+\.\d+(?:\.\d+)?(?:-[0-9A-Za-z]+(?:\.[0-9A-Za-z]+)*)?)(?:\s+(DMR|LTS|GA))?(?![\w.])/g

/** @typedef {{id: string, version: string}} VersionToken */

/**
 * Version tokens in a text. With `requireV`, only `v1.2`-style tokens count
 * (titles also name tool versions such as sysbench 1.0).
 * @param {string} text
 */
export function versionTokens(text, requireV = false) {
  /** @type {VersionToken[]} */
  const out = []
  for (const m of text.matchAll(requireV ? V_VERSION : VERSION)) {
    const id = `v${m[1]}`
    const written = m[0].trim()
    if (!out.some((t) => t.id === id)) out.push({id, version: written})
  }
  return out
}

/**
 * The subject a label such as `v2.1` or `バージョン3.0` stands for: exact id,
 * else the only subject whose version extends it (`v2.1.13` for `v2.1`),
 * else the only subject it extends (`v5.1` for `v5.1.0`).
 * @param {string} label
 * @param {string[]} ids
 */
export function subjectFor(label, ids) {
  const tokens = versionTokens(label)
  for (const t of tokens) {
    if (ids.includes(t.id)) return t.id
    const prefixed = ids.filter((id) => extends_(id, t.id))
    if (prefixed.length === 1) return prefixed[0]
    const prefixes = ids.filter((id) => extends_(t.id, id))
    if (prefixes.length === 1) return prefixes[0]
  }
  return null
}

/**
 * Whether version `longer` is a more precise form of `shorter` (`v5.1.0` of `v5.1`).
 * @param {string} longer
 * @param {string} shorter
 */
export function extends_(longer, shorter) {
  return longer.startsWith(`${shorter}.`) || longer.startsWith(`${shorter}-`)
}

/**
 * Loose subjects of a title (`v5.1 vs v5.0`) made precise by versions the
 * tables name, where exactly one precise version extends a token.
 * @param {VersionToken[]} loose
 * @param {VersionToken[]} precise
 * @returns {VersionToken[]}
 */
export function refineVersions(loose, precise) {
  return loose.map((t) => {
    const longer = precise.filter((p) => extends_(p.id, t.id))
    const ids = [...new Set(longer.map((p) => p.id))]
    return ids.length === 1 ? /** @type {VersionToken} */ (longer[0]) : t
  })
}

/**
 * The product named in a text: a known name, else (with `firstWord`) its first word.
 * @param {string} text
 */
export function productIn(text, firstWord = true) {
  const known = PRODUCTS.map((p) => ({p, at: text.search(new RegExp(`\\b${p}\\b`, 'i'))})).filter((x) => x.at >= 0)
  known.sort((a, b) => a.at - b.at)
  if (known.length > 0) return known[0].p
  if (!firstWord) return null
  const first = /^\s*([A-Za-z][\w-]*)/.exec(text)
  return first ? first[1] : null
}

/**
 * The id a report gets without `--id`: `<product>-<newest>-vs-<older…>`.
 * @param {string} product
 * @param {string[]} subjectIds  oldest first
 */
export function deriveId(product, subjectIds) {
  const newestFirst = [...subjectIds].reverse()
  return slug([product, newestFirst.join('-vs-')].join('-'))
}

/**
 * The id of a report comparing products: `tidb-v9.0.1-vs-mysql-8.4.2`, the baseline last.
 * @param {Array<{product: string, version: string}>} subjects  baseline first
 */
export function deriveProductId(subjects) {
  // variants of one version (a second scenario) name it once
  const named = [...new Set([...subjects].reverse().map((s) => `${s.product}-${s.version}`))]
  return slug(named.join('-vs-'))
}

/** @param {string} text */
function slug(text) {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9.-]+/g, '-')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '')
}

/**
 * Versions named right after a product name (`TiDB 3.0.1`, `MySQL v8.0.35`):
 * a bare number elsewhere may be any tool's version.
 * @param {string} text
 */
export function productVersions(text) {
  /** @type {Array<VersionToken & {product: string}>} */
  const out = []
  const re = new RegExp(`\\b(${PRODUCTS.join('|')})\\s*(?:版本|バージョン|version)?\\s*[为是は:：]?\\s*(v?\\d+\\.\\d+(?:\\.\\d+)?(?:-[0-9A-Za-z]+)?)(?![\\w.])`, 'gi')
  for (const m of text.matchAll(re)) {
    const product = /** @type {string} */ (PRODUCTS.find((p) => p.toLowerCase() === m[1].toLowerCase()))
    const id = `v${m[2].replace(/^v/, '')}`
    if (!out.some((t) => t.id === id)) out.push({id, version: m[2], product})
  }
  return out
}

/**
 * The subject a header or cell names: by version (`v2.1`, see `subjectFor`),
 * or, when the report compares products, by product name (`MySQL`).
 * @param {string} text
 * @param {Array<{id: string, product: string}>} subjects
 */
export function subjectIn(text, subjects) {
  let pool = subjects
  const named = subjects.filter((s) => new RegExp(`\\b${s.product}\\b`, 'i').test(text))
  if (new Set(subjects.map((s) => s.product)).size > 1) {
    if (named.length === 1) return named[0].id
    if (named.length > 1 && new Set(named.map((s) => s.product)).size === 1) pool = named
  }
  // `TiDB` alone in a product column of a one-product report: its only subject
  if (named.length === 1 && versionTokens(text).length === 0) return named[0].id
  return subjectFor(text, pool.map((s) => s.id))
}
