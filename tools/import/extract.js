import {parse as parseYaml} from 'yaml'
import {applyCommand, parseCommand} from './commands.js'
import {canonicalComponent, classifyConfig, cleanContent, componentFromKeys, componentsIn, fenceFormat} from './config.js'
import {readComponents, readInstances, readMachines, readSoftware, readSpec, readTopology} from './environment.js'
import {namedThreads, statedHeadline} from './headlines.js'
import {parseCount, parseNumber} from './numbers.js'
import {readResults} from './results.js'
import {NARRATIVE_ROLES, sectionRole} from './sections.js'
import {compareVersions, productIn, refineVersions, subjectFor, versionTokens} from './subjects.js'
import {columnRole, measureIn, readTable, tableKind, transpose, withMeasure} from './tables.js'
import {mapTerms} from './terms-ja.js'
import {headingText, inlineCodes, labelled, plainText} from './text.js'
import {exactWorkloads, workloadIn} from './workloads.js'

/**
 * Map the mdast of one published report to report data and the pieces of its
 * narrative. Pure: messages go through `say`, nothing is read or written.
 *
 * @typedef {import('mdast').Root} Root
 * @typedef {import('mdast').RootContent} RootContent
 * @typedef {import('unist').Point} Point
 * @typedef {import('./sections.js').Role} Role
 * @typedef {(severity: 'error' | 'warning', place: Point | undefined, rule: string, message: string) => void} Say
 * @typedef {{workload: string, subject: string, value: number, text: string, place: Point, from: 'sentence' | 'summary'}} Stated
 * @typedef {{
 *   report: Record<string, any>,
 *   written: Map<string, string>,
 *   stated: Stated[],
 *   changes: Array<import('./results.js').StatedChange & {workload: string}>,
 *   title: string | null,
 *   narrative: {sections: Map<string, {heading: string, parts: string[]}>, unmapped: string[]},
 *   stats: {sections: number, mapped: number, tables: number, points: number},
 *   lines: number[]
 * } | null} Extracted
 */

/**
 * @param {Root} tree
 * @param {string} source
 * @param {{lang: string, sourceFile: string}} options
 * @param {Say} say
 * @returns {Extracted}
 */
export function extractReport(tree, source, options, say) {
  /** @param {{position?: import('unist').Position}} node */
  const at = (node) => node.position?.start
  /** @param {{position?: import('unist').Position}} node */
  const slice = (node) => source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
  /** Mangled terms: one warning per term, at its first place, with the count. */
  /** @type {Map<string, {to: string, place: Point | undefined, places: Set<string>}>} */
  const termHits = new Map()
  /** @param {Array<{from: string, to: string}>} hits @param {Point | undefined} place */
  const noteTerms = (hits, place) => {
    for (const h of hits) {
      const key = `${place?.line}:${place?.column}`
      const seen = termHits.get(h.from)
      if (seen) seen.places.add(key)
      else termHits.set(h.from, {to: h.to, place, places: new Set([key])})
    }
  }
  /** @param {string} text @param {Point | undefined} place */
  const terms = (text, place) => {
    const mapped = mapTerms(text)
    noteTerms(mapped.hits, place)
    return mapped.text
  }

  // ---- Pass 1: title, front matter and the versions under test.
  /** @type {Record<string, any>} */
  let front = {}
  /** @type {string | null} */
  let h1 = null
  /** @type {{tokens: import('./subjects.js').VersionToken[], label: string, node: any} | null} */
  let versionLine = null
  for (const node of tree.children) {
    if (node.type === 'yaml') {
      try {
        const parsed = parseYaml(node.value)
        if (parsed && typeof parsed === 'object') front = parsed
      } catch {
        say('warning', at(node), 'front-matter', 'Unexpected front matter that is not YAML; ignored')
      }
    }
    if (node.type === 'heading' && node.depth === 1 && h1 === null) h1 = headingText(node).text
  }
  /** @param {any} node */
  const findVersionLine = (node) => {
    if (versionLine) return
    if (node.type === 'paragraph') {
      for (const line of plainText(node).split(/\n/)) {
        const l = labelled(terms(line, at(node)))
        if (l && /(版本|バージョン|version)s?$/i.test(l.label) && !/sysbench/i.test(l.label)) {
          const tokens = versionTokens(l.value)
          if (tokens.length > 0) versionLine = {tokens, label: l.label, node}
        }
      }
    }
    for (const c of node.children ?? []) if (c.type === 'list' || c.type === 'listItem' || c.type === 'paragraph') findVersionLine(c)
  }
  for (const node of tree.children) findVersionLine(node)
  const titleText = h1 ?? (typeof front.title === 'string' ? front.title : '')
  // Titles also name tool versions (`sysbench 1.0`), so a bare `6.1` counts
  // only when the title has no `v6.1`-style token at all.
  let titleTokens = versionTokens(titleText, true)
  if (titleTokens.length === 0) titleTokens = versionTokens(titleText.replace(/sysbench\s*v?\d+(\.\d+)*/gi, ''))
  const line = /** @type {{tokens: import('./subjects.js').VersionToken[], label: string, node: any} | null} */ (versionLine)
  let tokens = line ? line.tokens : titleTokens
  if (line && titleTokens.length > 0) {
    const ids = line.tokens.map((t) => t.id)
    const missing = titleTokens.filter((t) => !subjectFor(t.id, ids))
    if (missing.length > 0) {
      say('warning', at(line.node), 'title-versions', `Title names ${missing.map((t) => `\`${t.version}\``).join(', ')}, the version line ${line.tokens.map((t) => `\`${t.version}\``).join(', ')}; using the version line`)
    }
    // A title may carry a suffix the version line lacks (`v6.0.0 DMR`).
    tokens = line.tokens.map((t) => titleTokens.find((x) => x.id === t.id && x.version.length > t.version.length) ?? t)
  }
  // `v5.1 vs v5.0` in the title, `v5.1.0` and `v5.0.2` in the result tables:
  // the subjects are the precise versions the numbers belong to.
  tokens = refineVersions(tokens, resultVersions(tree, source))
  if (tokens.length === 0) {
    say('error', at(tree.children[0] ?? tree), 'no-report', 'No report found: expected a title or a version line naming the versions tested (e.g. `TiDB v6.0.0 vs v5.4.0`)')
    return null
  }
  const product = productIn(line ? line.label : '', false) ?? productIn(titleText, false) ?? productIn(titleText) ?? 'TiDB'
  const sorted = [...tokens].sort((a, b) => compareVersions(a.id, b.id))
  const subjects = sorted.map((t) => ({id: t.id, product, version: t.version}))
  const ids = subjects.map((s) => s.id)
  const kind = subjects.length === 1 ? 'single' : 'comparison'
  const baseline = kind === 'comparison' ? ids[0] : null

  /**
   * Narrative text of a Japanese machine translation with its mangled terms
   * mapped back (`システムベンチ` → Sysbench), outside code; the warnings
   * counted them already where they were read.
   * @param {string} text
   */
  const prose = (text) => (options.lang === 'ja' ? mapOutsideCode(text) : text)

  // ---- Pass 2: every block, in order.
  /** @type {Record<string, any>} */
  const environment = {}
  /** @type {any[]} */
  const topology = []
  /** @type {any[]} */
  const parameters = []
  /** @type {Record<string, any>} */
  const plan = {}
  /** @type {Map<string, number[]>} */
  const workloads = new Map()
  /** @type {import('./results.js').ReadPoint[]} */
  const points = []
  const pointKeys = new Set()
  /** @type {Stated[]} */
  const stated = []
  /** @type {import('./results.js').StatedChange[]} */
  const changes = []
  /** @type {Array<{workload: string, text: string, node: any}>} */
  const workloadProse = []
  /** @type {Record<string, any>} */
  const meta = {}
  const stats = {sections: 0, mapped: 0, tables: 0, points: 0}
  /** @type {Set<any>} */
  const consumed = new Set()
  /** @type {Map<string, {heading: string, parts: string[]}>} */
  const sections = new Map()
  /** @type {string[]} */
  const unmapped = []
  /** @type {string | null} */
  let pendingHeading = null

  /** @type {{role: Role | null, headings: string[], workload: string | null, workloadDepth: number, label: string | null, mention: string | null, executor: boolean}} */
  const ctx = {role: null, headings: [], workload: null, workloadDepth: 0, label: null, mention: null, executor: false}
  /** @type {{param: any, node: any} | null} */
  let lastConfig = null
  /** @type {any} */
  let previous = null

  /** @param {string} name @param {number[]} [threads] */
  const seeWorkload = (name, threads = []) => {
    const list = workloads.get(name) ?? []
    for (const t of threads) if (!list.includes(t)) list.push(t)
    workloads.set(name, list)
  }

  /** @param {string} label @param {string} value @param {any} node @returns {boolean} mapped */
  const labelFact = (label, value, node) => {
    const l = label.toLowerCase()
    if (/(版本|バージョン|version)s?$/i.test(label) && !/sysbench/i.test(label)) return versionTokens(value).length > 0
    if (/^(日時|时间|時間|日期|日付|date|time)$/i.test(l)) {
      const date = parseDate(value)
      if (date) meta.date ??= date
      return Boolean(date)
    }
    if (/^(地点|場所|place|location)$/i.test(l)) {
      meta.place ??= value
      return true
    }
    if (/^(作者|author|著者)$/i.test(l)) {
      meta.author ??= value.split(/[，,、]/)[0].trim()
      return true
    }
    if (/sysbench/i.test(label) && /版本|バージョン|version/i.test(label)) {
      const v = /\d+\.\d+(?:\.\d+)?/.exec(value)
      if (v) environment.sysbench ??= v[0]
      return Boolean(v)
    }
    if (/cloud\s*provider|クラウドプロバイダー|云厂商|云服务商/i.test(label)) {
      const m = /^([^()（]+?)\s*[(（]\s*([a-z]{2}-[a-z]+-\d)\s*[)）]/.exec(value)
      environment.cloud ??= {}
      environment.cloud.provider ??= (m ? m[1] : value).trim()
      if (m) environment.cloud.region ??= m[2]
      return true
    }
    if (/cluster\s*(type|tier|plan)|クラスタ(ー)?(タイプ|の種類|層|階層|ティア)|集群(类型|层级|套餐)/i.test(label)) {
      environment.cloud ??= {}
      environment.cloud.service ??= terms(value, at(node))
      return true
    }
    if (/region|リージョン|区域/i.test(label)) {
      environment.cloud ??= {}
      environment.cloud.region ??= value
      return true
    }
    if (ctx.executor && /instance\s*type|インスタンス\s*(タイプ|の種類|の型)|实例类型|机型/i.test(label)) {
      environment.client ??= {}
      environment.client.instance_type ??= value
      return true
    }
    return false
  }

  /** Facts stated in prose; the prose itself stays in the narrative. @param {string} text @param {any} node */
  const proseFacts = (text, node) => {
    if (ctx.role === 'environment' || ctx.role === 'executor') {
      const provider = /\b(AWS|GCP|Google Cloud|Azure|Alibaba Cloud)\b/.exec(text)
      if (provider && !ctx.executor) {
        environment.cloud ??= {}
        environment.cloud.provider ??= provider[1]
      }
      const image = /([A-Za-z][\w.-]*\s*\(ami-[0-9a-f]+\))/.exec(text)
      if (image) {
        environment.cloud ??= {}
        environment.cloud.image ??= image[1]
      }
    }
    if (/analyze\s+table/i.test(text)) meta.analyze = true
    const pause = /间隔\s*(\d+)\s*分钟|(\d+)[- ]minutes?\s+(?:pause|break|interval)|(\d+)\s*分(?:間)?の?間隔/i.exec(text)
    if (pause) meta.pause ??= Number(pause[1] ?? pause[2] ?? pause[3]) * 60
    const warmup = /预热\s*(\d+)\s*分钟|warm(?:s|ed|ing)?[- ]?up (?:for )?(\d+) minutes?|ウォームアップ\D{0,10}(\d+)\s*分/i.exec(text)
    if (warmup) meta.warmup_time ??= Number(warmup[1] ?? warmup[2] ?? warmup[3]) * 60
    const tables = /(\d+)\s*(?:张表|个表|tables\b|個のテーブル)/i.exec(text)
    if (tables) meta.tables ??= Number(tables[1])
    const rows = /(\d[\d,]*(?:\s*万)?)\s*(?:行|rows\b)/i.exec(text)
    if (rows) {
      const n = parseCount(rows[1])
      if (n && n >= 1000) meta.table_size ??= n
    }
    void node
  }

  /** @param {any} node @param {string | null} itemLabel */
  const config = (node, itemLabel) => {
    const kind = classifyConfig(node.value)
    if (!kind) return false
    const fence = fenceFormat(node.lang)
    if (fence && fence !== kind.format) {
      say('warning', at(node), 'fence-format', `Unexpected \`${node.lang}\` fence for ${kind.format.toUpperCase()} content, read as \`${kind.format}\``)
    }
    const heading = ctx.headings.at(-1) ?? ''
    const headingComponent = componentsIn(heading)[0] ?? null
    const component =
      kind.kind === 'sql' ? `${product} global variables`
        : kind.kind === 'haproxy' ? 'HAProxy'
          : headingComponent ?? ctx.mention ?? componentFromKeys(node.value)
    if (!component) {
      say('warning', at(node), 'config-component', 'Configuration block without a component (no heading or text names one); recorded as `unknown`')
    }
    // Subjects: a version in the heading, the list item's label, or the sentence just before.
    const lead = itemLabel ?? (previous?.type === 'paragraph' ? plainText(previous) : '')
    const near = [versionTokens(heading, true), versionTokens(itemLabel ?? ''), versionTokens(lead)].find((t) => t.length > 0) ?? []
    const named = [...new Set(near.map((t) => subjectFor(t.id, ids)).filter((s) => s !== null))]
    /** @type {Record<string, any>} */
    const param = {component: component ?? 'unknown', format: kind.format, content: cleanContent(node.value)}
    if (named.length > 0 && named.length < ids.length) param.subjects = named
    const leadNode = itemNode?.children?.[0]?.type === 'paragraph' ? itemNode.children[0] : previous?.type === 'paragraph' ? previous : null
    const wl = leadNode ? exactWorkloads(inlineCodes(leadNode)) : []
    if (wl.length > 0) param.workloads = wl
    const same = lastConfig && lastConfig.node === previous && lastConfig.param.component === param.component &&
      lastConfig.param.format === param.format && JSON.stringify(lastConfig.param.subjects) === JSON.stringify(param.subjects) &&
      JSON.stringify(lastConfig.param.workloads) === JSON.stringify(param.workloads)
    if (same && lastConfig) lastConfig.param.content += param.content
    else parameters.push(param)
    lastConfig = {param: same && lastConfig ? lastConfig.param : param, node}
    return true
  }
  /** @type {any} */
  let itemNode = null

  /** @param {any} node @param {string | null} itemLabel @returns {boolean} consumed */
  const block = (node, itemLabel) => {
    switch (node.type) {
      case 'yaml':
        return true
      case 'heading': {
        const {text: raw, anchor} = headingText(node)
        const text = terms(raw, at(node))
        if (node.depth === 1) return true
        const role = sectionRole(text, anchor)
        if (node.depth === 2) {
          stats.sections++
          if (role) stats.mapped++
          ctx.role = role
          ctx.headings = []
          ctx.workload = null
        } else if (role && (NARRATIVE_ROLES.includes(/** @type {any} */ (role)) || role === 'executor' || ctx.role === null)) {
          ctx.role = role
        }
        ctx.executor = ctx.role === 'executor' || (ctx.executor && node.depth > 2 && role === null)
        ctx.headings = ctx.headings.slice(0, Math.max(0, node.depth - 2))
        ctx.headings[node.depth - 2] = text
        ctx.label = null
        ctx.mention = null
        if (ctx.role === 'environment') proseFacts(text, node)
        // A workload heading opens results even without a "results" section
        // above it (`## Point Select` straight under the title).
        if (ctx.role === 'results' || ctx.role === null) {
          const w = workloadIn(`${text} ${anchor ?? ''}`)
          if (w) {
            if (ctx.role === null && node.depth === 2) stats.mapped++
            ctx.role = 'results'
            ctx.workload = w
            ctx.workloadDepth = node.depth
            seeWorkload(w)
          } else if (ctx.workload && node.depth <= ctx.workloadDepth) {
            // A sibling heading naming no known workload ends the previous
            // one: its tables must not be filed under the workload above.
            ctx.workload = null
          }
        }
        pendingHeading = `${'#'.repeat(Math.max(3, node.depth))} ${prose(raw)}`
        return true
      }
      case 'paragraph': {
        const text = plainText(node)
        if (/^\{\{<.*>\}\}$/.test(text)) return true
        if (node.children.length === 1 && node.children[0].type === 'strong' || /^\*\*[^*]+\*\*\s*[:：]?$/.test(slice(node).trim())) {
          const label = terms(text, at(node))
          const s = subjectFor(label, ids)
          if (s) {
            ctx.label = s
            return true
          }
        }
        if (ctx.role === 'results' && !ctx.workload) {
          const w = workloadIn(exactWorkloads(inlineCodes(node)).join(' '))
          if (w) {
            ctx.workload = w
            seeWorkload(w)
          }
        }
        const mentioned = componentsIn(terms(text, at(node)))
        if (mentioned.length === 1) ctx.mention = mentioned[0]
        const lines = slice(node).split('\n').map((l) => plainText(/** @type {any} */ ({type: 'text', value: l.replace(/[*_`]/g, '')})))
        let all = lines.length > 0
        for (const l of lines) {
          const lab = labelled(terms(l, at(node)))
          if (!lab || !labelFact(lab.label, lab.value, node)) all = false
        }
        proseFacts(text, node)
        if (ctx.role === 'results' && ctx.workload) {
          const h = statedHeadline(text)
          if (h && kind === 'comparison') {
            const named = versionTokens(text).map((t) => subjectFor(t.id, ids)).filter((s) => s && s !== baseline)
            const subject = named[0] ?? ids.filter((s) => s !== baseline)[0]
            stated.push({workload: ctx.workload, subject, value: h.value, text: h.text, place: placeOf(node, h.match), from: 'sentence'})
          }
          workloadProse.push({workload: ctx.workload, text, node})
        }
        return all
      }
      case 'blockquote': {
        const text = plainText(node)
        const lab = labelled(text)
        if (lab && /^(作者|author|著者)$/i.test(lab.label)) labelFact(lab.label, lab.value, node)
        return false
      }
      case 'list': {
        let all = true
        const outer = itemNode
        for (const item of node.children) {
          itemNode = item
          const first = item.children[0]
          const label = first?.type === 'paragraph' ? plainText(first) : null
          let itemAll = true
          for (const child of item.children) {
            const done = child === first && label !== null ? paragraphInItem(child, label) : block(child, label)
            if (done) consumed.add(child)
            else itemAll = false
            if (!isShortcode(child)) previous = child
          }
          if (itemAll) consumed.add(item)
          else all = false
          itemNode = outer
        }
        return all
      }
      case 'table': {
        stats.tables++
        const table = readTable(node, source)
        for (const t of table.terms) noteTerms([t], t.place)
        let kindOf = tableKind(table.header.map((c) => c.text))
        let read = table
        if (kindOf === 'results' || kindOf === 'transposed') {
          // The measure of bare-version columns is named in the heading or the sentence above.
          const lead = previous?.type === 'paragraph' ? plainText(previous) : ''
          const measure = measureIn(terms(lead, at(node))) ?? measureIn(ctx.headings.at(-1) ?? '')
          if (kindOf === 'transposed') {
            if (measure) {
              read = transpose(table, measure)
              kindOf = 'results'
            } else kindOf = 'unknown'
          } else if (measure) read = withMeasure(table, measure)
        }
        return tableBlock(node, read, kindOf, itemLabel)
      }
      case 'code': {
        const command = parseCommand(node.value)
        if (command) {
          for (const conflict of applyCommand(plan, command)) {
            say('warning', at(node), 'plan-conflict', `Unexpected option values that differ between commands (${conflict}); keeping the first`)
          }
          if (command.test && workloadIn(command.test) && /^[a-z_]+$/.test(command.test) && command.action === 'run') seeWorkload(/** @type {string} */ (workloadIn(command.test)))
          return true
        }
        if (config(node, itemLabel)) return true
        if (ctx.role === 'results' && ctx.workload) workloadProse.push({workload: ctx.workload, text: node.value, node})
        return false
      }
      case 'html': {
        if (/^<!--/.test(node.value.trim()) && /\|\s*:?-{3,}/.test(node.value)) {
          say('warning', at(node), 'hidden-table', 'Skipped a table inside an HTML comment (not published); kept as a comment in the narrative')
        }
        return false
      }
      default:
        return false
    }
  }

  /** A list item's first paragraph: a `Label: value` fact, or prose. @param {any} node @param {string} label */
  const paragraphInItem = (node, label) => {
    const lab = labelled(terms(label, at(node)))
    if (lab && labelFact(lab.label, lab.value, node)) return true
    proseFacts(label, node)
    const mentioned = componentsIn(terms(label, at(node)))
    if (mentioned.length === 1) ctx.mention = mentioned[0]
    return false
  }

  /**
   * @param {any} node
   * @param {import('./tables.js').Table} table
   * @param {import('./tables.js').TableKind} kindOf
   * @param {string | null} itemLabel
   */
  const tableBlock = (node, table, kindOf, itemLabel) => {
    if (table.rows.length === 0) {
      say('warning', at(node), 'empty-table', 'Unexpected table without data rows; kept in the narrative')
      return false
    }
    switch (kindOf) {
      case 'results': {
        const perRow = table.header.some((c) => columnRole(c.text) === 'workload')
        if (!ctx.workload && !perRow) {
          say('warning', at(node), 'result-workload', 'Unexpected result table outside a workload section (no heading or text names a sysbench workload); kept in the narrative')
          return false
        }
        const label = ctx.label ?? (kind === 'single' ? ids[0] : null)
        const read = readResults(table, {workload: ctx.workload, subjects: ids, baseline, label})
        for (const n of read.notes) say('warning', n.place, n.rule, n.message)
        for (const p of read.points) {
          const key = `${p.point.subject}|${p.point.workload}|${p.point.threads}|${p.point.clients ?? ''}`
          // a Set, not a scan of every earlier point: linear in the points of a large table
          if (pointKeys.has(key)) {
            say('warning', {line: p.line, column: 1}, 'duplicate-point', `Duplicate point ${p.point.subject} × ${p.point.workload} × ${p.point.threads} threads; the first is kept`)
            continue
          }
          points.push(p)
          pointKeys.add(key)
        }
        for (const p of read.points) seeWorkload(p.point.workload, [p.point.threads])
        changes.push(...read.changes)
        if (read.tables) meta.table_tables ??= read.tables.value
        if (read.tableSize) meta.table_size_cell ??= read.tableSize.value
        // A column with no place in the data keeps the whole table in the narrative.
        return read.points.length > 0 && !read.unmapped
      }
      case 'summary': {
        for (const row of table.rows) {
          const w = workloadIn(row.cells[0]?.text ?? '')
          const cell = row.cells.slice(1).find((c) => parseNumber(c.text))
          const n = cell ? parseNumber(cell.text) : null
          if (!w || !n || !cell || kind !== 'comparison') continue
          stated.push({workload: w, subject: ids.filter((s) => s !== baseline)[0], value: n.value, text: n.text, place: cell.place, from: 'summary'})
        }
        return true
      }
      case 'hashes': {
        const context = `${itemLabel ?? ''} ${ctx.headings.at(-1) ?? ''}`
        const found = readComponents(table, ids, context)
        if (found.size === 0) {
          say('warning', at(node), 'hash-subject', `Unexpected component table without a version (heading \`${ctx.headings.at(-1) ?? ''}\`), expected one of: ${ids.join(', ')}; kept in the narrative`)
          return false
        }
        for (const [id, list] of found) {
          const subject = /** @type {any} */ (subjects.find((s) => s.id === id))
          subject.components = [...(subject.components ?? []), ...list]
        }
        return true
      }
      case 'software': {
        const sw = readSoftware(table)
        if (sw.software.length === 0) return false
        environment.software = [...(environment.software ?? []), ...sw.software]
        if (sw.sysbench) environment.sysbench ??= sw.sysbench
        if (sw.os) environment.os ??= sw.os
        return true
      }
      case 'machines':
        environment.machines = [...(environment.machines ?? []), ...readMachines(table)]
        return true
      case 'spec':
        environment.machines = [...(environment.machines ?? []), readSpec(table)]
        return true
      case 'instances':
      case 'nodes': {
        environment.instances = [...(environment.instances ?? []), ...readInstances(table)]
        if (table.header.some((c) => /ec2/i.test(c.text))) {
          environment.cloud ??= {}
          environment.cloud.provider ??= 'AWS'
        }
        return true
      }
      case 'topology':
        topology.push(...readTopology(table))
        return true
      default:
        say('warning', at(node), 'unknown-table', `Unexpected table with columns ${table.header.map((c) => `\`${c.text}\``).join(' | ')}; kept in the narrative`)
        return false
    }
  }

  /** @param {any} node @param {string} match */
  const placeOf = (node, match) => {
    const text = slice(node)
    const offset = text.indexOf(match)
    const start = node.position?.start
    if (!start || offset < 0) return start
    const before = text.slice(0, offset)
    const lines = before.split('\n')
    return {line: start.line + lines.length - 1, column: lines.length === 1 ? start.column + offset : (lines.at(-1) ?? '').length + 1}
  }

  /** Where a block's text goes in the narrative. @param {string} raw */
  const place = (raw) => {
    const text = prose(raw)
    /** @type {string | null} */
    let key = null
    if (ctx.role && NARRATIVE_ROLES.includes(/** @type {any} */ (ctx.role))) key = ctx.role
    else if (ctx.role === 'results' && ctx.workload) key = `workload-${ctx.workload}`
    if (key) {
      const section = sections.get(key) ?? {heading: (ctx.headings.at(-1) ?? ctx.headings[0] ?? key), parts: []}
      if (!sections.has(key)) {
        sections.set(key, section)
      } else if (pendingHeading) section.parts.push(pendingHeading)
      pendingHeading = null
      section.parts.push(text)
      return
    }
    if (pendingHeading) unmapped.push(pendingHeading)
    pendingHeading = null
    unmapped.push(text)
  }

  for (const node of tree.children) {
    const done = block(node, null)
    if (node.type === 'heading' && node.depth > 1) {
      const role = ctx.role
      // A heading that opens a narrative section becomes that section's title.
      if (role && NARRATIVE_ROLES.includes(/** @type {any} */ (role)) && !sections.has(role)) {
        sections.set(role, {heading: prose(headingText(node).text), parts: []})
        pendingHeading = null
      } else if (role === 'results' && ctx.workload && !sections.has(`workload-${ctx.workload}`)) {
        sections.set(`workload-${ctx.workload}`, {heading: prose(headingText(node).text), parts: []})
        pendingHeading = null
      }
    } else if (node.type === 'list' && !done) {
      // Only the parts of a list the importer could not map.
      for (const item of node.children) {
        if (consumed.has(item)) continue
        if (item.children.some((/** @type {any} */ c) => consumed.has(c))) {
          for (const c of item.children) if (!consumed.has(c)) place(slice(c).replace(/^\s+/gm, ''))
        } else place(slice(item))
      }
    } else if (!done && node.type !== 'yaml') {
      place(slice(node))
    }
    if (!isShortcode(node)) previous = node
  }

  for (const [from, hit] of termHits) {
    say('warning', hit.place, 'ja-term', `Mistranslated term \`${from}\` read as \`${hit.to}\`${hit.places.size > 1 ? ` (${hit.places.size} times)` : ''}`)
  }

  // ---- Assemble the report in the schema's order.
  if (points.length === 0 && stated.length === 0 && workloads.size === 0) {
    say('error', at(tree.children[0] ?? tree), 'no-report', 'No report found: expected result tables or stated figures under workload headings (e.g. `## Results` / `### Point Select`)')
    return null
  }
  if (meta.tables !== undefined && plan.tables === undefined) plan.tables = meta.tables
  if (meta.table_tables !== undefined) plan.tables ??= meta.table_tables
  if (meta.table_size !== undefined && plan.table_size === undefined) plan.table_size = meta.table_size
  if (meta.table_size_cell !== undefined) plan.table_size ??= meta.table_size_cell
  const clients = points.map((p) => p.point.clients).filter((c) => c !== undefined)
  const sysbenchHosts = topology.flatMap((t) => t.instances.filter((/** @type {any} */ i) => i.component === 'Sysbench').map((/** @type {any} */ i) => (i.count ?? 1) * t.hosts.length))
  const planClients = clients[0] ?? sysbenchHosts.reduce((a, b) => a + b, 0)
  /** @type {Record<string, any>} */
  const planOut = {db_driver: plan.db_driver ?? 'mysql'}
  for (const key of ['database', 'tables', 'table_size', 'time', 'report_interval', 'rand_type', 'prepare_threads']) {
    if (plan[key] !== undefined) planOut[key] = plan[key]
  }
  if (meta.warmup_time !== undefined && plan.warmup_time === undefined) planOut.warmup_time = meta.warmup_time
  else if (plan.warmup_time !== undefined) planOut.warmup_time = plan.warmup_time
  if (planClients > 1) planOut.clients = planClients
  if (meta.analyze) planOut.analyze = true
  if (meta.pause !== undefined) planOut.pause = meta.pause
  if (plan.options) planOut.options = plan.options
  planOut.workloads = [...workloads].map(([name, threads]) => (threads.length > 0 ? {name, threads} : {name}))
  const order = planOut.workloads.map((/** @type {any} */ w) => w.name)
  for (const p of parameters) if (p.workloads) p.workloads.sort((/** @type {string} */ a, /** @type {string} */ b) => order.indexOf(a) - order.indexOf(b))

  /** @type {Record<string, any>} */
  const report = {id: '', kind}
  if (meta.date) report.date = meta.date
  if (meta.place) report.place = meta.place
  if (meta.author) report.author = meta.author
  report.source = {file: options.sourceFile, lang: options.lang}
  report.product = product
  report.subjects = subjects
  if (baseline) report.baseline = baseline
  if (points.length > 0) report.metric = points.every((p) => p.point.tps != null) ? 'tps' : 'qps'
  if (Object.keys(environment).length > 0) report.environment = orderKeys(environment, ['cloud', 'instances', 'machines', 'client', 'os', 'sysbench', 'software'])
  if (topology.length > 0) report.topology = topology
  if (parameters.length > 0) report.parameters = parameters
  report.plan = planOut
  /** @type {Map<string, string>} */
  const written = new Map()
  if (points.length > 0) {
    report.results = points.map((p, i) => {
      for (const w of p.written) written.set(`results/${i}/${w.key}`, w.text)
      return orderKeys(p.point, ['subject', 'workload', 'threads', 'clients', 'tps', 'qps', 'latency_avg', 'latency_p95', 'latency_max'])
    })
  }
  stats.points = points.length

  // Thread counts named in result prose that its table does not have.
  for (const prose of workloadProse) {
    const threads = workloads.get(prose.workload) ?? []
    if (threads.length === 0) continue
    for (const named of namedThreads(prose.text)) {
      const total = threads.map((t) => t * (planClients || 1))
      if (threads.includes(named.threads) || total.includes(named.threads)) continue
      say('warning', placeOf(prose.node, named.match), 'threads-contradict', `Text names ${named.threads} threads, the ${prose.workload} table has ${threads.join(', ')}`)
    }
  }

  const title = h1 ?? (typeof front.title === 'string' ? front.title : null)
  return {report, written, stated, changes, title, narrative: {sections, unmapped}, stats, lines: points.map((p) => p.line)}
}

/**
 * `mapTerms` on the parts of Markdown outside fenced and inline code.
 * @param {string} markdown
 */
function mapOutsideCode(markdown) {
  return markdown
    .split(/(^\s*(?:```|~~~)[\s\S]*?^\s*(?:```|~~~)\s*$|`[^`\n]*`)/m)
    .map((part, i) => (i % 2 === 1 ? part : mapTerms(part).text))
    .join('')
}

/**
 * Versions named where result numbers are: headers and version cells of
 * result tables, and bold labels (`**v2.0.6:**`) above them.
 * @param {Root} tree
 * @param {string} source
 * @returns {import('./subjects.js').VersionToken[]}
 */
function resultVersions(tree, source) {
  /** @type {import('./subjects.js').VersionToken[]} */
  const found = []
  /** @param {any} node */
  const walk = (node) => {
    if (node.type === 'table') {
      const table = readTable(node, source)
      const header = table.header.map((c) => c.text)
      if (tableKind(header) !== 'results') return
      const versionCol = header.findIndex((h) => columnRole(h) === 'version')
      const texts = [...header, ...(versionCol >= 0 ? table.rows.map((r) => r.cells[versionCol]?.text ?? '') : [])]
      for (const t of texts) found.push(...versionTokens(t, true))
      return
    }
    if (node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'strong') {
      found.push(...versionTokens(mapTerms(plainText(node)).text))
      return
    }
    if (node.type === 'code' || node.type === 'html') return
    for (const c of node.children ?? []) walk(c)
  }
  walk(tree)
  return found
}

/**
 * Hugo shortcodes such as `{{< copyable "sql" >}}`: markup, not content.
 * @param {any} node
 */
function isShortcode(node) {
  return node.type === 'paragraph' && /^\{\{<.*>\}\}$/.test(plainText(node))
}

/**
 * A date as published: `2018 年 4 月`, `2019年6月`, `June 2019`, `2019-06`.
 * @param {string} text
 * @returns {string | null}
 */
export function parseDate(text) {
  const ym = /(\d{4})\s*年\s*(\d{1,2})\s*月/.exec(text) ?? /(\d{4})-(\d{1,2})/.exec(text)
  if (ym) return `${ym[1]}-${ym[2].padStart(2, '0')}`
  const months = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec']
  const en = /\b([A-Za-z]{3})[a-z]*\.?,?\s+(\d{4})\b/.exec(text)
  if (en && months.includes(en[1].toLowerCase())) return `${en[2]}-${String(months.indexOf(en[1].toLowerCase()) + 1).padStart(2, '0')}`
  const y = /^(\d{4})\s*年?$/.exec(text.trim())
  return y ? y[1] : null
}

/**
 * @param {Record<string, any>} object
 * @param {string[]} keys  wanted order; other keys follow
 */
function orderKeys(object, keys) {
  /** @type {Record<string, any>} */
  const out = {}
  for (const k of keys) if (object[k] !== undefined) out[k] = object[k]
  for (const k of Object.keys(object)) if (!(k in out)) out[k] = object[k]
  return out
}
