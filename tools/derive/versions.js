import {createHash} from 'node:crypto'
import {bestPoint} from './overview.js'
import {headlineFigures} from './headline.js'
import {headlineOf as verdictOf} from './verdict.js'

/** @typedef {import('../types/report.js').Report} Report */

/**
 * A product across releases, from every report of it: release-over-release headline
 * changes and, on each environment, each release's best throughput; none typed by hand.
 *
 * @typedef {import('./report.js').Figure} Figure
 * @typedef {{report: string, from: string, to: string, version: string, change: Figure, stated: boolean}} Step
 * @typedef {{report: string, version: string, subject: string, metric: 'qps' | 'tps', threads: number, clients: number, throughput: Figure}} Release
 */

/** @type {Map<string, readonly number[]>} keys already parsed */
const versionKeys = new Map()

/**
 * The numbers in a version string, for ordering: `v6.0.0 DMR` → [6, 0, 0],
 * `v2.0.0-rc6` → [2, 0, 0, -1, 6] (a pre-release sorts before its release).
 * @param {string} version
 * @returns {readonly number[]}
 */
export function versionKey(version) {
  // the index and versions pages sort thousands of versions, comparing each many times
  const text = String(version)
  let key = versionKeys.get(text)
  if (!key) {
    key = parseVersionKey(text)
    versionKeys.set(text, key)
  }
  return key
}

/** @param {string} version @returns {readonly number[]} */
function parseVersionKey(version) {
  const [main, pre] = String(version).replace(/^[^\d]*/, '').split(/-(?=[a-z])/i)
  const key = (main.match(/^[\d.]+/)?.[0] ?? '').split('.').filter(Boolean).map(Number)
  if (pre) key.push(-1, Number(pre.match(/\d+/)?.[0] ?? 0))
  return Object.freeze(key)
}

/**
 * @param {string} a
 * @param {string} b
 * @returns {number}  < 0 when a is the older version
 */
export function compareVersions(a, b) {
  const ka = versionKey(a)
  const kb = versionKey(b)
  for (let i = 0; i < Math.max(ka.length, kb.length); i++) {
    const d = (ka[i] ?? 0) - (kb[i] ?? 0)
    if (d !== 0) return d
  }
  return 0
}

/**
 * The newest version a report measured.
 * @param {Report} report
 */
export function newestVersion(report) {
  return /** @type {string} */ (report.subjects.map((s) => s.version).sort(compareVersions).at(-1))
}

/**
 * Index order: newest first. A report without a date takes the date of the
 * newest dated report of an older version of its product, and comes before it.
 * @param {Array<{id: string, product: string, date: string | null, version: string}>} reports
 * @returns {string[]}  ids in index order
 */
export function indexOrder(reports) {
  const dated = reports.filter((r) => r.date)
  const effective = (/** @type {typeof reports[number]} */ r) =>
    r.date ??
    dated
      .filter((d) => d.product === r.product && compareVersions(d.version, r.version) < 0)
      .map((d) => /** @type {string} */ (d.date))
      .sort()
      .at(-1) ??
    ''
  return [...reports]
    .map((r) => ({...r, key: effective(r)}))
    .sort((a, b) => b.key.localeCompare(a.key) || compareVersions(b.version, a.version) || a.id.localeCompare(b.id))
    .map((r) => r.id)
}

/**
 * Equal for two reports on the same environment: instance types or machines, and data set.
 * @param {Report} report
 */
export function environmentKey(report) {
  const env = report.environment ?? {}
  const hosts = (env.instances ?? []).map((i) => `${i.role}:${i.instance_type ?? i.size ?? ''}×${i.count ?? 1}`)
  const machines = (env.machines ?? []).map((m) => `${m.cpu ?? ''}|${m.memory ?? ''}|${m.disk ?? ''}×${m.count ?? 1}`)
  return JSON.stringify([[...hosts].sort(), [...machines].sort(), report.plan.tables ?? null, report.plan.table_size ?? null])
}

/**
 * What one report gives its product's versions page: release steps and best throughputs, per workload.
 * @param {Report} report
 * @param {ReturnType<typeof import('./report.js').deriveReport>} derived
 */
export function versionFacts(report, derived) {
  const versionOf = (/** @type {string} */ id) => report.subjects.find((s) => s.id === id)?.version ?? id
  const product = /** @type {string} */ (report.product ?? report.subjects[0].product)
  // another product compared in the report (PostgreSQL beside MariaDB) is no release of this one
  const ofProduct = (/** @type {string | undefined} */ id) => (report.subjects.find((s) => s.id === id)?.product ?? product) === product
  const from = derived.baseline && ofProduct(derived.baseline) ? versionOf(derived.baseline) : null
  /** @type {Array<Omit<Step, 'report'> & {workload: string}>} */
  const steps = []
  /** @type {Array<Omit<Release, 'report'> & {workload: string}>} */
  const releases = []
  for (const w of derived.workloads) {
    for (const h of from ? w.headlines : []) {
      const to = versionOf(h.subject)
      // two configurations of one release are no step between releases
      if (to === from || !ofProduct(h.subject)) continue
      // the figure the report's overview shows (the geometric mean where it has repeats)
      const headline = headlineFigures(h, verdictOf(derived.verdicts, {subject: h.subject, workload: w.name, measure: derived.metric}))?.headline
      if (!headline || headline.change.value == null) continue
      steps.push({workload: w.name, from: /** @type {string} */ (from), to, version: to, change: headline.change, stated: headline.basis === 'stated'})
    }
    for (const s of report.subjects.filter((s) => ofProduct(s.id))) {
      const best = bestPoint(w, s.id, derived.metric)
      if (best) releases.push({workload: w.name, version: s.version, subject: s.id, metric: derived.metric, threads: best.threads, clients: best.clients, throughput: best.throughput})
    }
  }
  return {
    product,
    newest: newestVersion(report),
    // throughput is comparable only in one measure; a digest: the key is kept for every report between builds
    environment: createHash('sha256').update(`${environmentKey(report)}|${derived.metric}`).digest('base64').slice(0, 22),
    steps,
    releases
  }
}

/**
 * @typedef {{id: string, facts: ReturnType<typeof versionFacts>}} Entry
 */

/**
 * @param {Entry[]} entries  every report of the site
 * @returns {Array<{product: string, slug: string, workloads: string[], steps: Record<string, Step[]>, environments: Array<{reports: string[], releases: Record<string, Release[]>}>}>}
 */
export function versionsByProduct(entries) {
  /** @type {Map<string, Entry[]>} */
  const byProduct = new Map()
  for (const e of entries) pushTo(byProduct, e.facts.product, e)
  return [...byProduct.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([product, list]) => {
      // loops, not flatMaps: at 1,000 reports these see some 20,000 steps and releases
      /** @type {Set<string>} */
      const named = new Set()
      /** @type {Set<string>} */
      const versions = new Set()
      for (const {facts} of list) {
        // a workload no report measured (only planned) would be a column of dashes
        for (const s of facts.steps) {
          named.add(s.workload)
          versions.add(s.from).add(s.to)
        }
        for (const r of facts.releases) {
          named.add(r.workload)
          versions.add(r.version)
        }
        versions.add(facts.newest)
      }
      const workloads = [...named].sort()
      const rank = versionRanks([...versions])
      const steps = stepsOf(list, workloads, rank)
      return {
        product,
        slug: product.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'product',
        workloads,
        steps: Object.fromEntries(workloads.map((w) => [w, /** @type {Step[]} */ (steps.get(w))])),
        environments: environmentsOf(list, workloads, rank)
      }
    })
    // a product measured in one release only (configurations compared) has no page
    .filter((p) => Object.values(p.steps).some((steps) => steps.length > 0) || p.environments.length > 0)
}

/**
 * Each version's place in version order, equal versions (`v1.0`, `v1.0.0`)
 * in the same place: a sort of thousands compares ranks, not version keys.
 * @param {string[]} versions
 */
function versionRanks(versions) {
  const unique = [...new Set(versions)].sort(compareVersions)
  /** @type {Map<string, number>} */
  const ranks = new Map()
  let rank = 0
  unique.forEach((v, i) => {
    if (i > 0 && compareVersions(unique[i - 1], v) !== 0) rank++
    ranks.set(v, rank)
  })
  return ranks
}

/**
 * Release-over-release steps of each workload, oldest release first.
 * @param {Entry[]} list
 * @param {string[]} workloads
 * @param {Map<string, number>} rank  versionRanks of every version in `list`
 * @returns {Map<string, Step[]>}
 */
function stepsOf(list, workloads, rank) {
  const at = (/** @type {string} */ v) => /** @type {number} */ (rank.get(v))
  /** @type {Map<string, Array<{step: Step, to: number, from: number}>>} each step with its versions' ranks, looked up once */
  const ranked = new Map(workloads.map((w) => [w, []]))
  for (const e of list) {
    for (const s of e.facts.steps) {
      // the fields named: a rest and a spread per step were most of this at 1,000 reports
      ranked.get(s.workload)?.push({step: {from: s.from, to: s.to, version: s.version, change: s.change, stated: s.stated, report: e.id}, to: at(s.to), from: at(s.from)})
    }
  }
  return new Map([...ranked].map(([w, list]) => [w, list.sort((a, b) => a.to - b.to || a.from - b.from).map((r) => r.step)]))
}

/**
 * Groups of reports on one environment covering two releases or more, with each
 * release's best throughput per workload (from the report with the newer releases).
 * @param {Entry[]} list
 * @param {string[]} workloads
 * @param {Map<string, number>} rank  versionRanks of every version in `list`
 */
function environmentsOf(list, workloads, rank) {
  /** @type {Map<string, Entry[]>} */
  const groups = new Map()
  for (const e of list) {
    if (e.facts.releases.length === 0) continue
    pushTo(groups, e.facts.environment, e)
  }
  const at = (/** @type {string} */ v) => /** @type {number} */ (rank.get(v))
  return [...groups.values()]
    .map((group) => {
      /** @type {Map<string, Array<{release: Release, rank: number, newest: number}>>} each release with the ranks of its version and its report's newest */
      const byWorkload = new Map(workloads.map((w) => [w, []]))
      for (const e of group) {
        const newest = at(e.facts.newest)
        for (const r of e.facts.releases) {
          const release = {version: r.version, subject: r.subject, metric: r.metric, threads: r.threads, clients: r.clients, throughput: r.throughput, report: e.id}
          byWorkload.get(r.workload)?.push({release, rank: at(r.version), newest})
        }
      }
      return {
        reports: group.map((e) => e.id),
        releases: Object.fromEntries(
          workloads.map((name) => [
            name,
            /** @type {Array<{release: Release, rank: number, newest: number}>} */ (byWorkload.get(name))
              .sort((a, b) => a.rank - b.rank || b.newest - a.newest)
              .filter((r, i, all) => i === 0 || all[i - 1].release.version !== r.release.version)
              .map((r) => r.release)
          ])
        )
      }
    })
    .filter((g) => new Set(Object.values(g.releases).flat().map((r) => r.version)).size >= 2)
}

/**
 * Add `value` to the list of `key` (a copy per entry made grouping 1,000 reports quadratic).
 * @template T
 * @param {Map<string, T[]>} map @param {string} key @param {T} value
 */
function pushTo(map, key, value) {
  const list = map.get(key)
  if (list) list.push(value)
  else map.set(key, [value])
}
