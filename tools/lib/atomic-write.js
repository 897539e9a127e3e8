import {mkdirSync, renameSync, writeFileSync} from 'node:fs'
import {dirname} from 'node:path'

/**
 * Write a file so that readers see either the old or the new content, never
 * half of it: write a sibling temporary file, then rename it over the target.
 *
 * @param {string} path
 * @param {string | Uint8Array} content
 */
export function writeFileAtomic(path, content) {
  mkdirSync(dirname(path), {recursive: true})
  const tmp = `${path}.${process.pid}.tmp`
  writeFileSync(tmp, content)
  renameSync(tmp, path)
}
