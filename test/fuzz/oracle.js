import {existsSync, readFileSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import fc from 'fast-check'
import {mutatedText} from './mutate.js'
import {CORPUS, REGRESSIONS} from './targets.js'

/**
 * The oracle every target's input is judged by (issue 44): the input is accepted
 * (exit 0), or refused (exit 1, or 2 for wrong usage) with problems that name the
 * file and a line of it; never an internal error (an exception that is no problem,
 * exit 70), never more than 2 s of CPU for an input under 100 KB, and nothing the
 * target's own checks find wrong (targets.js).
 *
 * @typedef {import('./targets.js').Target} Target
 */

/** CPU time one input may take; CPU, not wall time, as the machine is shared. */
export const MAX_MS = 2000
/** Wall time after which a run is taken for a hang (a reader waiting on nothing). */
const HANG_MS = 20_000

/**
 * @param {Target} target
 * @param {string} text
 * @returns {Promise<string[]>}  what is wrong, empty when nothing is
 */
export async function judge(target, text) {
  const cpu = process.cpuUsage()
  /** @type {import('./targets.js').Outcome} */
  let outcome
  try {
    outcome = await Promise.race([target.run(text), new Promise((_, reject) => setTimeout(() => reject(new Error(`no answer in ${HANG_MS / 1000} s (a hang)`)), HANG_MS).unref())])
  } catch (error) {
    return [`internal error: ${/** @type {Error} */ (error)?.stack ?? error}`]
  }
  const used = process.cpuUsage(cpu)
  const ms = (used.user + used.system) / 1000
  const failures = [...(outcome.failures ?? [])]
  if (ms > MAX_MS && Buffer.byteLength(text) < 100 * 1024) failures.push(`took ${Math.round(ms)} ms of CPU, over ${MAX_MS} ms`)
  if (![0, 1, 2].includes(outcome.code)) failures.push(`exit ${outcome.code}${outcome.stderr ? `: ${outcome.stderr.slice(0, 2000)}` : ''}`)
  if (outcome.stderr !== undefined) failures.push(...stderrFailures(target, text, outcome))
  if (outcome.problems) failures.push(...problemFailures(target, text, outcome))
  return failures
}

/**
 * Problems as objects: each in a file, at a line of it and a column, with a message and a rule;
 * an error when the exit is 1.
 * @param {Target} target @param {string} text @param {import('./targets.js').Outcome} outcome
 */
function problemFailures(target, text, {code, problems = []}) {
  const lines = text.split(/\r\n?|\n/).length
  const mine = target.file.replace('<lang>', '[a-z]+')
  /** @type {string[]} */
  const failures = []
  if (code === 1 && !problems.some((p) => p.severity === 'error')) failures.push('exit 1 with no error')
  for (const p of problems) {
    const shown = JSON.stringify(p).slice(0, 300)
    if (typeof p.file !== 'string' || !p.file || !Number.isInteger(p.line) || p.line < 1 || !Number.isInteger(p.col) || p.col < 1) failures.push(`a problem without file:line:col: ${shown}`)
    else if (new RegExp(`^${mine}$`).test(p.file) && p.line > lines) failures.push(`a problem past the file's last line (${lines}): ${shown}`)
    if (typeof p.message !== 'string' || !p.message || /\n\s+at /.test(p.message)) failures.push(`a problem without a message, or with a stack: ${shown}`)
    if (typeof p.rule !== 'string' || !p.rule) failures.push(`a problem without a rule: ${shown}`)
  }
  return failures
}

/**
 * A command's stderr: no stack; a refusal names the file (and, for a file of problems, file:line:col).
 * @param {Target} target @param {string} text @param {import('./targets.js').Outcome} outcome
 */
function stderrFailures(target, text, {code, stderr = ''}) {
  /** @type {string[]} */
  const failures = []
  if (/\n\s+at .*:\d+:\d+\)?\n/.test(stderr)) failures.push(`a stack trace: ${stderr.slice(0, 2000)}`)
  if (code === 0) return failures
  const file = target.file.replace(/\./g, '\\.')
  const located = new RegExp(`(^|: )${file}:(\\d+):\\d+: `, 'm')
  // collect names the log, with `line N` in its message when the log holds several runs
  const named = target.name === 'collect' ? new RegExp(`(^|: |, )${file}(:\\d+)?(:\\d+)?: `, 'm') : located
  const match = named.exec(stderr)
  if (!match) failures.push(`exit ${code} without naming ${target.file}${target.name === 'collect' ? '' : ':line:col'}: ${stderr.slice(0, 500)}`)
  else if (match[2] && Number(match[2]) > text.split(/\r\n?|\n/).length) failures.push(`a problem past the file's last line: ${match[0]}`)
  return failures
}

/**
 * The corpus of a target: its seed files' texts.
 * @param {Target} target
 */
export function seedsOf(target) {
  const dir = join(CORPUS, target.corpus ?? target.name)
  return readdirSync(dir).sort().map((f) => readFileSync(join(dir, f), 'utf8'))
}

/**
 * Its committed findings, each a file of test/fuzz/regressions/<target>/.
 * @param {Target} target
 * @returns {Array<{name: string, text: string}>}
 */
export function regressionsOf(target) {
  const dir = join(REGRESSIONS, target.name)
  return existsSync(dir) ? readdirSync(dir).sort().map((name) => ({name, text: readFileSync(join(dir, name), 'utf8')})) : []
}

/**
 * Judge mutated inputs of a target's corpus until `numRuns` or the time limit; with
 * `shrink`, fast-check cuts the first failing input down to its fewest, smallest edits.
 * @param {Target} target
 * @param {{seed: number, numRuns?: number, timeLimitMs?: number, shrink?: boolean, before?: (text: string) => void}} options
 *   `before`: called with each input before it is judged (the campaign keeps it, in case the process dies of it)
 * @returns {Promise<{runs: number, input: string | null, failures: string[]}>}  `input`: the failing one
 */
export async function fuzz(target, {seed, numRuns = Number.MAX_SAFE_INTEGER, timeLimitMs, shrink = false, before = () => {}}) {
  const property = fc.asyncProperty(mutatedText(seedsOf(target)), async (text) => {
    before(text)
    return (await judge(target, text)).length === 0
  })
  const details = await fc.check(property, {seed, numRuns, interruptAfterTimeLimit: timeLimitMs, endOnFailure: !shrink})
  const input = details.failed ? details.counterexample?.[0] ?? null : null
  return {runs: details.numRuns, input, failures: input === null ? [] : await judge(target, input)}
}
