import {applyCommand, parseCommand} from '../commands.js'
import {workloadIn} from '../workloads.js'
import {at, seeWorkload} from './state.js'
import {PLAN_SETTINGS} from '../../domain/index.js'

/** Plan settings not copied from the commands' options: set below from other facts, or not known to an import. */
const SET_BELOW = new Set(['db_driver', 'warmup_time', 'warmup_method', 'clients', 'pause'])

/**
 * The sysbench plan: the published commands' options, completed by facts from prose and tables.
 *
 * @typedef {import('./state.js').State} State
 */

/**
 * A code block holding a sysbench command; true when it was one.
 * @param {State} s
 * @param {import('mdast').Code} node
 */
export function commandBlock(s, node) {
  const command = parseCommand(node.value)
  if (!command) return false
  for (const conflict of applyCommand(s.plan, command)) {
    s.say('warning', at(node), 'plan-conflict', `Unexpected option values that differ between commands (${conflict}); keeping the first`)
  }
  const workload = command.test ? workloadIn(command.test) : null
  if (workload && /^[a-z_]+$/.test(command.test ?? '') && command.action === 'run') seeWorkload(s, workload)
  return true
}

/**
 * The plan in the schema's order, as read (the validator checks it).
 * @param {State} s
 * @returns {import('../../types/report.js').Plan}
 */
export function assemblePlan(s) {
  const {plan, meta, points, workloads} = s
  // the commands' own, else the prose's, else a result table's
  plan.tables ??= meta.tables ?? meta.table_tables
  plan.table_size ??= meta.table_size ?? meta.table_size_cell
  /** @type {Record<string, unknown>} */
  const out = {db_driver: plan.db_driver ?? 'mysql'}
  /** @type {Record<string, unknown>} */
  const stated = plan
  for (const key of PLAN_SETTINGS) {
    if (SET_BELOW.has(key)) continue
    if (stated[key] !== undefined) out[key] = stated[key]
  }
  if (meta.warmup_time !== undefined && plan.warmup_time === undefined) out.warmup_time = meta.warmup_time
  else if (plan.warmup_time !== undefined) out.warmup_time = plan.warmup_time
  const clients = planClients(points)
  if (clients > 1) out.clients = clients
  if (meta.analyze) out.analyze = true
  if (meta.pause !== undefined) out.pause = meta.pause
  if (plan.options) out.options = plan.options
  const list = [...workloads].map(([name, threads]) => (threads.length > 0 ? {name, threads} : {name}))
  const order = list.map((w) => w.name)
  for (const p of s.parameters) if (p.workloads) p.workloads.sort((a, b) => order.indexOf(a) - order.indexOf(b))
  return /** @type {import('../../types/report.js').Plan} */ ({...out, workloads: list})
}

/**
 * Clients per point come from the result table (`128 * 3`), never from a
 * topology row: a table that says 150 threads means 150.
 * @param {State['points']} points
 */
export function planClients(points) {
  // points that give their own clients keep them; the plan's count is set only when all agree
  const counts = new Set(points.map((p) => p.point.clients))
  return counts.size === 1 ? [...counts][0] ?? 1 : 1
}
