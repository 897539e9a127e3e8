import {existsSync, readdirSync} from 'node:fs'
import {join} from 'node:path'
import {PACKAGE_ROOT} from '../../lib/root.js'

/**
 * Whether a reports repository lays out its report pages itself: its own
 * layouts/reports/page.html, or any file under layouts/_partials/report/ or
 * layouts/_partials/compute/. Its pages are then built by the templates as
 * they read the Hugo model, as Node cannot know what its templates print
 * (slower: docs/repository.md); otherwise Node writes each page's article
 * (tools/site/page-html/).
 * @param {string} root
 */
export function templatesOverridden(root) {
  if (root === PACKAGE_ROOT) return false
  if (existsSync(join(root, 'layouts', 'reports', 'page.html'))) return true
  return ['report', 'compute'].some((dir) => hasFile(join(root, 'layouts', '_partials', dir)))
}

/** @param {string} dir */
function hasFile(dir) {
  try {
    return readdirSync(dir, {recursive: true, withFileTypes: true}).some((d) => d.isFile())
  } catch {
    return false
  }
}

/**
 * Whether a reports repository lays out its versions pages itself (any file
 * under layouts/versions/ or layouts/_partials/versions/): its templates may
 * read the tables and charts that benchdoc's fill in after Hugo (fill-pages.js).
 * @param {string} root
 */
export function versionsOverridden(root) {
  if (root === PACKAGE_ROOT) return false
  return [join('layouts', 'versions'), join('layouts', '_partials', 'versions')].some((dir) => hasFile(join(root, dir)))
}

/**
 * Whether a reports repository writes the lists of reports itself (its own
 * layouts/_partials/site/report-list.html): its partial may read the lists
 * that benchdoc's fills in after Hugo (fill-pages.js).
 * @param {string} root
 */
export function listsOverridden(root) {
  return root !== PACKAGE_ROOT && existsSync(join(root, 'layouts', '_partials', 'site', 'report-list.html'))
}
