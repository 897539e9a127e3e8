import {cpSync, mkdirSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {importMarkdown} from '../../tools/import/import.js'
import {hasErrors} from '../../tools/lib/problems.js'
import {listNarratives} from '../../tools/narrative/index.js'
import {siteLanguages} from '../../tools/i18n/labels.js'
import {siteOf} from '../../tools/site/prepare.js'
import {deriveReportModel} from '../../tools/site/prepare-report.js'
import {reportCard} from '../../tools/site/report-card.js'
import {exportSidecar, writeExport} from '../../tools/export/write.js'
import {summarySentence} from '../../tools/export/summary.js'
import {normaliseCode, readCode} from '../../tools/export/text.js'
import {ROOT} from '../helpers/paths.js'

/**
 * One fuzz target per reader of benchdoc, each calling the reader in-process as its
 * command does, in a reports repository of its own (`dir`). A run gives an outcome the
 * oracle (oracle.js) judges: the exit code the command would give, the problems it would
 * print (objects, or the CLI's stderr where the command is the reader), what it read.
 *
 * @typedef {import('../../tools/lib/problems.js').Problem} Problem
 * @typedef {{code: number, problems?: Problem[], stderr?: string, failures?: string[]}} Outcome
 *   `problems`: as objects; `stderr`: the CLI's, when the target runs the command;
 *   `failures`: what the target's own checks found wrong (a number the input does not hold, a round trip that differs)
 * @typedef {{name: string, corpus?: string, ext: string, file: string, what: string, run: (text: string) => Promise<Outcome>}} Target
 *   `file`: the input's path as messages name it; `what`: the reader, for reports
 */

export const CORPUS = join(ROOT, 'test', 'fuzz', 'corpus')
export const REGRESSIONS = join(ROOT, 'test', 'fuzz', 'regressions')

/**
 * @param {string} dir  an empty folder, made the targets' reports repository
 * @returns {Target[]}
 */
export function readerTargets(dir) {
  cpSync(join(ROOT, 'config.toml'), join(dir, 'config.toml'))
  for (const sub of ['data/reports', 'plans', 'import', 'export']) mkdirSync(join(dir, sub), {recursive: true})
  const languages = siteLanguages(dir)
  const site = siteOf(dir, join(dir, '.benchdoc'), languages)
  const reportFile = join(dir, 'data', 'reports', 'fuzz.yaml')
  /** @param {string} text @param {import('../../tools/narrative/read.js').ReportNarratives} [narratives] */
  const derive = (text, narratives) => deriveReportModel(site, {file: reportFile, text, narratives})
  // the narrative target's report: a valid one of the corpus, its id `fuzz`
  const narrativeReport = readFileSync(join(CORPUS, 'report', 'tidb-v8.1.0.yaml'), 'utf8')
  /** @param {string[]} argv */
  const cli = async (argv) => {
    let stdout = ''
    let stderr = ''
    const code = await main(argv, {cwd: dir, env: {}, out: (t) => void (stdout += t), err: (t) => void (stderr += t)})
    return {code, stdout, stderr}
  }
  return [
    {
      name: 'report', ext: 'yaml', file: 'data/reports/fuzz.yaml', what: 'report YAML → validate and derive (the build\'s view model)',
      async run(text) {
        const {result, model} = derive(text)
        const failures = hasErrors(result.problems) === !model ? [] : [`the model is ${model ? 'made' : 'missing'} with ${hasErrors(result.problems) ? 'an error' : 'no error'}`]
        if (model) failures.push(...oddValues(model, text))
        return {code: hasErrors(result.problems) ? 1 : 0, problems: result.problems, failures}
      }
    },
    {
      name: 'plan', ext: 'yaml', file: 'plans/fuzz.yaml', what: 'plan → `benchdoc run --dry-run`',
      async run(text) {
        writeFileSync(join(dir, 'plans', 'fuzz.yaml'), text)
        const {code, stderr} = await cli(['run', 'plans/fuzz.yaml', '--dry-run'])
        return {code, stderr}
      }
    },
    {
      name: 'narrative', ext: 'md', file: 'content/narrative/fuzz/<lang>.md', what: 'narrative Markdown → page HTML (the view model\'s, as the build makes it)',
      async run(text) {
        const lang = /^lang: *(\w+) *$/m.exec(text)?.[1] ?? 'en'
        const folder = join(dir, 'content', 'narrative', 'fuzz')
        rmSync(folder, {recursive: true, force: true})
        mkdirSync(folder, {recursive: true})
        writeFileSync(join(folder, `${languages.includes(lang) ? lang : 'en'}.md`), text)
        const listed = listNarratives(dir, languages, {ids: ['fuzz']})
        const {result, model} = derive(narrativeReport, listed.reports[0])
        const problems = [...listed.problems, ...result.problems]
        const failures = model ? unsafeHtml(model.narrative) : hasErrors(problems) ? [] : ['no model, and no error']
        return {code: hasErrors(problems) ? 1 : 0, problems, failures}
      }
    },
    {
      name: 'import', ext: 'md', file: 'report.md', what: 'published Markdown → `benchdoc import` (its reader, as a dry run)',
      async run(text) {
        const {result, problems} = importMarkdown(text, {path: 'report.md', file: join(dir, 'import', 'report.md')})
        const failures = result ? unheld(result.report.results ?? [], text, 'results') : []
        return {code: hasErrors(problems) ? 1 : 0, problems, failures}
      }
    },
    {
      name: 'collect', ext: 'log', file: 'fuzz.log', what: 'sysbench output → `benchdoc collect`',
      async run(text) {
        writeFileSync(join(dir, 'fuzz.log'), text)
        const {code, stdout, stderr} = await cli(['collect', 'fuzz.log'])
        // a log of `benchdoc run` merges its clients and repeats: its figures are sums and medians
        const merged = /^### benchdoc client /m.test(text)
        const failures = stdout && !merged ? unheld(parse(stdout), text, 'points', collectedNumbers(text)) : []
        return {code, stderr, failures}
      }
    },
    {
      name: 'export', corpus: 'report', ext: 'yaml', file: 'data/reports/fuzz.yaml', what: 'report YAML → `benchdoc export` → `benchdoc import`',
      async run(text) {
        const {result, model} = derive(text)
        if (!model) return {code: hasErrors(result.problems) ? 1 : 0, problems: result.problems, failures: []}
        return {code: 0, problems: result.problems, failures: roundTrip(model, text, site, join(dir, 'export'))}
      }
    }
  ]
}

/**
 * Each language's export read back by the importer: no error, and the data it wrote.
 * @param {import('../../tools/types/view-model.js').ViewModel} model
 * @param {string} text  the report's YAML
 * @param {ReturnType<typeof siteOf>} site
 * @param {string} out
 */
function roundTrip(model, text, site, out) {
  const card = reportCard(model, site.labels)
  writeFileSync(join(out, `${model.id}.benchdoc.yaml`), exportSidecar(model).text)
  const original = parse(text)
  // a point's sysbench version has no place in an export; an import records the schema version;
  // a code block is written as a program reads it, in ASCII punctuation, and a control character as its
  // picture, which reads back as the character (docs/exporting.md, Code)
  for (const p of original.results ?? []) delete p.sysbench
  for (const p of original.parameters ?? []) if (typeof p.content === 'string') p.content = readCode(normaliseCode(p.content))
  // a headline is stated once for its workload, subject and measure, by which every reader finds it (validate's
  // unique-headline, derive/report.js, review/compare.js): the export's summary table lists them in the overview's order
  sortHeadlines(original)
  /** @type {string[]} */
  const failures = []
  for (const lang of site.languages) {
    const labels = site.labels[lang]
    const md = writeExport(model, {lang, labels, title: card.titles[lang], summary: summarySentence(model, lang, labels)})
    const file = join(out, `${lang}.md`)
    writeFileSync(file, md)
    const back = importMarkdown(md, {path: `${lang}.md`, file})
    const errors = back.problems.filter((p) => p.severity === 'error')
    if (errors.length > 0 || !back.result) failures.push(`the ${lang} export does not import: ${errors.map((p) => `${p.line}:${p.col} ${p.message}`).join('; ')}`)
    else {
      const read = sortHeadlines(parse(back.result.yaml))
      const diff = firstDifference({schema_version: 1, ...original}, read)
      if (diff) failures.push(`the ${lang} export reads back otherwise: ${diff}`)
    }
  }
  return failures
}

/**
 * A report's headlines in one order, by workload, subject and measure (their order is no data).
 * @param {{headlines?: Array<{workload?: unknown, subject?: unknown, metric?: unknown}>}} report
 */
function sortHeadlines(report) {
  const key = (/** @type {{workload?: unknown, subject?: unknown, metric?: unknown}} */ h) => `${h.workload}|${h.subject ?? ''}|${h.metric ?? ''}`
  if (Array.isArray(report.headlines)) report.headlines.sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0))
  return report
}

/**
 * The first place where two values differ, or null.
 * @param {unknown} a  written @param {unknown} b  read back @param {string} [path]
 * @returns {string | null}
 */
function firstDifference(a, b, path = '') {
  // -0 is 0, and an optional field that is null says what its absence says
  if (a === b || (a ?? null) === (b ?? null)) return null
  if (a && b && typeof a === 'object' && typeof b === 'object' && Array.isArray(a) === Array.isArray(b)) {
    const keys = new Set([...Object.keys(a), ...Object.keys(b)])
    for (const k of keys) {
      const d = firstDifference(/** @type {any} */ (a)[k], /** @type {any} */ (b)[k], path ? `${path}.${k}` : k)
      if (d) return d
    }
    return null
  }
  return `\`${path}\`: ${JSON.stringify(a)?.slice(0, 80)} written, ${JSON.stringify(b)?.slice(0, 80)} read`
}

/**
 * The numbers a text holds, as written (`1,234.5` and `1234.5` alike), with what a
 * reader may make of one: `万` (× 10,000), seconds and microseconds in milliseconds, `万` seconds.
 * @param {string} text
 */
function heldNumbers(text) {
  /** @type {Set<number>} */
  const held = new Set()
  const add = (/** @type {number} */ value) => {
    for (const v of [value, value * 10000, value * 1000, value / 1000, value * 10_000_000]) held.add(Number(v.toPrecision(12)))
  }
  for (const [m] of text.matchAll(/-?\d[\d,]*(?:\.\d+)?/g)) [Number(m.replace(/,/g, '')), Math.abs(Number(m.replace(/,/g, '')))].forEach(add)
  // a number written wrongly, read with a warning (import/numbers.js): `43,39`, `15 012.60`, `7時30分`
  for (const [, a, b] of text.matchAll(/(\d+)[, 時](\d+(?:\.\d+)?)/g)) [`${a}${b}`, `${a}.${b}`].forEach((t) => add(Number(t)))
  // sysbench 0.4 prints no queries per second: collect adds its read/write and other requests' (parse/statistics.js)
  const perSecond = [...text.matchAll(/\((-?\d+(?:\.\d+)?) per sec\.\)/g)].map((m) => Number(m[1]))
  for (const a of perSecond) for (const b of perSecond) add(Math.round((a + b) * 100) / 100)
  return held
}

/**
 * What collect computes from a log's numbers (parse/merge.js): a percentile of the latency
 * histogram to 2 decimals, the average latency as the latency sum over the events.
 * @param {string} text
 */
function collectedNumbers(text) {
  const held = heldNumbers(text)
  const add = (/** @type {number} */ v) => held.add(Number(Number(v.toFixed(2)).toPrecision(12)))
  for (const [m] of text.matchAll(/-?\d+\.\d{3,}/g)) add(Number(m))
  const all = (/** @type {RegExp} */ re) => [...text.matchAll(re)].map((m) => Number(m[1]))
  const sums = [...all(/sum:\s+(-?\d+(?:\.\d+)?)/g), ...all(/total time taken by event execution:\s+(-?\d+(?:\.\d+)?)/g).map((s) => Math.round(s * 1000 * 10000) / 10000)]
  const events = all(/(?:total number of events|transactions):\s+(\d+)/g)
  for (const s of sums) for (const e of events) if (e > 0) add(s / e)
  return held
}

/** Fields whose numbers are counts a reader makes, not figures it reads. */
const COUNTED = new Set(['clients', 'repeats', 'order', 'runs'])

/**
 * Every number in what a reader wrote that its input does not hold.
 * @param {unknown} value  what it wrote @param {string} text  its input @param {string} path @param {Set<number>} [held]
 * @returns {string[]}
 */
function unheld(value, text, path, held = heldNumbers(text)) {
  /** @type {string[]} */
  const found = []
  /** @param {unknown} v @param {string} at */
  const walk = (v, at) => {
    if (typeof v === 'number' && !COUNTED.has(at.split('.').pop() ?? '') && !held.has(Number(v.toPrecision(12)))) found.push(`${at}: ${v} is not in the input`)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`)
  }
  walk(value, path)
  return found.slice(0, 5)
}

/**
 * What no page should show: a number that is not finite, `NaN`, `Infinity` or
 * `undefined` written into text (unless the input holds the word).
 * @param {unknown} model @param {string} text
 */
function oddValues(model, text) {
  const words = ['NaN', 'Infinity', 'undefined'].filter((w) => !text.includes(w))
  const pattern = words.length > 0 ? new RegExp(`\\b(${words.join('|')})\\b`) : null
  /** @type {string[]} */
  const found = []
  /** @param {unknown} v @param {string} at */
  const walk = (v, at) => {
    if (typeof v === 'number' && !Number.isFinite(v)) found.push(`${at}: ${v}`)
    else if (typeof v === 'string' && pattern?.test(v) && !v.startsWith('<svg')) found.push(`${at}: \`${v.slice(0, 80)}\``)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, at ? `${at}.${k}` : k)
  }
  walk(model, '')
  return found.slice(0, 5).map((f) => `the model holds ${f}`)
}

/**
 * Narrative HTML that would run in a reader's browser.
 * @param {unknown} narrative  the model's, by language
 */
function unsafeHtml(narrative) {
  /** @type {string[]} */
  const found = []
  /** @param {unknown} v @param {string} at */
  const walk = (v, at) => {
    if (typeof v === 'string' && at.includes('.html') && /<(script|iframe|object|embed|style)\b|<[^>]*\son\w+\s*=|<[^>]*(href|src)\s*=\s*["']?\s*(javascript|vbscript|data):/i.test(v)) found.push(`${at}: \`${v.slice(0, 80)}\``)
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${at}.${k}`)
  }
  walk(narrative, 'narrative')
  return found.map((f) => `unsafe HTML at ${f}`)
}
