import {existsSync, readFileSync, statSync} from 'node:fs'
import {dirname, join, resolve} from 'node:path'
import {fileURLToPath} from 'node:url'
import {parse} from 'smol-toml'
import {UsageError} from './errors.js'

/**
 * benchdoc works with two folders, one in benchdoc's own repository:
 * - the package (PACKAGE_ROOT): the tool's own files, as installed. Read, never written to.
 * - the reports repository (reportsRoot): config.toml, data/, content/,
 *   plans/, and optional layouts/, i18n/ and assets/ that override the
 *   package's file by file. Everything benchdoc writes goes here.
 */

/** The installed package's folder. */
export const PACKAGE_ROOT = fileURLToPath(new URL('../../', import.meta.url)).replace(/\/$/, '')

/** What a config.toml holds to declare a benchdoc site: a `[params.benchdoc]` table. */
export const SITE_MARK = '[params.benchdoc]'

/**
 * Whether `dir`'s config.toml declares a benchdoc site. A config.toml that
 * cannot be parsed is not one (the build says why when it is given with --root).
 * @param {string} dir
 */
export function declaresSite(dir) {
  const file = join(dir, 'config.toml')
  if (!existsSync(file)) return false
  try {
    const config = /** @type {{params?: {benchdoc?: unknown}}} */ (parse(readFileSync(file, 'utf8')))
    return typeof config.params?.benchdoc === 'object'
  } catch {
    return false
  }
}

/**
 * The nearest folder from `start` upward whose config.toml declares a benchdoc site, or null.
 * @param {string} start
 */
export function findReportsRoot(start) {
  for (let dir = resolve(start); ; dir = dirname(dir)) {
    if (declaresSite(dir)) return dir
    if (dirname(dir) === dir) return null
  }
}

/**
 * The reports repository a command works on: `--root DIR`, else the nearest one upward.
 * None is wrong usage: a command that works on the repository has nothing to do.
 * @param {{cwd: string, root?: string}} io
 */
export function reportsRoot(io) {
  const root = io.root ?? findReportsRoot(io.cwd)
  if (root !== null && existsSync(join(root, 'config.toml'))) return root
  throw new UsageError(`No benchdoc reports repository in ${io.root ?? `${io.cwd} or any folder above it`} (a config.toml with a \`${SITE_MARK}\` table), expected one: make one with \`benchdoc init DIR\`, or pass --root DIR`)
}

/**
 * The reports repository of a command given its input files (import, run), else the current folder.
 * @param {{cwd: string, root?: string}} io
 */
export const reportsRootOrHere = (io) => io.root ?? findReportsRoot(io.cwd) ?? io.cwd

/**
 * `--root DIR` taken out of a command line and resolved against `cwd`; the rest is the command's.
 * @param {string[]} argv
 * @param {string} cwd
 * @returns {{argv: string[], root: string | undefined}}
 */
export function takeRootOption(argv, cwd) {
  const rest = []
  /** @type {string | undefined} */
  let root
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--') {
      rest.push(...argv.slice(i))
      break
    }
    if (arg !== '--root' && !arg.startsWith('--root=')) {
      rest.push(arg)
      continue
    }
    const value = arg === '--root' ? argv[++i] : arg.slice('--root='.length)
    if (value === undefined || value === '' || value.startsWith('-')) throw new UsageError('Option `--root DIR` needs a folder, expected e.g. `--root ../reports`')
    root = resolve(cwd, value)
    if (!existsSync(root) || !statSync(root).isDirectory()) throw new UsageError(`--root ${value}: no such folder (${root})`)
  }
  return {argv: rest, root}
}
