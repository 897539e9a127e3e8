import {closeSync, mkdirSync, openSync, readdirSync, rmSync, writeSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {randomBytes} from 'node:crypto'

/**
 * Secrets reach sysbench through a `--config-file`, not its command line
 * (every local user can read /proc/<pid>/cmdline): a 0600 file in a 0700
 * folder, named after its writer's process and removed when the step ends.
 * The next run removes what a SIGKILLed run left.
 */

/** Where secret files live: one folder per user, private to that user. */
export function secretDir() {
  return join(tmpdir(), `benchdoc-secrets-${process.getuid?.() ?? 'user'}`)
}

/**
 * Write `options` (sysbench option name → value) to a new private file.
 * @param {Record<string, string>} options
 * @returns {{path: string, remove: () => void}}
 */
export function writeSecretFile(options) {
  const dir = secretDir()
  mkdirSync(dir, {recursive: true, mode: 0o700})
  const path = join(dir, `${process.pid}-${randomBytes(6).toString('hex')}.conf`)
  // O_EXCL: never write into a file someone else placed there
  const fd = openSync(path, 'wx', 0o600)
  try {
    writeSync(fd, Object.entries(options).map(([k, v]) => `${k}=${v}\n`).join(''))
  } finally {
    closeSync(fd)
  }
  return {path, remove: () => rmSync(path, {force: true})}
}

/** Remove secret files of processes that are gone. */
export function removeStaleSecretFiles() {
  const dir = secretDir()
  let names
  try {
    names = readdirSync(dir)
  } catch {
    return
  }
  for (const name of names) {
    const pid = Number(/^(\d+)-[0-9a-f]+\.conf$/.exec(name)?.[1])
    if (pid && !isAlive(pid)) rmSync(join(dir, name), {force: true})
  }
}

/** @param {number} pid */
function isAlive(pid) {
  try {
    process.kill(pid, 0)
    return true
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'EPERM'
  }
}
