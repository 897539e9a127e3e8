import {variantIn} from './columns.js'
import {componentsIn} from './config.js'
import {isNarrativeRole, sectionRole} from './sections.js'
import {subjectFor} from './subjects.js'
import {readTable, tableKind} from './tables.js'
import {mapTerms} from './terms-ja.js'
import {childrenOf, headingText, inlineCodes, labelled, plainText} from './text.js'
import {exactWorkloads, workloadIn} from './workloads.js'
import {assembleReport} from './extract/assembly.js'
import {environmentTable, labelFact, proseFacts} from './extract/environment.js'
import {isShortcode, openSection, place, placeList, prose} from './extract/narrative.js'
import {configBlock} from './extract/parameters.js'
import {commandBlock} from './extract/plan.js'
import {resultProse, resultShape, resultTable, summaryTable} from './extract/results.js'
import {at, createState, noteTerms, reportTermHits, seeWorkload, slice, terms} from './extract/state.js'
import {readVersions} from './extract/versions.js'

/**
 * Map the mdast of one published report to report data and the pieces of its
 * narrative; pure (messages go through `say`). Each block goes to the reader
 * of its section's role in `extract/`.
 *
 * @typedef {import('mdast').RootContent} Block
 * @typedef {import('./extract/state.js').State} State
 * @typedef {import('./extract/state.js').Say} Say
 * @typedef {import('./extract/state.js').Stated} Stated
 * @typedef {{
 *   report: import('../types/report.js').Report,
 *   written: Map<string, string>,
 *   stated: Stated[],
 *   changes: Array<import('./results.js').StatedChange & {workload: string}>,
 *   title: string | null,
 *   narrative: {sections: Map<string, {heading: string, parts: string[]}>, unmapped: string[]},
 *   stats: {sections: number, mapped: number, tables: number, points: number},
 *   lines: number[],
 *   places: Array<Record<string, import('unist').Point>>
 * } | null} Extracted  `lines`, `places`: per point, its row and each figure's cell in the source
 */

/**
 * @param {import('mdast').Root} tree
 * @param {string} source
 * @param {{lang: string, sourceFile: string, file?: string}} options
 * @param {Say} say
 * @returns {Extracted}
 */
export function extractReport(tree, source, options, say) {
  // Terms noted while reading versions are reported with the rest.
  /** @type {Array<{hits: Array<{from: string, to: string}>, place: import('unist').Point | undefined}>} */
  const early = []
  const versions = readVersions(tree, source, say, (text, place) => {
    const mapped = mapTerms(text)
    early.push({hits: mapped.hits, place})
    return mapped.text
  })
  if (!versions) return null
  const s = createState(source, options, say, versions, tree)
  for (const e of early) noteTerms(s, e.hits, e.place)
  tree.children.forEach((node, i) => {
    s.next = tree.children[i + 1] ?? null
    topBlock(s, node)
  })
  reportTermHits(s)
  const assembled = assembleReport(s, tree)
  if (!assembled) return null
  const {sections, unmapped} = s
  return {...assembled, changes: s.changes, title: versions.title, narrative: {sections, unmapped}, stats: s.stats, lines: s.points.map((p) => p.line), places: s.points.map((p) => p.places)}
}

/**
 * A top-level block: read, and what was not read goes to the narrative.
 * @param {State} s
 * @param {Block} node
 */
function topBlock(s, node) {
  const done = block(s, node, null)
  if (node.type === 'heading' && node.depth > 1) openSection(s, node)
  else if (node.type === 'list' && !done) placeList(s, node)
  else if (!done && node.type !== 'yaml') place(s, slice(s, node))
  if (!isShortcode(node)) s.previous = node
}

/**
 * @param {State} s
 * @param {Block} node
 * @param {string | null} itemLabel  the first paragraph of the list item the node is in
 * @returns {boolean}  true when the node went into data (not the narrative)
 */
function block(s, node, itemLabel) {
  switch (node.type) {
    case 'yaml':
      return true
    case 'heading':
      return heading(s, node)
    case 'paragraph':
      return paragraph(s, node)
    case 'blockquote': {
      const lab = labelled(plainText(node))
      if (lab && /^(作者|author|著者)$/i.test(lab.label)) labelFact(s, lab.label, lab.value, node)
      return false
    }
    case 'list':
      return workloadList(s, node) || list(s, node)
    case 'table':
      return table(s, node, itemLabel)
    case 'code': {
      if (commandBlock(s, node)) return true
      if (configBlock(s, node, itemLabel)) return true
      if (s.ctx.role === 'results' && s.ctx.workload) s.workloadProse.push({workload: s.ctx.workload, text: node.value, node})
      return false
    }
    case 'html':
      if (/^<!--/.test(node.value.trim()) && /\|\s*:?-{3,}/.test(node.value)) {
        s.say('warning', at(node), 'hidden-table', 'Skipped a table inside an HTML comment (not published); kept as a comment in the narrative')
      }
      return false
    default:
      return false
  }
}

/**
 * A heading sets the section role, the workload and clears the subject label.
 * @param {State} s
 * @param {import('mdast').Heading} node
 */
function heading(s, node) {
  const {ctx, stats} = s
  const {text: raw, anchor} = headingText(node)
  const text = terms(s, raw, at(node))
  if (node.depth === 1) return true
  const role = sectionRole(text, anchor)
  if (node.depth === 2) {
    stats.sections++
    if (role) stats.mapped++
    ctx.role = role
    ctx.headings = []
    ctx.workload = null
  } else if (role && (isNarrativeRole(role) || role === 'executor' || ctx.role === null)) {
    ctx.role = role
  }
  ctx.executor = ctx.role === 'executor' || (ctx.executor && node.depth > 2 && role === null)
  ctx.headings = ctx.headings.slice(0, Math.max(0, node.depth - 2))
  ctx.headings[node.depth - 2] = text
  ctx.label = null
  ctx.mention = null
  if (ctx.variant && ctx.variant.depth >= node.depth) ctx.variant = null
  const variant = node.depth >= 3 && (ctx.role === 'results' || ctx.role === null) ? variantLabel(text, s.versions.subjects) : null
  if (variant) ctx.variant = {label: variant, depth: node.depth}
  const scenario = node.depth >= 3 ? scenarioVariant(s, text) : null
  if (scenario) ctx.variant = {label: scenario, depth: node.depth}
  if (ctx.role === 'environment') proseFacts(s, text)
  // a workload heading opens results even without a "results" section above it
  if (ctx.role === 'results' || ctx.role === null) {
    const w = workloadIn(`${text} ${anchor ?? ''}`)
    if (w) {
      if (ctx.role === null && node.depth === 2) stats.mapped++
      ctx.role = 'results'
      ctx.workload = w
      ctx.workloadDepth = node.depth
      seeWorkload(s, w)
    } else if (ctx.workload && node.depth <= ctx.workloadDepth) {
      // a sibling heading naming no known workload ends the one above
      ctx.workload = null
    }
  }
  s.pendingHeading = `${'#'.repeat(Math.max(3, node.depth))} ${prose(s, raw)}`
  return true
}

/**
 * A paragraph: a subject label, `Label: value` facts, or prose (maybe a headline).
 * @param {State} s
 * @param {import('mdast').Paragraph} node
 */
function paragraph(s, node) {
  const {ctx} = s
  const text = plainText(node)
  if (/^\{\{<.*>\}\}$/.test(text)) return true
  if ((node.children.length === 1 && node.children[0].type === 'strong') || /^\*\*[^*]+\*\*\s*[:：]?$/.test(slice(s, node).trim())) {
    const label = terms(s, text, at(node))
    const subject = subjectFor(label, s.versions.ids)
    if (subject) {
      ctx.label = subject
      return true
    }
    const variant = ctx.role === 'results' ? variantLabel(label, s.versions.subjects) : null
    if (variant) {
      ctx.variant = {label: variant, depth: 99}
      return true
    }
  }
  if (ctx.role === 'results' && !ctx.workload) {
    const w = workloadIn(exactWorkloads(inlineCodes(node)).join(' '))
    if (w) {
      ctx.workload = w
      seeWorkload(s, w)
    }
  }
  const mentioned = componentsIn(terms(s, text, at(node)))
  if (mentioned.length === 1) ctx.mention = mentioned[0]
  const lines = slice(s, node).split('\n').map((l) => plainText({type: 'text', value: l.replace(/[*_`]/g, '')}))
  let all = lines.length > 0
  for (const l of lines) {
    const lab = labelled(terms(s, l, at(node)))
    if (!lab || !labelFact(s, lab.label, lab.value, node)) all = false
  }
  proseFacts(s, text)
  resultProse(s, node, text)
  return all
}

/**
 * A list: each item's first paragraph is a fact or a label for what is nested under it.
 * @param {State} s
 * @param {import('mdast').List} node
 */
function list(s, node) {
  let all = true
  const outer = s.itemNode
  for (const item of node.children) {
    s.itemNode = item
    const first = item.children[0]
    const lead = first?.type === 'paragraph' ? first : null
    const label = lead ? plainText(lead) : null
    const restore = label !== null ? itemScope(s, item, label) : () => {}
    let itemAll = true
    for (const child of item.children) {
      const done = child === lead && label !== null ? itemParagraph(s, lead, label) : block(s, child, label)
      if (done) s.consumed.add(child)
      else itemAll = false
      if (!isShortcode(child)) s.previous = child
    }
    restore()
    if (itemAll) s.consumed.add(item)
    else all = false
    s.itemNode = outer
  }
  return all
}

/**
 * A list item naming a workload or mode above nested result tables: they are its.
 * @param {State} s
 * @param {import('mdast').ListItem} item
 * @param {string} label
 * @returns {() => void}  puts back the context of the list
 */
function itemScope(s, item, label) {
  const {ctx} = s
  if (!hasTable(item) || label.length > 80) return () => {}
  const saved = {workload: ctx.workload, variant: ctx.variant, role: ctx.role}
  const text = terms(s, label, at(item))
  const workload = workloadIn(`${exactWorkloads(inlineCodes(item.children[0])).join(' ')} ${text}`)
  const variant = workload ? null : variantLabel(text, s.versions.subjects)
  if (workload && (ctx.role === 'results' || ctx.role === null)) {
    ctx.role = 'results'
    ctx.workload = workload
    seeWorkload(s, workload)
  } else if (variant && ctx.role === 'results') ctx.variant = {label: variant, depth: 99}
  else return () => {}
  return () => Object.assign(ctx, saved)
}

/**
 * A one-item list naming a workload right above a result table (`* 标准 oltp 测试`):
 * the tables after it, up to the next heading, are that workload's; the list is data.
 * @param {State} s
 * @param {import('mdast').List} node
 */
function workloadList(s, node) {
  const {ctx} = s
  const [item, ...more] = node.children
  if (more.length > 0 || s.next?.type !== 'table' || hasTable(node) || !['results', 'plan', null].includes(ctx.role)) return false
  const first = item.children[0]
  if (item.children.length !== 1 || first?.type !== 'paragraph') return false
  const workload = workloadIn(`${exactWorkloads(inlineCodes(first)).join(' ')} ${terms(s, plainText(first), at(node))}`)
  if (!workload) return false
  ctx.role = 'results'
  ctx.workload = workload
  // the next heading of any depth ends it
  ctx.workloadDepth = 99
  seeWorkload(s, workload)
  return true
}

/** @param {import('mdast').Nodes} node @returns {boolean} */
const hasTable = (node) => node.type === 'table' || childrenOf(node).some(hasTable)

/**
 * A mode named by a sub-heading, bold label or list item above result tables
 * ("Pod network", "调优模式"): the label without versions and products.
 * @param {string} text
 * @param {import('./extract/versions.js').SubjectData[]} subjects
 */
function variantLabel(text, subjects) {
  const clean = text.replace(/[:：]\s*$/, '').trim()
  if (clean.length > 40 || !VARIANT_WORDS.test(clean) || workloadIn(clean)) return null
  return variantIn(clean, subjects)
}

/**
 * A scenario heading (`### Scenario two: TiDB scaling out`, `### 场景二：…`): each
 * scenario after the first ran on another deployment, so its results are a variant
 * named by the heading, never mixed into one series with the first.
 * @param {State} s
 * @param {string} text
 * @returns {string | null}  the variant label of a later scenario
 */
function scenarioVariant(s, text) {
  const m = /^(?:test\s+)?(?:scenario|场景|シナリオ)\s*[\w一二三四五六七八九十]+\s*[:：.、]\s*(.+)$/i.exec(text.trim())
  if (!m || workloadIn(m[1])) return null
  s.scenarios++
  if (s.scenarios === 1) return null
  return variantIn(m[1], s.versions.subjects) ?? m[1].trim()
}

/** Words that name a mode or configuration. */
const VARIANT_WORDS = /\b(mode|network(ing)?|config(uration)?|settings?|tuned|tuning|default|enabled|disabled)\b|模式|网络|配置|调优|默认|开启|关闭|モード|ネットワーク|設定|構成|チューニング|デフォルト|有効|無効/i

/**
 * A list item's first paragraph: a `Label: value` fact, or prose.
 * @param {State} s
 * @param {import('mdast').Paragraph} node
 * @param {string} label
 */
function itemParagraph(s, node, label) {
  const lab = labelled(terms(s, label, at(node)))
  if (lab && labelFact(s, lab.label, lab.value, node)) return true
  proseFacts(s, label)
  const mentioned = componentsIn(terms(s, label, at(node)))
  if (mentioned.length === 1) s.ctx.mention = mentioned[0]
  return false
}

/**
 * A table, read by its kind.
 * @param {State} s
 * @param {import('mdast').Table} node
 * @param {string | null} itemLabel
 */
function table(s, node, itemLabel) {
  s.stats.tables++
  let read = readTable(node, s.source)
  for (const t of read.terms) noteTerms(s, [t], t.place)
  let kind = tableKind(read.header.map((c) => c.text))
  if (kind === 'results' || kind === 'transposed') ({table: read, kind} = resultShape(s, node, read, kind))
  if (read.rows.length === 0) {
    s.say('warning', at(node), 'empty-table', 'Unexpected table without data rows; kept in the narrative')
    return false
  }
  switch (kind) {
    case 'results':
      return resultTable(s, node, read)
    case 'summary':
      return summaryTable(s, read)
    case 'unknown':
      s.say('warning', at(node), 'unknown-table', `Unexpected table with columns ${read.header.map((c) => `\`${c.text}\``).join(' | ')}; kept in the narrative`)
      return false
    default:
      return environmentTable(s, node, read, kind, itemLabel)
  }
}
