import {plural} from '../lib/english.js'

/**
 * Progress of a run on stderr: point i of n, elapsed and remaining time, the clients' live QPS.
 */

/** @param {number} seconds */
export function formatDuration(seconds) {
  const s = Math.max(0, Math.round(seconds))
  const h = Math.floor(s / 3600)
  const m = Math.floor((s % 3600) / 60)
  const ss = String(s % 60).padStart(2, '0')
  return h > 0 ? `${h}:${String(m).padStart(2, '0')}:${ss}` : `${m}:${ss}`
}

/**
 * Seconds still to go: the rest of the current point plus the points after it.
 *
 * @param {{pointsAfter: number, perPoint: number, inPoint: number}} state
 */
export function remainingSeconds({pointsAfter, perPoint, inPoint}) {
  return Math.max(0, perPoint - inPoint) + pointsAfter * perPoint
}

/**
 * @param {{index: number, total: number, workload: string, threads: number, clients: number, repeat: number, repeats: number, elapsed: number, remaining: number, qps: number | null}} s
 */
export function progressLine(s) {
  const who = `${s.workload} ${plural(s.threads, 'thread')}${s.clients > 1 ? ` × ${s.clients} clients` : ''}`
  const repeat = s.repeats > 1 ? ` (repeat ${s.repeat}/${s.repeats})` : ''
  const qps = s.qps == null ? '' : ` · ${s.qps.toFixed(1)} qps`
  return `[${s.index}/${s.total}] ${who}${repeat} · elapsed ${formatDuration(s.elapsed)} · remaining ~${formatDuration(s.remaining)}${qps}`
}
