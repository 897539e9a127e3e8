import {fileURLToPath} from 'node:url'
import {loadLabels} from '../i18n/labels.js'
import {subjectNames} from '../derive/subjects.js'
import {orderKeys} from '../lib/order-keys.js'
import {NARRATIVE_SECTIONS} from './layout.js'
import {importNarrative} from './narrative.js'
import {headingId, headingText, unescapeText} from './text.js'
import {readVersion, readEnvironment, readParameters, readTopology, readPlan} from './read-sections.js'
import {readResults, readSummary, orderedResults} from './read-results.js'
import {restoreTexts, narrativeFile} from './read-narrative.js'

/**
 * Read back benchdoc's own Markdown export (write.js): sections are found by
 * their `{#id}`, facts by their labels in the export's language, tables by
 * the columns layout.js describes, so the data comes back exactly: numbers
 * with the decimals they were recorded with, text as written, narrative
 * sections verbatim. The front matter's `benchdoc` block gives the facts the
 * Markdown has no place for (facts.js).
 *
 * @typedef {import('mdast').Root} Root
 * @typedef {import('../import/extract.js').Say} Say
 * @typedef {{
 *   report: Record<string, any>,
 *   written: Map<string, string>,
 *   narrative: string,
 *   stats: {sections: number, mapped: number, tables: number, points: number}
 * }} ReadExport
 * @typedef {{id: string | null, start: number, end: number, nodes: any[]}} Section
 *   a section's nodes below its heading; `start` and `end` bound its text
 * @typedef {{
 *   source: string, lang: string, L: (key: string) => string, missing: string, facts: Record<string, any>, say: Say,
 *   report: Record<string, any>, subjects: any[], plan: Record<string, any>,
 *   points: Array<{point: Record<string, any>, written: Map<string, string>, empty: boolean}>,
 *   headlines: any[], headlineText: Map<string, string>, narrative: Map<string, string>,
 *   stats: ReadExport['stats'], labelOf: () => Record<string, string>, idOf: (label: string) => string
 * }} Reading
 *   what the section readers read into
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/**
 * @param {Root} tree
 * @param {string} source
 * @param {Record<string, any>} facts  the front matter's `benchdoc` block
 * @param {{lang: string, labels?: Record<string, string>}} options
 * @param {Say} say
 * @returns {ReadExport}
 */
export function readExport(tree, source, facts, options, say) {
  const labels = options.labels ?? loadLabels(ROOT, options.lang)
  const st = reading(source, facts, options.lang, labels, say)
  const {title, sections} = splitSections(tree, source)
  for (const section of sections) {
    st.stats.sections += section.id === 'intro' ? 0 : 1
    if (section.id && section.id !== 'intro') st.stats.mapped++
    readSection(st, section)
  }
  const {results, written} = orderedResults(st)
  const report = st.report
  report.subjects = st.subjects
  for (const key of ['environment', 'topology', 'parameters']) if (isEmpty(report[key])) delete report[key]
  report.plan = st.plan
  if (results.length > 0) report.results = results
  if (st.headlines.length > 0) report.headlines = st.headlines
  for (const [i, text] of st.headlineText) written.set(`headlines/${i}/change`, text)
  st.stats.points = results.length
  restoreTexts(report, facts.texts ?? {})
  return {report: orderReport(report), written, narrative: narrativeFile(report, options.lang, labels, title, st.narrative), stats: st.stats}
}

/**
 * @param {string} source @param {Record<string, any>} facts @param {string} lang @param {Record<string, string>} labels @param {Say} say
 * @returns {Reading}
 */
function reading(source, facts, lang, labels, say) {
  /** @type {Record<string, any>} */
  const report = {id: facts.id}
  for (const key of ['title', 'kind', 'source', 'product']) if (facts[key] !== undefined) report[key] = facts[key]
  const subjects = /** @type {string[]} */ (facts.subjects).map((id) => ({
    id,
    ...(facts.labels?.[id] !== undefined ? {label: facts.labels[id]} : {}),
    ...(facts.variants?.[id] !== undefined ? {variant: facts.variants[id]} : {})
  }))
  if (facts.dimensions !== undefined) report.dimensions = facts.dimensions
  if (facts.baseline !== undefined) report.baseline = facts.baseline
  if (facts.metric) report.metric = facts.metric
  report.environment = {}
  report.topology = []
  report.parameters = []
  // names depend on products and variants (in the export's language), read from the version line before any table names a subject
  const labelOf = () => subjectNames(/** @type {any} */ ({subjects}), lang)
  return {
    source, lang, facts, say, report, subjects, plan: {}, points: [], headlines: [], headlineText: new Map(), narrative: new Map(),
    L: (key) => labels[key] ?? key,
    missing: labels.result_missing ?? '–',
    stats: {sections: 0, mapped: 0, tables: 0, points: 0},
    labelOf,
    idOf: (label) => subjects.find((s) => labelOf()[s.id] === label)?.id ?? label
  }
}

/**
 * The document's H2 sections (the text under the title is the `intro`).
 * @param {Root} tree @param {string} source
 * @returns {{title: string | null, sections: Section[]}}
 */
function splitSections(tree, source) {
  /** @type {Section[]} */
  const sections = []
  /** @type {string | null} */
  let title = null
  for (const node of tree.children) {
    const n = /** @type {any} */ (node)
    if (n.type === 'yaml') continue
    const start = n.position.start.offset
    if (n.type === 'heading' && n.depth <= 2) {
      const last = sections.at(-1)
      if (last) last.end = start
      const text = source.slice(start, n.position.end.offset).replace(/^#+\s*/, '')
      if (n.depth === 1 && title === null) title = unescapeHeading(text)
      sections.push({id: n.depth === 1 ? 'intro' : headingId(text), start: n.position.end.offset, end: source.length, nodes: []})
      continue
    }
    sections.at(-1)?.nodes.push(n)
  }
  return {title, sections}
}

/** @param {string} text */
const unescapeHeading = (text) => unescapeText(headingText(text))

/** @type {Record<string, (st: Reading, section: Section) => void>} */
const READERS = {
  version: readVersion,
  environment: readEnvironment,
  parameters: readParameters,
  topology: readTopology,
  plan: readPlan,
  results: readResults,
  summary: readSummary
}

/** @param {Reading} st @param {Section} section */
function readSection(st, section) {
  if (section.id && NARRATIVE_SECTIONS.includes(section.id)) {
    const text = st.source.slice(section.start, section.end).trim()
    if (text) st.narrative.set(section.id, importNarrative(text))
    return
  }
  if (section.id && READERS[section.id]) READERS[section.id](st, section)
}

/** @param {unknown} value */
function isEmpty(value) {
  return value == null || (Array.isArray(value) ? value.length === 0 : typeof value === 'object' && Object.keys(value).length === 0)
}

/** The report's keys in the order data files have them. */
const REPORT_KEYS = ['id', 'title', 'kind', 'date', 'place', 'author', 'source', 'aliases', 'product', 'subjects', 'dimensions', 'baseline', 'metric', 'environment', 'topology', 'parameters', 'plan', 'results', 'headlines']

/** @param {Record<string, any>} report */
const orderReport = (report) => orderKeys(report, REPORT_KEYS)
