import {readFileSync} from 'node:fs'
import {cpus, release, totalmem} from 'node:os'
import {query} from './sql-client.js'

/**
 * What the run ran on, captured rather than typed: the client machine, the server's version and variables.
 *
 * @typedef {{cpu: string, cores: number, memory: string, os: string}} ClientMachine
 */

/** @returns {ClientMachine} */
export function captureClient() {
  const list = cpus()
  const cpuinfo = readOr('/proc/cpuinfo', '')
  const model = /^model name\s*:\s*(.+)$/m.exec(cpuinfo)?.[1]?.trim() ?? list[0]?.model?.trim() ?? 'unknown'
  const osName = /^PRETTY_NAME="?([^"\n]+)"?$/m.exec(readOr('/etc/os-release', ''))?.[1] ?? process.platform
  return formatMachine({cpu: model, cores: list.length, memoryBytes: totalmem(), os: osName, kernel: release()})
}

/**
 * A machine as reports show it, whether read here or on a client host.
 * @param {{cpu: string, cores: number, memoryBytes: number, os: string, kernel: string}} m
 * @returns {ClientMachine}
 */
export function formatMachine({cpu, cores, memoryBytes, os, kernel}) {
  return {cpu, cores, memory: `${(memoryBytes / 2 ** 30).toFixed(1)} GiB`, os: `${os}, Linux ${kernel}`}
}

/**
 * @param {import('./sql-client.js').Connection} target
 * @param {string | undefined} password
 * @param {string[]} variables  names to capture, in the plan's order
 * @returns {Promise<{version: string, tidb_version: string | null, variables: Array<[string, string]>, product: string}>}
 */
export async function captureServer(target, password, variables) {
  const pg = target.driver === 'pgsql'
  const version = (await query(target, password, pg ? 'SELECT version()' : 'SELECT VERSION()', {database: false}))[0]?.[0] ?? 'unknown'
  // only TiDB has tidb_version(); elsewhere the query fails and that is the answer
  const tidb = pg ? null : await query(target, password, 'SELECT tidb_version()', {database: false}).then((rows) => rows.map((r) => r.join('\t')).join('\n').replace(/\\n/g, '\n') || null, () => null)
  /** @type {Array<[string, string]>} */
  const values = []
  if (variables.length > 0) {
    if (pg) {
      for (const name of variables) {
        const rows = await query(target, password, `SHOW ${name}`, {database: false}).catch(() => [])
        if (rows[0]) values.push([name, rows[0][0]])
      }
    } else {
      const list = variables.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')
      const rows = await query(target, password, `SHOW GLOBAL VARIABLES WHERE Variable_name IN (${list})`, {database: false})
      const found = new Map(rows.map((r) => [r[0].toLowerCase(), r[1] ?? '']))
      for (const name of variables) if (found.has(name.toLowerCase())) values.push([name, /** @type {string} */ (found.get(name.toLowerCase()))])
    }
  }
  return {version, tidb_version: tidb, variables: values, product: productOf(version, tidb, pg)}
}

/**
 * @param {string} version  what SELECT VERSION() returned
 * @param {string | null} tidb
 * @param {boolean} pg
 */
export function productOf(version, tidb, pg) {
  if (tidb || /TiDB/i.test(version)) return 'TiDB'
  if (pg || /PostgreSQL/i.test(version)) return 'PostgreSQL'
  if (/MariaDB/i.test(version)) return 'MariaDB'
  return 'MySQL'
}

/**
 * The version as people write it (`10.11.19-MariaDB-0+deb12u1` → `10.11.19`, TiDB's `…-TiDB-v8.1.0` → `v8.1.0`).
 * @param {string} version
 */
export function shortVersion(version) {
  const tidb = /TiDB-(v[\w.-]+)/.exec(version)
  if (tidb) return tidb[1]
  const pg = /PostgreSQL (\S+)/.exec(version)
  if (pg) return pg[1]
  return /^(\d+(?:\.\d+)*)/.exec(version)?.[1] ?? version
}

/** @param {string} path @param {string} fallback */
function readOr(path, fallback) {
  try {
    return readFileSync(path, 'utf8')
  } catch {
    return fallback
  }
}
