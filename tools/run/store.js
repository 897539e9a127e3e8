import {lstatSync} from 'node:fs'
import {join, relative} from 'node:path'
import {gzipSync} from 'node:zlib'
import {stringify} from 'yaml'
import {readTextInput} from '../lib/input.js'
import {parseYamlSource} from '../lib/yaml-source.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {InvalidError} from '../lib/errors.js'
import {formatProblem} from '../lib/problems.js'
import {validateReportText} from '../validate/index.js'
import {checkSchema} from '../validate/schema-check.js'
import {serializeReport} from './report-data.js'

/**
 * Where a run writes under a data folder: `reports/<report>.yaml`, and in
 * `runs/<report>/<subject>/` `run.yaml` and `<workload>-<threads>t-<clients>c.log.gz`;
 * each written whole and renamed into place, so an interruption leaves it whole.
 *
 * @param {string} dataDir
 * @param {string} reportId
 * @param {string} subject
 */
export function runPaths(dataDir, reportId, subject) {
  const reportFile = join(dataDir, 'reports', `${reportId}.yaml`)
  const runDir = join(dataDir, 'runs', reportId, subject)
  return {
    reportFile,
    runDir,
    record: join(runDir, 'run.yaml'),
    /** @param {string} workload @param {number} threads @param {number} clients */
    log: (workload, threads, clients) => join(runDir, `${workload}-${threads}t-${clients}c.log.gz`),
    /** a path as the report refers to it: relative to the report's folder @param {string} path */
    fromReport: (path) => relative(join(dataDir, 'reports'), path)
  }
}

/**
 * @typedef {import('../types/report.js').Report} Report
 * @typedef {import('../types/run.js').RunRecord} RunRecord
 */

/**
 * @param {string} file
 * @returns {Report | null}
 */
export function readReport(file) {
  if (!lstatSync(file, {throwIfNoEntry: false})) return null
  const {doc, problems} = validateReportText(file, readTextInput(file, {what: 'report data file'}))
  const errors = problems.filter((p) => p.severity === 'error')
  if (errors.length > 0) {
    throw new InvalidError(`the report this run fills in is invalid; fix it first:\n${errors.map(formatProblem).join('\n')}`)
  }
  return /** @type {Report} */ (doc.data)
}

/**
 * Write the report, checked as `benchdoc validate` would (a run never leaves one the
 * site cannot build); warnings, which real measurements can earn, are returned.
 *
 * @param {string} file
 * @param {Report} report
 * @param {string} header
 * @returns {string[]}  warnings about the written report
 */
export function writeReport(file, report, header) {
  const text = serializeReport(report, header)
  const problems = validateReportText(file, text, {noisy: true}).problems
  const errors = problems.filter((p) => p.severity === 'error')
  if (errors.length > 0) throw new Error(`benchdoc produced an invalid report:\n${errors.map(formatProblem).join('\n')}`)
  writeFileAtomic(file, text)
  return problems.map(formatProblem)
}

/** @param {string} file @param {string} text */
export function writeLog(file, text) {
  writeFileAtomic(file, gzipSync(text))
}

/** @param {string} file @param {RunRecord} record */
export function writeRecord(file, record) {
  writeFileAtomic(file, `# Run record written by benchdoc run: what ran, on what, with which commands (secrets redacted).\n${stringify(record, {lineWidth: 0})}`)
}

/**
 * The run record a resumed run goes on from; null when none or damaged (the report keeps the points).
 * @param {string} file @returns {RunRecord | null}
 */
export function readRecord(file) {
  if (!lstatSync(file, {throwIfNoEntry: false})) return null
  const doc = parseYamlSource(file, readTextInput(file, {what: 'run record'}))
  if (doc.syntaxErrors.length > 0 || checkSchema(doc, 'run').length > 0) return null
  return /** @type {RunRecord} */ (doc.data)
}
