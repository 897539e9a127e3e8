import {loadLabels, siteLanguages} from '../i18n/labels.js'
import {halfWidthName, subjectNames} from '../derive/subjects.js'
import {orderKeys} from '../lib/order-keys.js'
import {PACKAGE_ROOT} from '../lib/root.js'
import {NARRATIVE_SECTIONS} from './layout.js'
import {importNarrative} from './narrative.js'
import {headingId, headingText, labelPattern, unescapeText} from './text.js'
import {readVersion, readEnvironment, readParameters} from './read-sections.js'
import {readResults, readSummary} from './read-results.js'
import {restoreTexts, narrativeFile} from './read-narrative.js'
import {endOf, sourceOf, startOf} from './nodes.js'
import {factProblems} from './read-facts.js'
import {numberTexts} from './facts.js'

/**
 * Read back benchdoc's own Markdown export (write.js) exactly: sections by `{#id}`,
 * facts by label, tables by layout.js's columns, numbers with their recorded decimals,
 * and from the sidecar the facts the Markdown has no place for.
 *
 * @typedef {import('mdast').Root} Root
 * @typedef {import('../import/extract.js').Say} Say
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/report.js').Point} Point
 * @typedef {import('./front-matter.js').FrontFacts} FrontFacts
 * @typedef {{
 *   report: Report,
 *   written: Map<string, string>,
 *   narrative: string,
 *   stats: {sections: number, mapped: number, tables: number, points: number}
 * }} ReadExport
 *   `report`: the data as read, which the importer validates before it writes anything
 * @typedef {{id: string | null, start: number, end: number, nodes: import('mdast').RootContent[]}} Section
 *   a section's nodes below its heading; `start` and `end` bound its text
 * @typedef {Record<string, string | number>} Row  a table's row read by its columns (layout.js)
 * @typedef {{
 *   cloud?: Record<string, string>, instances?: Row[], machines?: Row[], client?: Row, software?: Row[],
 *   notes?: string[], os?: string, sysbench?: string
 * }} ReadEnvironment
 * @typedef {{id: string, label?: string, variant?: import('../types/report.js').Text,
 *   product?: string, version?: string, components?: Row[]}} ReadSubject
 * @typedef {{component: string, subjects?: string[], workloads?: string[], note?: string, format?: string, content?: string}} ReadParameter
 * @typedef {Omit<Report, 'kind' | 'subjects' | 'environment' | 'parameters'> & {
 *   kind?: string, subjects?: ReadSubject[], environment: ReadEnvironment, parameters: ReadParameter[]
 * }} ReadReport
 *   the report as the sections are read into it
 * @typedef {{
 *   source: string, lang: string, L: (key: string) => string, missing: string, facts: FrontFacts, say: Say,
 *   report: ReadReport, subjects: ReadSubject[],
 *   headlines: import('../types/report.js').Headline[], headlineText: Map<string, string>, narrative: Map<string, string>,
 *   stats: ReadExport['stats'], labelOf: () => Record<string, string>, idOf: (label: string) => string
 * }} Reading
 *   what the section readers read into
 * @typedef {{lang: string, root?: string, labels?: Record<string, string>, sidecar: {doc: import('../lib/yaml-source.js').SourceDoc, name: string}}} ReadOptions
 *   `root`: the reports repository, whose languages and labels (over the package's) the export speaks (default: the package's);
 *   `sidecar`: the sidecar the facts are from, and its name in messages
 */

/**
 * @param {Root} tree
 * @param {string} source
 * @param {FrontFacts} facts  the sidecar's
 * @param {ReadOptions} options
 * @param {Say} say
 * @returns {ReadExport | null}  null when the front matter's facts cannot be read (each problem said)
 */
export function readExport(tree, source, facts, options, say) {
  if (!readable(tree, facts, options, say)) return null
  const labels = options.labels ?? loadLabels(options.root ?? PACKAGE_ROOT, options.lang)
  const st = reading(source, facts, options.lang, labels, say)
  const {title, sections} = splitSections(tree, source)
  for (const section of sections) {
    st.stats.sections += section.id === 'intro' ? 0 : 1
    if (section.id && section.id !== 'intro') st.stats.mapped++
    readSection(st, section)
  }
  const {results, written} = sidecarResults(facts.results ?? [], options.sidecar)
  const report = st.report
  report.subjects = st.subjects.map((s) => orderKeys(s, ['id', 'label', 'product', 'version', 'variant', 'components']))
  for (const key of /** @type {const} */ (['environment', 'parameters'])) if (isEmpty(report[key])) delete report[key]
  if (results.length > 0) report.results = results
  if (st.headlines.length > 0) report.headlines = st.headlines
  for (const [i, text] of st.headlineText) written.set(`headlines/${i}/change`, text)
  st.stats.points = results.length
  restoreTexts(report, facts.texts ?? {})
  // as read: the importer validates it before it writes anything
  const read = /** @type {Report} */ (/** @type {unknown} */ (orderReport(report)))
  return {report: read, written, narrative: narrativeFile(read, options.lang, labels, title, st.narrative), stats: st.stats}
}

/**
 * The sidecar's points, each number with its text as the sidecar writes it (`13.70`).
 * @param {Point[]} results @param {ReadOptions['sidecar']} sidecar
 */
function sidecarResults(results, sidecar) {
  const texts = numberTexts(results, (path) => sidecar.doc.sourceOf(['results', ...path]))
  return {results, written: new Map(Object.entries(texts).map(([path, text]) => [`results/${path}`, text]))}
}

/**
 * Whether the facts can be read, in one of the site's languages; else errors at their lines.
 * @param {Root} tree @param {FrontFacts} facts @param {ReadOptions} options @param {Say} say
 */
function readable(tree, facts, options, say) {
  const {sidecar} = options
  for (const e of sidecar.doc.syntaxErrors) say('error', {line: e.place.line, column: e.place.col, file: sidecar.name}, 'export-facts', e.message)
  if (sidecar.doc.syntaxErrors.length > 0) return false
  const problems = factProblems(facts)
  const languages = options.labels ? [options.lang] : siteLanguages(options.root ?? PACKAGE_ROOT)
  if (problems.length === 0 && !languages.includes(options.lang)) {
    problems.push({key: 'lang', message: `Unexpected language \`${options.lang}\` of the export, expected one of: ${languages.join(', ')}`})
  }
  for (const p of problems) say('error', p.key === 'lang' ? frontPlace(tree) : factPlace(p.key, sidecar), p.key === 'lang' ? 'export-lang' : 'export-facts', p.message)
  return problems.length === 0
}

/**
 * Where a fact stands: its key's line in the sidecar (its start when it lacks it).
 * @param {string} key @param {ReadOptions['sidecar']} sidecar
 * @returns {import('unist').Point & {file: string}}
 */
function factPlace(key, sidecar) {
  // a fact it lacks: its start
  const {line, col} = /** @type {Record<string, unknown> | null} */ (sidecar.doc.data)?.[key] !== undefined ? sidecar.doc.placeOf([key], true) : {line: 1, col: 1}
  return {line, column: col, file: sidecar.name}
}

/** The front matter's start, where the page's key gives the language. @param {Root} tree */
const frontPlace = (tree) => tree.children.find((n) => n.type === 'yaml')?.position?.start

/**
 * @param {string} source @param {FrontFacts} facts @param {string} lang @param {Record<string, string>} labels @param {Say} say
 * @returns {Reading}
 */
function reading(source, facts, lang, labels, say) {
  // the page writes the date, plan and topology as the language and sysbench do: the sidecar has the data's
  /** @type {ReadReport} */
  const report = {id: facts.id, environment: {}, parameters: [], plan: facts.plan, ...(facts.date !== undefined ? {date: facts.date} : {}), ...(facts.topology ? {topology: facts.topology} : {})}
  if (facts.title !== undefined) report.title = facts.title
  if (facts.kind !== undefined) report.kind = facts.kind
  if (facts.source !== undefined) report.source = facts.source
  if (facts.product !== undefined) report.product = facts.product
  /** @type {ReadSubject[]} */
  const subjects = facts.subjects.map((id) => ({
    id,
    ...(facts.labels?.[id] !== undefined ? {label: facts.labels[id]} : {}),
    // a product or version holding a space is the sidecar's: the page's version line names them as the page does
    ...facts.versions?.[id],
    ...(facts.variants?.[id] !== undefined ? {variant: facts.variants[id]} : {}),
    ...(facts.db_drivers?.[id] !== undefined ? {db_driver: facts.db_drivers[id]} : {}),
    ...(facts.runs?.[id] !== undefined ? {run: facts.runs[id]} : {})
  }))
  if (facts.dimensions !== undefined) report.dimensions = facts.dimensions
  if (facts.baseline !== undefined) report.baseline = facts.baseline
  if (facts.metric) report.metric = facts.metric
  if (facts.verdict !== undefined) report.verdict = facts.verdict
  // names depend on products and variants (in the export's language), the sidecar's before any table names a subject
  const labelOf = () => subjectNames(/** @type {{subjects: import('../derive/subjects.js').NamedSubject[]}} */ ({subjects}), lang)
  return {
    source, lang, facts, say, report, subjects, headlines: [], headlineText: new Map(), narrative: new Map(),
    L: (key) => labels[key] ?? key,
    missing: labels.result_missing ?? '–',
    stats: {sections: 0, mapped: 0, tables: 0, points: 0},
    labelOf,
    idOf: (label) => subjects.find((s) => halfWidthName(labelOf()[s.id]) === halfWidthName(label))?.id ?? label
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
  for (const n of tree.children) {
    if (n.type === 'yaml') continue
    if (n.type === 'heading' && n.depth <= 2) {
      const last = sections.at(-1)
      if (last) last.end = startOf(n)
      const text = sourceOf(source, n).replace(/^#+\s*/, '')
      if (n.depth === 1 && title === null) title = unescapeHeading(text)
      sections.push({id: n.depth === 1 ? 'intro' : headingId(text), start: endOf(n), end: source.length, nodes: []})
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
  results: readResults,
  summary: readSummary
}

/**
 * Whether a narrative section's text is the page's note in place of a narrative (`narrative_none`, or
 * `narrative_missing` with whatever its fields hold). @param {Reading} st @param {string} text
 */
function isNarrativeNote(st, text) {
  return text === st.L('narrative_none') || labelPattern(st.L('narrative_missing'))(text) !== null
}

/** @param {Reading} st @param {Section} section */
function readSection(st, section) {
  if (section.id && NARRATIVE_SECTIONS.includes(section.id)) {
    const text = importNarrative(st.source.slice(section.start, section.end).trim())
    // the page's note that there is no narrative is none (write.js narrativeMissing)
    if (text && !isNarrativeNote(st, text)) st.narrative.set(section.id, text)
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

/** @param {ReadReport} report */
const orderReport = (report) => orderKeys(report, REPORT_KEYS)
