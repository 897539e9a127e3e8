import {readdirSync, readFileSync} from 'node:fs'

/**
 * CPU time of a process tree by command name (sysbench, mariadbd, ssh,
 * sshd, node, sh, …), from /proc (Linux). Two snapshots taken while the
 * measured processes run give what each kind of process cost in between:
 * the profile of what a way of running adds.
 *
 * @typedef {Map<number, {name: string, ticks: number}>} Snapshot  by pid
 */

const TICK_MS = 10 // USER_HZ is 100 on Linux

/**
 * Every process under `root` (not `root` itself), with its CPU ticks so far.
 * @param {number} root
 * @returns {Snapshot}
 */
export function snapshotTree(root) {
  /** @type {Map<number, {parent: number, name: string, ticks: number}>} */
  const all = new Map()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'))
      // after the name: state ppid … utime (14th field) stime (15th)
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
      all.set(Number(entry), {parent: Number(fields[1]), name, ticks: Number(fields[11]) + Number(fields[12])})
    } catch {} // gone meanwhile
  }
  /** @type {Snapshot} */
  const tree = new Map()
  const under = (/** @type {number} */ pid) => {
    for (let p = all.get(pid)?.parent; p !== undefined && p > 0; p = all.get(p)?.parent) if (p === root) return true
    return false
  }
  for (const [pid, p] of all) if (under(pid)) tree.set(pid, {name: p.name, ticks: p.ticks})
  return tree
}

/**
 * CPU used between two snapshots by processes alive at both, in % of one
 * core, per command name.
 * @param {Snapshot} before @param {Snapshot} after @param {number} ms  time between them
 * @returns {Record<string, number>}
 */
export function cpuPercentByName(before, after, ms) {
  /** @type {Record<string, number>} */
  const used = {}
  for (const [pid, b] of before) {
    const a = after.get(pid)
    if (!a || a.name !== b.name) continue
    used[b.name] = (used[b.name] ?? 0) + ((a.ticks - b.ticks) * TICK_MS * 100) / ms
  }
  return used
}

/**
 * `sysbench 61.2 %, mariadbd 118.0 %, ssh 0.4 %`, largest first.
 * @param {Record<string, number>} percent
 */
export function formatCpu(percent) {
  return Object.entries(percent).sort((a, b) => b[1] - a[1]).map(([name, p]) => `${name} ${p.toFixed(1)} %`).join(', ')
}
