/**
 * Workload names: a plan's name one slip from a sysbench workload (or another in the
 * plan) is a typo, said once with "did you mean"; a name the plan lacks, once.
 */
import {SYSBENCH_WORKLOADS as SHIPPED} from '../domain/index.js'
import {plural} from '../lib/english.js'

/** The OLTP workloads sysbench ships, as a list of names the checks look in. */
const SYSBENCH_WORKLOADS = /** @type {readonly string[]} */ (SHIPPED)

/**
 * Edit distance for "did you mean": Levenshtein's, with two letters swapped one edit (`tabels`, `tables`).
 * @param {string} a
 * @param {string} b
 */
export function editDistance(a, b) {
  let [before, row] = [/** @type {number[]} */ ([]), Array.from({length: b.length + 1}, (_, j) => j)]
  for (let i = 1; i <= a.length; i++) {
    const next = [i]
    for (let j = 1; j <= b.length; j++) {
      next[j] = Math.min(row[j] + 1, next[j - 1] + 1, row[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      if (a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) next[j] = Math.min(next[j], before[j - 2] + 1)
    }
    ;[before, row] = [row, next]
  }
  return row[b.length]
}

/**
 * The closest candidate within a few edits (a third of the name, one in a short one), or null.
 * @param {string} name
 * @param {Iterable<string>} candidates
 */
export function didYouMean(name, candidates) {
  let best = null
  let distance = Math.max(1, Math.floor(name.length / 3)) + 1
  for (const c of candidates) {
    if (c === name) return null
    const d = editDistance(name, c)
    if (d < distance) [best, distance] = [c, d]
  }
  return best
}

/**
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 * @param {unknown} data  the report, possibly not schema-valid: only what has the right shape is checked
 */
export function checkWorkloadNames(doc, data) {
  // not schema-checked: every level is looked at before it is used
  const report = /** @type {{plan?: {workloads?: unknown}, results?: unknown}} */ (data && typeof data === 'object' ? data : {})
  /** @type {Array<{name?: unknown} | null>} */
  const planned = Array.isArray(report.plan?.workloads) ? report.plan.workloads : []
  /** @type {Array<[number, string]>} */
  const names = planned.flatMap((w, i) => (typeof w?.name === 'string' ? [/** @type {[number, string]} */ ([i, w.name])] : []))
  const plan = new Set(names.map(([, n]) => n))
  /** @type {Array<{workload?: unknown} | null>} */
  const results = Array.isArray(report.results) ? report.results : []
  /** @type {Map<string, number[]>} result indexes by unknown workload name */
  const unknown = new Map()
  results.forEach((p, i) => {
    const name = p?.workload
    if (typeof name === 'string' && !plan.has(name)) unknown.set(name, [...(unknown.get(name) ?? []), i])
  })
  /** @type {import('../lib/problems.js').Problem[]} */
  const problems = []
  /** @param {Array<string | number>} path @param {string} message */
  const error = (path, message) => problems.push({file: doc.file, ...doc.placeOf(path), severity: 'error', message, rule: 'known-workload'})
  /** names the results use that a plan typo explains */
  const explained = new Set()
  for (const [i, name] of names) {
    if (SYSBENCH_WORKLOADS.includes(name)) continue
    const used = [...unknown.keys()].find((u) => didYouMean(name, [u]) === u)
    const guess = used ?? didYouMean(name, [...SYSBENCH_WORKLOADS, ...[...plan].filter((n) => n !== name)])
    if (!guess) continue // a custom Lua script: not ours to judge
    if (used) explained.add(used)
    const points = unknown.get(guess)?.length ?? 0
    error(['plan', 'workloads', i, 'name'], `Unknown workload \`${name}\` in the plan, did you mean \`${guess}\`?${points ? ` (${plural(points, 'result')} name \`${guess}\`)` : ''}`)
  }
  for (const [name, indexes] of unknown) {
    if (explained.has(name)) continue
    const guess = didYouMean(name, plan)
    const more = indexes.length > 1 ? ` (${indexes.length} results, first here)` : ''
    error(['results', indexes[0], 'workload'], `Unknown workload \`${name}\`${more}, expected one of the plan's: ${[...plan].join(', ')}${guess ? `; did you mean \`${guess}\`?` : ''}`)
  }
  return problems
}
