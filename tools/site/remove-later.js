import {spawn} from 'node:child_process'
import {existsSync, readdirSync, renameSync, rmSync} from 'node:fs'
import {basename, dirname, join} from 'node:path'

/**
 * Put `fresh` where `destination` is, and remove the old site in a detached `rm -rf` (seconds no reader
 * needs to wait for), renamed first so that a removal still running never meets the next build's.
 *
 * @param {string} destination  @param {string} fresh
 */
export function swapFolder(destination, fresh) {
  removeLeftovers(destination)
  const old = `${destination}.old-${process.pid}-${Date.now()}`
  if (existsSync(destination)) renameSync(destination, old)
  renameSync(fresh, destination)
  if (existsSync(old)) removeInBackground(old)
}

/** @param {string} folder */
function removeInBackground(folder) {
  try {
    const child = spawn('rm', ['-rf', '--', folder], {detached: true, stdio: 'ignore'})
    child.on('error', () => rmSync(folder, {recursive: true, force: true}))
    child.unref()
  } catch {
    rmSync(folder, {recursive: true, force: true})
  }
}

/** Old sites of builds killed before their removal ended. @param {string} destination */
function removeLeftovers(destination) {
  const prefix = `${basename(destination)}.old-`
  const parent = dirname(destination)
  for (const name of existsSync(parent) ? readdirSync(parent) : []) {
    if (name.startsWith(prefix) && !isRunning(Number(name.slice(prefix.length).split('-')[0]))) rmSync(join(parent, name), {recursive: true, force: true})
  }
}

/** A folder whose build (or its rm) may still be removing it is left alone. @param {number} pid */
function isRunning(pid) {
  if (!Number.isInteger(pid) || pid <= 0) return false
  if (pid === process.pid) return true
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}
