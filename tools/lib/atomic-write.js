import {existsSync, lstatSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync} from 'node:fs'
import {dirname} from 'node:path'
import {threadId} from 'node:worker_threads'
import {InvalidError} from './errors.js'

/**
 * Write a file so that readers see either the old or the new content, never
 * half of it: write a sibling temporary file, then rename it over the target.
 * @param {string} path
 * @param {string | Uint8Array} content
 */
export function writeFileAtomic(path, content) {
  writeFilesAtomic([[path, content]])
}

/**
 * Write several files all or (as far as the file system allows) none: each temporary file before the first rename.
 * @param {Array<[string, string | Uint8Array]>} files
 * @param {(path: string) => string} [shown]  name a path for messages
 */
export function writeFilesAtomic(files, shown = (p) => p) {
  writeAll(files, shown, true)
}

/**
 * @param {Array<[string, string | Uint8Array]>} files
 * @param {(path: string) => string} shown
 * @param {boolean} look  whether a folder may be where a file goes (false: the caller found nothing there)
 */
function writeAll(files, shown, look) {
  /** @type {string[]} */
  const temps = []
  try {
    for (const [path, content] of files) {
      if (look && isFolder(path, () => shown(path))) throw new InvalidError(`${shown(path)}: is a folder, expected a file to write`)
      // threads of one process (the chart workers, test workers) each write their own temporary file
      const tmp = `${path}.${process.pid}.${threadId}.tmp`
      writeInFolder(tmp, content, () => shown(path))
      temps.push(tmp)
    }
  } catch (error) {
    for (const tmp of temps) rmSync(tmp, {force: true})
    throw error
  }
  files.forEach(([path], i) => renameSync(temps[i], path))
}

/**
 * Write a file, creating its folder only when it is missing: a build writes
 * thousands of files into folders that mostly exist already.
 * @param {string} file  @param {string | Uint8Array} content  @param {() => string} shown
 */
function writeInFolder(file, content, shown) {
  try {
    writeFileSync(file, content)
    return
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code
    if (code !== 'ENOENT' && code !== 'ENOTDIR') throw error
  }
  try {
    mkdirSync(dirname(file), {recursive: true})
  } catch (error) {
    throw folderProblem(shown(), error)
  }
  writeFileSync(file, content)
}

/**
 * Whether a folder is where a file goes; a file where one of its folders goes
 * is said as a folder that cannot be created (not a raw `ENOTDIR`).
 * @param {string} path  @param {() => string} shown
 */
function isFolder(path, shown) {
  try {
    return lstatSync(path, {throwIfNoEntry: false})?.isDirectory() ?? false
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOTDIR') throw folderProblem(shown(), error)
    throw error
  }
}

/** @param {string} shown  the file, as messages name it @param {unknown} error */
function folderProblem(shown, error) {
  return new InvalidError(`${shown}: cannot create its folder (${/** @type {NodeJS.ErrnoException} */ (error).code}: something in the path is not a folder or not writable)`)
}

/**
 * Write only when the content differs: Hugo's watcher and cache then see no change.
 * @param {string} file
 * @param {string} content
 */
export function writeIfChanged(file, content) {
  if (!existsSync(file)) {
    // nothing there (a cold build's every file): no second look for a folder in the way, unless
    // the write fails (then again with it, which says what is in the way as it always did)
    try {
      return writeAll([[file, content]], (p) => p, false)
    } catch {
      return writeFileAtomic(file, content)
    }
  }
  if (readFileSync(file, 'utf8') === content) return
  writeFileAtomic(file, content)
}
