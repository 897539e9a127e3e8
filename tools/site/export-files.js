import {existsSync, mkdirSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {linkFile} from './publish-static.js'

/**
 * The Markdown export the build writes beside each report page
 * (`<destination>/<lang>/reports/<id>/index.md`), by tools/export/ in Node
 * from the report's view model: made when the report changed, as its view
 * model is, into `.benchdoc/export/<id>/<lang>.md`, and linked into the
 * destination after Hugo (publish-static.js's way with charts): Hugo renders
 * only the pages. The writing is report-export.js, loaded only when a report
 * changed: it brings the Markdown parser.
 */

/** @param {string} out  the .benchdoc folder @param {string} id @param {string} lang */
export const exportFile = (out, id, lang) => join(out, 'export', id, `${lang}.md`)

/**
 * Link the exports into a destination: every report's, or only `ids`'.
 * @param {{out: string, destination: string, languages: string[], ids?: string[]}} options
 */
export function publishExports({out, destination, languages, ids}) {
  const dir = join(out, 'export')
  for (const id of ids ?? (existsSync(dir) ? readdirSync(dir) : [])) {
    for (const lang of languages) {
      const from = exportFile(out, id, lang)
      if (!existsSync(from)) continue
      const to = join(destination, lang, 'reports', id, 'index.md')
      mkdirSync(dirname(to), {recursive: true})
      linkFile(from, to)
    }
  }
}
