import {readdirSync, statSync} from 'node:fs'
import {join} from 'node:path'

/**
 * What a report's files look like on disk, without reading them: size,
 * modification and change times and inode of its data file and of every
 * entry of its narrative folder. A report whose stamp is the one the last
 * build recorded is not read again; any write, rename or new file changes it.
 *
 * A file changed in the last seconds gets no stamp: the file system's clock
 * is coarse, and a second write within one tick of the same size would look
 * the same ("racy" files, as git calls them). Such a report is read and
 * hashed instead.
 */

/** Files changed more recently than this are not trusted by their stamp. */
const RACY_MS = 2000n

/**
 * @param {string} dataFile
 * @param {string} narrativeFolder  content/narrative/<id>, which may not exist
 * @param {number} now  ms since the epoch, when the build started
 * @returns {string | null}  null when a file is too new to be trusted
 */
export function stampOf(dataFile, narrativeFolder, now) {
  const newest = BigInt(now) * 1000000n - RACY_MS * 1000000n
  const parts = []
  for (const [name, path] of [['', dataFile], ...narrativeEntries(narrativeFolder)]) {
    const s = statOrNull(path)
    if (!s) return null
    if (s.mtimeNs > newest || s.ctimeNs > newest) return null
    parts.push(`${name}:${s.size}:${s.mtimeNs}:${s.ctimeNs}:${s.ino}`)
  }
  return parts.join('/')
}

/** @param {string} folder @returns {Array<[string, string]>} */
function narrativeEntries(folder) {
  try {
    return readdirSync(folder).sort().map((name) => [name, join(folder, name)])
  } catch {
    return []
  }
}

/** A file's times, or null when it cannot be stat'ed (missing, a link that loops: the reading then says why). @param {string} path */
function statOrNull(path) {
  try {
    return statSync(path, {bigint: true, throwIfNoEntry: false}) ?? null
  } catch {
    return null
  }
}
