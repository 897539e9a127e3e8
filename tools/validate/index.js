import {readdirSync} from 'node:fs'
import {basename, join, relative} from 'node:path'
import {InputError, isFolder, readTextInput} from '../lib/input.js'
import {parseYamlSource} from '../lib/yaml-source.js'
import {checkSchema} from './schema-check.js'
import {checkReportRules} from './report-rules.js'

/**
 * @typedef {import('../lib/problems.js').Problem} Problem
 * @typedef {import('../lib/yaml-source.js').SourceDoc} SourceDoc
 */

/**
 * Validate one report file: syntax, schema, then the semantic rules (only on
 * schema-valid data, so every rule can trust the shape).
 *
 * @param {string} file  path shown in messages
 * @param {string} text
 * @returns {{doc: SourceDoc, problems: Problem[], derived: import('./report-rules.js').Derived | null}}
 *   `derived` is null unless the data is valid
 */
export function validateReportText(file, text) {
  const doc = parseYamlSource(file, text)
  if (doc.syntaxErrors.length > 0) {
    return {
      doc,
      problems: doc.syntaxErrors.map((e) => ({file, ...e.place, severity: 'error', message: e.message, rule: 'yaml-syntax'})),
      derived: null
    }
  }
  const problems = checkSchema(doc, 'report')
  if (problems.length > 0) return {doc, problems, derived: null}
  return {doc, ...checkReportRules(doc, basename(file).replace(/\.ya?ml$/, ''))}
}

/**
 * Report files named by `paths` (files or folders), or all of data/reports.
 * @param {string[]} paths
 * @param {string} root
 * @returns {string[]}
 */
export function reportFiles(paths, root) {
  const targets = paths.length > 0 ? paths : [join(root, 'data', 'reports')].filter(isFolder)
  return targets.flatMap((target) => {
    // a loop or dangling link is the input layer's to name; only folders are listed here
    if (isFolder(target)) {
      return readdirSync(target)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => join(target, f))
    }
    return [target]
  })
}

/**
 * @param {string[]} files
 * @param {string} cwd  paths in messages are relative to this; a symlink
 *   under it must not lead out of it
 */
export function validateFiles(files, cwd) {
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
    return {path, ...validateReportText(shown, text)}
  })
}

