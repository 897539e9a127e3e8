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
export const RACY_MS = 2000

/**
 * Times in milliseconds (with their fraction) are precise enough: a stamp is
 * taken only of files older than RACY_MS, and any later write gives a file
 * a time at least that much newer. (Nanosecond times as BigInt cost a
 * third of the stamps' CPU at 1,000 reports.) The narrative folder's own
 * times and inode are part of the stamp: while they are those of `previous`
 * (an entry added, removed or renamed changes them), its entries are the
 * names `previous` lists, and the folder is not read (a listing costs twice a
 * file's stat).
 * @param {string} dataFile
 * @param {string} narrativeFolder  content/narrative/<id>, which may not exist
 * @param {number} now  ms since the epoch, when the build started
 * @param {string | null} [previous]  the report's stamp at the last build
 * @returns {string | null}  null when a file is too new to be trusted
 */
export function stampOf(dataFile, narrativeFolder, now, previous) {
  const newest = now - RACY_MS
  const data = statOrNull(dataFile)
  if (!data || data.mtimeMs > newest || data.ctimeMs > newest) return null
  let stamp = `:${data.size}:${data.mtimeMs}:${data.ctimeMs}:${data.ino}`
  const folder = statOrNull(narrativeFolder)
  if (!folder?.isDirectory()) return stamp
  if (folder.mtimeMs > newest || folder.ctimeMs > newest) return null
  const own = `/.:${folder.mtimeMs}:${folder.ctimeMs}:${folder.ino}`
  stamp += own
  const names = previous === stamp || previous?.startsWith(`${stamp}/`) ? namesIn(previous) : narrativeNames(narrativeFolder)
  for (const name of names) {
    const s = statOrNull(join(narrativeFolder, name))
    if (!s || s.mtimeMs > newest || s.ctimeMs > newest) return null
    stamp += `/${name}:${s.size}:${s.mtimeMs}:${s.ctimeMs}:${s.ino}`
  }
  return stamp
}

/**
 * The entries a stamp lists after its folder's own part (`/.:…`): a name
 * holds no `/`, and its four figures follow its last `:`s.
 * @param {string} stamp @returns {string[]}
 */
function namesIn(stamp) {
  return stamp.split('/').slice(2).map((entry) => entry.split(':').slice(0, -4).join(':'))
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
