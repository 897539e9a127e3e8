import {mkdirSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {tempFolder} from './temp.js'

/**
 * What `check` says of a repository holding each of `files` alone (an empty
 * layout file of its own), by file. Not a test file.
 * @param {string[]} files  paths under the repository
 * @param {(root: string) => boolean} check
 * @returns {Record<string, boolean>}
 */
export function eachLayoutFile(files, check) {
  return Object.fromEntries(files.map((file) => {
    const root = tempFolder('benchdoc-override-')
    mkdirSync(join(root, file, '..'), {recursive: true})
    writeFileSync(join(root, file), '')
    return [file, check(root)]
  }))
}
