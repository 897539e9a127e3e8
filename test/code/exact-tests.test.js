import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {sourceFiles} from '../domain/copies.js'

/**
 * An expected error message is compared whole: `toThrow` with a string (or
 * an array joined) passes when the message merely contains it, so tests use
 * `toThrow(exactly(message))` (test/helpers/exact.js) or a regular
 * expression anchored at both ends.
 */

/**
 * Every `toThrow(` of the tests (but this file's), with what follows it: the
 * rest of its line, or the next line when the argument starts there.
 */
const calls = sourceFiles(ROOT, ['test'], ['test/fixtures/', 'test/code/exact-tests.test.js']).filter((f) => f.endsWith('.js')).flatMap((file) => {
  const lines = readFileSync(join(ROOT, file), 'utf8').split('\n')
  return lines.flatMap((line, i) => [...line.matchAll(/\.toThrow(?:Error)?\(([^\n]*)/g)].map((m) =>
    ({at: `${file}:${i + 1}`, arg: m[1].trim() === '' ? lines[i + 1].trim() : m[1]})))
})

/** @param {string} arg  the text after `toThrow(` */
function whole(arg) {
  // no message asked (`not.toThrow()`)
  if (arg.startsWith(')')) return true
  if (arg.startsWith('exactly(') || arg.startsWith('new RegExp(')) return true
  const regex = /^\/(.*)\/[a-z]*\)/.exec(arg)
  return regex !== null && regex[1].startsWith('^') && regex[1].endsWith('$')
}

describe('the tests of an error message', () => {
  it('should be found in the tests', () => {
    expect(calls.length).toBeGreaterThan(30)
  })

  it('should compare the message whole: exactly(…), or a regular expression anchored at both ends', () => {
    const loose = calls.filter((c) => !whole(c.arg))
    expect(loose.map((c) => `${c.at}: toThrow(${c.arg}`)).toEqual([])
  })

  it('should tell a loose one from a whole one', () => {
    expect(whole("'Missing subcommand')")).toBe(false)
    expect(whole('/ENOENT/)')).toBe(false)
    expect(whole('/^ENOENT: .+$/)')).toBe(true)
    expect(whole("exactly('Missing subcommand'))")).toBe(true)
    expect(whole(')')).toBe(true)
  })
})
