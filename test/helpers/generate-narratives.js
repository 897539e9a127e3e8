/**
 * The narrative files of a generated report (generate.js): as long as a real
 * narrative (materials.js), with the sections real ones have, written from
 * the report's own derived figures (narrative-text.js), so that every % in
 * its conclusions is one the validator derives and every number restates a
 * point. Most are written in English; one in eight in Chinese or Japanese,
 * as an imported report is. Every third report has the other two languages
 * as translations, stamped as `benchdoc i18n stamp` stamps them, and a
 * quarter of those have a section changed since (a stale translation).
 *
 * @typedef {import('../../tools/types/report.js').Report} Report
 * @typedef {import('./narrative-text.js').Lang} Lang
 * @typedef {import('./narrative-text.js').Facts} Facts
 * @typedef {import('./narrative-text.js').WorkloadFacts} WorkloadFacts
 * @typedef {import('./narrative-text.js').Sentence} Sentence
 * @typedef {{section: string, workload?: number, text: (lang: Lang, facts: Facts) => string}} Piece
 *   one paragraph or list item of a section; `workload`: the index of the workload it is about
 */
import {deriveReport} from '../../tools/derive/report.js'
import {subjectNames} from '../../tools/derive/subjects.js'
import {sectionDigest} from '../../tools/i18n/digest.js'
import {cjkSpaced, loadLabels} from '../../tools/i18n/labels.js'
import {PACKAGE_ROOT} from '../../tools/lib/root.js'
import {parseNarrative} from '../../tools/narrative/index.js'
import {pools} from './materials.js'
import {chance, pick, random} from './random.js'
import {ADVICE, CHANGE, CONCLUSIONS, HEADINGS, NOTE, PROBLEMS, PURPOSE, unmappedText} from './narrative-text.js'

const LANGS = /** @type {const} */ (['en', 'zh', 'ja'])

/**
 * Narrative files of report `i`: its source language, and translations of it for every third.
 * @param {Report} report
 * @param {number} i
 * @returns {Record<string, string>}  language → file text
 */
export function benchNarratives(report, i) {
  const rnd = random(i * 104729 + 3)
  const source = i % 8 === 4 ? pick(rnd, /** @type {Lang[]} */ (['zh', 'zh', 'ja'])) : 'en'
  const derived = deriveReport(report)
  const decimals = chance(rnd, 0.3) ? 1 : 2
  const facts = Object.fromEntries(LANGS.map((lang) => [lang, factsOf(report, derived, lang, decimals)]))
  const pieces = piecesFor(rnd, report, facts[source], pick(rnd, pools().lengths))
  const title = chance(rnd, 0.1)
  const texts = {[source]: fileText(report.id, source, pieces, facts[source], title ? '' : null)}
  const translations = i % 3 === 0 ? LANGS.filter((l) => l !== source) : source !== 'en' && chance(rnd, 0.3) ? /** @type {Lang[]} */ (['en']) : []
  const sections = parseNarrative(texts[source]).sections
  const stale = chance(rnd, 0.25) ? pick(rnd, Object.keys(sections)) : null
  for (const lang of translations) {
    const body = fileText(report.id, lang, pieces, facts[lang], title ? '' : null)
    const own = parseNarrative(body).sections
    /** @param {Record<string, {markdown: string}>} from @param {string | null} changed */
    const digests = (from, changed) => Object.entries(from).map(([id, s]) => `    ${id}: "${sectionDigest(id === changed ? `${s.markdown}\n\nAn earlier draft.` : s.markdown)}"`).join('\n')
    const stamp = `translated_from:\n  lang: ${source}\n  sections:\n${digests(sections, stale)}\n  translation:\n${digests(own, null)}\n`
    texts[lang] = body.replace(/\n---\n/, `\n${stamp}---\n`)
  }
  return texts
}

/** Each language's labels, read once. @type {Record<string, Record<string, string>>} */
const labels = {}

/**
 * What a narrative in `lang` says of the report: its subjects as that language's page names them,
 * each workload's mean change, widest gap and p95 at the top thread count, from the derived figures.
 * @param {Report} report @param {ReturnType<typeof deriveReport>} derived @param {Lang} lang @param {number} decimals  of the % written
 * @returns {Facts}
 */
function factsOf(report, derived, lang, decimals) {
  const names = subjectNames(report, lang)
  const l = (labels[lang] ??= loadLabels(PACKAGE_ROOT, lang))
  const number = (/** @type {{value: number | null, decimals: number}} */ f) => (f.value ?? 0).toLocaleString('en-US', {minimumFractionDigits: f.decimals, maximumFractionDigits: f.decimals})
  const [base, ...others] = report.subjects.map((s) => names[s.id])
  const metric = derived.metric
  const workloads = derived.workloads.filter((w) => w.rows.length > 0).map((w) => {
    const changes = w.headlines.flatMap((h) => (h.derived.value == null ? [] : [{subject: names[h.subject], pct: Math.abs(h.derived.value).toFixed(decimals), up: h.derived.value >= 0}]))
    const compared = report.subjects[1]?.id
    const widest = [...w.rows].filter((r) => compared && r.change[compared]?.value != null).sort((a, b) => Math.abs(b.change[compared]?.value ?? 0) - Math.abs(a.change[compared]?.value ?? 0))[0]
    const top = w.rows[w.rows.length - 1]
    const newest = report.subjects[report.subjects.length - 1].id
    const p95 = top?.cells[newest]?.latency_p95
    const threads = w.rows.map((r) => r.threads)
    return {
      name: w.name, title: l[`workload_${w.name}`] ?? `\`${w.name}\``, min: Math.min(...threads), max: Math.max(...threads), changes,
      gap: widest && compared ? {threads: widest.threads, subject: names[compared], value: number(widest.cells[compared][metric]), base: number(widest.cells[report.subjects[0].id][metric])} : null,
      p95: p95?.value != null ? {threads: top.threads, subject: names[newest], ms: number(p95)} : null
    }
  })
  const plan = report.plan
  const machines = report.environment?.machines?.length ?? report.environment?.instances?.reduce((n, x) => n + (x.count ?? 1), 0) ?? 3
  return {
    base, others: others.join(lang === 'en' ? ' and ' : '、'), newest: others[others.length - 1] ?? base, metric: metric.toUpperCase(), machines,
    tables: plan.tables ?? 16, rows: (plan.table_size ?? 10000000).toLocaleString('en-US'), time: plan.time ?? 300,
    min: workloads[0]?.min ?? 1, max: workloads[0]?.max ?? 1, workloads
  }
}

/**
 * The paragraphs and list items of a narrative, added in a drawn order until it is as long as `length`
 * in its source language: the purpose and the first change always; a note for every workload
 * with thread counts or options of its own.
 * @param {import('./random.js').Random} rnd @param {Report} report @param {Facts} facts @param {number} length
 * @returns {Piece[]}
 */
function piecesFor(rnd, report, facts, length) {
  /** @type {(section: string, s: Sentence, workload?: number) => Piece} */
  const piece = (section, s, workload) => ({section, workload, text: (lang, f) => s[lang](f, f.workloads[workload ?? 0])})
  const count = facts.workloads.length
  const first = report.plan.workloads[0]?.threads?.join()
  const own = facts.workloads.flatMap((w, k) => {
    const planned = report.plan.workloads.find((x) => x.name === w.name)
    return planned && (planned.threads?.join() !== first || planned.options) ? [piece(`workload-${w.name}`, NOTE[0], k), piece(`workload-${w.name}`, NOTE[2], k)] : []
  })
  const always = [piece('purpose', PURPOSE[0]), ...(count > 0 ? [piece('conclusions', CHANGE, 0)] : []), ...own]
  const extra = shuffle(rnd, [
    ...PURPOSE.slice(1).map((s) => piece('purpose', s)),
    ...facts.workloads.slice(1).map((_, k) => piece('conclusions', CHANGE, k + 1)),
    ...(count > 0 ? CONCLUSIONS.map((s, k) => piece('conclusions', s, k < 2 ? Math.floor(rnd() * count) : 0)) : []),
    ...(count > 0 ? [piece(`workload-${facts.workloads[0].name}`, NOTE[1], 0)] : []),
    ...PROBLEMS.map((s) => piece('problems', s, Math.floor(rnd() * Math.max(1, count)))),
    ...ADVICE.map((s) => piece('advice', s))
  ])
  const chosen = [...always]
  if (count > 0 && chance(rnd, 0.1)) chosen.push({section: 'unmapped', workload: 0, text: (lang, f) => unmapped(report, lang, f)})
  while (extra.length > 0 && bodyOf(chosen, facts, 'en').length < length) chosen.push(/** @type {Piece} */ (extra.shift()))
  return chosen
}

/** @type {<T>(rnd: import('./random.js').Random, list: T[]) => T[]} */
function shuffle(rnd, list) {
  const out = [...list]
  for (let k = out.length - 1; k > 0; k--) {
    const j = Math.floor(rnd() * (k + 1))
    ;[out[k], out[j]] = [out[j], out[k]]
  }
  return out
}

/** The section order of a narrative (workload notes after the purpose, in the plan's order). */
const ORDER = ['purpose', 'workload-', 'conclusions', 'problems', 'advice', 'unmapped']

/**
 * The sections of the chosen pieces in one language, each with its heading.
 * @param {Piece[]} pieces @param {Facts} f @param {Lang} lang
 */
function bodyOf(pieces, f, lang) {
  /** @type {Map<string, string[]>} */
  const sections = new Map()
  const rank = (/** @type {string} */ id) => ORDER.findIndex((o) => id.startsWith(o))
  for (const p of [...pieces].sort((a, b) => rank(a.section) - rank(b.section))) {
    // spaced as the labels are: no space beside a name's full-width bracket (`v8.5.0（调优模式）的`)
    const text = lang === 'en' ? p.text(lang, f) : cjkSpaced(p.text(lang, f))
    if (text) sections.set(p.section, [...(sections.get(p.section) ?? []), text])
  }
  return [...sections].map(([id, parts]) => {
    const w = id.startsWith('workload-') ? f.workloads.find((x) => `workload-${x.name}` === id) : undefined
    const heading = cjkSpaced((HEADINGS[w ? 'workload' : id] ?? HEADINGS.purpose)[lang](w))
    const list = parts.every((t) => t.startsWith('- '))
    return `## ${heading} {#${id}}\n\n${parts.join(list ? '\n' : '\n\n')}\n`
  }).join('\n')
}

/**
 * A narrative file: front matter, then its sections.
 * @param {string} id @param {Lang} lang @param {Piece[]} pieces @param {Facts} f @param {string | null} title  '' for a title of its own
 */
function fileText(id, lang, pieces, f, title) {
  const own = title === null ? '' : `title: "${{en: `${f.newest} against ${f.base}`, zh: `${f.newest} 与 ${f.base} 的对比`, ja: `${f.newest} と ${f.base} の比較`}[lang].replaceAll('"', "'")}"\n`
  return `---\nreport: ${id}\nlang: ${lang}\n${own}---\n\n${bodyOf(pieces, f, lang)}`
}

/**
 * What an import leaves unmapped, for the first workload: its figures in a table.
 * @param {Report} report @param {Lang} lang @param {Facts} f
 */
function unmapped(report, lang, f) {
  const w = f.workloads[0]
  const metric = /** @type {'tps' | 'qps'} */ (f.metric.toLowerCase())
  const points = (report.results ?? []).filter((p) => p.workload === w.name)
  const threads = [...new Set(points.map((p) => p.threads))]
  const names = subjectNames(report, lang)
  const rows = threads.map((t) => ({threads: t, values: report.subjects.map((s) => String(points.find((p) => p.subject === s.id && p.threads === t)?.[metric] ?? '–'))}))
  return unmappedText(lang, f, w, rows, report.subjects.map((s) => names[s.id].replaceAll('|', '\\|')))
}
