import {fillLabel} from '../i18n/labels.js'
import {compareVersions, versionsByProduct} from '../derive/versions.js'
import {DEFAULT_STYLE, changeTexts, countStyle, figureText, threadsText} from './format.js'
import {versionsTableHtml} from './versions-html.js'
import {versionsCharts} from './versions-charts.js'
import {MOST_POINTS, drawsBars} from '../charts/versions-spec.js'

/**
 * The versions pages' models (one per product), tables and charts, from tools/derive/versions.js.
 *
 * @typedef {import('./versions-charts.js').VersionsChart} ChartJob  a chart drawn once for its languages' copies
 * @typedef {{path: string, lang: string, html: string}} TableFile  a table as its page prints it (versions-html.js), `path` under assets/
 */

/**
 * @param {import('../derive/versions.js').Entry[]} entries
 * @param {string[]} languages
 * @param {Record<string, Record<string, string>>} labels  by language
 * @param {Record<string, string>} locales  BCP 47 locale by language, for axis numbers
 * @param {import('./format.js').NumberStyle} [style]  how the pages write numbers
 * @param {Record<string, Record<string, string>>} [titles]  each report's title by language, as its page gives it (report-card.js)
 * @returns {{models: Array<Record<string, unknown>>, charts: ChartJob[], tables: TableFile[]}}  each product's model as its page reads it
 *   (layouts/versions/page.html: its headings, and where its charts and tables are), its charts and its tables
 */
export function versionsSite(entries, languages, labels, locales, style = DEFAULT_STYLE, titles = {}) {
  /** @type {ChartJob[]} */
  const charts = []
  /** @type {TableFile[]} */
  const tables = []
  const models = versionsByProduct(entries).map((p) => {
    // each table and chart has a column or line only for a workload it has a figure of, never one of dashes alone
    const stepped = p.workloads.filter((w) => p.steps[w].length > 0)
    const {stepRows, stepValues} = stepTable({...p, workloads: stepped}, style)
    const changeChart = `charts/versions/${p.slug}/LANG/change.svg`
    const changeTable = `site/versions/${p.slug}/LANG/change.html`
    const environments = p.environments.map((env, n) => ({
      // several environments are numbered, so that no two of the page's headings are the same
      number: p.environments.length > 1 ? n + 1 : null,
      reports: env.reports,
      // the reports measured there, by title, as the list under the heading names them
      report_titles: Object.fromEntries(languages.map((lang) => [lang, titleList(env.reports, titles, labels[lang], lang)])),
      metric: Object.values(env.releases).flat()[0]?.metric ?? 'tps',
      workloads: p.workloads.filter((w) => env.releases[w].length > 0),
      chart: `charts/versions/${p.slug}/LANG/throughput-${n}.svg`,
      table: `site/versions/${p.slug}/LANG/throughput-${n}.html`,
      rows: releaseRows(env.releases).map((r) => ({...r, label: r.version}))
    }))
    // a row's cells with their thread counts as a language writes them (`1200` in zh)
    const cellsOf = (/** @type {typeof environments[number]} */ env, /** @type {typeof env['rows'][number]} */ r, /** @type {import('./format.js').NumberStyle} */ counted) => env.workloads.map((w) => {
      const v = r.values[w]
      return v ? {value: v.throughput.value, text: figureText(v.throughput, style), threads_text: threadsText(v.threads, v.clients, counted)} : null
    })
    const href = (/** @type {string} */ id) => `../../reports/${id}/`
    // the legend names workloads as the pages do: display name, else the sysbench id
    const namesIn = (/** @type {string} */ lang) => Object.fromEntries(p.workloads.map((w) => [w, labels[lang][`workload_${w}`] || w]))
    const chart = {languages, locales}
    // each change as the table prints it (its decimals): a change too small to show
    // leaves the chart as it was, so a warm build need not draw it again
    const stepLinks = stepRows.map((s) => href(s.report))
    const changeRows = (/** @type {(w: string) => string} */ name) => stepped.flatMap((w, i) => {
      const named = name(w)
      return stepRows.map((s, order) => ({x: s.label, order, workload: named, value: stepValues[order][i], href: stepLinks[order]}))
    })
    const changeWords = (/** @type {string} */ lang) => {
      const l = labels[lang]
      return {x: l.versions_release, y: l.versions_change_axis, workload: l.summary_workload, alt: fillLabel(l.versions_change_alt, {product: p.product}), names: namesIn(lang)}
    }
    const first = charts.length
    charts.push(...versionsCharts({...chart, workloads: stepped, path: changeChart, percent: true}, changeWords, changeRows))
    environments.forEach((env) => {
      const envWords = (/** @type {string} */ lang) => {
        const l = labels[lang]
        const metric = l[`result_${env.metric}`]
        return {x: l.versions_version, y: metric, workload: l.summary_workload, alt: fillLabel(l.versions_throughput_alt, {product: p.product, metric}), names: namesIn(lang)}
      }
      const envRows = (/** @type {(w: string) => string} */ name) => env.workloads.flatMap((w) => env.rows.map((r, order) => ({x: r.version, order, workload: name(w), value: r.values[w]?.throughput.value ?? null, href: href(r.report)})))
      charts.push(...versionsCharts({...chart, workloads: env.workloads, path: env.chart}, envWords, envRows))
    })
    for (const lang of languages) {
      const table = (/** @type {string} */ path, /** @type {string} */ label, /** @type {string[]} */ workloads, /** @type {import('./versions-html.js').Row[]} */ rows) =>
        tables.push({path: path.replace('LANG', lang), lang, html: versionsTableHtml({label, workloads, rows}, labels, lang)})
      if (stepRows.length) table(changeTable, 'versions_release', stepped, stepRows)
      const counted = countStyle(style, locales[lang] ?? lang)
      environments.forEach((env) => table(env.table, 'versions_version', env.workloads, env.rows.map((r) => ({...r, cells: cellsOf(env, r, counted)}))))
    }
    const stated = stepRows.some((r) => r.cells.some((c) => c?.stated))
    return pageModel(p, stepRows.length ? changeChart : null, changeTable, environments, charts.slice(first).some((c) => drawsBars(c.spec)), stated)
  })
  return {models, charts, tables}
}

/**
 * A product's release steps as the change table's rows (a cell a workload's change), and the
 * number each cell's chart point plots, text and number worked out once (changeTexts).
 * @param {{workloads: string[], steps: Record<string, import('../derive/versions.js').Step[]>}} p
 * @param {import('./format.js').NumberStyle} style
 */
function stepTable(p, style) {
  /** @type {Map<string, {report: string, from: string, to: string, changes: Record<string, {change: import('../derive/report.js').Figure, stated: boolean}>}>} */
  const steps = new Map()
  for (const w of p.workloads) {
    for (const s of p.steps[w]) {
      const key = `${s.report}|${s.to}`
      let row = steps.get(key)
      if (!row) steps.set(key, (row = {report: s.report, from: s.from, to: s.to, changes: {}}))
      row.changes[w] = s
    }
  }
  /** @type {Array<Array<number | null>>} by step, then workload */
  const stepValues = []
  // in version order, not in the order the workloads' lists met them
  const stepRows = [...steps.values()].sort((a, b) => compareVersions(a.to, b.to) || compareVersions(a.from, b.from)).map((s) => {
    /** @type {Array<number | null>} */
    const values = []
    const cells = p.workloads.map((w) => {
      const step = s.changes[w]
      if (!step) return (values.push(null), null)
      const {text, value} = changeTexts(step.change, style)
      values.push(value)
      return {text, stated: step.stated}
    })
    stepValues.push(values)
    return {report: s.report, from: s.from, to: s.to, label: `${s.from} → ${s.to}`, cells}
  })
  return {stepRows, stepValues}
}

/**
 * What layouts/versions/page.html reads besides its tables and charts (assets).
 * @param {{product: string, slug: string}} p @param {string | null} changeChart @param {string} changeTable
 * @param {Array<{number: number | null, report_titles: Record<string, string[]>, metric: string, chart: string, table: string}>} environments
 * @param {boolean} bars  whether a chart of the page draws a bar for a step or release many reports measured: the intro then says what it stands for
 * @param {boolean} stated  whether a change is marked `*` (stated by the authors): only then is the mark explained
 */
function pageModel(p, changeChart, changeTable, environments, bars, stated) {
  const headings = environments.map(({number, report_titles, metric, chart, table}) => ({number, report_titles, metric, chart, table}))
  return {product: p.product, slug: p.slug, bars_over: bars ? MOST_POINTS : null, change_chart: changeChart, change_table: changeTable, stated, environments: headings}
}

/**
 * Reports by their titles in a language, each quoted as it writes them (a list item of its own: many reports make
 * no over-long sentence); a report without one left out.
 * @param {string[]} ids @param {Record<string, Record<string, string>>} titles @param {Record<string, string>} l  the language's labels @param {string} lang
 */
function titleList(ids, titles, l, lang) {
  return ids.flatMap((id) => (titles[id]?.[lang] === undefined ? [] : [fillLabel(l.punct_title, {title: titles[id][lang]})]))
}

/**
 * One row per release (version and report), its best throughput per workload.
 * @param {Record<string, import('../derive/versions.js').Release[]>} releases
 */
function releaseRows(releases) {
  /** @type {Map<string, {version: string, report: string, values: Record<string, {throughput: import('../derive/report.js').Figure, threads: number, clients: number}>}>} */
  const rows = new Map()
  for (const [w, list] of Object.entries(releases)) {
    for (const r of list) {
      const key = `${r.version}|${r.report}`
      const row = rows.get(key) ?? {version: r.version, report: r.report, values: {}}
      row.values[w] = {throughput: r.throughput, threads: r.threads, clients: r.clients}
      rows.set(key, row)
    }
  }
  return [...rows.values()].sort((a, b) => compareVersions(a.version, b.version))
}
