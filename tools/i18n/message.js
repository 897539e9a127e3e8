import {listed} from '../lib/english.js'

/**
 * vfile messages of the translation checks, and their conversion to problems (the importer's too).
 */

/** `source` of every message the i18n plugins emit. */
export const ORIGIN = 'benchdoc-i18n'

/**
 * @param {import('vfile').VFile} file
 * @param {import('../lib/problems.js').Severity} severity
 * @param {{line: number, column: number}} place
 * @param {string} rule
 * @param {string} reason
 */
export function say(file, severity, place, rule, reason) {
  const message = file.message(reason, {place, ruleId: rule, source: ORIGIN})
  message.fatal = severity === 'error'
}

/**
 * @param {import('vfile').VFile} file
 * @param {string} path  path to print, relative to the project
 * @param {string} [rule]  of a message without its own rule id
 * @returns {import('../lib/problems.js').Problem[]}
 */
export function problemsOf(file, path, rule = 'i18n') {
  return file.messages.map((m) => ({
    // a message placed in another file (an export's sidecar) names it
    file: m.file && m.file !== file.path ? m.file : path,
    line: m.line ?? 1,
    col: m.column ?? 1,
    severity: m.fatal ? 'error' : 'warning',
    message: m.reason,
    rule: m.ruleId ?? rule
  }))
}

/**
 * `a`, `b` and `c`, each in backticks.
 * @param {string[]} values
 */
export function listCode(values) {
  return listed(values.map((v) => `\`${v}\``))
}
