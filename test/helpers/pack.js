import {execFileSync} from 'node:child_process'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {ROOT} from './paths.js'
import {tempFolder} from './temp.js'

/**
 * benchdoc as npm packs it, for the tests that install it as a team would.
 * Not a test file: vitest only collects `*.test.js`.
 */

export const VERSION = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).version

/**
 * `npm pack` of this checkout (its prepack makes the bundle) into a new temp folder.
 * @returns {string}  the tarball, `<tmp>/benchdoc-<version>.tgz`
 */
export function packBenchdoc() {
  const packed = tempFolder('benchdoc-pack-')
  execFileSync('npm', ['pack', '--silent', '--pack-destination', packed], {cwd: ROOT, encoding: 'utf8'})
  return join(packed, `benchdoc-${VERSION}.tgz`)
}

/**
 * `npm install TARBALL` into `dir`, as the docs say to until benchdoc is on npm.
 * @param {string} tarball @param {string} dir
 */
export function installTarball(tarball, dir) {
  execFileSync('npm', ['install', '--no-audit', '--no-fund', '--silent', tarball], {cwd: dir, encoding: 'utf8'})
}
