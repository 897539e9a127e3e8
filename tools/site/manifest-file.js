import {join} from 'node:path'

/**
 * Where a build keeps its manifest (cache.js): its own module, so that
 * deciding where a build runs (build-thread.js) loads nothing else.
 * @param {string} out  the .benchdoc folder
 */
export const manifestFile = (out) => join(out, 'cache', 'reports.json')
