import {excerpt} from '../lib/input.js'

/**
 * The sidecar's facts checked before the readers compute
 * with them: one edited by hand into another shape is an error naming the fact, not a reader's failure.
 *
 * @typedef {{key: string, expected: string, valid: (value: unknown) => boolean}} FactShape
 */

/** @param {unknown} v @returns {v is Record<string, unknown>} */
const isMapping = (v) => v !== null && typeof v === 'object' && !Array.isArray(v)

/** @param {(item: unknown) => boolean} valid @returns {(v: unknown) => boolean} */
const listOf = (valid) => (v) => Array.isArray(v) && v.every(valid)

/** @param {(item: unknown) => boolean} valid @returns {(v: unknown) => boolean} */
const mappingOf = (valid) => (v) => isMapping(v) && Object.values(v).every(valid)

/** @param {unknown} v */
const isString = (v) => typeof v === 'string'

/** @param {unknown} v  a data text: a string, or its text by language */
const isText = (v) => isString(v) || mappingOf(isString)(v)

/** The facts a reader computes with, and their shapes (facts.js, front-matter.js). @type {FactShape[]} */
const SHAPES = [
  {key: 'subjects', expected: 'a list of subject ids', valid: listOf(isString)},
  {key: 'lang', expected: 'a language code', valid: isString},
  {key: 'labels', expected: 'a mapping of subject id to label', valid: mappingOf(isString)},
  {key: 'variants', expected: 'a mapping of subject id to variant text', valid: mappingOf(isText)},
  {key: 'db_drivers', expected: 'a mapping of subject id to sysbench driver', valid: mappingOf(isString)},
  {key: 'date', expected: 'a date as the data has it (`2026-11-26`)', valid: isString},
  {key: 'plan', expected: 'a mapping of plan settings', valid: isMapping},
  {key: 'topology', expected: 'a list of hosts, each with its `hosts` and `instances`', valid: listOf((h) => isMapping(h) && Array.isArray(h.hosts) && Array.isArray(h.instances))},
  {key: 'verdict', expected: 'a mapping of verdict settings', valid: isMapping},
  {key: 'runs', expected: 'a mapping of subject id to its run record', valid: mappingOf(isMapping)},
  {key: 'dimensions', expected: 'a list of dimensions, each with its `name`', valid: listOf((d) => isMapping(d) && isString(d.name))},
  {key: 'no_final_newline', expected: 'a list of parameter indexes', valid: listOf(Number.isInteger)},
  {key: 'texts', expected: 'a mapping of data path to text by language', valid: mappingOf(mappingOf(isString))},
  {key: 'aliases', expected: 'a mapping of language to a list of URL paths', valid: mappingOf(listOf(isString))},
  {key: 'versions', expected: 'a mapping of subject id to its `product` and `version`', valid: mappingOf((v) => isMapping(v) && isText(v.product) && isText(v.version))},
  {key: 'results', expected: 'a list of points, each with its `subject`, `workload` and `threads`', valid: listOf((p) => isMapping(p) && isString(p.subject) && isString(p.workload) && Number.isInteger(p.threads))}
]

/**
 * What is wrong with the sidecar's facts, one message each.
 * @param {Record<string, unknown>} block  the sidecar's facts
 * @returns {Array<{key: string, message: string}>}
 */
export function factProblems(block) {
  if (block.subjects === undefined) return [{key: 'subjects', message: "Missing `subjects` in the export's sidecar, expected a list of subject ids"}]
  if (block.plan === undefined) return [{key: 'plan', message: "Missing `plan` in the export's sidecar, expected the report's plan (export the report again)"}]
  return SHAPES.filter((s) => block[s.key] !== undefined && !s.valid(block[s.key])).map((s) => ({
    key: s.key,
    message: `Unexpected \`${s.key}: ${shown(block[s.key])}\` in the export's sidecar, expected ${s.expected}`
  }))
}

/** A value as the message shows it: JSON, cut after 40 characters. @param {unknown} value */
function shown(value) {
  return excerpt(JSON.stringify(value) ?? String(value))
}
