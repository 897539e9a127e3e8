import {lstatSync, readdirSync, realpathSync} from 'node:fs'
import {join} from 'node:path'
import {InputError, isFolder, unreachable} from '../lib/input.js'

// Apart from index.js, so that listing the files loads neither the parser nor the schema.

/**
 * Report files named by `paths` (files or folders), or all of data/reports.
 * @param {string[]} paths
 * @param {string} root
 */
export function reportFiles(paths, root) {
  const targets = paths.length > 0 ? paths : reportsFolder(root)
  // a loop or dangling link is the input layer's to name; only folders are listed here
  return targets.flatMap((target) => (isFolder(target) ? yamlFiles(target) : [target]))
}

/** The .yaml files of a folder (and its subfolders when `deep`), sorted; none when it is no folder. @param {string} dir @param {boolean} [deep] */
export function yamlFiles(dir, deep = false) {
  return isFolder(dir) ? readdirSync(dir, {recursive: deep, encoding: 'utf8'}).filter((f) => /\.ya?ml$/.test(f)).sort().map((f) => join(dir, f)) : []
}

/**
 * data/reports as a list of one folder, none when there is none; anything
 * else there (a file, a link that loops) is named, not taken for "no reports".
 * @param {string} root
 */
function reportsFolder(root) {
  const dir = join(root, 'data', 'reports')
  let link
  try {
    link = lstatSync(dir)
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return []
    throw new InputError('data/reports', `${unreachable(error)}, expected the folder of report data files`)
  }
  if (isFolder(dir)) return [dir]
  const kind = link.isSymbolicLink() ? (loops(dir) ? 'a symbolic link that loops' : 'a symbolic link to nothing (dangling)') : link.isFile() ? 'a file' : 'not a folder'
  throw new InputError('data/reports', `is ${kind}, expected the folder of report data files (data/reports/*.yaml)`)
}

/** @param {string} path */
function loops(path) {
  try {
    realpathSync.native(path)
    return false
  } catch (error) {
    return /** @type {NodeJS.ErrnoException} */ (error).code === 'ELOOP'
  }
}
