import {mkdirSync, utimesSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {bundleIsFresh} from '../../tools/pack/fresh.js'
import {tempFolder} from '../helpers/temp.js'

const BEFORE = new Date('2026-01-01T10:00:00Z')
const MADE = new Date('2026-01-01T11:00:00Z')
const AFTER = new Date('2026-01-01T12:00:00Z')

/**
 * A package folder with source files and a bundle, each with its time.
 * @param {Record<string, Date>} files  path → modified
 */
function packageWith(files) {
  const root = tempFolder('benchdoc-fresh-')
  for (const [path, time] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), '')
    utimesSync(join(root, path), time, time)
  }
  return root
}

const made = {'tools/cli.js': BEFORE, 'tools/site/build.js': BEFORE, 'package.json': BEFORE, 'package-lock.json': BEFORE, 'tools/bundle/cli.js': MADE}

describe('whether benchdoc runs from its bundle', () => {
  test('should run the bundle when it was made after every source file and the packages', () => {
    expect(bundleIsFresh(packageWith(made), {})).toBe(true)
  })

  test('should run the source once a source file was changed after the bundle was made', () => {
    expect(bundleIsFresh(packageWith({...made, 'tools/site/build.js': AFTER}), {})).toBe(false)
  })

  test('should run the source once a file in a new folder of the source is newer', () => {
    expect(bundleIsFresh(packageWith({...made, 'tools/new/part.js': AFTER}), {})).toBe(false)
  })

  test('should run the source once the packages were installed or changed after the bundle', () => {
    expect(bundleIsFresh(packageWith({...made, 'package.json': AFTER}), {})).toBe(false)
    expect(bundleIsFresh(packageWith({...made, 'package-lock.json': AFTER}), {})).toBe(false)
    expect(bundleIsFresh(packageWith({...made, 'node_modules/.package-lock.json': AFTER}), {})).toBe(false)
  })

  test('should not count the bundle\'s own files as source', () => {
    expect(bundleIsFresh(packageWith({...made, 'tools/bundle/chunk-A.js': AFTER}), {})).toBe(true)
  })

  test('should run the bundle when it was made in the same instant as the source', () => {
    const one = Object.fromEntries(Object.keys(made).map((path) => [path, MADE]))
    expect(bundleIsFresh(packageWith(one), {})).toBe(true)
  })

  test('should run the bundle of a package installed by npm, whatever time npm gave each file', () => {
    const root = packageWith(Object.fromEntries(Object.entries(made).map(([path, time]) => [`node_modules/benchdoc/${path}`, path.includes('bundle') ? BEFORE : AFTER])))
    expect(bundleIsFresh(join(root, 'node_modules', 'benchdoc'), {})).toBe(true)
    expect(bundleIsFresh(join(root, 'node_modules', 'benchdoc'), {BENCHDOC_NO_BUNDLE: '1'})).toBe(false)
  })

  test('should run the source when there is no bundle', () => {
    const {'tools/bundle/cli.js': _, ...source} = made
    expect(bundleIsFresh(packageWith(source), {})).toBe(false)
  })

  test('should run the source when BENCHDOC_NO_BUNDLE is set', () => {
    expect(bundleIsFresh(packageWith(made), {BENCHDOC_NO_BUNDLE: '1'})).toBe(false)
  })
})
