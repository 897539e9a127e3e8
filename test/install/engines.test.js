import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {ROOT} from '../helpers/paths.js'

/**
 * benchdoc's `engines.node` is honest: every package that package-lock.json
 * installs (the dependencies, and a checkout's devDependencies) declares it
 * runs on the lowest Node version of each alternative benchdoc declares, so
 * that installing on that Node warns of nothing (npm's EBADENGINE).
 */

/** @typedef {[number, number, number]} Version */

/** @param {string} text  `20`, `20.19`, `20.19.0`, `10.*` @returns {{version: Version, parts: number}} */
function version(text) {
  const parts = text.replace(/^v/, '').split('.').filter((p) => p !== '' && p !== '*' && p !== 'x')
  const [major = 0, minor = 0, patch = 0] = parts.map(Number)
  return {version: [major, minor, patch], parts: parts.length}
}

/** @param {Version} a @param {Version} b */
const compare = (a, b) => a[0] - b[0] || a[1] - b[1] || a[2] - b[2]

/**
 * Whether `v` satisfies one comparator of a range, of the forms package-lock.json holds.
 * @param {Version} v @param {string} comparator
 */
function satisfiesOne(v, comparator) {
  const [, op = '', rest] = /** @type {RegExpExecArray} */ (/^(\^|~|>=|<=|>|<|=)?(.*)$/.exec(comparator))
  if (rest === '*' || rest === '') return true
  const {version: low, parts} = version(rest)
  const at = compare(v, low)
  if (op === '>=') return at >= 0
  if (op === '>') return at > 0
  if (op === '<=') return at <= 0
  if (op === '<') return at < 0
  if (op === '^') return at >= 0 && (low[0] > 0 ? v[0] === low[0] : v[0] === 0 && v[1] === low[1])
  if (op === '~') return at >= 0 && v[0] === low[0] && (parts < 2 || v[1] === low[1])
  // `20`, `20.x`, `20.19.0`: the parts given must match
  return low.slice(0, parts).every((n, i) => v[i] === n)
}

/**
 * Whether `v` satisfies a range: alternatives joined by `||`, each comparators joined by spaces.
 * @param {Version} v @param {string} range
 */
function satisfies(v, range) {
  return range.split('||').some((alternative) => alternative.trim().replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1').split(/\s+/).every((c) => satisfiesOne(v, c)))
}

/**
 * The lowest version of each alternative of a range: `^20.19.0 || >=22.12.0` → 20.19.0 and 22.12.0.
 * @param {string} range @returns {Version[]}
 */
const lowest = (range) => range.split('||').map((alternative) => version(alternative.trim().replace(/^(\^|~|>=|=)\s*/, '')).version)

const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'))
const declared = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).engines.node

describe('node version ranges, as read here', () => {
  test('should be read as npm reads them, in every form package-lock.json holds', () => {
    expect(satisfies([20, 19, 0], '^22.22.2 || ^24.15.0 || >=26.0.0')).toBe(false)
    expect(satisfies([20, 19, 0], '^20.19.0 || >=22.12.0')).toBe(true)
    expect(satisfies([22, 5, 0], '^20.19.0 || ^22.12.0 || >=23')).toBe(false)
    expect(satisfies([20, 19, 0], '18 || 20 || >=22')).toBe(true)
    expect(satisfies([20, 19, 0], '6.* || 8.* || >= 10.*')).toBe(true)
    expect(satisfies([20, 19, 0], '^10 || ^12 || ^13.7 || ^14 || >=15.0.1')).toBe(true)
    expect(satisfies([20, 19, 0], '>=12 <20')).toBe(false)
    expect(satisfies([20, 19, 0], '~20.18.0')).toBe(false)
    expect(lowest('^20.19.0 || >=22.12.0')).toEqual([[20, 19, 0], [22, 12, 0]])
  })
})

describe('benchdoc\'s engines.node', () => {
  test('should be what package-lock.json records for it', () => {
    expect(lock.packages[''].engines.node).toBe(declared)
  })

  test('should be admitted, at the lowest version of each alternative, by every package package-lock.json installs', () => {
    const refused = []
    for (const [path, entry] of Object.entries(lock.packages)) {
      const range = /** @type {{engines?: {node?: string}}} */ (entry).engines?.node
      if (path === '' || !range) continue
      for (const v of lowest(declared)) if (!satisfies(v, range)) refused.push(`${path} (${range}) refuses Node ${v.join('.')}`)
    }
    expect(refused).toEqual([])
  })
})
