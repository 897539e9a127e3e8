import {bestPoint} from './overview.js'

/**
 * A product across releases, derived from every report of it: the
 * release-over-release headline change per workload (one step per compared
 * subject of a comparison report), and, among reports that share an
 * environment (same hardware and same data set), the best throughput each
 * release reached. No figure is entered by hand: each comes from a report's
 * derivation (`deriveReport`, `headlineChange`, `bestPoint`).
 *
 * @typedef {import('./report.js').Figure} Figure
 * @typedef {ReturnType<typeof import('./report.js').deriveReport>} Derived
 * @typedef {{id: string, report: Record<string, any>, derived: Derived}} Entry
 * @typedef {{report: string, from: string, to: string, version: string, change: Figure, stated: boolean}} Step
 * @typedef {{report: string, version: string, subject: string, metric: 'qps' | 'tps', threads: number, clients: number, throughput: Figure}} Release
 */

/**
 * The numbers in a version string, for ordering: `v6.0.0 DMR` → [6, 0, 0],
 * `v2.0.0-rc6` → [2, 0, 0, -1, 6] (a pre-release sorts before its release).
 * @param {string} version
 * @returns {number[]}
 */
export function versionKey(version) {
  const [main, pre] = String(version).replace(/^[^\d]*/, '').split(/-(?=[a-z])/i)
  const key = (main.match(/^[\d.]+/)?.[0] ?? '').split('.').filter(Boolean).map(Number)
  if (pre) key.push(-1, Number(pre.match(/\d+/)?.[0] ?? 0))
  return key
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
 * @param {Record<string, any>} report
 * @returns {string}
 */
export function newestVersion(report) {
  return report.subjects.map((/** @type {any} */ s) => s.version).sort(compareVersions).at(-1)
}

/**
 * Index order: newest first. A report without a date sorts by its newest
 * version among the dated reports of its product: it takes the date of the
 * newest dated report of an older version, and comes before it.
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
 * A key that is equal for two reports measured on the same environment:
 * the same instance types or machine specs (with counts) and the same data
 * set (tables × rows).
 * @param {Record<string, any>} report
 * @returns {string}
 */
export function environmentKey(report) {
  const env = report.environment ?? {}
  const hosts = (env.instances ?? []).map((/** @type {any} */ i) => `${i.role}:${i.instance_type ?? i.size ?? ''}×${i.count ?? 1}`)
  const machines = (env.machines ?? []).map((/** @type {any} */ m) => `${m.cpu ?? ''}|${m.memory ?? ''}|${m.disk ?? ''}×${m.count ?? 1}`)
  return JSON.stringify([[...hosts].sort(), [...machines].sort(), report.plan.tables ?? null, report.plan.table_size ?? null])
}

/**
 * @param {Entry[]} entries  every report of the site, derived once
 * @returns {Array<{product: string, slug: string, workloads: string[], steps: Record<string, Step[]>, environments: Array<{reports: string[], releases: Record<string, Release[]>}>}>}
 */
export function versionsByProduct(entries) {
  /** @type {Map<string, Entry[]>} */
  const byProduct = new Map()
  for (const e of entries) {
    const product = e.report.product ?? e.report.subjects[0].product
    byProduct.set(product, [...(byProduct.get(product) ?? []), e])
  }
  return [...byProduct.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([product, list]) => {
      const workloads = [...new Set(list.flatMap((e) => e.derived.workloads.map((w) => w.name)))].sort()
      return {
        product,
        slug: product.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'product',
        workloads,
        steps: Object.fromEntries(workloads.map((w) => [w, stepsOf(list, w)])),
        environments: environmentsOf(list, workloads)
      }
    })
}

/**
 * Release-over-release steps of one workload, oldest release first.
 * @param {Entry[]} list
 * @param {string} workload
 * @returns {Step[]}
 */
function stepsOf(list, workload) {
  const version = (/** @type {Entry} */ e, /** @type {string} */ id) => e.report.subjects.find((/** @type {any} */ s) => s.id === id)?.version ?? id
  return list
    .flatMap((e) => {
      const w = e.derived.workloads.find((x) => x.name === workload)
      if (!w || !e.derived.baseline) return []
      const from = version(e, e.derived.baseline)
      return w.headlines.flatMap((h) => {
        const change = h.derived.value != null ? h.derived : h.stated
        if (!change || change.value == null) return []
        const to = version(e, h.subject)
        return [{report: e.id, from, to, version: to, change, stated: h.derived.value == null}]
      })
    })
    .sort((a, b) => compareVersions(a.to, b.to) || compareVersions(a.from, b.from))
}

/**
 * Groups of reports on one environment that together cover two releases or
 * more, with each release's best throughput per workload. A release measured
 * by two reports of the group (the newer side of one, the older of the next)
 * shows the figure of the report with the newer releases.
 * @param {Entry[]} list
 * @param {string[]} workloads
 */
function environmentsOf(list, workloads) {
  const newestOf = (/** @type {string} */ id) => newestVersion(/** @type {Entry} */ (list.find((e) => e.id === id)).report)
  /** @type {Map<string, Entry[]>} */
  const groups = new Map()
  for (const e of list) {
    if (!(e.report.results ?? []).length) continue
    // throughput is only comparable in one measure
    const key = `${environmentKey(e.report)}|${e.derived.metric}`
    groups.set(key, [...(groups.get(key) ?? []), e])
  }
  return [...groups.values()]
    .map((group) => ({
      reports: group.map((e) => e.id),
      releases: Object.fromEntries(
        workloads.map((name) => [
          name,
          group
            .flatMap((e) => {
              const w = e.derived.workloads.find((x) => x.name === name)
              if (!w) return []
              return e.report.subjects.flatMap((/** @type {any} */ s) => {
                const best = bestPoint(w, s.id, e.derived.metric)
                return best ? [{report: e.id, version: s.version, subject: s.id, metric: e.derived.metric, threads: best.threads, clients: best.clients, throughput: best.throughput}] : []
              })
            })
            .sort((a, b) => compareVersions(a.version, b.version) || compareVersions(newestOf(b.report), newestOf(a.report)))
            // a release two reports measured shows the newer report's figure
            .filter((r, i, list) => i === 0 || list[i - 1].version !== r.version)
        ])
      )
    }))
    .filter((g) => new Set(Object.values(g.releases).flat().map((r) => r.version)).size >= 2)
}
