import {pools} from '../helpers/materials.js'

/**
 * What the generator of reports like users' draws from (test/helpers/materials.js), read once for the
 * whole run (about 4 s: it imports and validates every real report) and given to each test file by
 * test/global/use-pools.js. Each project loads this module anew: the pools are kept on the global
 * object of vitest's process, where materials.js finds them too.
 * @param {import('vitest/node').TestProject} project
 */
export default function setup(project) {
  const shared = /** @type {{benchdocPools?: import('../helpers/materials.js').Pools}} */ (globalThis)
  shared.benchdocPools ??= pools()
  project.provide('pools', shared.benchdocPools)
}
