import {cpSync, existsSync, mkdtempSync, rmSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {buildSite} from '../../tools/site/build.js'
import {hugoBinary} from '../../tools/site/hugo.js'
import {ROOT} from '../helpers/paths.js'

/**
 * The bundled site, built once for every suite that reads it (`inject('bundled')`:
 * the folder of a copy of this repository's reports, with its `public/`), by the
 * vitest projects that run those suites (vitest.config.js). A copy: a test run never
 * writes into this repository's own .benchdoc/. Each project loads this module anew,
 * so the one build is kept on the global object of vitest's process, removed when
 * the last project that asked for it ends.
 * @param {import('vitest/node').TestProject} project
 */
export default async function setup(project) {
  const shared = /** @type {{benchdocBundled?: {root: Promise<string>, users: number}}} */ (globalThis)
  shared.benchdocBundled ??= {root: build(), users: 0}
  const bundled = shared.benchdocBundled
  bundled.users++
  const root = await bundled.root
  project.provide('bundled', root)
  return () => {
    if (--bundled.users === 0) rmSync(root, {recursive: true, force: true})
  }
}

async function build() {
  const root = mkdtempSync(join(tmpdir(), 'bundled-site-'))
  for (const path of ['config.toml', 'data/reports', 'content/narrative']) {
    if (existsSync(join(ROOT, path))) cpSync(join(ROOT, path), join(root, path), {recursive: true})
  }
  const result = await buildSite({root, env: {...process.env, HUGO: hugoBinary(ROOT, process.env)}})
  if (!result.built) throw new Error(`the bundled site did not build:\n${result.problems.map((p) => `${p.file}:${p.line}:${p.col}: ${p.message}`).join('\n')}`)
  return root
}
