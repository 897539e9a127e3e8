/**
 * Configuration blocks as published: fences are often mislabelled, so the content tells the format.
 *
 * @typedef {'toml' | 'yaml' | 'sql' | 'text' | 'ini'} Format
 */

/** Config key prefixes that only one component has, for blocks under a heading naming none. */
const KEY_OWNERS = /** @type {Array<[RegExp, string]>} */ ([
  [/^(raftstore|rocksdb|raftdb|raft-engine|readpool|storage|pessimistic-txn|coprocessor|sync-log|grpc-|use-delete-range|server\.grpc)/, 'TiKV'],
  [/^(prepared-plan-cache|tikv-client|performance|txn-local-latches|token-limit|mem-quota)/, 'TiDB'],
  [/^(replication|schedule|pd-server)/, 'PD']
])

/**
 * @param {string} value  the block's content
 * @returns {{format: Format, kind: 'sql' | 'haproxy' | 'config'} | null}  null: not configuration
 */
export function classifyConfig(value) {
  const lines = value.split('\n').map((l) => l.trim()).filter((l) => l !== '' && !/^(#|--|\/\/)/.test(l))
  if (lines.length === 0) return null
  if (/\bsysbench\b/.test(value)) return null
  if (lines.every((l) => /^set\s+(global|session|@@)/i.test(l))) return {format: 'sql', kind: 'sql'}
  if (/^\s*(global|defaults|frontend|backend|listen)\b/m.test(value) && /^\s+(bind|server|mode|balance)\b/m.test(value)) {
    return {format: 'text', kind: 'haproxy'}
  }
  const toml = lines.filter((l) => /^\[[\w.-]+\]$/.test(l) || /^[\w.-]+\s*=\s*\S/.test(l)).length
  const yaml = lines.filter((l) => /^[\w.-]+\s*:\s*\S/.test(l) && !/^https?:/.test(l)).length
  if (toml + yaml < lines.length * 0.6) return null
  return {format: toml >= yaml ? 'toml' : 'yaml', kind: 'config'}
}

/**
 * The component a config block belongs to, from its keys.
 * @param {string} value
 */
export function componentFromKeys(value) {
  const keys = value.split('\n').map((l) => l.trim().replace(/^\[/, '')).filter(Boolean)
  for (const [re, owner] of KEY_OWNERS) if (keys.some((k) => re.test(k))) return owner
  return null
}

/**
 * Fence label as a format, when it names one.
 * @param {string | null | undefined} lang
 * @returns {Format | null}
 */
export function fenceFormat(lang) {
  const l = (lang ?? '').toLowerCase()
  if (l === 'yml' || l === 'yaml') return 'yaml'
  if (l === 'toml' || l === 'sql' || l === 'ini') return l
  return null
}

/** Components as data spells them. */
const COMPONENTS = ['TiDB', 'TiKV', 'PD', 'TiFlash', 'TiCDC', 'Sysbench', 'HAProxy', 'LVS', 'Pump', 'Drainer']

/**
 * Canonical spelling of a component name (`tikv` → `TiKV`).
 * @param {string} name
 */
export function canonicalComponent(name) {
  const trimmed = name.trim()
  return COMPONENTS.find((c) => c.toLowerCase() === trimmed.toLowerCase()) ?? trimmed
}

/**
 * Components named in a text, in order of appearance.
 * @param {string} text
 */
export function componentsIn(text) {
  return COMPONENTS.filter((c) => c !== 'Sysbench' && new RegExp(`(?<![A-Za-z])${c}(?![A-Za-z])`, 'i').test(text))
    .map((c) => ({c, at: text.search(new RegExp(`(?<![A-Za-z])${c}(?![A-Za-z])`, 'i'))}))
    .sort((a, b) => a.at - b.at)
    .map((x) => x.c)
}

/**
 * Trailing spaces carry no meaning in a config and make diffs noisy.
 * @param {string} value
 */
export function cleanContent(value) {
  return `${value.split('\n').map((l) => l.replace(/\s+$/, '')).join('\n').replace(/\n+$/, '')}\n`
}
