import {basename, relative, sep} from 'node:path'
import {InputError, readTextInput} from '../lib/input.js'
import {checkSchemaVersion} from '../lib/schema-version.js'
import {parseYamlSource, syntaxProblems} from '../lib/yaml-source.js'
import {checkSchema} from './schema-check.js'
import {checkId, checkReportRules} from './report-rules.js'
import {checkPlan} from './plan-rules.js'
import {checkWorkloadNames} from './workload-names.js'

export {reportFiles, yamlFiles} from './files.js'

/**
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 */

/**
 * Validate one report file: syntax, schema, then the rules (on schema-valid data only: they trust its shape).
 *
 * @param {string} file  path shown in messages
 * @param {string} text
 * @param {{derive?: boolean, noisy?: boolean}} [options]  `derive: false` when only the problems are wanted;
 *   `noisy`: also warn of noisy repeats (report-rules.js)
 * @returns {{doc: SourceDoc, problems: Problem[], derived: import('./report-rules.js').Derived | null}}
 *   `derived` is null unless the data is valid (and derivation was asked for)
 */
export function validateReportText(file, text, options = {}) {
  return validateReportDoc(parseYamlSource(file, text), options)
}

/**
 * The same checks on data already parsed, or held (tools/lib/yaml-held.js).
 * @param {SourceDoc} doc
 * @param {{derive?: boolean, noisy?: boolean}} [options]  as for validateReportText
 * @returns {{doc: SourceDoc, problems: Problem[], derived: import('./report-rules.js').Derived | null}}
 */
export function validateReportDoc(doc, options = {}) {
  const file = doc.file
  if (doc.syntaxErrors.length > 0) {
    return {doc, problems: syntaxProblems(doc), derived: null}
  }
  // a file of another schema version is not checked against this one's rules
  const version = checkSchemaVersion(doc, 'report')
  if (version.length > 0) return {doc, problems: version, derived: null}
  const expectedId = basename(file).replace(/\.ya?ml$/, '')
  // rules that check their own shape run whatever the schema says, to show with its problems
  const always = [...checkId(doc, expectedId), ...checkWorkloadNames(doc, doc.data)]
  const problems = checkSchema(doc, 'report')
  if (problems.length > 0) return {doc, problems: [...problems, ...always], derived: null}
  const checked = checkReportRules(doc, options)
  return {doc, problems: [...checked.problems, ...always], derived: always.some((p) => p.severity === 'error') ? null : checked.derived}
}

/**
 * @param {string[]} files
 * @param {string} cwd  paths in messages are relative to this; a symlink
 *   under it must not lead out of it
 * @param {{derive?: boolean}} [options]  as for validateReportText
 */
export function validateFiles(files, cwd, options = {}) {
  return files.map((path) => {
    const shown = relative(cwd, path) || path
    /** @type {string} */
    let text
    try {
      text = readTextInput(path, {shown, root: cwd, what: 'data file'})
    } catch (error) {
      if (!(error instanceof InputError)) throw error
      return {path, doc: parseYamlSource(shown, ''), problems: [error.toProblem()], derived: null}
    }
    const doc = parseYamlSource(shown, text)
    // a plan: in a folder plans/, or with a plan's `report` and no report's `id`
    const data = /** @type {{report?: unknown, id?: unknown} | null} */ (doc.data)
    if (shown.split(sep).slice(0, -1).includes('plans') || (data?.report !== undefined && data.id === undefined)) return {path, doc, problems: checkPlan(doc), derived: null}
    return {path, ...validateReportDoc(doc, options)}
  })
}

