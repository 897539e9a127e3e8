/**
 * Whether benchdoc may run from its bundle (it starts faster: a build loads over 400
 * modules): only when made after every source file and install, so an edit is never
 * shadowed. An installed package is taken as npm wrote it.
 */
import {readdirSync, statSync} from 'node:fs'
import {join, sep} from 'node:path'

/** The folder under tools/ that holds the bundle (never source). */
export const BUNDLE_FOLDER = 'bundle'

/**
 * @param {string} packageRoot  the installed package's folder
 * @param {Record<string, string | undefined>} [env]  BENCHDOC_NO_BUNDLE set: always the source
 */
export function bundleIsFresh(packageRoot, env = process.env) {
  if (env.BENCHDOC_NO_BUNDLE) return false
  const made = modified(join(packageRoot, 'tools', BUNDLE_FOLDER, 'cli.js'))
  if (made === null) return false
  // installed by npm, which packs the bundle with its source and gives each file its unpacking time
  if (packageRoot.split(sep).includes('node_modules')) return true
  const newer = (/** @type {string} */ file) => (modified(file) ?? 0) > made
  if (['package.json', 'package-lock.json', 'node_modules/.package-lock.json'].some((f) => newer(join(packageRoot, f)))) return false
  return !sourceFiles(join(packageRoot, 'tools')).some(newer)
}

/**
 * Every file under tools/ but the bundle's.
 * @param {string} tools
 */
export function sourceFiles(tools) {
  return readdirSync(tools, {withFileTypes: true, recursive: true})
    .filter((d) => d.isFile() && !inBundle(tools, d.parentPath))
    .map((d) => join(d.parentPath, d.name))
}

/** @param {string} tools @param {string} dir */
const inBundle = (tools, dir) => dir === join(tools, BUNDLE_FOLDER) || dir.startsWith(join(tools, BUNDLE_FOLDER) + '/')

/** @param {string} file @returns {number | null} */
function modified(file) {
  try {
    return statSync(file).mtimeMs
  } catch {
    return null
  }
}
