import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'
import {sourceFiles} from '../domain/copies.js'
import {anyTypes} from './any-types.js'
import {writeFileSync} from 'node:fs'

/**
 * JSDoc `any` in tools/: data types come from the schemas (tools/types/), so
 * an `any` is the exception, each with its reason beside it (`any: why` on
 * its line). Files still being typed by the work named in PENDING may hold
 * up to their count without reasons; the count only goes down.
 */
const TARGET = 50

/** file → the `any` it may still hold without reasons, and the work that types it. */
const PENDING = /** @type {Record<string, [number, string]>} */ ({
})

const found = sourceFiles(ROOT, ['tools'], ['tools/types/']).filter((f) => f.endsWith('.js'))
  .map((file) => ({file, anys: anyTypes(join(ROOT, file))}))
  .filter((f) => f.anys.length > 0)

describe('any in the JSDoc types of tools/', () => {
  it('should each have its reason beside it, but in the files still being typed', () => {
    const bare = found.filter((f) => !(f.file in PENDING)).flatMap((f) => f.anys.filter((a) => !/\bany: \S/.test(a.text)).map((a) => `${f.file}:${a.line}: ${a.text.trim()}`))
    expect(bare).toEqual([])
  })

  it('should not grow in the files still being typed: each holds at most its count', () => {
    const over = found.filter((f) => f.file in PENDING && f.anys.length > PENDING[f.file][0]).map((f) => `${f.file}: ${f.anys.length} any, at most ${PENDING[f.file][0]}`)
    expect(over).toEqual([])
  })

  it.each(Object.entries(PENDING))('%s should still hold its count, or lower it here (%s)', (file, [count]) => {
    expect(found.find((f) => f.file === file)?.anys.length ?? 0).toBe(count)
  })

  it(`should be fewer than ${TARGET} with a reason`, () => {
    const reasoned = found.filter((f) => !(f.file in PENDING)).reduce((n, f) => n + f.anys.length, 0)
    expect(reasoned).toBeLessThan(TARGET)
  })
})

describe('anyTypes', () => {
  it('should find any in the braces of JSDoc tags only, casts and typedefs included', () => {
    const file = join(tempFolder('benchdoc-any-'), 'x.js')
    writeFileSync(file, [
      '/** @typedef {Record<string, any>} Loose  any: a made-up reason */',
      '// any text in a comment is no type',
      'const a = /** @type {any} */ (1)',
      '/**',
      ' * @param {{a: {b: any[]}}} x  nested braces',
      ' * @returns {number} any prose',
      ' */',
      'const f = (x) => 1'
    ].join('\n'))
    expect(anyTypes(file).map((a) => a.line)).toEqual([1, 3, 5])
  })
})
