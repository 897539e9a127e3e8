#!/usr/bin/env node
/**
 * Make tools/bundle/: the CLI and its workers as code-split ES modules, which cli.js
 * runs in place of the source while fresh (fresh.js). Run by `make` and `npm pack`.
 *
 *   node tools/pack/bundle.js [--if-stale]
 */
import {renameSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {PACKAGE_ROOT} from '../lib/root.js'
import {BUNDLE_FOLDER, bundleIsFresh} from './fresh.js'

/**
 * The bundle's entries, by name in tools/bundle/: the workers keep their file
 * names, which pool.js and parallel.js give relative to themselves.
 */
export const ENTRIES = {
  cli: 'tools/cli.js',
  'chart-worker': 'tools/charts/chart-worker.js',
  'validate-worker': 'tools/validate/validate-worker.js',
  build: 'tools/site/build.js'
}

/** Packages left to Node: native code, which esbuild cannot bundle. */
const EXTERNAL = ['@resvg/resvg-js']

/** esbuild's shim of CommonJS `require` calls needs a `require`, which an ES module lacks. */
const BANNER = "import {createRequire as benchdocCreateRequire} from 'node:module'; const require = benchdocCreateRequire(import.meta.url);"

/**
 * Write the bundle into a fresh folder, then rename it over the old one (meanwhile: old bundle or source).
 * @param {string} [packageRoot]
 * @returns {Promise<string>}  the bundle's folder
 */
export async function makeBundle(packageRoot = PACKAGE_ROOT) {
  const {build} = await import('esbuild')
  const folder = join(packageRoot, 'tools', BUNDLE_FOLDER)
  const fresh = `${folder}.new-${process.pid}`
  const old = `${folder}.old-${process.pid}`
  rmSync(fresh, {recursive: true, force: true})
  await build({
    absWorkingDir: packageRoot,
    entryPoints: ENTRIES,
    outdir: fresh,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external: EXTERNAL,
    banner: {js: BANNER},
    chunkNames: 'chunk-[hash]',
    logLevel: 'warning'
  })
  try {
    renameSync(folder, old)
  } catch {} // no bundle yet
  renameSync(fresh, folder)
  rmSync(old, {recursive: true, force: true})
  return folder
}

if (process.argv[1] && import.meta.url.endsWith(process.argv[1])) {
  if (process.argv.includes('--if-stale') && bundleIsFresh(PACKAGE_ROOT, {})) process.exit(0)
  const started = Date.now()
  const folder = await makeBundle()
  process.stdout.write(`bundle made in ${folder} (${((Date.now() - started) / 1000).toFixed(1)} s)\n`)
}
