import {fillLabel} from '../i18n/labels.js'
import {CLOUD_FACTS, PLAN_WORKLOAD_COLUMNS, SECTIONS, SOFTWARE_FACTS, TABLES, TOPOLOGY_COLUMNS, separators} from './layout.js'
import {codeSpan, dataText, escapeText, fenceFor, normaliseCode, workloadName} from './text.js'
import {tableMarkdown} from './table.js'
import {narrativeBlock, staleBlock} from './narrative.js'
import {frontMatterText, sidecarText} from './front-matter.js'
import {downloadsLine, workloadBlocks} from './write-results.js'
import {i18nOf, labelText} from '../i18n/label-text.js'
import {changeWords, overviewChanges} from './summary.js'

/** @typedef {import('../types/report.js').Host} Host @typedef {import('../types/view-model.js').Parameter} Parameter */

/**
 * Write a report as Markdown in the documented report format, from its view model and
 * the export language's labels, laid out as layout.js says. Pure: the caller writes files.
 *
 * @typedef {import('../types/view-model.js').ViewModel} Model  a report's whole view model (not Hugo's, hugo-model.js)
 * @typedef {Record<string, string | number | null | undefined>} Fields  a label's fields (fillLabel)
 * @typedef {{
 *   model: Model, lang: string, L: (key: string, fields?: Fields) => string, i18n: import('../i18n/label-text.js').I18n, missing: string,
 *   narrative: import('../types/view-model.js').Narrative | null, chart: (workload: string) => {url: string, alt: string} | null,
 *   names: Record<string, string>, list: string, colon: string
 * }} Context
 *   `i18n`: the labels unescaped, for the view model's labels (i18n/label-text.js); `list`, `colon`: the language's separators (layout.js)
 * @typedef {{
 *   lang: string, labels: Record<string, string>, title: string, summary: string,
 *   chart?: (workload: string) => {url: string, alt: string} | null, names?: Record<string, string>
 * }} ExportOptions
 *   `chart`: where a workload's chart is for this export (none when null); `names`: each language's name (config.toml)
 */

/**
 * @param {Model} model
 * @param {ExportOptions} options
 * @returns {string}
 */
export function writeExport(model, {lang, labels, title, summary, chart = () => null, names = {}}) {
  // a variant written in several languages names the subjects in the export's
  const m = model.by_lang?.[lang] ? {...model, ...model.by_lang[lang]} : model
  const L = (/** @type {string} */ key, /** @type {Fields} */ fields = {}) => {
    const label = escapeText(labels[key] ?? key)
    // most labels have no field to fill (a column's name): no regex for them
    return label.includes('{{') ? fillLabel(label, fields) : label
  }
  /** @type {Context} */
  const ctx = {model: m, lang, L, i18n: i18nOf({[lang]: labels}, lang, lang), missing: L('result_missing'), narrative: m.narrative?.[lang] ?? null, chart, names, ...separators(L)}
  const blocks = [`# ${escapeText(title)}`, ...staleBlock(ctx), ...narrativeBlock(ctx, 'intro')]
  for (const section of SECTIONS) blocks.push(...sectionBlocks(ctx, section))
  // the front matter's aliases are this language's; every language's travel in the sidecar
  const key = {id: m.id, lang, digest: exportSidecar(m).digest}
  return `${frontMatterText({title, summary, aliases: m.aliases?.[lang] ?? [], key})}\n${blocks.join('\n\n')}\n`
}

/**
 * The sidecar of a report's exports (front-matter.js): its facts, the same for every language.
 * @param {Model} model
 */
export function exportSidecar(model) {
  let made = sidecars.get(model.export)
  if (!made) sidecars.set(model.export, (made = sidecarText({id: model.id, kind: model.kind, ...model.export, ...(model.aliases ? {aliases: model.aliases} : {})})))
  return made
}

/** Each report's sidecar, made once for every language's page (it holds every point). @type {WeakMap<object, {text: string, digest: string}>} */
const sidecars = new WeakMap()

/**
 * @param {Context} ctx
 * @param {{id: string, label: string, narrative?: boolean}} section
 * @returns {string[]}
 */
function sectionBlocks(ctx, section) {
  // the page's heading where it has one (`section_version_only` without a date or place)
  const heading = `## ${ctx.L(ctx.model.sections[ctx.lang]?.find((s) => s.id === section.id)?.title ?? section.label)} {#${section.id}}`
  if (section.id === 'purpose' && !ctx.narrative) return [heading, narrativeMissing(ctx)]
  if (section.narrative) {
    const text = narrativeBlock(ctx, section.id)
    return text.length > 0 || section.id === 'purpose' ? [heading, ...text] : []
  }
  const body = BODIES[section.id](ctx)
  return body === null ? [] : [heading, ...body]
}

/** Each data section's blocks; null leaves the section out. @type {Record<string, (ctx: Context) => string[] | null>} */
const BODIES = {
  version: versionBlocks,
  environment: environmentBlocks,
  parameters: (ctx) => {
    /** @type {Map<string, number>} how many headings of each there are so far */
    const seen = new Map()
    return ctx.model.parameters.length > 0 ? ctx.model.parameters.flatMap((p, i, all) => parameterBlocks(ctx, p, all[i - 1], seen)) : null
  },
  topology: topologyBlocks,
  plan: planBlocks,
  results: (ctx) => [...downloadsLine(ctx), ...ctx.model.workloads.flatMap((w, i) => workloadBlocks(ctx, w, i))],
  summary: summaryBlocks
}

/**
 * The note the page shows in place of a narrative this language lacks: where one can be read, else that there is none
 * (read.js drops it). @param {Context} ctx
 */
function narrativeMissing(ctx) {
  const {model: m, L, names} = ctx
  if (m.narrative_languages.length === 0) return L('narrative_none')
  const links = m.narrative_languages.map((l) => `[${escapeText(names[l] ?? l)}](/${l}/reports/${m.id}/)`)
  return L('narrative_missing', {language: escapeText(names[ctx.lang] ?? ctx.lang), languages: links.join(ctx.list)})
}

/** The version section: the page's facts (facts-model.js versionFacts), the date as the page writes it. @param {Context} ctx */
function versionBlocks(ctx) {
  return ctx.model.version.map((f) => `${ctx.L(f.label)}${ctx.colon}${factText(ctx, f)}`)
}

/**
 * A fact's value as the page writes it (fact-table-html.js factHtml), in Markdown.
 * @param {Context} ctx @param {import('../types/view-model.js').Fact} f
 */
function factText(ctx, f) {
  if (f.items?.length) return f.items.map((item) => escapeText(labelText(item, ctx.i18n))).join(ctx.list)
  if (f.datetime) return escapeText(f.by_lang?.[ctx.lang] ?? f.datetime)
  if (f.key) return ctx.L(f.key)
  return f.code ? codeSpan(String(f.text)) : dataText(f.text, ctx.lang)
}

/** @param {Context} ctx */
function environmentBlocks(ctx) {
  const {model: m, lang, L, colon} = ctx
  const env = m.environment ?? {}
  const out = []
  const cloud = CLOUD_FACTS.filter((f) => env.cloud?.[f.key] != null).map((f) => `- ${L(f.label)}${colon}${dataText(env.cloud?.[f.key], lang)}`)
  if (cloud.length > 0) out.push(cloud.join('\n'))
  // instances and machines are both hardware: one heading, so no two sibling headings are the same
  const hardware = [
    ...(env.instances ? [layoutTable(ctx, TABLES.instances.columns, env.instances)] : []),
    ...(env.machines ? [layoutTable(ctx, TABLES.machines.columns, env.machines)] : [])
  ]
  if (hardware.length > 0) out.push(`### ${L('section_hardware')}`, ...hardware)
  if (env.notes && env.notes.length > 0) out.push(`### ${L('field_notes')}`, env.notes.map((n) => `- ${dataText(n, lang)}`).join('\n'))
  if (env.client) out.push(`### ${L('field_client')}`, layoutTable(ctx, TABLES.client.columns, [env.client]))
  const facts = SOFTWARE_FACTS.filter((f) => env[f.key] != null).map((f) => `${L(f.label)}${colon}${dataText(env[f.key], lang)}`)
  if (facts.length > 0 || env.software) out.push(`### ${L('section_software')}`, ...facts, ...(env.software ? [layoutTable(ctx, TABLES.software.columns, env.software)] : []))
  if (m.has_components) {
    out.push(`### ${L('section_components')}`)
    for (const s of m.subjects) {
      if (!s.components || s.components.length === 0) continue
      // named by the subject's label, which no two subjects share (two may share a version)
      out.push(`#### ${escapeText(s.label)}`, layoutTable(ctx, TABLES.components.columns, s.components))
    }
  }
  return out
}

/**
 * A table of the columns any row has (layout.js), labelled in the export's language.
 * @param {Context} ctx
 * @param {ReadonlyArray<import('./layout.js').Column>} columns
 * @param {Array<Record<string, unknown>>} rows
 */
function layoutTable(ctx, columns, rows) {
  const present = columns.filter((c) => rows.some((r) => r[c.key] != null))
  const cell = (/** @type {unknown} */ v) => (v == null ? '' : dataText(v, ctx.lang))
  return tableMarkdown(present.map((c) => ctx.L(c.label)), present.map(() => 'left'), rows.map((r) => present.map((c) => cell(r[c.key]))))
}

/**
 * A parameter block, under a heading naming component, subjects and workloads: blocks
 * alike in these share one when they follow each other (a run's options and captured
 * variables), and a later one is numbered (`TiDB (block 2)`, read back as no subject), so no two
 * headings are the same.
 * @param {Context} ctx @param {Parameter} p @param {Parameter | undefined} previous @param {Map<string, number>} seen
 */
function parameterBlocks(ctx, p, previous, seen) {
  const {lang, L, list, colon} = ctx
  const names = (/** @type {Parameter} */ q) => [dataText(q.component, lang), ...[...(q.subjects ?? []), ...(q.workloads ?? [])].map(escapeText)]
  const [component, ...which] = names(p)
  const out = []
  if (!previous || names(previous).join('\n') !== names(p).join('\n')) {
    const n = (seen.get(names(p).join('\n')) ?? 0) + 1
    seen.set(names(p).join('\n'), n)
    const named = n > 1 ? [...which, L('parameters_block', {n})] : which
    out.push(`### ${component}${named.length > 0 ? L('punct_aside', {text: named.join(list)}) : ''}`)
    if (p.workloads) out.push(`${L('field_workloads')}${colon}${p.workloads.map(codeSpan).join(list)}`)
  }
  if (p.note != null) out.push(dataText(p.note, lang))
  const content = normaliseCode(p.content)
  const fence = fenceFor(content)
  out.push(`${fence}${p.format}\n${content}\n${fence}`)
  return out
}

/** The topology as the page writes it (`2 × MariaDB`); the sidecar has the data's. @param {Context} ctx */
function topologyBlocks(ctx) {
  const {model: m, lang, L, list} = ctx
  if (m.topology.length === 0) return null
  const instances = (/** @type {Host['instances']} */ each) => each.map((n) => ((n.count ?? 1) > 1 ? L('topology_count', {count: n.count, component: dataText(n.component, lang)}) : dataText(n.component, lang))).join(list)
  const rows = m.topology.map((t) => [t.hosts.map((h) => dataText(h, lang)).join(list), instances(t.instances)])
  return [tableMarkdown(TOPOLOGY_COLUMNS.map((k) => L(k)), ['left', 'left'], rows)]
}

/** The plan as the page writes it (facts-model.js planModel); the sidecar has the data's. @param {Context} ctx */
function planBlocks(ctx) {
  const {model: m, lang, L, list} = ctx
  const p = m.plan_page
  const out = p.settings.length > 0 ? [p.settings.map((f) => `- ${L(f.label)}${ctx.colon}${factText(ctx, f)}`).join('\n')] : []
  const columns = PLAN_WORKLOAD_COLUMNS.filter((k, i) => i === 0 || p.workload_columns[i === 1 ? 'threads' : 'options'])
  const rows = p.workloads.map((w) => [workloadName(w.name, L), ...(p.workload_columns.threads ? [w.threads.join(list)] : []), ...(p.workload_columns.options ? [w.options.map(codeSpan).join(' ')] : [])])
  if (rows.length > 0) out.push(tableMarkdown(columns.map((k) => L(k)), columns.map(() => 'left'), rows))
  if (p.steps.length > 0) out.push(`### ${L('plan_steps')}`, p.steps.map((step) => `- ${dataText(step, lang)}`).join('\n'))
  if (p.clients_note) out.push(escapeText(labelText(p.clients_note, ctx.i18n)))
  for (const c of m.commands) {
    if (c.subject) out.push(`**${escapeText(c.subject)}**`)
    out.push(L('plan_prepare'), `\`\`\`shell\n${c.prepare}\n\`\`\``, L('plan_run'), `\`\`\`shell\n${c.run}\n\`\`\``)
  }
  // ${THREADS} points to thread counts above only where the plan lists them, as on the page
  return [...out, L(p.workload_columns.threads ? 'plan_placeholders' : 'plan_placeholders_workloads')]
}

/**
 * Each workload's change as the overview prints it, the authors' figures when stated (read-results.js
 * reads them back), then what the overview says under its table. @param {Context} ctx
 */
function summaryBlocks(ctx) {
  const {model: m, L, missing, list} = ctx
  const rows = overviewChanges(m)
  if (m.compared.length === 0 || rows.length === 0) return null
  const stated = new Map(m.summary.map((s) => [`${s.workload}|${s.subject}`, s.stated]))
  const change = m.overview.stated_only ? [] : [L('summary_change', {metric: L(`result_${m.metric}`), baseline: escapeText(m.baseline ?? '')})]
  // `Version` where the subjects are versions, as the charts' legend says
  const header = [L('summary_workload'), L(m.version[0]?.label === 'field_versions' ? 'chart_version' : 'summary_subject'), ...change, ...(stated.size > 0 ? [L('summary_stated')] : [])]
  const body = rows.flatMap((r) => m.compared.flatMap((subject, i) => (r.changes[i].text ? [[workloadName(r.workload, L), escapeText(subject),
    ...(change.length > 0 ? [changeWords(r.changes[i], L)] : []), ...(stated.size > 0 ? [stated.get(`${r.workload}|${subject}`) ?? missing] : [])]] : [])))
  const name = (/** @type {string} */ id) => (L(`workload_${id}`) === `workload_${id}` ? id : L(`workload_${id}`))
  const beside = m.overview.beside.mean_of_points.map((b) => L('overview_beside_item', {workload: name(b.workload), subject: b.subject && escapeText(b.subject), change: b.change}))
  return [
    tableMarkdown(header, header.map((_, i) => (i < 2 ? 'left' : 'right')), body),
    ...m.overview.bases.map((b) => L(`overview_basis_${b}`, {level: m.overview.confidence})),
    ...(beside.length > 0 ? [L('overview_beside_mean_of_points', {figures: beside.join(list)})] : [])
  ]
}
