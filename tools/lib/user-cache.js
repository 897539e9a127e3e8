import {homedir} from 'node:os'
import {join} from 'node:path'

/**
 * The user's cache folder for what belongs to the installed tool, not to a
 * reports repository, and is shared by all of them: the pinned Hugo
 * (`benchdoc setup`) and the compiled schema validators. BENCHDOC_CACHE, else
 * XDG_CACHE_HOME/benchdoc, else the platform's cache folder.
 * @param {Record<string, string | undefined>} env
 */
export function userCacheDir(env) {
  if (env.BENCHDOC_CACHE) return env.BENCHDOC_CACHE
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'benchdoc')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'benchdoc')
  return join(homedir(), '.cache', 'benchdoc')
}
