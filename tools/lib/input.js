import {isUtf8} from 'node:buffer'
import {closeSync, constants, fstatSync, lstatSync, openSync, readSync, realpathSync, statSync} from 'node:fs'
import {dirname, relative, resolve, sep} from 'node:path'
import {gunzipSync} from 'node:zlib'
import {InvalidError, UsageError} from './errors.js'

/**
 * The one way the tools read a file a user gave them. Every check a hostile
 * file could defeat happens here, once: a regular file only (a FIFO or
 * device is refused before it is opened, so nothing blocks); no symlink out
 * of the project (it could point data at /proc/self/environ); at most LIMITS
 * bytes, gzip also after decompression; well-formed UTF-8 without NUL.
 */

/** A file refused by the input layer: exit 1 (2 for a mistyped argument), naming the file and place. */
export class InputError extends InvalidError {
  /** @param {string} file @param {string} reason @param {{line: number, col: number} | null} [place] @param {number} [exitCode] */
  constructor(file, reason, place = null, exitCode = 1) {
    super(`${clipPath(file)}${place ? `:${place.line}:${place.col}` : ''}: ${reason}`)
    this.name = 'InputError'
    this.file = file
    this.reason = reason
    this.place = place
    this.exitCode = exitCode
  }

  /** As a problem, for commands that collect problems rather than stop. @returns {import('./problems.js').Problem} */
  toProblem() {
    return {file: this.file, line: this.place?.line ?? 1, col: this.place?.col ?? 1, severity: 'error', message: this.reason, rule: 'input'}
  }
}

export const LIMITS = Object.freeze({
  /** data, plan and narrative files */
  textBytes: 8 * 1024 * 1024,
  /** published Markdown to import */
  markdownBytes: 8 * 1024 * 1024,
  /** a sysbench log, uncompressed */
  logBytes: 64 * 1024 * 1024
})

/**
 * @typedef {{shown?: string, root?: string, maxBytes?: number, what?: string, missing?: 'usage' | 'invalid', known?: Known}} ReadOptions
 *   shown: the name in messages; root: the folder a symlink must stay in; what: "data file", …;
 *   known: texts read before (serve keeps them between edits), taken again while the file's stat is the same
 * @typedef {Map<string, {stamp: string, text: string}>} Known
 */

/**
 * Read a text file through every check.
 * @param {string} path
 * @param {ReadOptions} [options]
 */
export function readTextInput(path, options = {}) {
  const shown = options.shown ?? path
  return decodeUtf8(readBytesInput(path, options), shown)
}

/**
 * Read a text file as readTextInput does, for a command that collects problems: a file
 * refused is its problem added to `problems`, and null.
 * @param {string} path
 * @param {ReadOptions} options
 * @param {import('./problems.js').Problem[]} problems
 */
export function readTextOrProblem(path, options, problems) {
  // taken before the read: a file written during it reads again next time
  const stamp = options.known && stampOf(path)
  const kept = stamp && options.known?.get(path)
  if (kept && kept.stamp === stamp) return kept.text
  try {
    const text = readTextInput(path, options)
    if (stamp) options.known?.set(path, {stamp, text})
    return text
  } catch (error) {
    if (!(error instanceof InputError)) throw error
    problems.push(error.toProblem())
    return null
  }
}

/** What changes whenever a file's content does (times to the ns); null for a symlink, whose target may change under it. @param {string} path */
function stampOf(path) {
  try {
    const s = lstatSync(path, {bigint: true})
    return s.isSymbolicLink() ? null : `${s.dev} ${s.ino} ${s.size} ${s.mtimeNs} ${s.ctimeNs}`
  } catch {
    return null // read as any file is, and refused with its reason
  }
}

/**
 * Read a file's bytes through the file checks (not the UTF-8 one).
 * @param {string} path
 * @param {ReadOptions} [options]
 * @returns {Buffer}
 */
export function readBytesInput(path, {shown = path, root, maxBytes = LIMITS.textBytes, what = 'file', missing = 'invalid'} = {}) {
  checkRegularFile(path, {shown, root, what, missing})
  // O_NONBLOCK: should a FIFO appear between the check and the open, the open does not wait for a writer
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK)
  try {
    const stat = fstatSync(fd)
    if (!stat.isFile()) throw new InputError(shown, `is not a regular file, expected a ${what}`)
    if (stat.size > maxBytes) throw new InputError(shown, `is ${megabytes(stat.size)}, more than the ${megabytes(maxBytes)} a ${what} may have`)
    const buffer = Buffer.alloc(stat.size)
    let read = 0
    while (read < stat.size) {
      const n = readSync(fd, buffer, read, stat.size - read, null)
      if (n === 0) break
      read += n
    }
    return buffer.subarray(0, read)
  } finally {
    closeSync(fd)
  }
}

/**
 * Refused unless a regular file, inside `root` when the path itself is.
 * @param {string} path
 * @param {{shown: string, root?: string, what: string, missing?: 'usage' | 'invalid'}} options
 */
export function checkRegularFile(path, {shown, root, what, missing = 'invalid'}) {
  const exitCode = missing === 'usage' ? 2 : 1
  /** @type {import('node:fs').Stats} */
  let link
  try {
    link = lstatSync(path)
  } catch (error) {
    throw new InputError(shown, `${unreachable(error)}, expected a ${what}`, null, exitCode)
  }
  let real = path
  if (link.isSymbolicLink()) {
    try {
      real = realpathSync.native(path)
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code
      throw new InputError(shown, code === 'ELOOP'
        ? `is a symbolic link that loops, expected a ${what}`
        : `is a symbolic link to nothing (dangling), expected a ${what}`, null, exitCode)
    }
  }
  // the native realpath is one system call; the JS one stats every folder of the path
  if (root && isInside(resolve(path), resolve(root)) && !isInside(real === path ? realpathSync.native(path) : real, realpathSync.native(root))) {
    throw new InputError(shown, `leads outside the project folder; benchdoc reads no ${what} from outside it`)
  }
  const stat = link.isSymbolicLink() ? statSync(real) : link
  if (stat.isDirectory()) throw new InputError(shown, `is a folder, expected a ${what}`, null, exitCode)
  if (!stat.isFile()) throw new InputError(shown, `is ${kindOf(stat)}, not a regular file; expected a ${what}`)
}

/**
 * A path as a message shows it: clipped past 200 characters (a path too long for the system runs to thousands).
 * @param {string} path
 */
export function clipPath(path) {
  return path.length <= 200 ? path : `${path.slice(0, 60)}…${path.slice(-60)} (${path.length} characters)`
}

/**
 * Why a path cannot be reached, in the user's words.
 * @param {unknown} error
 */
export function unreachable(error) {
  const code = /** @type {NodeJS.ErrnoException} */ (error)?.code
  if (code === 'ENAMETOOLONG') return 'its path is longer than the system allows'
  if (code === 'ENOTDIR') return 'a folder on its path is a file'
  if (code === 'ELOOP') return 'a symbolic link on its path loops'
  if (code === 'EACCES') return 'it may not be read (permission denied)'
  return 'no such file'
}

/**
 * What a path named on the command line is, or a UsageError naming it when there is nothing usable.
 * @param {string} path
 * @param {{shown: string, what: string}} options  what: e.g. "a data file or a folder of them"
 * @returns {'file' | 'folder' | 'other'}
 */
export function argumentKind(path, {shown, what}) {
  let stat
  try {
    stat = lstatSync(path)
    if (stat.isSymbolicLink()) stat = statSync(path)
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code
    const name = clipPath(shown)
    if (code === 'ELOOP' && stat?.isSymbolicLink()) throw new UsageError(`${name}: is a symbolic link that loops, expected ${what}`)
    if (code === 'ENOENT' && stat?.isSymbolicLink()) throw new UsageError(`${name}: is a symbolic link to nothing (dangling), expected ${what}`)
    throw new UsageError(`${name}: ${unreachable(error)}, expected ${what}`)
  }
  return stat.isDirectory() ? 'folder' : stat.isFile() ? 'file' : 'other'
}

/**
 * A folder a command writes into (`--out`, `--data`): a file on its path is a usage error (exit 2).
 * @param {string} path
 * @param {{label: string, shown: (p: string) => string}} options
 *   label: how the user named it (`--data x.md`); shown: a path as the user sees it
 */
export function checkOutputFolder(path, {label, shown}) {
  for (let p = path; ; p = dirname(p)) {
    let stat
    try {
      stat = statSync(p)
    } catch (error) {
      const code = /** @type {NodeJS.ErrnoException} */ (error).code
      // climb to the part of the path that exists; ENOTDIR: a part above is a file
      if ((code === 'ENOENT' || code === 'ENOTDIR') && dirname(p) !== p) continue
      if (code === 'ENOENT') return
      const loops = code === 'ELOOP' && lstatSync(p, {throwIfNoEntry: false})?.isSymbolicLink()
      throw new UsageError(`${label}: ${p === path ? '' : `${shown(p)} `}${loops ? 'is a symbolic link that loops' : unreachable(error)}, expected a folder to write into`)
    }
    if (stat.isDirectory()) return
    throw new UsageError(`${label}: ${p === path ? '' : `${shown(p)} `}is not a folder, expected a folder to write into`)
  }
}

/**
 * Decompress gzip bytes (when they are gzip) with a limit on the result.
 * @param {Buffer} bytes
 * @param {string} shown
 * @returns {Buffer}
 */
export function gunzipInput(bytes, shown) {
  if (bytes[0] !== 0x1f || bytes[1] !== 0x8b) return bytes
  try {
    return gunzipSync(bytes, {maxOutputLength: LIMITS.logBytes})
  } catch (error) {
    const code = /** @type {NodeJS.ErrnoException} */ (error).code
    if (code === 'ERR_BUFFER_TOO_LARGE') throw new InputError(shown, `uncompresses to more than ${megabytes(LIMITS.logBytes)}, the limit for a log`)
    throw new InputError(shown, `is not a valid gzip file (${code === 'Z_BUF_ERROR' ? 'truncated' : 'corrupt'})`)
  }
}

/**
 * Bytes as UTF-8 text, refusing what a lenient decoder would turn into U+FFFD.
 * @param {Uint8Array} bytes
 * @param {string} shown
 */
export function decodeUtf8(bytes, shown) {
  // the native check answers for almost every file; the walk below only finds where a bad one goes wrong
  const bad = isUtf8(bytes) ? -1 : firstInvalidUtf8(bytes)
  if (bad !== -1) {
    const {line, col} = placeOfByte(bytes, bad)
    throw new InputError(shown, `Invalid UTF-8 (byte 0x${bytes[bad].toString(16).padStart(2, '0')}), expected UTF-8 text`, {line, col})
  }
  const nul = bytes.indexOf(0)
  if (nul !== -1) {
    const {line, col} = placeOfByte(bytes, nul)
    throw new InputError(shown, 'Unexpected NUL byte, expected text', {line, col})
  }
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
}

/**
 * Offset of the first byte that is not part of well-formed UTF-8, or -1: where
 * Node's decoder puts its first U+FFFD that the bytes do not spell themselves (EF BF BD).
 * @param {Uint8Array} b
 */
export function firstInvalidUtf8(b) {
  const text = Buffer.from(b.buffer, b.byteOffset, b.byteLength).toString('utf8')
  let offset = 0
  let from = 0
  for (let at = text.indexOf('\uFFFD'); at !== -1; from = at, at = text.indexOf('\uFFFD', at + 1)) {
    offset += Buffer.byteLength(text.slice(from, at))
    if (b[offset] !== 0xef || b[offset + 1] !== 0xbf || b[offset + 2] !== 0xbd) return offset
  }
  return -1
}

/**
 * 1-based line and column (in characters) of a byte offset.
 * @param {Uint8Array} bytes @param {number} offset
 */
function placeOfByte(bytes, offset) {
  let line = 1
  let start = 0
  for (let i = 0; i < offset; i++) {
    if (bytes[i] === 0x0a) {
      line++
      start = i + 1
    }
  }
  let col = 1
  for (let i = start; i < offset; i++) if ((bytes[i] & 0xc0) !== 0x80) col++
  return {line, col}
}

/**
 * At most `max` characters of a value, on one line: a message never echoes a
 * whole value (a file could be someone's secrets).
 * @param {unknown} value
 */
export function excerpt(value, max = 40) {
  const text = String(value).replace(/[\u0000-\u001f\u007f]/g, ' ')
  return text.length > max ? `${text.slice(0, max)}…` : text
}

/** True for a folder or a link to one; false for anything else, even a broken link. @param {string} path */
export function isFolder(path) {
  try {
    return statSync(path).isDirectory()
  } catch {
    return false
  }
}

/** @param {string} path @param {string} root */
function isInside(path, root) {
  const rel = relative(root, path)
  return rel === '' || (!rel.startsWith(`..${sep}`) && rel !== '..' && !rel.startsWith(sep))
}

/** @param {import('node:fs').Stats} stat */
function kindOf(stat) {
  if (stat.isFIFO()) return 'a FIFO (named pipe)'
  if (stat.isCharacterDevice() || stat.isBlockDevice()) return 'a device'
  if (stat.isSocket()) return 'a socket'
  return 'not a regular file'
}

/** @param {number} bytes */
function megabytes(bytes) {
  return bytes >= 1024 * 1024 ? `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB` : `${bytes} bytes`
}
