import {orderKeys} from '../../lib/order-keys.js'
import {assemblePlan, planClients} from './plan.js'
import {checkNamedThreads} from './results.js'
import {at} from './state.js'
import {parseDate} from './environment.js'
import {FIGURES} from '../../domain/index.js'

/**
 * The report data in the schema's order, from everything read.
 * @typedef {import('./state.js').State} State
 * @typedef {import('../../types/report.js').Report} Report
 * @typedef {import('../../types/report.js').Dimension} Dimension
 */

const ENVIRONMENT_KEYS = ['cloud', 'instances', 'machines', 'client', 'os', 'sysbench', 'software']
const SUBJECT_KEYS = ['id', 'label', 'product', 'version', 'variant', 'components']
/** @type {Record<string, Dimension>} */
const DIMENSIONS = {
  table_size: {name: 'table_size', label: 'dimension_table_size', unit: 'rows'},
  tidb_nodes: {name: 'tidb_nodes', label: 'dimension_tidb_nodes', unit: 'nodes', component: 'TiDB'},
  tikv_nodes: {name: 'tikv_nodes', label: 'dimension_tikv_nodes', unit: 'nodes', component: 'TiKV'}
}
const POINT_KEYS = ['subject', 'workload', 'threads', 'clients', 'dimensions', ...FIGURES]

/**
 * @param {State} s
 * @param {import('mdast').Root} tree
 * @returns {{report: Report, written: Map<string, string>, stated: import('./state.js').Stated[]} | null}  null (with an error said) when nothing was read
 */
export function assembleReport(s, tree) {
  const {versions, meta, points, environment} = s
  if (points.length === 0 && s.stated.length === 0 && s.workloads.size === 0) {
    s.say('error', at(tree.children[0] ?? tree), 'no-report', 'No report found: expected result tables or stated figures under workload headings (e.g. `## Results` / `### Point Select`)')
    return null
  }
  if (points.length === 0 && s.stated.length === 0) {
    refuseDraft(s, tree)
    return null
  }
  const dimensions = assembleDimensions(s)
  const plan = assemblePlan(s)
  const {subjects, baseline} = subjectsOf(s)
  /** @type {Partial<Report>} */
  const report = {id: '', kind: subjects.length > 1 ? 'comparison' : 'single'}
  // the text's date, else the front matter's (`date: 2022-11-05`)
  const date = meta.date ?? (versions.front.date ? parseDate(String(versions.front.date)) : null)
  if (date) report.date = date
  if (meta.place) report.place = meta.place
  if (meta.author) report.author = meta.author
  report.source = {file: s.sourceFile, lang: s.lang}
  report.product = versions.product
  report.subjects = subjects.map((x) => orderKeys(x, SUBJECT_KEYS))
  if (baseline) report.baseline = baseline
  if (points.length > 0) report.metric = points.every((p) => p.point.tps != null) ? 'tps' : 'qps'
  if (dimensions.length > 0) report.dimensions = dimensions
  if (Object.keys(environment).length > 0) report.environment = orderKeys(environment, ENVIRONMENT_KEYS)
  if (s.topology.length > 0) report.topology = s.topology
  if (s.parameters.length > 0) report.parameters = s.parameters
  report.plan = plan
  /** @type {Map<string, string>} */
  const written = new Map()
  if (points.length > 0) {
    report.results = points.map((p, i) => {
      for (const w of p.written) written.set(`results/${i}/${w.key}`, w.text)
      return orderKeys(p.point, POINT_KEYS)
    })
  }
  s.stats.points = points.length
  checkNamedThreads(s, planClients(points))
  // subjects and plan are set above; the validator checks the rest before anything is written
  return {report: /** @type {Report} */ (report), written, stated: statedOf(s, subjects, baseline)}
}

/**
 * A draft that names its workloads but has no result yet (`TODO`) is refused.
 * @param {State} s
 * @param {import('mdast').Root} tree
 */
function refuseDraft(s, tree) {
  const todo = /\b(TODO|TBD)\b|待补充|待定|未完成|未定/.exec(s.source)
  const before = todo ? s.source.slice(0, todo.index).split('\n') : []
  const place = todo ? {line: before.length, column: (before.at(-1) ?? '').length + 1} : at(tree.children[0] ?? tree)
  const names = [...s.workloads.keys()].join(', ')
  s.say('error', place, 'no-results', `No results: the report names workloads (${names}) but has no result table and no stated figure${todo ? `; its results are marked \`${todo[0]}\`` : ''}. Expected a finished report; nothing imported`)
}

/**
 * The subjects with their variants: a base subject whose results are all
 * under variants gives way to them, its baseline role to the first.
 * @param {State} s
 */
function subjectsOf(s) {
  const used = new Set(s.points.map((p) => p.point.subject))
  /** @type {import('./versions.js').SubjectData[]} */
  const subjects = []
  for (const base of s.versions.subjects) {
    const variants = s.variants.filter((v) => v.base === base.id).map(({base: _, ...v}) => v)
    if (variants.length === 0 || used.has(base.id)) subjects.push(base)
    subjects.push(...variants)
  }
  const was = s.versions.baseline ?? s.versions.ids[0]
  const baseline = subjects.length < 2 ? null : subjects.some((x) => x.id === was) ? was : s.variants.find((v) => v.base === was)?.id ?? subjects[0].id
  return {subjects, baseline}
}

/**
 * Dimensions whose value varies between points are declared; one that does not is a plan fact.
 * @param {State} s
 */
function assembleDimensions(s) {
  /** @type {Map<string, Set<number>>} */
  const values = new Map()
  for (const p of s.points) for (const [k, v] of Object.entries(p.point.dimensions ?? {})) values.set(k, (values.get(k) ?? new Set()).add(v))
  /** @type {Dimension[]} */
  const declared = []
  for (const [name, set] of values) {
    if (set.size > 1) {
      // any other component's nodes: one label for all, the component named in the data
      declared.push(DIMENSIONS[name] ?? {name, label: 'dimension_nodes', unit: 'nodes', component: s.meta.components?.[name] ?? name})
      if (name === 'table_size') {
        delete s.meta.table_size_cell
        delete s.meta.table_size
        delete s.plan.table_size
      }
      continue
    }
    for (const p of s.points) {
      if (!p.point.dimensions) continue
      delete p.point.dimensions[name]
      if (Object.keys(p.point.dimensions).length === 0) delete p.point.dimensions
    }
  }
  return declared
}

/**
 * Stated figures with their subject: the one named, else the only subject
 * compared with the baseline, else the variant the sentence names.
 * @param {State} s
 * @param {import('./versions.js').SubjectData[]} subjects
 * @param {string | null} baseline
 */
function statedOf(s, subjects, baseline) {
  const compared = subjects.filter((x) => x.id !== baseline)
  /** @type {import('./state.js').Stated[]} */
  const out = []
  for (const st of s.stated) {
    const named = compared.filter((x) => x.variant && st.sentence.toLowerCase().includes(x.variant.toLowerCase()))
    const subject = st.subject !== null && compared.some((x) => x.id === st.subject) ? st.subject : compared.length === 1 ? compared[0].id : named.length === 1 ? named[0].id : null
    if (subject === null && compared.length === 0 && st.from === 'sentence') continue
    if (subject === null) {
      s.say('warning', st.place, 'headline-subject', `Stated ${st.workload} change ${st.text} % names no subject, expected one of: ${compared.map((x) => x.id).join(', ') || '(none: the report has one subject)'}; not recorded`)
      continue
    }
    const {sentence: _, ...rest} = st
    out.push({...rest, subject})
  }
  return out
}
