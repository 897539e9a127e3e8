import {readdirSync} from 'node:fs'
import {join} from 'node:path'
import {isFolder} from '../lib/input.js'

// Apart from index.js, so that listing the files loads neither the parser nor the schema.

/**
 * Report files named by `paths` (files or folders), or all of data/reports.
 * @param {string[]} paths
 * @param {string} root
 * @returns {string[]}
 */
export function reportFiles(paths, root) {
  const targets = paths.length > 0 ? paths : [join(root, 'data', 'reports')].filter(isFolder)
  return targets.flatMap((target) => {
    // a loop or dangling link is the input layer's to name; only folders are listed here
    if (isFolder(target)) {
      return readdirSync(target)
        .filter((f) => /\.ya?ml$/.test(f))
        .sort()
        .map((f) => join(target, f))
    }
    return [target]
  })
}
