/**
 * A problem in a file, in the form editors and CI annotate: `path:line:col: severity: message`.
 *
 * @typedef {'error' | 'warning'} Severity
 * @typedef {{file: string, line: number, col: number, severity: Severity, message: string, rule: string}} Problem
 */

/**
 * @param {Problem} problem
 */
export function formatProblem(problem) {
  return `${problem.file}:${problem.line}:${problem.col}: ${problem.severity}: ${problem.message} [${problem.rule}]`
}

/**
 * Order problems by file, then place, so output is stable.
 * @param {Problem[]} problems
 * @returns {Problem[]}
 */
export function sortProblems(problems) {
  return [...problems].sort(
    (a, b) => a.file.localeCompare(b.file) || a.line - b.line || a.col - b.col
  )
}

/**
 * @param {Problem[]} problems
 */
export function hasErrors(problems) {
  return problems.some((p) => p.severity === 'error')
}
