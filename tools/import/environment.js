import {canonicalComponent} from './config.js'
import {subjectFor} from './subjects.js'

/**
 * Environment tables, each read into data in the report's terms.
 *
 * @typedef {import('./tables.js').Table} Table
 * @typedef {import('../types/report.js').Environment} Environment
 * @typedef {NonNullable<Environment['machines']>[number]} Machine
 * @typedef {NonNullable<Environment['instances']>[number]} Instance
 * @typedef {{name: string, purpose?: string, version: string}} Software
 * @typedef {{name: string, git_hash?: string, version?: string}} Component
 */

/** @param {Table} table @param {RegExp} re */
const col = (table, re) => table.header.findIndex((c) => re.test(c.text.toLowerCase()))
/** @param {import('./tables.js').Row} row @param {number} i */
const cell = (row, i) => (i < 0 ? '' : (row.cells[i]?.text ?? '').trim())
/** Values that say "none". */
const NONE = /^(-|—|n\/a|na|none|无|無|不适用|不適用|無し|該当なし|なし|)$/i
/** Japanese list commas inside sizes: `16 vCPU、32 GiB`. */
const commas = (/** @type {string} */ s) => s.replace(/\s*、\s*/g, ', ')

/** @param {Table} table */
export function readMachines(table) {
  const host = col(table, /服务器|server|host|ip|主机|マシン|机器/)
  const cpu = col(table, /cpu/)
  const memory = col(table, /mem|内存|メモリ|ram/)
  const disk = col(table, /disk|硬盘|磁盘|ディスク|storage/)
  const os = col(table, /^os$|系统|operating/)
  return table.rows.map((row) => {
    /** @type {Record<string, string> & Machine} */
    const m = {}
    if (host >= 0 && host !== cpu) m.host = cell(row, host)
    if (cpu >= 0) m.cpu = cell(row, cpu)
    if (memory >= 0) m.memory = cell(row, memory)
    if (disk >= 0) m.disk = cell(row, disk)
    if (os >= 0) m.os = cell(row, os)
    for (const k of Object.keys(m)) if (NONE.test(m[k])) delete m[k]
    return m
  })
}

/** A two-column spec table (category | detail) describing one machine. @param {Table} table */
export function readSpec(table) {
  /** @type {Machine} */
  const m = {}
  for (const row of table.rows) {
    const key = cell(row, 0).toLowerCase()
    const value = cell(row, 1)
    if (/^os$|系统|operating/.test(key)) m.os = value
    else if (/cpu/.test(key)) m.cpu = value
    else if (/ram|mem|内存|メモリ/.test(key)) m.memory = value
    else if (/disk|硬盘|磁盘|ディスク|storage/.test(key)) m.disk = value
  }
  return m
}

/** Instance types or cloud node sizes, one row per role. @param {Table} table */
export function readInstances(table) {
  const type = col(table, /instance\s*type|インスタンス\s*(タイプ|の種類)|ec2|实例类型|机型/)
  const size = col(table, /node\s*size|ノードサイズ|节点规格|节点大小/)
  const count = col(table, /count|quantity|数|数量|number|qty/)
  const storage = col(table, /storage|存储|ストレージ/)
  return table.rows.map((row) => {
    /** @type {Instance} */
    const i = {role: canonicalComponent(cell(row, 0))}
    if (type >= 0 && !NONE.test(cell(row, type))) i.instance_type = cell(row, type)
    if (size >= 0 && !NONE.test(cell(row, size))) i.size = commas(cell(row, size))
    if (count >= 0 && /^\d+$/.test(cell(row, count))) i.count = Number(cell(row, count))
    if (storage >= 0 && !NONE.test(cell(row, storage))) i.storage = cell(row, storage)
    return i
  })
}

/** Software and versions. @param {Table} table */
export function readSoftware(table) {
  const version = col(table, /版本|version|バージョン/)
  const purpose = col(table, /用途|purpose|usage|role/)
  /** @type {{software: Software[], os?: string, sysbench?: string}} */
  const out = {software: []}
  for (const row of table.rows) {
    const name = cell(row, 0)
    const v = cell(row, version)
    if (!name || !v) continue
    /** @type {Software} */
    const entry = purpose >= 0 && cell(row, purpose) ? {name, purpose: cell(row, purpose), version: v} : {name, version: v}
    out.software.push(entry)
    if (/^sysbench$/i.test(name) && out.sysbench === undefined) out.sysbench = v
    if (purpose >= 0 && /操作系统|operating system|^os$|オペレーティング/i.test(cell(row, purpose)) && out.os === undefined) out.os = `${name} ${v}`
  }
  return out
}

/**
 * Git hashes (or versions) of components, for the subject of a version column
 * header, else of `context` (the heading or list label above).
 * @param {Table} table
 * @param {string[]} ids  subject ids
 * @param {string} context
 * @returns {Map<string, Component[]>}  subject → components
 */
export function readComponents(table, ids, context) {
  /** @type {Map<string, Component[]>} */
  const out = new Map()
  const columns = table.header.map((c, i) => ({i, subject: i === 0 ? null : subjectFor(c.text, ids)})).filter((c) => c.subject)
  const fallback = subjectFor(context, ids)
  const targets = columns.length > 0 ? columns : fallback ? [{i: 1, subject: fallback}] : []
  for (const {i, subject} of targets) {
    /** @type {Component[]} */
    const list = []
    for (const row of table.rows) {
      const value = cell(row, i).replace(/`/g, '')
      if (!value) continue
      list.push(/^[0-9a-f]{7,40}$/.test(value) ? {name: canonicalComponent(cell(row, 0)), git_hash: value} : {name: canonicalComponent(cell(row, 0)), version: value})
    }
    out.set(/** @type {string} */ (subject), list)
  }
  return out
}

/**
 * Cluster topology: consecutive rows with the same deployment are one entry with several hosts.
 * @param {Table} table
 */
export function readTopology(table) {
  /** @type {import('../types/report.js').Host[]} */
  const out = []
  for (const row of table.rows) {
    const hosts = cell(row, 0).split(/[,，、\s]+/).filter(Boolean)
    const instances = [...cell(row, 1).matchAll(/(?:(\d+)\s*[*×x]\s*)?([A-Za-z][\w-]*)/g)].map((m) => {
      const count = m[1] ? Number(m[1]) : 1
      return count === 1 ? {component: canonicalComponent(m[2])} : {component: canonicalComponent(m[2]), count}
    })
    if (hosts.length === 0 || instances.length === 0) continue
    const last = out.at(-1)
    if (last && JSON.stringify(last.instances) === JSON.stringify(instances)) last.hosts.push(...hosts)
    else out.push({hosts, instances})
  }
  return out
}
