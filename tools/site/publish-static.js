import {copyFileSync, existsSync, linkSync, mkdirSync, readdirSync, rmSync, unlinkSync} from 'node:fs'
import {join} from 'node:path'

/**
 * Charts and downloads reach the destination from .benchdoc/static (a folder
 * per kind, then per report) by hard link, not through Hugo, which copies
 * every static file on every build. A link stays correct: .benchdoc's files
 * are replaced, never rewritten in place.
 */

/**
 * @param {{staticDir: string, destination: string, languages: string[], ids?: string[], gone?: string[]}} options
 *   ids: only these reports' files (all when missing); gone: reports whose files and pages to remove
 */
export function publishStatic({staticDir, destination, languages, ids, gone = []}) {
  const kinds = existsSync(staticDir) ? readdirSync(staticDir) : []
  for (const id of gone) {
    for (const kind of kinds) rmSync(join(destination, kind, id), {recursive: true, force: true})
    for (const lang of languages) rmSync(join(destination, lang, 'reports', id), {recursive: true, force: true})
  }
  for (const kind of kinds) {
    for (const id of ids ?? readdirSync(join(staticDir, kind))) {
      const from = join(staticDir, kind, id)
      const to = join(destination, kind, id)
      rmSync(to, {recursive: true, force: true})
      if (existsSync(from)) linkTree(from, to)
    }
  }
}

/** @param {string} from @param {string} to */
function linkTree(from, to) {
  mkdirSync(to, {recursive: true})
  for (const entry of readdirSync(from, {withFileTypes: true})) {
    const source = join(from, entry.name)
    const target = join(to, entry.name)
    if (entry.isDirectory()) linkTree(source, target)
    else if (entry.isFile()) linkFile(source, target)
  }
}

/** @param {string} source @param {string} target */
export function linkFile(source, target) {
  try {
    linkSync(source, target)
  } catch (e) {
    const code = /** @type {NodeJS.ErrnoException} */ (e).code
    if (code === 'EEXIST') {
      unlinkSync(target)
      linkSync(source, target)
    } else if (code === 'EXDEV' || code === 'EPERM') copyFileSync(source, target) // another file system
    else throw e
  }
}
