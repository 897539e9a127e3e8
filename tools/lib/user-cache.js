import {homedir} from 'node:os'
import {join} from 'node:path'

/**
 * The user's cache folder, shared by every reports repository, for the installed
 * tool's pinned Hugo and compiled schema validators: BENCHDOC_CACHE, else
 * XDG_CACHE_HOME/benchdoc, else the platform's cache folder.
 * @param {Record<string, string | undefined>} env
 */
export function userCacheDir(env) {
  if (env.BENCHDOC_CACHE) return env.BENCHDOC_CACHE
  if (env.XDG_CACHE_HOME) return join(env.XDG_CACHE_HOME, 'benchdoc')
  if (process.platform === 'darwin') return join(homedir(), 'Library', 'Caches', 'benchdoc')
  return join(homedir(), '.cache', 'benchdoc')
}
