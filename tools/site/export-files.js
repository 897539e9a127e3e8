import {existsSync, mkdirSync, readdirSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {linkFile} from './publish-static.js'

/**
 * The Markdown export beside each report page (`<lang>/reports/<id>/index.md`): written when the report
 * changed (report-export.js) into `.benchdoc/export/<id>/<lang>.md`, and linked in after Hugo.
 */

/** @param {string} out  the .benchdoc folder @param {string} id @param {string} lang */
export const exportFile = (out, id, lang) => join(out, 'export', id, `${lang}.md`)

/** The sidecar of its exports (front-matter.js), linked beside each. @param {string} out @param {string} id */
export const sidecarOf = (out, id) => join(out, 'export', id, `${id}.benchdoc.yaml`)

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
      if (existsSync(sidecarOf(out, id))) linkFile(sidecarOf(out, id), join(dirname(to), `${id}.benchdoc.yaml`))
    }
  }
}
