import {execFile} from 'node:child_process'
import {promisify} from 'node:util'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {bundleIsFresh} from '../../tools/pack/fresh.js'
import {ROOT} from './paths.js'
import {tempFolder} from './temp.js'

/**
 * benchdoc as npm packs it, for the tests that install it as a team would.
 * Not a test file: vitest only collects `*.test.js`. npm runs asynchronously: a worker
 * blocked for a minute (npm on a busy machine) misses vitest's calls and fails the run.
 */

const run = promisify(execFile)

export const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

/**
 * `npm pack` of this checkout into a new temp folder. The bundle must be fresh (`make test` makes
 * it first): else the pack's prepack would rewrite it while the suites beside this one run it.
 * @returns {Promise<string>}  the tarball, `<tmp>/benchdoc-<version>.tgz`
 */
export async function packBenchdoc() {
  if (!bundleIsFresh(ROOT)) throw new Error('the bundle is older than tools/: run `make bundle` first (packing would rewrite it under the suites that run beside this one)')
  const packed = tempFolder('benchdoc-pack-')
  await run('npm', ['pack', '--silent', '--pack-destination', packed], {cwd: ROOT})
  return join(packed, `benchdoc-${VERSION}.tgz`)
}

/**
 * `npm install TARBALL` into `dir`, as the docs say to until benchdoc is on npm.
 * @param {string} tarball @param {string} dir
 */
export async function installTarball(tarball, dir) {
  await run('npm', ['install', '--no-audit', '--no-fund', '--silent', tarball], {cwd: dir})
}
