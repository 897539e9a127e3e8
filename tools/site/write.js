import {existsSync, readFileSync} from 'node:fs'
import {writeFileAtomic} from '../lib/atomic-write.js'

/**
 * Write only when the content differs, so Hugo's watcher and cache see no
 * change for an unchanged file.
 * @param {string} file
 * @param {string} content
 */
export function writeIfChanged(file, content) {
  if (existsSync(file) && readFileSync(file, 'utf8') === content) return
  writeFileAtomic(file, content)
}
