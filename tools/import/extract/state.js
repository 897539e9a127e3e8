import {mapTerms} from '../terms-ja.js'

/**
 * What the importer has read so far from one report and where the walk is, for every reader.
 *
 * @typedef {import('unist').Point} Point
 * @typedef {import('../sections.js').Role} Role
 * @typedef {(severity: 'error' | 'warning', place: (Point & {file?: string}) | undefined, rule: string, message: string) => void} Say
 *   a place with a `file` stands in that file (an export's sidecar), not the page
 * @typedef {{workload: string, subject: string, value: number, text: string, place: Point, from: 'sentence' | 'summary'}} Stated
 * @typedef {Omit<Stated, 'subject'> & {subject: string | null, sentence: string}} StatedRead  a stated figure whose subject may be told only once all subjects are known
 * @typedef {import('./versions.js').Versions} Versions
 * @typedef {import('mdast').Nodes} Nodes
 * @typedef {import('mdast').RootContent} Block
 * @typedef {import('../../types/report.js').Parameter} Parameter
 * @typedef {{
 *   date?: string, place?: string, author?: string, analyze?: boolean, pause?: number, warmup_time?: number,
 *   tables?: number, table_tables?: number, table_size?: number, table_size_cell?: number, components?: Record<string, string>
 * }} Meta  facts stated outside the commands: in prose, `Label: value` lines and result tables
 * @typedef {import('../commands.js').PlanRead} PlanRead
 * @typedef {{
 *   role: Role | null,
 *   headings: string[],
 *   workload: string | null,
 *   workloadDepth: number,
 *   label: string | null,
 *   variant: {label: string, depth: number} | null,
 *   mention: string | null,
 *   executor: boolean
 * }} Context  where the walk is: section role, headings, workload and subject label in force
 * @typedef {{
 *   source: string,
 *   lang: string,
 *   sourceFile: string,
 *   file: string,
 *   say: Say,
 *   versions: Versions,
 *   ctx: Context,
 *   environment: import('../../types/report.js').Environment,
 *   topology: import('../../types/report.js').Host[],
 *   parameters: Parameter[],
 *   plan: PlanRead,
 *   meta: Meta,
 *   workloads: Map<string, number[]>,
 *   points: import('../results.js').ReadPoint[],
 *   pointKeys: Map<string, import('../results.js').ReadPoint>,
 *   stated: StatedRead[],
 *   variants: Array<import('./versions.js').SubjectData & {base: string}>,
 *   scenarios: number,
 *   changes: import('../results.js').StatedChange[],
 *   workloadProse: Array<{workload: string, text: string, node: import('mdast').Code | import('mdast').Paragraph}>,
 *   stats: {sections: number, mapped: number, tables: number, points: number},
 *   consumed: Set<Nodes>,
 *   sections: Map<string, {heading: string, parts: string[]}>,
 *   unmapped: string[],
 *   pendingHeading: string | null,
 *   lastConfig: {param: Parameter, node: Nodes} | null,
 *   previous: Block | null,
 *   next: Block | null,
 *   itemNode: import('mdast').ListItem | null,
 *   termHits: Map<string, {to: string, place: Point | undefined, places: Set<string>}>,
 *   tree: import('mdast').Root,
 *   threadStatements?: ReturnType<typeof import('./stated-threads.js').threadStatements>
 * }} State  `next`: the top-level block after the one being read; `threadStatements`: read from `tree` when a table without threads needs them
 */

/**
 * @param {string} source
 * @param {{lang: string, sourceFile: string, file?: string}} options  `file`: the source as messages name it
 * @param {Say} say
 * @param {Versions} versions
 * @param {import('mdast').Root} tree
 * @returns {State}
 */
export function createState(source, options, say, versions, tree) {
  return {
    tree,
    source,
    lang: options.lang,
    sourceFile: options.sourceFile,
    file: options.file ?? options.sourceFile,
    say,
    versions,
    ctx: {role: null, headings: [], workload: null, workloadDepth: 0, label: null, variant: null, mention: null, executor: false},
    environment: {},
    topology: [],
    parameters: [],
    plan: {},
    meta: {},
    workloads: new Map(),
    points: [],
    pointKeys: new Map(),
    stated: [],
    variants: [],
    scenarios: 0,
    changes: [],
    workloadProse: [],
    stats: {sections: 0, mapped: 0, tables: 0, points: 0},
    consumed: new Set(),
    sections: new Map(),
    unmapped: [],
    pendingHeading: null,
    lastConfig: null,
    previous: null,
    next: null,
    itemNode: null,
    termHits: new Map()
  }
}

/** @param {{position?: import('unist').Position}} node @returns {Point | undefined} */
export const at = (node) => node.position?.start

/** The node's Markdown as written. @param {State} s @param {{position?: import('unist').Position}} node */
export const slice = (s, node) => s.source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)

/**
 * Mangled Japanese terms: one warning per term, at its first place, with the count.
 * @param {State} s
 * @param {Array<{from: string, to: string}>} hits
 * @param {Point | undefined} place
 */
export function noteTerms(s, hits, place) {
  for (const h of hits) {
    const key = `${place?.line}:${place?.column}`
    const seen = s.termHits.get(h.from)
    if (seen) seen.places.add(key)
    else s.termHits.set(h.from, {to: h.to, place, places: new Set([key])})
  }
}

/** Text with mangled terms mapped back, and noted. @param {State} s @param {string} text @param {Point | undefined} place */
export function terms(s, text, place) {
  const mapped = mapTerms(text)
  noteTerms(s, mapped.hits, place)
  return mapped.text
}

/** @param {State} s */
export function reportTermHits(s) {
  for (const [from, hit] of s.termHits) {
    s.say('warning', hit.place, 'ja-term', `Mistranslated term \`${from}\` read as \`${hit.to}\`${hit.places.size > 1 ? ` (${hit.places.size} times)` : ''}`)
  }
}

/**
 * A workload seen (heading, command or table), with thread counts in table order.
 * @param {State} s
 * @param {string} name
 * @param {number[]} [threads]
 */
export function seeWorkload(s, name, threads = []) {
  const list = s.workloads.get(name) ?? []
  // a Set beside the list: a 10,000-row table would make `includes` quadratic
  const have = new Set(list)
  for (const t of threads) {
    if (have.has(t)) continue
    have.add(t)
    list.push(t)
  }
  s.workloads.set(name, list)
}

/**
 * The place of `match` inside a node's Markdown.
 * @param {State} s
 * @param {Nodes} node
 * @param {string} match
 * @returns {Point | undefined}
 */
export function placeOf(s, node, match) {
  const text = slice(s, node)
  const offset = text.indexOf(match)
  const start = node.position?.start
  if (!start || offset < 0) return start
  const lines = text.slice(0, offset).split('\n')
  return {line: start.line + lines.length - 1, column: lines.length === 1 ? start.column + offset : (lines.at(-1) ?? '').length + 1}
}
