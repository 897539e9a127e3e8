/**
 * Which sysbench test printed an output: benchdoc reads OLTP tests only, and the others
 * end with statistics that look alike. OLTP prints a `SQL statistics:` or `OLTP test
 * statistics:` block; the others their own lines, else the command line tells.
 *
 * @typedef {'oltp' | 'cpu' | 'memory' | 'fileio' | 'threads' | 'mutex'} TestKind
 * @typedef {{test: TestKind, line: number, text: string}} TestSign
 *   line: 0-based index of the line that says so
 */

/** @type {Array<[TestKind, RegExp]>} */
const SIGNS = [
  ['oltp', /^\s*Doing OLTP test\b/],
  ['cpu', /^\s*(?:Doing CPU performance benchmark|Prime numbers limit:|CPU speed:|Maximum prime number checked in CPU test:)/],
  ['memory', /^\s*(?:Doing memory operations speed test|Running memory speed test with the following options:)|^\s*[\d.]+ Mi?B transferred \(/],
  ['fileio', /^\s*(?:Extra file open flags:|File operations:|Operations performed:\s+\d+ Reads?,)/],
  ['threads', /^\s*Doing thread subsystem performance test/],
  ['mutex', /^\s*Doing mutex performance test/]
]

const COMMAND = /\bsysbench\b.*?(?:--test=|\s)(cpu|memory|fileio|threads|mutex)(?:\s|$)/

/**
 * The test named by the output's own lines or by the command; null when
 * neither says (a 1.0 threads or mutex run, a custom script).
 * @param {string[]} lines
 * @param {string | null} [command]  the command that ran sysbench, when known
 * @returns {TestSign | null}
 */
export function testOf(lines, command = null) {
  for (let i = 0; i < lines.length; i++) {
    for (const [test, re] of SIGNS) if (re.test(lines[i])) return {test, line: i, text: lines[i].trim()}
  }
  const fromCommand = command === null ? null : COMMAND.exec(command)
  if (fromCommand) return {test: /** @type {TestKind} */ (fromCommand[1]), line: -1, text: command ?? ''}
  for (let i = 0; i < lines.length; i++) {
    // a shell prompt or a script's echo before the output, e.g. `# sysbench --test=fileio … run`
    if (/^\s*sysbench \d/.test(lines[i])) break
    const m = COMMAND.exec(lines[i])
    if (m) return {test: /** @type {TestKind} */ (m[1]), line: i, text: lines[i].trim()}
  }
  return null
}

/** @type {Array<['prepare' | 'cleanup', RegExp]>} */
const STAGES = [
  ['prepare', /^\s*(?:Creating table '|Inserting \d+ records into '|Creating \d+ records in table|Creating files for the test|Creating a secondary index|\d+ files, \d+\w+ each, \d+\w+ total)/],
  ['cleanup', /^\s*(?:Dropping table '|Removing test files)/]
]

/**
 * The output of `sysbench … prepare` or `… cleanup` rather than of a run.
 * @param {string[]} lines
 * @returns {{stage: 'prepare' | 'cleanup', line: number, text: string} | null}
 */
export function stageOf(lines) {
  for (let i = 0; i < lines.length; i++) {
    for (const [stage, re] of STAGES) if (re.test(lines[i])) return {stage, line: i, text: lines[i].trim()}
  }
  return null
}
