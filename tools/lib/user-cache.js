import {homedir} from 'node:os'
import {join} from 'node:path'

/**
 * The user's cache folder for the installed tool's pinned Hugo and compiled validators,
 * shared by every reports repository: BENCHDOC_CACHE, XDG_CACHE_HOME/benchdoc, or the platform's.
 * @param {Record<string, string | undefined>} env
 */
export function userCacheDir(env) {
  if (env.BENCHDOC_CACHE) return env.BENCHDOC_CACHE
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'benchdoc')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'benchdoc')
  return join(homedir(), '.cache', 'benchdoc')
}
