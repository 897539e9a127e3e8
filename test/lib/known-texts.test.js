import {mkdirSync, symlinkSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {readTextOrProblem} from '../../tools/lib/input.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * serve keeps the texts it read (`known`) and takes one again while its file's
 * stat is the same: an edit must never be missed, however small or quick.
 */
describe('readTextOrProblem with the texts read before', () => {
  const root = tempFolder('benchdoc-known-')
  const read = (/** @type {string} */ path, /** @type {import('../../tools/lib/input.js').Known} */ known, problems = []) =>
    readTextOrProblem(path, {root, known}, problems)

  test('should read a file written again at once with as many bytes, not take the text kept', () => {
    const file = join(root, 'same-size.yaml')
    const known = new Map()
    writeFileSync(file, 'qps: 1000.01\n')
    expect(read(file, known)).toBe('qps: 1000.01\n')
    for (let i = 2; i < 10; i++) {
      writeFileSync(file, `qps: 1000.0${i}\n`)
      expect(read(file, known)).toBe(`qps: 1000.0${i}\n`)
    }
  })

  test('should read through a symlink every time, since its target may change under the same link', () => {
    mkdirSync(join(root, 'targets'))
    const target = join(root, 'targets', 'a.yaml')
    const link = join(root, 'link.yaml')
    writeFileSync(target, 'a: 1\n')
    symlinkSync(target, link)
    const known = new Map()
    expect(read(link, known)).toBe('a: 1\n')
    writeFileSync(target, 'a: 2\n')
    expect(read(link, known)).toBe('a: 2\n')
    expect(known.has(link)).toBe(false)
  })

  test('should keep nothing of a file refused, and refuse it again', () => {
    const file = join(root, 'nul.yaml')
    writeFileSync(file, 'a: \0\n')
    const known = new Map()
    /** @type {import('../../tools/lib/problems.js').Problem[]} */
    const problems = []
    expect(read(file, known, problems)).toBe(null)
    expect(read(file, known, problems)).toBe(null)
    expect(problems.map((p) => `${p.line}:${p.col} ${p.message}`)).toEqual(['1:4 Unexpected NUL byte, expected text', '1:4 Unexpected NUL byte, expected text'])
    expect(known.size).toBe(0)
  })
})
