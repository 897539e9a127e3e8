import {dataTexts, isLocalText} from '../i18n/data-text.js'

/**
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {{
 *   subjects: string[], labels?: Record<string, string>, variants?: Record<string, NonNullable<Report['subjects'][number]['variant']>>,
 *   dimensions?: Report['dimensions'], title?: Report['title'], product?: string, source?: Report['source'], baseline?: string,
 *   metric?: Report['metric'], texts?: Record<string, import('../i18n/data-text.js').LocalText>, versions?: Record<string, {product: string, version: string}>,
 *   results?: Report['results'], written?: Record<string, string>,
 *   date?: string, plan: Report['plan'], topology?: Report['topology'], db_drivers?: Record<string, string>, db_driver?: string, runs?: Record<string, NonNullable<Report['subjects'][number]['run']>>, verdict?: Report['verdict'],
 *   no_final_newline?: number[]
 * }} ExportFacts
 *   the report's facts the Markdown has no place for (exportFacts)
 */

/**
 * The facts of a report the Markdown export has no place for, in its sidecar
 * (front-matter.js) so `benchdoc import` gives back the same data:
 * - `subjects` (ids, in order), `labels`, `variants`, `dimensions`, and each
 *   subject's `product` and `version` (a `Versions:` line cannot split them);
 * - `date`, `plan` and `topology` as the data has them (the page writes a date, a count, an option as the
 *   language and sysbench do: `2026 年 11 月 26 日`, `1000 万`, `--histogram=on`, `2 × MariaDB`);
 * - `db_drivers` of the subjects with their own (the page's plan lists every driver);
 * - `runs`: each subject's record of `benchdoc run` (its file and whether it is complete);
 * - `title`, `product`, `source`, `baseline`, `metric`, `verdict`: only when set (pages
 *   show the defaults);
 * - `texts`: localised data text by dotted path (the page shows one language);
 * - `no_final_newline`: the parameters (by index) whose content does not end with a newline,
 *   as a code block's always does (an empty one too);
 * - `results`: the points as the data has them (every measure, repeat and sysbench
 *   version: the page's tables show a few figures as printed, the downloads all), and
 *   `written`, each number's text where it is not JavaScript's (`13.70`), by
 *   `<point>/<path>`, which the sidecar writes as the number (not a fact of its own).
 *
 * @param {Report} report  schema-valid report data
 * @param {import('../derive/report.js').SourceOf} [sourceOf]  the source text of the data's scalars
 * @returns {ExportFacts}
 */
export function exportFacts(report, sourceOf = () => undefined) {
  /** @type {ExportFacts} */
  const facts = {subjects: report.subjects.map((s) => s.id), plan: report.plan}
  /** @template T @param {(s: Report['subjects'][number]) => T | undefined} of @returns {Record<string, T>} */
  const byId = (of) => Object.fromEntries(report.subjects.flatMap((s) => {
    const v = of(s)
    return v !== undefined ? [/** @type {[string, T]} */ ([s.id, v])] : []
  }))
  /** @type {Array<[string, (s: Report['subjects'][number]) => unknown]>} each a subject's, where any subject has one */
  const ofSubjects = [['labels', (s) => s.label], ['variants', (s) => s.variant], ['versions', (s) => ({product: s.product, version: s.version})], ['db_drivers', (s) => s.db_driver], ['runs', (s) => s.run]]
  Object.assign(facts, Object.fromEntries(ofSubjects.map(([key, of]) => [key, byId(of)]).filter(([, map]) => Object.keys(map).length > 0)))
  for (const key of /** @type {const} */ (['date', 'topology', 'dimensions', 'title', 'product', 'source', 'baseline', 'metric', 'verdict'])) if (report[key] !== undefined) Object.assign(facts, {[key]: report[key]})
  // the plan's and topology's texts are in them, whole
  const texts = dataTexts(report).flatMap((t) => (isLocalText(t.value) && t.path[0] !== 'plan' && t.path[0] !== 'topology' ? [/** @type {const} */ ([t.path.join('.'), t.value])] : []))
  if (texts.length > 0) facts.texts = Object.fromEntries(texts)
  const unended = (report.parameters ?? []).flatMap((p, i) => (p.content.endsWith('\n') ? [] : [i]))
  if (unended.length > 0) facts.no_final_newline = unended
  if (report.results && report.results.length > 0) {
    facts.results = report.results
    const written = numberTexts(report.results, (path) => sourceOf(['results', ...path]))
    if (Object.keys(written).length > 0) facts.written = written
  }
  return facts
}

/**
 * The text of each number under `value` that is not JavaScript's own (`13.70`), by its path joined with `/`.
 * @param {unknown} value @param {(path: Array<string | number>) => string | undefined} sourceOf  a number's text at its path below `value`
 * @returns {Record<string, string>}
 */
export function numberTexts(value, sourceOf) {
  /** @type {Record<string, string>} */
  const texts = {}
  const walk = (/** @type {unknown} */ v, /** @type {Array<string | number>} */ path) => {
    const text = typeof v === 'number' ? sourceOf(path) : undefined
    if (text !== undefined && text !== String(v)) texts[path.join('/')] = text
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, [...path, Array.isArray(v) ? Number(k) : k])
  }
  walk(value, [])
  return texts
}

