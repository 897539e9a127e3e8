import {cpSync, mkdirSync, writeFileSync} from 'node:fs'
import {dirname, join} from 'node:path'
import {hugoBinary} from '../../tools/site/hugo.js'
import {ROOT} from './paths.js'
import {tempFolder} from './temp.js'

/**
 * A throwaway reports repository with the real config but its own data: the
 * templates and labels come from the package (this repository), as for an
 * installed benchdoc; the site is built from it with real Hugo. The folder is
 * removed when the test (or, made outside a test, the file) is done.
 *
 * @param {Record<string, string>} files  paths under the project → content
 * @returns {{root: string, env: Record<string, string | undefined>}}
 */
export function fixtureSite(files) {
  const root = tempFolder('benchdoc-site-')
  cpSync(join(ROOT, 'config.toml'), join(root, 'config.toml'))
  mkdirSync(join(root, 'data', 'reports'), {recursive: true})
  for (const [path, content] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), content)
  }
  return {root, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}}
}
