import {cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {dirname, join} from 'node:path'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {generatedSiteFiles} from '../helpers/generated-site.js'
import {ROOT} from '../helpers/paths.js'

/**
 * The generated site (test/helpers/generated-site.js), built once for the bundled lane beside the bundled
 * site: `inject('generated')` is its folder, with its `public/`. The export's figures and the zh and ja
 * linters read it.
 * @param {import('vitest/node').TestProject} project
 */
export default async function setup(project) {
  const root = mkdtempSync(join(tmpdir(), 'generated-site-'))
  cpSync(join(ROOT, 'config.toml'), join(root, 'config.toml'))
  for (const [path, content] of Object.entries(generatedSiteFiles())) {
    mkdirSync(dirname(join(root, path)), {recursive: true})
    writeFileSync(join(root, path), content)
  }
  const result = await buildSite({root, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}})
  const errors = result.problems.filter((p) => p.severity === 'error')
  if (!result.built || errors.length) throw new Error(`the generated site did not build:\n${errors.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`).join('\n')}`)
  project.provide('generated', root)
  return () => rmSync(root, {recursive: true, force: true})
}
