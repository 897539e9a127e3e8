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
const RACY_MS = 2000

/**
 * Times in milliseconds (with their fraction) are precise enough: a stamp is
 * taken only of files older than RACY_MS, and any later write gives a file
 * a time at least that much newer. (Nanosecond times as BigInt cost a
 * third of the stamps' CPU at 1,000 reports.)
 * @param {string} dataFile
 * @param {string} narrativeFolder  content/narrative/<id>, which may not exist
 * @param {number} now  ms since the epoch, when the build started
 * @returns {string | null}  null when a file is too new to be trusted
 */
export function stampOf(dataFile, narrativeFolder, now) {
  const newest = now - RACY_MS
  let stamp = ''
  const names = narrativeNames(narrativeFolder)
  for (let i = -1; i < names.length; i++) {
    const s = statOrNull(i < 0 ? dataFile : join(narrativeFolder, names[i]))
    if (!s || s.mtimeMs > newest || s.ctimeMs > newest) return null
    stamp += `${i < 0 ? '' : `/${names[i]}`}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`
  }
  return stamp
}

/** @param {string} folder @returns {string[]} */
function narrativeNames(folder) {
  try {
    return readdirSync(folder).sort()
  } catch {
    return []
  }
}

/** A file's times, or null when it cannot be stat'ed (missing, a link that loops: the reading then says why). @param {string} path */
function statOrNull(path) {
  try {
    return statSync(path, {throwIfNoEntry: false}) ?? null
  } catch {
    return null
  }
}
