/**
 * Whether a built site lost anything a reader needs, for the benchmark
 * (issue 25's last budget): on every report page in every language, each
 * recorded number as the page's language writes it, inside its workload's
 * section; each workload with points shows a chart whose file exists, is a
 * whole SVG and holds the page's language; and every download is valid: each
 * Vega-Lite spec a page links against Vega-Lite's own schema, the JSON against
 * the report schema, the CSV one row per point; and each page links its
 * language's Markdown export, there with its sidecar beside it. A benchmark's check, on
 * generated reports: the tests check the same on the bundled reports.
 */
import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {readLanguages} from '../tools/i18n/languages.js'
import {isScalar, parseDocument} from 'yaml'
import {decimalsOf} from '../tools/derive/change.js'
import {MEASURES} from '../tools/derive/report.js'
import {schemaValidator} from '../tools/validate/schema-check.js'
import {MAX_CHART_POINTS} from '../tools/charts/spec.js'

/**
 * @typedef {import('../tools/types/report.js').Report} Report
 * @typedef {{pages: number, numbers: number, charts: number, specs: number, json: number, csv: number, exports: number, problems: string[]}} ReaderCheck
 *   counts of what was found as it should be, and what was not (the first 20)
 */

const require = createRequire(import.meta.url)

/**
 * @param {{root: string, publicDir: string, ids: string[]}} site  the project, its built site, the reports to check
 * @returns {ReaderCheck}
 */
export function checkPublished({root, publicDir, ids}) {
  const languages = readLanguages(root)
  const specValid = vegaLiteValidator()
  const reportValid = schemaValidator('report')
  /** @type {ReaderCheck} */
  const found = {pages: 0, numbers: 0, charts: 0, specs: 0, json: 0, csv: 0, exports: 0, problems: []}
  const problem = (/** @type {string} */ text) => found.problems.length < 20 && found.problems.push(text)
  /** @type {Map<string, boolean>} each spec file linked, whether it is valid */
  const specs = new Map()
  for (const id of ids) {
    const doc = parseDocument(readFileSync(join(root, 'data', 'reports', `${id}.yaml`), 'utf8'))
    // the generated reports the build just published: valid data
    const report = /** @type {Report} */ (doc.toJS())
    /** @param {Array<string | number>} path  the figure as written */
    const sourceOf = (path) => {
      const node = doc.getIn(path, true)
      return isScalar(node) ? node.source : undefined
    }
    for (const {code, locale} of languages) {
      const file = join(publicDir, code, 'reports', id, 'index.html')
      if (!existsSync(file)) {
        problem(`${code}/reports/${id}/: no page`)
        continue
      }
      found.pages++
      const html = readFileSync(file, 'utf8')
      checkNumbers({html, report, sourceOf, locale, place: `${code}/reports/${id}/`, found, problem})
      checkCharts({html, report, publicDir, lang: code, place: `${code}/reports/${id}/`, found, problem})
      for (const [, href] of html.matchAll(/<a class="spec" href="\/([^"]+)"/g)) {
        // a language's spec holds every chart of the report: each caption links it, it is read once
        if (!specs.has(href)) {
          specs.set(href, specValid(readJson(join(publicDir, href))))
          if (!specs.get(href)) problem(`${href}: not a valid Vega-Lite spec (${specValid.errors?.[0]?.message ?? 'unreadable'})`)
        }
        if (specs.get(href)) found.specs++
      }
      const md = `downloads/${id}/${id}.${code}.md`
      if (html.includes(`href="/${md}"`) && existsSync(join(publicDir, md)) && existsSync(join(publicDir, 'downloads', id, `${id}.benchdoc.yaml`))) found.exports++
      else problem(`${code}/reports/${id}/: no link to ${md}, or it or its sidecar is not there`)
    }
    checkDownloads({publicDir, id, report, reportValid, found, problem})
  }
  return found
}

/**
 * Every recorded figure of the report, as the page's locale writes it with
 * its recorded decimals, in its workload's section.
 * @param {{html: string, report: Report, sourceOf: (path: Array<string | number>) => string | undefined, locale: string, place: string,
 *   found: ReaderCheck, problem: (text: string) => void}} page
 */
function checkNumbers({html, report, sourceOf, locale, place, found, problem}) {
  /** @type {Map<string, string>} */
  const sections = new Map()
  for (const [i, point] of (report.results ?? []).entries()) {
    if (!sections.has(point.workload)) sections.set(point.workload, textOf(workloadSection(html, point.workload)))
    const text = /** @type {string} */ (sections.get(point.workload))
    for (const m of MEASURES) {
      const value = point[m]
      if (value == null) continue
      const d = decimalsOf(sourceOf(['results', i, m]) ?? value)
      const expected = new Intl.NumberFormat(locale, {minimumFractionDigits: d, maximumFractionDigits: d}).format(value)
      if (text.includes(expected)) found.numbers++
      else problem(`${place}: results[${i}].${m} ${expected} not in its workload's section`)
    }
  }
}

/**
 * A chart for each workload with points (and few enough to draw), whose
 * file is a whole SVG that holds the page's language.
 * @param {{html: string, report: Report, publicDir: string, lang: string, place: string, found: ReaderCheck, problem: (text: string) => void}} page
 */
function checkCharts({html, report, publicDir, lang, place, found, problem}) {
  for (const w of report.plan.workloads) {
    const points = (report.results ?? []).filter((p) => p.workload === w.name).length
    if (points === 0 || points > MAX_CHART_POINTS) continue
    const image = /<figure class="chart">\s*<img src="\/([^"?#]+)[^"#]*#([\w-]+)"/.exec(workloadSection(html, w.name))
    const svg = image && existsSync(join(publicDir, image[1])) ? readFileSync(join(publicDir, image[1]), 'utf8') : ''
    if (image && image[2] === lang && /^<svg\b[\s\S]*<\/svg>$/.test(svg) && svg.includes(`<title lang="${lang}">`)) found.charts++
    else problem(`${place}: the chart of ${w.name} ${image ? `(${image[1]}#${image[2]}) is not drawn in ${lang}` : 'is missing'}`)
  }
}

/**
 * The report's JSON against the report schema, and its CSV: a header and one row per point.
 * @param {{publicDir: string, id: string, report: Report, reportValid: import('ajv').ValidateFunction, found: ReaderCheck, problem: (text: string) => void}} downloads
 */
function checkDownloads({publicDir, id, report, reportValid, found, problem}) {
  const dir = join(publicDir, 'downloads', id)
  if (reportValid(readJson(join(dir, `${id}.json`)))) found.json++
  else problem(`downloads/${id}/${id}.json: not valid report data (${reportValid.errors?.[0]?.message ?? 'unreadable'})`)
  const csv = existsSync(join(dir, `${id}.csv`)) ? readFileSync(join(dir, `${id}.csv`), 'utf8') : ''
  const rows = csv.split('\r\n').filter(Boolean)
  const points = (report.results ?? []).length
  const fields = csvFieldCount(rows[0] ?? '')
  if (rows.length === points + 1 && rows.every((r) => csvFieldCount(r) === fields)) found.csv++
  else problem(`downloads/${id}/${id}.csv: ${rows.length - 1} rows for ${points} points`)
}

/** Vega-Lite's JSON Schema (draft-07), from the installed vega-lite, compiled once. */
function vegaLiteValidator() {
  const Ajv = /** @type {typeof import('ajv').default} */ (require('ajv').default)
  const schema = JSON.parse(readFileSync(require.resolve('vega-lite/vega-lite-schema.json'), 'utf8'))
  // its formats (uri, color-hex) are not checked: ajv without ajv-formats says so once per use, to no one
  return new Ajv({strict: false, validateFormats: false, logger: false}).compile(schema)
}

/** @param {string} file @returns {unknown} */
function readJson(file) {
  try {
    return JSON.parse(readFileSync(file, 'utf8'))
  } catch {
    return undefined
  }
}

/**
 * A workload's section of a report page: to the next section (workload sections do not nest).
 * @param {string} html @param {string} workload
 */
function workloadSection(html, workload) {
  const start = html.indexOf(`<section id="workload-${workload}"`)
  if (start < 0) return ''
  const next = html.indexOf('<section ', start + 1)
  return html.slice(start, next < 0 ? undefined : next)
}

/** @param {string} html */
function textOf(html) {
  return html.replace(/<[^>]+>/g, '').replace(/&#43;/g, '+').replace(/&amp;/g, '&').replace(/\s+/g, ' ')
}

/**
 * The number of fields of an RFC 4180 row (a quoted field may hold commas).
 * @param {string} row
 */
function csvFieldCount(row) {
  let quoted = false
  let count = 1
  for (const c of row) {
    if (c === '"') quoted = !quoted
    else if (c === ',' && !quoted) count++
  }
  return count
}
