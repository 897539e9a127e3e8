import {join} from 'node:path'

/**
 * Where a build keeps its manifest (cache.js): a module of its own, which
 * tests read without loading the cache.
 * @param {string} out  the .benchdoc folder
 */
export const manifestFile = (out) => join(out, 'cache', 'reports.json')
