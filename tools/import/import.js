import remarkFrontmatter from 'remark-frontmatter'
import remarkGfm from 'remark-gfm'
import remarkParse from 'remark-parse'
import {unified} from 'unified'
import {VFile} from 'vfile'
import remarkBenchdocImport from './plugin.js'
import {cutTables, restoreTables} from './fast-tables.js'
import {writtenNumber} from '../export/yaml-out.js'
import {validateReportDoc} from '../validate/index.js'
import {heldSourceDoc} from '../lib/yaml-held.js'
import {sortProblems} from '../lib/problems.js'
import {problemsOf} from '../i18n/message.js'
import {MAX_NESTING, markdownNesting} from '../lib/markdown-limits.js'

/**
 * Import one published report from its text, with every problem; pure.
 *
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('./plugin.js').Imported} Imported
 */

/** Largest report accepted. The biggest published ones are ~20 kB. */
export const MAX_BYTES = 5 * 1024 * 1024

/**
 * @param {string} raw  the file's text
 * @param {{path: string, file?: string, lang?: string, id?: string, root?: string}} options
 *   `file`: where the page is on disk, when `path` (as messages name it) is not (an export's sidecar is beside it)
 *   `root`: the reports repository, whose languages and labels an export is read by (default: the package's)
 * @returns {{result: Imported | null, problems: Problem[]}}
 */
export function importMarkdown(raw, options) {
  // a byte-order mark would put places and slices one character off (`地点：北京` read as `北`)
  const text = raw.replace(/^\uFEFF/, '')
  const file = options.path
  /** @param {string} message @param {string} rule @returns {{result: null, problems: Problem[]}} */
  const fail = (message, rule) => ({result: null, problems: [{file, line: 1, col: 1, severity: 'error', message, rule}]})
  const bytes = Buffer.byteLength(text)
  if (bytes > MAX_BYTES) {
    return fail(`File is ${(bytes / 1024 / 1024).toFixed(1)} MB, over the ${MAX_BYTES / 1024 / 1024} MB limit for one report; expected a single Markdown report`, 'size-limit')
  }
  // bytes that are no UTF-8 the input layer refuses at their place; a U+FFFD written in the text is a character
  if (text.includes('\u0000')) return fail('Unexpected binary content (NUL bytes), expected a UTF-8 Markdown report', 'binary')
  const {depth} = markdownNesting(text)
  if (depth > MAX_NESTING) return fail(`Unexpected nesting ${depth} levels deep, expected at most ${MAX_NESTING} (lists or quotes)`, 'nesting')

  const vfile = new VFile({path: file, value: text})
  const processor = unified()
    .use(remarkParse)
    .use(remarkGfm)
    .use(remarkFrontmatter, ['yaml'])
    .use(remarkBenchdocImport, {lang: options.lang, id: options.id, root: options.root, page: options.file ?? file})
  // large plain tables are read without micromark (fast-tables.js); the plugin sees the original text
  const cut = cutTables(text)
  const tree = processor.parse(cut.text)
  restoreTables(tree, cut)
  processor.runSync(tree, vfile)
  const problems = problemsOf(vfile, file, 'import')
  const result = /** @type {Imported | undefined} */ (vfile.data.benchdoc) ?? null
  if (result) {
    // checked as hand-written data is, as held (yaml-held.js)
    const {written} = result
    const doc = heldSourceDoc(`${result.id}.yaml`, result.yaml, result.report, (path, value) => writtenNumber(value, written.get(path.join('/'))))
    const {held, sourcePlace} = withSourcePlaces(doc, result, file)
    const check = validateReportDoc(held, {derive: false})
    for (const p of check.problems) problems.push({...p, ...sourcePlace(p), message: `Imported data: ${p.message}`})
  }
  const hasError = problems.some((p) => p.severity === 'error')
  return {result: hasError ? null : result, problems: sortProblems(problems)}
}

/**
 * The data's places of a point and its figures in the source: a problem with a figure
 * names the cell it came from (`report.md:10:8`), not the YAML the importer wrote.
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 * @param {Imported} result
 * @param {string} file  the source, as messages name it
 */
function withSourcePlaces(doc, result, file) {
  /** @type {Map<string, {line: number, col: number}>} */
  const moved = new Map()
  /** @type {import('../lib/yaml-source.js').SourceDoc} */
  const held = {
    ...doc,
    placeOf(path, key) {
      const place = doc.placeOf(path, key)
      const at = sourceOf(result, path)
      if (at) moved.set(`${place.line}:${place.col}`, at)
      return place
    }
  }
  /** @param {Problem} p */
  const sourcePlace = (p) => {
    const at = moved.get(`${p.line}:${p.col}`)
    return at ? {file, ...at} : {}
  }
  return {held, sourcePlace}
}

/**
 * Where in the source a path of the imported data was read (a figure's cell,
 * else the point's row; a planned thread count: its first point's), or null.
 * @param {Imported} result
 * @param {Array<string | number>} path  (the schema check names list items by strings: `results/1/tps`)
 * @returns {{line: number, col: number} | null}
 */
function sourceOf(result, path) {
  const [top, index, field] = path
  if (top === 'plan' && index === 'workloads' && path[3] === 'threads') {
    const w = result.report.plan.workloads[Number(field)]
    const threads = w?.threads?.[Number(path[4])]
    const i = (result.report.results ?? []).findIndex((p) => p.workload === w?.name && p.threads === threads)
    return i < 0 ? null : sourceOf(result, ['results', i, 'threads'])
  }
  const i = Number(index)
  const row = top === 'results' && Number.isInteger(i) ? result.places[i] : undefined
  if (!row) return null
  const cell = field === undefined ? undefined : row[String(field)]
  return cell ? {line: cell.line, col: cell.column} : {line: result.lines[i], col: 1}
}
