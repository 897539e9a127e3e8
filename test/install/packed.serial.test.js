import {execFileSync} from 'node:child_process'
import {readFileSync, readdirSync, statSync} from 'node:fs'
import {join} from 'node:path'
import {beforeAll, describe, expect, test} from 'vitest'
import {packBenchdoc} from '../helpers/pack.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * What the package says to the people who install it: a reports repository
 * has benchdoc's command, not benchdoc's own Makefile.
 */

/** The targets of benchdoc's own Makefile (docs/setup.md). */
const MAKE = /\bmake (?:build|serve|demo|test|system|bench|types|deps|clean|typecheck|lint-workflows)\b/

describe('the files npm packs', () => {
  let unpacked = ''

  beforeAll(() => {
    unpacked = tempFolder('benchdoc-unpacked-')
    execFileSync('tar', ['-xzf', packBenchdoc(), '-C', unpacked])
    unpacked = join(unpacked, 'package')
  }, 120_000)

  test('should name benchdoc\'s commands, never a target of benchdoc\'s own Makefile', () => {
    const files = readdirSync(unpacked, {recursive: true}).map(String).filter((f) => statSync(join(unpacked, f)).isFile())
    // README.md is benchdoc's own, for its npm page: it tells its developers of `make` too
    const texts = files.filter((f) => f !== 'README.md' && !/\.(png|gz|tgz|wasm|node|woff2?)$/.test(f))
    expect(texts.length).toBeGreaterThan(300)
    const found = texts.flatMap((f) => readFileSync(join(unpacked, f), 'utf8').split('\n').flatMap((line, i) => (MAKE.test(line) ? [`${f}:${i + 1}: ${line.trim()}`] : [])))
    expect(found).toEqual([])
  })
})
