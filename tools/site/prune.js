import {readdirSync, rmSync, rmdirSync} from 'node:fs'
import {join} from 'node:path'

/**
 * Remove from `dir` every file that is not in `keep`, and the folders that
 * leaves empty: no file a derivation or build no longer makes is published.
 * @param {string} dir
 * @param {Set<string>} keep  paths as join() writes them
 * @returns {boolean}  whether `dir` is empty now
 */
export function keepOnly(dir, keep) {
  let entries
  try {
    entries = readdirSync(dir, {withFileTypes: true})
  } catch {
    return true
  }
  let left = entries.length
  for (const entry of entries) {
    const path = join(dir, entry.name)
    if (entry.isDirectory() ? keepOnly(path, keep) : !keep.has(path)) {
      if (entry.isDirectory()) rmdirSync(path)
      else rmSync(path, {force: true})
      left--
    }
  }
  return left === 0
}
