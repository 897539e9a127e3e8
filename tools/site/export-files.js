import {join} from 'node:path'

/**
 * The Markdown export of each language and its sidecar (front-matter.js), once: written when the report
 * changed (report-export.js) among its downloads, `.benchdoc/static/downloads/<id>/`, and published with them.
 */

/** @param {string} out  the .benchdoc folder @param {string} id @param {string} lang */
export const exportFile = (out, id, lang) => join(out, 'static', 'downloads', id, `${id}.${lang}.md`)

/** Beside the exports, where the import reads it. @param {string} out @param {string} id */
export const sidecarOf = (out, id) => join(out, 'static', 'downloads', id, `${id}.benchdoc.yaml`)
