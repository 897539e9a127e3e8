import {fileURLToPath} from 'node:url'
import {fillLabel, loadLabels} from '../i18n/labels.js'
import {applyGroups} from '../site/export-facts.js'
import {MEASURES, pointKey} from '../derive/report.js'
import {subjectNames, subjectVersion, variantText} from '../derive/subjects.js'
import {orderKeys} from '../lib/order-keys.js'

/**
 * Read back benchdoc's own Markdown export (layouts/reports/page.markdown.md):
 * the documented report format with benchdoc's labels (i18n/<lang>.yaml) and
 * the `benchdoc: {...}` front matter. Sections are found by their `{#id}`,
 * facts by their translated labels, so the data comes back exactly: numbers
 * with the decimals they were recorded with, narrative sections verbatim.
 *
 * @typedef {import('mdast').Root} Root
 * @typedef {import('./extract.js').Say} Say
 * @typedef {Record<string, string>} Labels
 * @typedef {{
 *   report: Record<string, any>,
 *   written: Map<string, string>,
 *   narrative: string,
 *   stats: {sections: number, mapped: number, tables: number, points: number}
 * }} ReadExport
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url))

/** Plan settings shown as `- <label>: value` bullets, and which are integers. */
const PLAN_KEYS = ['db_driver', 'database', 'tables', 'table_size', 'time', 'warmup_time', 'warmup_method', 'report_interval', 'rand_type', 'prepare_threads', 'clients', 'pause']
const PLAN_INTEGERS = new Set(['tables', 'table_size', 'time', 'warmup_time', 'report_interval', 'prepare_threads', 'clients', 'pause'])
const NARRATIVE = ['conclusions', 'problems', 'advice', 'unmapped']

/**
 * The front matter's `benchdoc` block when the file is a benchdoc export.
 * @param {unknown} front  parsed front matter
 * @returns {Record<string, any> | null}
 */
export function exportFactsOf(front) {
  const b = front && typeof front === 'object' ? /** @type {any} */ (front).benchdoc : null
  return b && typeof b === 'object' && typeof b.id === 'string' && Array.isArray(b.subjects) ? b : null
}

/**
 * @param {Root} tree
 * @param {string} source
 * @param {Record<string, any>} facts  the front matter's `benchdoc` block
 * @param {{lang: string, labels?: Labels}} options
 * @param {Say} say
 * @returns {ReadExport}
 */
export function readExport(tree, source, facts, options, say) {
  const labels = options.labels ?? loadLabels(ROOT, options.lang)
  const L = (/** @type {string} */ key) => labels[key] ?? key
  /** @param {any} node */
  const raw = (node) => source.slice(node.position?.start.offset ?? 0, node.position?.end.offset ?? 0)
  /** Text of a table cell as written (inline markup kept, `\|` unescaped). @param {any} cell */
  const cellRaw = (cell) => {
    if (cell.children.length === 0) return ''
    return source.slice(cell.children[0].position.start.offset, cell.children.at(-1).position.end.offset).replace(/\\\|/g, '|').trim()
  }
  /** @param {any} table @returns {{header: string[], rows: string[][]}} */
  const readTable = (table) => {
    const [head, ...body] = table.children.map((/** @type {any} */ row) => row.children.map(cellRaw))
    return {header: head, rows: body}
  }
  /** `Label: value` with one of the given label keys. @param {string} text @param {string[]} keys */
  const fact = (text, keys) => {
    for (const key of [...keys].sort((a, b) => L(b).length - L(a).length)) {
      const prefix = `${L(key)}: `
      if (text.startsWith(prefix)) return {key, value: text.slice(prefix.length)}
    }
    return null
  }
  /** Regex from a label with `{{ .field }}` holes. @param {string} label */
  const pattern = (label) => {
    const names = /** @type {string[]} */ ([])
    const re = label
      .split(/(\{\{\s*\.\w+\s*\}\})/)
      .map((part) => {
        const m = /^\{\{\s*\.(\w+)\s*\}\}$/.exec(part)
        if (!m) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
        names.push(m[1])
        return '([\\s\\S]+?)'
      })
      .join('')
    return (/** @type {string} */ text) => {
      const m = new RegExp(`^${re}$`).exec(text)
      return m ? Object.fromEntries(names.map((n, i) => [n, m[i + 1]])) : null
    }
  }
  const headlinePatterns = [pattern(L('result_headline')), pattern(L('result_headline_stated'))]
  const errorPattern = pattern(L('result_error'))
  const unbacktick = (/** @type {string} */ s) => s.replace(/^`(.*)`$/, '$1')

  const ids = /** @type {string[]} */ (facts.subjects)
  /** @type {Array<{name: string, label: string}>} */
  const dimensions = facts.dimensions ?? []
  // Names depend on products and variants (in the export's language), read from the version line before any table names a subject.
  const labelOf = () => subjectNames(/** @type {any} */ ({subjects}), options.lang)
  const idOf = (/** @type {string} */ label) => ids.find((id) => labelOf()[id] === label) ?? label
  const missing = L('result_missing')

  /** @type {Record<string, any>} */
  const report = {id: facts.id}
  if (facts.title !== undefined) report.title = facts.title
  report.kind = facts.kind
  if (facts.source !== undefined) report.source = facts.source
  if (facts.product !== undefined) report.product = facts.product
  /** @type {any[]} */
  const subjects = ids.map((id) => ({
    id,
    ...(facts.labels?.[id] !== undefined ? {label: facts.labels[id]} : {}),
    ...(facts.variants?.[id] !== undefined ? {variant: facts.variants[id]} : {})
  }))
  if (facts.dimensions !== undefined) report.dimensions = facts.dimensions
  if (facts.baseline !== undefined) report.baseline = facts.baseline
  if (facts.metric) report.metric = facts.metric
  /** @type {Record<string, any>} */
  const environment = {}
  /** @type {any[]} */
  const topology = []
  /** @type {any[]} */
  const parameters = []
  /** @type {Record<string, any>} */
  const plan = {}
  /** @type {any[]} */
  const headlines = []
  /** @type {Map<string, string>} */
  const headlineText = new Map()
  /** Points in table order; `empty` ones are dropped unless an error names them. */
  /** @type {Array<{point: Record<string, any>, written: Map<string, string>, empty: boolean}>} */
  const points = []
  /** @type {Map<string, string>} */
  const narrative = new Map()
  const stats = {sections: 0, mapped: 0, tables: 0, points: 0}

  /** @type {string | null} */
  let section = null
  /** @type {string | null} */
  let h3 = null
  /** @type {string | null} */
  let h4 = null
  /** @type {string | null} */
  let workload = null
  /** @type {Record<string, any> | null} */
  let param = null
  /** @type {number | null} where the current section's text starts */
  let textStart = null
  /** @type {number | null} where the current workload's data starts */
  let dataStart = null
  /** @type {string | null} */
  let title = null

  const closeSection = (/** @type {number} */ end) => {
    if (section && textStart !== null && (section === 'purpose' || NARRATIVE.includes(section) || section === 'intro')) {
      const text = source.slice(textStart, end).trim()
      if (text) narrative.set(section, text)
    }
    closeWorkload(end)
  }
  const closeWorkload = (/** @type {number} */ end) => {
    if (workload && textStart !== null) {
      const text = source.slice(textStart, dataStart ?? end).trim()
      if (text) narrative.set(`workload-${workload}`, text)
    }
    workload = null
    dataStart = null
  }
  const markData = (/** @type {any} */ node) => {
    if (workload && dataStart === null) dataStart = node.position.start.offset
  }

  /** @param {string} threads e.g. `150 * 3`, with dimension values after in error lines (`150 @ table_size=1000`) */
  const parseThreads = (threads) => {
    const [head, ...dims] = threads.split(' @ ')
    const m = /^(\d+)(?:\s*\*\s*(\d+))?$/.exec(head.trim())
    if (!m) return null
    const values = Object.fromEntries(dims.map((d) => d.split('=')).map(([name, value]) => [name, Number(value)]))
    return {threads: Number(m[1]), clients: m[2] ? Number(m[2]) : 1, dimensions: values}
  }

  /** @param {any} node */
  const resultsTable = (node) => {
    const {header, rows} = readTable(node)
    const multi = ids.length > 1
    const names = labelOf()
    const at = dimensions.length
    const measureOf = (/** @type {string} */ text) => MEASURES.find((m) => text === L(`result_${m}`))
    /** @type {Array<{subject: string, measure: string}>} */
    const columns = []
    for (const h of header.slice(at + 1)) {
      for (const id of ids) {
        const m = multi ? (h.startsWith(`${names[id]} `) ? measureOf(h.slice(names[id].length + 1)) : undefined) : measureOf(h)
        if (m) {
          columns.push({subject: id, measure: m})
          break
        }
      }
    }
    if (columns.length === 0 && rows.length > 0) {
      // nothing silently lost: a table whose columns name no subject is said
      say('warning', node.position?.start, 'export-columns', `Unexpected result columns ${header.slice(at + 1).map((h) => `\`${h}\``).join(' | ')}, expected \`<subject> <measure>\` with a subject of ${ids.map((id) => `\`${names[id]}\``).join(', ')}; table not read`)
      return
    }
    const planClients = plan.clients ?? 1
    for (const row of rows) {
      const t = parseThreads(row[at] ?? '')
      if (!t || !workload) {
        say('warning', node.position?.start, 'export-threads', `Unexpected threads cell \`${row[at]}\`, expected \`N\` or \`N * clients\``)
        continue
      }
      for (const id of ids) {
        /** @type {Record<string, any>} */
        const point = {subject: id, workload, threads: t.threads}
        if (facts.point_clients || t.clients !== planClients) point.clients = t.clients
        if (at > 0) point.dimensions = Object.fromEntries(dimensions.map((d, i) => [d.name, Number(row[i])]))
        const written = new Map()
        let empty = true
        columns.forEach((c, i) => {
          if (c.subject !== id) return
          const text = row[at + i + 1] ?? ''
          if (text === '') return
          empty = false
          if (text === missing) {
            point[c.measure] = null
            return
          }
          const value = Number(text)
          if (!Number.isFinite(value)) {
            say('warning', node.position?.start, 'export-number', `Unexpected \`${text}\` in a ${c.measure} column, expected a number or \`${missing}\``)
            return
          }
          point[c.measure] = value
          written.set(c.measure, text)
        })
        points.push({point, written, empty})
      }
    }
  }

  /**
   * The table of every repeat's figures: each row gives a point its
   * `repeats`, `spread` and `samples` (each cell lists the repeats' values).
   * @param {any} node
   */
  const samplesTable = (node) => {
    const {header, rows} = readTable(node)
    const at = 1 + dimensions.length
    const keyOf = (/** @type {string} */ h) => (h === L('result_order') ? 'order' : MEASURES.find((m) => h === L(`result_${m}`)))
    const columns = header.map((h, i) => ({i, key: keyOf(h)})).filter((c) => c.i > at + 2 && c.key)
    const planClients = plan.clients ?? 1
    for (const row of rows) {
      const t = parseThreads(row[at] ?? '')
      const dims = at > 1 ? {dimensions: Object.fromEntries(dimensions.map((d, i) => [d.name, Number(row[1 + i])]))} : {}
      const key = t && workload ? pointKey({subject: idOf(row[0] ?? ''), workload, threads: t.threads, clients: t.clients, ...dims}, planClients) : null
      const found = key === null ? undefined : points.find((p) => pointKey(/** @type {any} */ (p.point), planClients) === key)
      if (!found) {
        say('warning', node.position?.start, 'export-samples', `Unexpected repeats of \`${row[0]}\` at \`${row[at]}\` threads, expected a point of the results table above`)
        continue
      }
      found.point.repeats = Number(row[at + 1])
      const spread = row[at + 2] ?? ''
      if (spread === missing) found.point.spread = null
      else if (spread !== '') {
        found.point.spread = Number(spread)
        found.written.set('spread', spread)
      }
      const lists = columns.map((c) => ({key: /** @type {string} */ (c.key), values: (row[c.i] ?? '') === '' ? [] : row[c.i].split('; ')}))
      const n = Math.max(0, ...lists.map((l) => l.values.length))
      if (n === 0) continue
      found.point.samples = Array.from({length: n}, (_, j) => {
        /** @type {Record<string, number>} */
        const sample = {}
        for (const {key: k, values} of lists) {
          const text = values[j]
          if (text === undefined || text === missing) continue
          sample[k] = Number(text)
          found.written.set(`samples/${j}/${k}`, text)
        }
        return sample
      })
    }
  }

  /** @param {any} node */
  const environmentBlock = (node) => {
    const keys = (/** @type {string[]} */ cols, /** @type {Record<string, string>} */ custom = {}) => (/** @type {string} */ h) =>
      cols.find((c) => L(custom[c] ?? `field_${c}`) === h)
    /** @param {any} table @param {string[]} cols @param {Record<string, string>} [custom] @param {string[]} [ints] */
    const objects = (table, cols, custom = {}, ints = []) => {
      const {header, rows} = readTable(table)
      const keyOf = header.map(keys(cols, custom))
      return rows.map((row) => {
        /** @type {Record<string, any>} */
        const o = {}
        keyOf.forEach((k, i) => {
          if (!k || (row[i] ?? '') === '') return
          o[k] = ints.includes(k) ? Number(row[i]) : row[i]
        })
        return o
      })
    }
    if (node.type === 'list' && h3 === null) {
      const cloud = /** @type {Record<string, string>} */ ({})
      const names = {cloud: 'provider', region: 'region', service: 'service', image: 'image'}
      for (const item of node.children) {
        const f = fact(raw(item.children[0] ?? item), Object.keys(names).map((k) => `field_${k}`))
        if (f) cloud[/** @type {any} */ (names)[f.key.slice(6)]] = f.value
      }
      if (Object.keys(cloud).length > 0) environment.cloud = {...environment.cloud, ...cloud}
      return
    }
    if (h3 === L('field_notes') && node.type === 'list') {
      environment.notes = [...(environment.notes ?? []), ...node.children.map((/** @type {any} */ item) => raw(item.children[0] ?? item))]
      return
    }
    if (node.type === 'paragraph' && h3 === L('section_software')) {
      const f = fact(raw(node), ['field_os', 'field_sysbench'])
      if (f) environment[f.key.slice(6)] = f.value
      return
    }
    if (node.type !== 'table') return
    stats.tables++
    if (h3 === L('section_hardware')) {
      const {header} = readTable(node)
      if (header.includes(L('field_role'))) {
        environment.instances = [...(environment.instances ?? []), ...objects(node, ['role', 'instance_type', 'size', 'count', 'storage'], {}, ['count'])]
      } else {
        environment.machines = [...(environment.machines ?? []), ...objects(node, ['host', 'count', 'cpu', 'memory', 'disk', 'os'], {}, ['count'])]
      }
    } else if (h3 === L('field_client')) {
      environment.client = objects(node, ['instance_type', 'host', 'cpu', 'cores', 'memory', 'os'], {}, ['cores'])[0]
    } else if (h3 === L('section_software')) {
      environment.software = objects(node, ['name', 'purpose', 'version'], {name: 'field_software'})
    } else if (h3 === L('section_components') && h4 !== null) {
      const subject = subjects.find((s) => subjectVersion(s, options.lang) === h4) ?? subjects.find((s) => s.version === h4) ?? subjects.find((s) => s.id === h4)
      if (subject) subject.components = objects(node, ['name', 'version', 'git_hash'], {name: 'field_component'})
      else say('warning', node.position?.start, 'export-components', `Unexpected components of \`${h4}\`, expected one of the versions tested`)
    }
  }

  /** @param {any} node */
  const parametersBlock = (node) => {
    if (!param) return
    if (node.type === 'paragraph') {
      const text = raw(node)
      const f = fact(text, ['field_workloads'])
      if (f) param.workloads = f.value.split(', ').map(unbacktick)
      else param.note = text
    } else if (node.type === 'code') {
      param.format = node.lang ?? 'text'
      param.content = `${node.value}\n`
      parameters.push(orderKeys(param, ['component', 'format', 'subjects', 'workloads', 'note', 'content']))
      param = null
    }
  }

  /** @param {any} node */
  const planBlock = (node) => {
    if (node.type === 'list') {
      for (const item of node.children) {
        const text = raw(item.children[0] ?? item)
        const f = fact(text, [...PLAN_KEYS, 'analyze', 'options', 'steps'].map((k) => `plan_${k}`))
        if (!f) continue
        const key = f.key.slice(5)
        if (key === 'analyze') plan.analyze = f.value === L('plan_yes')
        else if (key === 'options') plan.options = JSON.parse(unbacktick(f.value))
        else if (key === 'steps') plan.steps = [...(plan.steps ?? []), f.value]
        else plan[key] = PLAN_INTEGERS.has(key) ? Number(f.value) : f.value
      }
    } else if (node.type === 'table') {
      stats.tables++
      const {header, rows} = readTable(node)
      if (header[0] !== L('plan_workload')) return
      plan.workloads = rows.map((row) => {
        /** @type {Record<string, any>} */
        const w = {name: unbacktick(row[0])}
        if (row[1]) w.threads = row[1].split(', ').map(Number)
        if (row[2]) w.options = JSON.parse(unbacktick(row[2]))
        return w
      })
    }
  }

  /** @param {any} node */
  const resultsBlock = (node) => {
    if (!workload) return
    if (node.type === 'table') {
      const {header} = readTable(node)
      if (header[0] === L('summary_subject') && header.includes(L('result_repeats'))) {
        stats.tables++
        samplesTable(node)
        return
      }
      if (header[dimensions.length] !== L('result_threads')) return
      stats.tables++
      markData(node)
      resultsTable(node)
    } else if (node.type === 'list' && dataStart !== null) {
      for (const item of node.children) {
        const m = errorPattern(raw(item.children[0] ?? item))
        const t = m ? parseThreads(m.threads) : null
        if (!m || !t) continue
        const key = pointKey({subject: idOf(m.subject), workload, ...t}, plan.clients ?? 1)
        const found = points.find((p) => pointKey(/** @type {any} */ (p.point), plan.clients ?? 1) === key)
        if (found) {
          found.point.error = m.error
          found.empty = false
        }
      }
    } else if (node.type === 'paragraph' && headlinePatterns.some((p) => p(raw(node)))) {
      markData(node)
    }
  }

  /** @param {any} node */
  const summaryBlock = (node) => {
    if (node.type !== 'table') return
    stats.tables++
    const {rows} = readTable(node)
    for (const row of rows) {
      const stated = row[3] ?? missing
      if (stated === missing) continue
      const text = stated.replace(/%$/, '').replace(/^\+/, '').replace(/^−/, '-').replace(/,/g, '')
      headlineText.set(`${headlines.length}`, text)
      headlines.push({workload: row[0], subject: idOf(row[1]), change: Number(text)})
    }
  }

  for (const node of tree.children) {
    const n = /** @type {any} */ (node)
    if (n.type === 'yaml') continue
    if (n.type === 'heading') {
      const text = raw(n).replace(/^#+\s*/, '')
      const m = /\s*\{#([^}\s]+)\}\s*$/.exec(text)
      const visible = (m ? text.slice(0, m.index) : text).trim()
      if (n.depth === 1) {
        title = visible
        section = 'intro'
        textStart = n.position.end.offset
        continue
      }
      if (n.depth === 2) {
        closeSection(n.position.start.offset)
        section = m ? m[1] : null
        stats.sections++
        if (section) stats.mapped++
        textStart = n.position.end.offset
        h3 = h4 = null
        continue
      }
      if (n.depth === 3) {
        h3 = visible
        h4 = null
        if (section === 'parameters') {
          const p = /^(.*?)(?: \(([^()]*)\))?$/.exec(visible)
          param = {component: p?.[1] ?? visible}
          if (p?.[2]) param.subjects = p[2].split(', ').map(idOf)
        }
        if (section === 'results') {
          closeWorkload(n.position.start.offset)
          const w = m && /^workload-(.+)$/.exec(m[1])
          workload = w ? w[1] : unbacktick(visible)
          textStart = n.position.end.offset
        }
        continue
      }
      if (n.depth === 4) {
        h4 = visible
        continue
      }
    }
    switch (section) {
      case 'version':
        if (n.type === 'paragraph') {
          const f = fact(raw(n), ['field_versions', 'field_date', 'field_place', 'field_author'])
          if (f?.key === 'field_versions') versions(f.value, subjects, options.lang)
          else if (f) report[f.key.slice(6)] = f.value
        }
        break
      case 'environment':
        environmentBlock(n)
        break
      case 'parameters':
        parametersBlock(n)
        break
      case 'topology':
        if (n.type === 'table') {
          stats.tables++
          for (const row of readTable(n).rows) {
            const instances = row[1].split(', ').map((s) => {
              const c = /^(\d+)\*(.+)$/.exec(s)
              return c ? {component: c[2], count: Number(c[1])} : {component: s}
            })
            topology.push({hosts: row[0].split(', '), instances})
          }
        }
        break
      case 'plan':
        planBlock(n)
        break
      case 'results':
        resultsBlock(n)
        break
      case 'summary':
        summaryBlock(n)
        break
      default:
    }
  }
  closeSection(source.length)

  // Points back in the data's order.
  const kept = points.filter((p) => !p.empty)
  const tableIdx = kept.map((_, i) => i)
  /** @type {number[]} */
  let order = tableIdx
  if (Array.isArray(facts.order) && typeof facts.order[0] === 'string') {
    order = applyGroups(tableIdx, kept.map((p) => /** @type {any} */ (p.point)), facts.order)
  } else if (Array.isArray(facts.order)) {
    order = facts.order.map((/** @type {number} */ position) => tableIdx[position])
  }
  /** @type {Map<string, string>} */
  const written = new Map()
  const results = order.map((index, i) => {
    const p = kept[index]
    for (const [m, text] of p.written) written.set(`results/${i}/${m}`, text)
    return p.point
  })
  for (const [i, text] of headlineText) written.set(`headlines/${i}/change`, text)
  stats.points = results.length

  report.subjects = subjects
  if (Object.keys(environment).length > 0) report.environment = environment
  if (topology.length > 0) report.topology = topology
  if (parameters.length > 0) report.parameters = parameters
  report.plan = plan
  if (results.length > 0) report.results = results
  if (headlines.length > 0) report.headlines = headlines
  restoreTexts(report, facts.texts ?? {})

  return {report, written, narrative: narrativeFile(report, options.lang, labels, title, narrative), stats}
}

/**
 * `TiDB v5.1.4, TiDB v6.0.0 DMR` → each subject's product and version: the
 * version starts at the subject's id when it does, else after the first word.
 * @param {string} value
 * @param {any[]} subjects
 * @param {string} lang  the export's: a variant is named in it
 */
function versions(value, subjects, lang) {
  const entries = value.split(', ')
  subjects.forEach((s, i) => {
    const named = entries[i] ?? ''
    const variant = variantText(s, lang)
    const suffix = variant !== undefined ? ` (${variant})` : ''
    const entry = suffix && named.endsWith(suffix) ? named.slice(0, -suffix.length) : named
    const at = entry.indexOf(` ${s.id}`)
    const cut = at >= 0 ? at : entry.indexOf(' ')
    s.product = cut >= 0 ? entry.slice(0, cut) : entry
    s.version = cut >= 0 ? entry.slice(cut + 1) : ''
    const ordered = orderKeys(s, ['id', 'label', 'product', 'version', 'variant', 'components'])
    for (const k of Object.keys(s)) delete s[k]
    Object.assign(s, ordered)
  })
}

/**
 * Put back the localised data text the export carried (`texts`, by dotted
 * path): the page showed only its own language's text.
 * @param {Record<string, any>} report
 * @param {Record<string, Record<string, string>>} texts
 */
function restoreTexts(report, texts) {
  for (const [path, value] of Object.entries(texts)) {
    const keys = path.split('.').map((k) => (/^\d+$/.test(k) ? Number(k) : k))
    const parent = keys.slice(0, -1).reduce((node, key) => node?.[key], /** @type {any} */ (report))
    if (parent && typeof parent === 'object') parent[/** @type {string | number} */ (keys.at(-1))] = value
  }
}

/**
 * The narrative file: sections with the export's ids, text verbatim; the
 * title only when the page's differs from the data's and the generated one.
 * @param {Record<string, any>} report
 * @param {string} lang
 * @param {Labels} labels
 * @param {string | null} title
 * @param {Map<string, string>} sections
 */
function narrativeFile(report, lang, labels, title, sections) {
  const product = report.product ?? report.subjects[0]?.product
  const byId = subjectNames(/** @type {import('../derive/report.js').Report} */ (report), lang)
  const names = report.subjects.map((/** @type {any} */ s) => byId[s.id]).reverse()
  const key = names.length === 1 && labels.report_title_single ? 'report_title_single' : 'report_title'
  const generated = fillLabel(labels[key] ?? '', {product, subjects: names.join(labels.report_vs ?? ' vs ')})
  const front = [`report: ${report.id}`, `lang: ${lang}`]
  if (title && title !== report.title && title !== generated) front.push(`title: ${JSON.stringify(title)}`)
  const out = [`---\n${front.join('\n')}\n---\n`]
  if (sections.has('intro')) out.push(`${sections.get('intro')}\n`)
  const workloads = [...sections.keys()].filter((k) => k.startsWith('workload-'))
  for (const key of ['purpose', ...workloads, ...NARRATIVE]) {
    const text = sections.get(key)
    if (!text) continue
    const heading = key.startsWith('workload-') ? `\`${key.slice(9)}\`` : labels[`section_${key}`] ?? key
    out.push(`## ${heading} {#${key}}\n\n${text}\n`)
  }
  return out.join('\n')
}
