import {writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, it} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'
import {sourceFiles} from '../domain/copies.js'
import {functionLengths} from './function-lengths.js'

/**
 * No function in tools/ runs over LIMIT lines (docs/architecture.md, "The
 * code's rules"), but those named in LONGER, each with the reason or the
 * work that shortens it.
 */
const LIMIT = 80

/** `file name` → why it is longer, or who shortens it. A function that is short again must leave. */
/** @type {Record<string, string>} */
const LONGER = {}

const lengths = sourceFiles(ROOT, ['tools'], ['tools/types/']).filter((f) => f.endsWith('.js'))
  .flatMap((file) => functionLengths(join(ROOT, file), file).map((f) => ({...f, file})))

describe('the functions of tools/', () => {
  it(`should each be at most ${LIMIT} lines long, but those named with their reason`, () => {
    const long = lengths.filter((f) => f.lines > LIMIT && !(`${f.file} ${f.name}` in LONGER))
    expect(long.map((f) => `${f.file}:${f.line} ${f.name}: ${f.lines} lines`)).toEqual([])
  })

  it.each(Object.entries(LONGER))('%s should still be longer than the limit, or leave the list (%s)', (named) => {
    expect(lengths.filter((f) => `${f.file} ${f.name}` === named && f.lines > LIMIT)).toHaveLength(1)
  })
})

describe('functionLengths', () => {
  it('should measure declarations, arrows, methods and nested functions from first line to last', () => {
    const file = join(tempFolder('benchdoc-lengths-'), 'x.js')
    writeFileSync(file, [
      'export function outer(a) {',
      '  const inner = (b) => {',
      '    return b',
      '  }',
      '  return inner(a)',
      '}',
      'const o = {method() { return 1 }, arrow: () => 2}',
      'export default function () {}'
    ].join('\n'))
    expect(functionLengths(file, 'x.js')).toEqual([
      {name: 'outer', line: 1, lines: 6},
      {name: 'inner', line: 2, lines: 3},
      {name: 'method', line: 7, lines: 1},
      {name: 'arrow', line: 7, lines: 1},
      {name: '(anonymous)', line: 8, lines: 1}
    ])
  })
})
