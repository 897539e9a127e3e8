import {compareVersions} from '../../derive/versions.js'
import {productIn, productVersions, refineVersions, subjectFor, versionTokens} from '../subjects.js'
import {columnRole, readTable, tableKind} from '../tables.js'
import {parseYamlSource} from '../../lib/yaml-source.js'
import {mapTerms} from '../terms-ja.js'
import {childrenOf, headingText, labelled, plainText} from '../text.js'

/**
 * The versions under test, read first: everything later files its facts under these subjects.
 *
 * @typedef {import('mdast').Root} Root
 * @typedef {import('../subjects.js').VersionToken} VersionToken
 * @typedef {import('./state.js').Say} Say
 * @typedef {import('mdast').Nodes} Nodes
 * @typedef {{id: string, product: string, version: string, variant?: string, components?: import('../environment.js').Component[]}} SubjectData
 * @typedef {{
 *   front: Record<string, unknown>,
 *   title: string | null,
 *   product: string,
 *   subjects: SubjectData[],
 *   ids: string[],
 *   kind: 'single' | 'comparison',
 *   baseline: string | null
 * }} Versions
 */

/**
 * @param {Root} tree
 * @param {string} source
 * @param {Say} say
 * @param {(text: string, place: import('unist').Point | undefined) => string} terms  maps (and notes) mistranslated terms
 * @returns {Versions | null}  null (with an error said) when no version is named
 */
export function readVersions(tree, source, say, terms) {
  const front = frontMatter(tree, say)
  const h1 = firstHeading(tree)
  const line = versionLine(tree, terms)
  const titleText = h1 ?? (typeof front.title === 'string' ? front.title : '')
  const titleTokens = titleVersions(titleText)
  let tokens = line ? line.tokens : titleTokens
  if (line && titleTokens.length > 0) {
    const ids = line.tokens.map((t) => t.id)
    const missing = titleTokens.filter((t) => !subjectFor(t.id, ids))
    if (missing.length > 0) {
      say('warning', line.node.position?.start, 'title-versions', `Title names ${missing.map((t) => `\`${t.version}\``).join(', ')}, the version line ${line.tokens.map((t) => `\`${t.version}\``).join(', ')}; using the version line`)
    }
    // A title may carry a suffix the version line lacks (`v6.0.0 DMR`).
    tokens = line.tokens.map((t) => titleTokens.find((x) => x.id === t.id && x.version.length > t.version.length) ?? t)
  }
  // versions named only in prose (`TiDB 3.0.1 is used`)
  if (tokens.length === 0) tokens = proseVersions(tree)
  // `v5.1` in the title, `v5.1.0` in the tables: the subjects are the numbers' versions
  tokens = refineVersions(tokens, resultVersions(tree, source))
  if (tokens.length === 0) {
    say('error', (tree.children[0] ?? tree).position?.start, 'no-report', 'No report found: expected a title or a version line naming the versions tested (e.g. `TiDB v6.0.0 vs v5.4.0`)')
    return null
  }
  const product = productIn(line ? line.label : '', false) ?? productIn(titleText, false) ?? productIn(titleText) ?? 'TiDB'
  const named = [...(line ? productVersions(line.node ? plainText(line.node) : '') : []), ...productVersions(titleText), ...proseVersions(tree)]
  /** @type {SubjectData[]} */
  const subjects = tokens.map((t) => ({id: t.id, product: named.find((n) => n.id === t.id)?.product ?? product, version: t.version}))
  subjects.push(...tableProducts(tree, source, subjects))
  // products compared: the one named last is the baseline; versions of one product: the oldest
  if (new Set(subjects.map((x) => x.product)).size > 1) subjects.unshift(/** @type {SubjectData} */ (subjects.pop()))
  else subjects.sort((a, b) => compareVersions(a.id, b.id))
  const ids = subjects.map((x) => x.id)
  const kind = subjects.length === 1 ? 'single' : 'comparison'
  const title = h1 ?? (typeof front.title === 'string' ? front.title : null)
  return {front, title, product, subjects, ids, kind, baseline: kind === 'comparison' ? ids[0] : null}
}

/**
 * Products a result table names in a column of its own that no subject is
 * yet, each with the version the report names for it anywhere (`MySQL
 * version: 8.0.36`); a product without one gets no subject (its rows are refused).
 * @param {Root} tree
 * @param {string} source
 * @param {SubjectData[]} subjects
 */
function tableProducts(tree, source, subjects) {
  const have = new Set(subjects.map((x) => x.product.toLowerCase()))
  /** @type {SubjectData[]} */
  const out = []
  /** @param {Nodes} node */
  const walk = (node) => {
    if (node.type !== 'table') return void childrenOf(node).forEach(walk)
    const header = readTable({...node, children: node.children.slice(0, 1)}, source).header.map((c) => c.text)
    if (tableKind(header) !== 'results' || /[\p{L}\d]/u.test(header[0] ?? 'x')) return
    for (const row of readTable(node, source).rows) {
      const product = productIn(row.cells[0]?.text ?? '', false)
      if (!product || have.has(product.toLowerCase())) continue
      have.add(product.toLowerCase())
      const version = productVersions(source).find((v) => v.product === product)
      if (version) out.push({id: version.id, product, version: version.version})
    }
  }
  walk(tree)
  return out
}

/**
 * Versions named after a product in paragraphs and list items, in order.
 * @param {Root} tree
 */
function proseVersions(tree) {
  /** @type {Array<VersionToken & {product: string}>} */
  const found = []
  /** @param {Nodes} node */
  const walk = (node) => {
    if (node.type === 'paragraph') {
      for (const t of productVersions(mapTerms(plainText(node)).text)) if (!found.some((f) => f.id === t.id)) found.push(t)
      return
    }
    if (node.type === 'list' || node.type === 'listItem') for (const c of node.children) walk(c)
  }
  for (const node of tree.children) walk(node)
  return found
}

/** The YAML front matter; `{}` when absent or not YAML. @param {Root} tree @param {Say} say @returns {Record<string, unknown>} */
export function frontMatter(tree, say) {
  const node = tree.children.find((n) => n.type === 'yaml')
  if (!node || node.type !== 'yaml') return {}
  const {data, syntaxErrors: [error]} = parseYamlSource('front matter', node.value)
  // its first line is the line after `---`
  if (error) say('warning', {line: (node.position?.start.line ?? 0) + error.place.line, column: error.place.col}, 'front-matter', `${error.message}; front matter ignored`)
  return data && typeof data === 'object' ? /** @type {Record<string, unknown>} */ (data) : {}
}

/** @param {Root} tree @returns {string | null} */
function firstHeading(tree) {
  const h1 = tree.children.find((n) => n.type === 'heading' && n.depth === 1)
  return h1 && h1.type === 'heading' ? headingText(h1).text : null
}

/**
 * The first `Version: …` line naming versions, in a paragraph or list.
 * @param {Root} tree
 * @param {(text: string, place: import('unist').Point | undefined) => string} terms
 * @returns {VersionLine | null}
 */
function versionLine(tree, terms) {
  /** @typedef {{tokens: VersionToken[], label: string, node: import('mdast').Paragraph}} VersionLine */
  /** @param {Nodes} node @returns {VersionLine | null} */
  const find = (node) => {
    if (node.type === 'paragraph') {
      for (const text of plainText(node).split(/\n/)) {
        const l = labelled(terms(text, node.position?.start))
        if (l && /(版本|バージョン|version)s?$/i.test(l.label) && !/sysbench/i.test(l.label)) {
          const tokens = versionTokens(l.value)
          if (tokens.length > 0) return {tokens, label: l.label, node}
        }
      }
    }
    for (const c of childrenOf(node)) {
      if (c.type !== 'list' && c.type !== 'listItem' && c.type !== 'paragraph') continue
      const found = find(c)
      if (found) return found
    }
    return null
  }
  for (const node of tree.children) {
    const found = find(node)
    if (found) return found
  }
  return null
}

/**
 * Titles also name tool versions (`sysbench 1.0`), so a bare `6.1` counts
 * only when the title has no `v6.1`-style token at all.
 * @param {string} text
 */
function titleVersions(text) {
  // `TiDB v7.5.0 vs MySQL 8.0.35`: a product names its version without `v`.
  const withV = versionTokens(text, true)
  if (withV.length === 0) return versionTokens(text.replace(/sysbench\s*v?\d+(\.\d+)*/gi, ''))
  const all = [...withV, ...productVersions(text).map(({id, version}) => ({id, version}))]
  return all.filter((t, k) => all.findIndex((x) => x.id === t.id) === k).sort((a, b) => text.indexOf(a.version) - text.indexOf(b.version))
}

/**
 * Versions named where result numbers are: result tables' headers and version cells, bold labels.
 * @param {Root} tree
 * @param {string} source
 */
export function resultVersions(tree, source) {
  /** @type {VersionToken[]} */
  const found = []
  /** @param {Nodes} node */
  const walk = (node) => {
    if (node.type === 'table') {
      // the header first: the rows are read only for a version column
      const header = readTable({...node, children: node.children.slice(0, 1)}, source).header.map((c) => c.text)
      if (tableKind(header) !== 'results') return
      const versionCol = header.findIndex((h) => columnRole(h) === 'version')
      const rows = versionCol >= 0 ? readTable(node, source).rows : []
      const texts = [...header, ...rows.map((r) => r.cells[versionCol]?.text ?? '')]
      for (const t of texts) found.push(...versionTokens(t, true))
      return
    }
    if (node.type === 'paragraph' && node.children.length === 1 && node.children[0].type === 'strong') {
      found.push(...versionTokens(mapTerms(plainText(node)).text))
      return
    }
    if (node.type === 'code' || node.type === 'html') return
    for (const c of childrenOf(node)) walk(c)
  }
  walk(tree)
  return found
}
