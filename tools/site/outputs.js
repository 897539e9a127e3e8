import {join} from 'node:path'

/**
 * Where a report's outputs go under the .benchdoc folder: model, charts, downloads (its exports among them: export-files.js).
 * @param {string} out  the .benchdoc folder
 * @param {string} id
 */
export function reportOutputs(out, id) {
  return {
    model: join(out, 'assets', 'reports', `${id}.json`),
    charts: join(out, 'static', 'charts', id),
    downloads: join(out, 'static', 'downloads', id)
  }
}

/** The folders that hold one entry per report (a file or a folder named after it). @param {string} out */
export function reportFolders(out) {
  return [join(out, 'assets', 'reports'), join(out, 'static', 'charts'), join(out, 'static', 'downloads')]
}
