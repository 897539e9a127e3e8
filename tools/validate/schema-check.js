import {createHash} from 'node:crypto'
import {existsSync, readFileSync} from 'node:fs'
import {createRequire} from 'node:module'
import {join} from 'node:path'
import {excerpt} from '../lib/input.js'
import {fileURLToPath} from 'node:url'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {plural} from '../lib/english.js'
import {userCacheDir} from '../lib/user-cache.js'
import {pointerToPath} from '../lib/yaml-source.js'
import {PATTERN_WORDS, hintFor} from './hints.js'
import {didYouMean} from './workload-names.js'

/**
 * @typedef {import('ajv').ErrorObject} ErrorObject
 */

const schemaDir = fileURLToPath(new URL('../../schemas/', import.meta.url))

/** @type {Map<string, import('ajv').ValidateFunction>} */
const compiled = new Map()

/** ajv's options; part of the key of a compiled validator kept on disk. */
const OPTIONS = {allErrors: true, verbose: true, strict: true, allowUnionTypes: true}

/**
 * Compiled validators kept on disk between runs (compiling the report schema costs a
 * third of a second), in the user's cache, keyed by schema, ajv's version and options.
 */
const cacheDir = join(userCacheDir(process.env), 'validators')
const require = createRequire(import.meta.url)
const AJV_VERSION = require('ajv/package.json').version

/**
 * The compiled validator for `schemas/<name>.schema.json`, compiled once.
 * @param {string} name
 */
export function schemaValidator(name) {
  let validate = compiled.get(name)
  if (!validate) {
    const text = readFileSync(`${schemaDir}${name}.schema.json`, 'utf8')
    const key = createHash('sha256').update(`${AJV_VERSION} ${JSON.stringify(OPTIONS)}\n`).update(text).digest('hex').slice(0, 16)
    const file = join(cacheDir, `${name}-${key}.cjs`)
    validate = (existsSync(file) && loadCompiled(file)) || compileToFile(JSON.parse(text), file)
    compiled.set(name, /** @type {import('ajv').ValidateFunction} */ (validate))
  }
  return /** @type {import('ajv').ValidateFunction} */ (validate)
}

/**
 * A validator's code kept by an earlier run, or null; run as a module of this file, as
 * only this package's require finds ajv's runtime helpers it requires.
 * @param {string} file
 * @returns {import('ajv').ValidateFunction | null}
 */
function loadCompiled(file) {
  try {
    const module = {exports: /** @type {unknown} */ ({})}
    // our own code, written by compileToFile: standalone ajv output, a CommonJS module
    new Function('require', 'module', 'exports', readFileSync(file, 'utf8'))(require, module, module.exports)
    return typeof module.exports === 'function' ? /** @type {import('ajv').ValidateFunction} */ (module.exports) : null
  } catch {
    return null
  }
}

/**
 * Compile a schema, keeping its code for the next run where the cache folder can be written.
 * @param {import('ajv').SchemaObject} schema @param {string} file
 */
function compileToFile(schema, file) {
  // loaded only to compile: a run that finds the code on disk needs neither
  const Ajv2020 = /** @type {typeof import('ajv/dist/2020.js').default} */ (require('ajv/dist/2020.js').default)
  const standaloneCode = /** @type {typeof import('ajv/dist/standalone/index.js').default} */ (require('ajv/dist/standalone/index.js').default)
  const ajv = new Ajv2020({...OPTIONS, code: {source: true}})
  const validate = ajv.compile(schema)
  try {
    writeFileAtomic(file, standaloneCode(ajv, validate))
  } catch {
    // no cache, the compiled function serves this run
  }
  return validate
}

/**
 * Check `doc.data` against a schema: every problem at the place of the offending node.
 *
 * @param {import('../lib/yaml-source.js').SourceDoc} doc
 * @param {string} schemaName
 * @returns {import('../lib/problems.js').Problem[]}
 */
export function checkSchema(doc, schemaName) {
  const validate = schemaValidator(schemaName)
  if (validate(doc.data)) return []
  const all = dropRedundant(validate.errors ?? [])
  // a misspelled key is one error: the key its "did you mean" names is not missing as well
  const meant = new Set(all.map((e) => e.keyword === 'additionalProperties' && `${e.instancePath}/${nearestKey(e)}`))
  const errors = all.filter((e) => e.keyword !== 'required' || !meant.has(`${e.instancePath}/${e.params.missingProperty}`))
  // each problem looks up its node; a file of 20,000 wrong keys gets the first ones, not minutes of work
  const shown = errors.slice(0, MAX_PROBLEMS)
  const problems = shown.map((error) => {
    const path = pointerToPath(error.instancePath)
    const extra = error.keyword === 'additionalProperties' ? String(error.params.additionalProperty) : undefined
    const place = extra === undefined ? doc.placeOf(path) : doc.placeOf([...path, extra], true)
    return {
      file: doc.file,
      ...place,
      severity: /** @type {const} */ ('error'),
      message: describe(error, path) + hintFor(error, path, doc),
      rule: `schema/${error.keyword}`
    }
  })
  if (errors.length > shown.length) {
    problems.push({file: doc.file, line: 1, col: 1, severity: 'error', message: `${errors.length - shown.length} more schema problems not shown, expected at most ${MAX_PROBLEMS} per file`, rule: 'schema/too-many'})
  }
  return problems
}

/** Schema problems listed per file. */
export const MAX_PROBLEMS = 50

/**
 * `type` with `null` alternatives and `$ref` chains make ajv report one
 * mistake several times; keep the most telling error per place.
 * @param {ErrorObject[]} errors
 */
function dropRedundant(errors) {
  const seen = new Set()
  return errors.filter((e) => {
    const key = `${e.instancePath}|${e.keyword}|${JSON.stringify(e.params)}`
    if (seen.has(key)) return false
    seen.add(key)
    // an `anyOf`/`oneOf` summary adds nothing to the errors listed under it
    return e.keyword !== 'anyOf' && e.keyword !== 'oneOf'
  })
}

/** The allowed key an unexpected one is a slip from, or null. @param {ErrorObject} error */
const nearestKey = (error) => didYouMean(String(error.params.additionalProperty), Object.keys(error.parentSchema?.properties ?? {}))

/**
 * Rewrite an ajv error into plain language: "Unexpected `x`, expected `y`".
 * @param {ErrorObject} error
 * @param {string[]} path
 */
export function describe(error, path) {
  const where = path.length > 0 ? `\`${path.join('.')}\`` : 'the document'
  // a value is shown as a short excerpt only: the file could hold someone's secrets
  const got = (/** @type {unknown} */ v) => (v === null ? 'null' : Array.isArray(v) ? 'a list' : typeof v === 'object' ? 'a mapping' : `\`${excerpt(v)}\``)
  const p = error.params
  switch (error.keyword) {
    case 'additionalProperties': {
      const near = nearestKey(error)
      return `Unexpected key \`${excerpt(p.additionalProperty)}\` in ${where}, ${near ? `did you mean \`${near}\`?` : `expected one of: ${Object.keys(error.parentSchema?.properties ?? {}).join(', ')}`}`
    }
    case 'required':
      return `Missing key \`${p.missingProperty}\` in ${where}`
    case 'type':
      return `Unexpected ${got(error.data)} at ${where}, expected ${[].concat(p.type).join(' or ')}`
    case 'enum':
      return `Unexpected ${got(error.data)} at ${where}, expected one of: ${p.allowedValues.map((/** @type {unknown} */ v) => (v === null ? 'null' : String(v))).join(', ')}`
    case 'pattern':
      return `Unexpected ${got(error.data)} at ${where}, expected ${PATTERN_WORDS[/** @type {keyof typeof PATTERN_WORDS} */ (p.pattern)] ?? `text matching ${p.pattern}`}`
    case 'minimum':
      return `Unexpected ${got(error.data)} at ${where}, expected a number ≥ ${p.limit}${p.limit === 0 ? ' (a latency or duration is never negative)' : ''}`
    case 'exclusiveMinimum':
      return `Unexpected ${got(error.data)} at ${where}, expected a number > ${p.limit} (a measured throughput is never 0 or negative; leave out a figure that was not measured, or record the point's \`error\`)`
    case 'maximum':
      return `Unexpected ${got(error.data)} at ${where}, expected at most ${Number(p.limit).toLocaleString('en')}`
    case 'minItems':
      return `Unexpected empty list at ${where}, expected at least ${plural(p.limit, 'item')}`
    case 'minLength':
      return `Unexpected empty text at ${where}`
    default:
      return `Unexpected value at ${where}: ${error.message}`
  }
}
