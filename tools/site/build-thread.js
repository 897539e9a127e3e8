import {existsSync} from 'node:fs'
import {join} from 'node:path'
import {Worker} from 'node:worker_threads'
import {manifestFile} from './manifest-file.js'

/**
 * Young generation of the build's thread, in MiB (V8 gives a third of it to
 * each of its two semi-spaces). V8's default for a 64-bit machine, 48, makes the
 * main thread of a cold build collect garbage every few megabytes it
 * allocates: at 300 full reports 135 young collections instead of 62, and
 * about a tenth of that thread's time (docs/performance.md, "The build's thread").
 */
export const YOUNG_GENERATION_MB = 192

/**
 * A build as `benchdoc build` runs it. A first build (no manifest of an
 * earlier one in .benchdoc/) derives every report: it runs in a thread of its
 * own (buildSiteInThread). A later build mostly derives a few reports: it runs
 * in this thread, without the tens of milliseconds a thread takes to start.
 * @param {Parameters<typeof import('./build.js').buildSite>[0]} options
 * @returns {ReturnType<typeof import('./build.js').buildSite>}
 */
export async function runBuild(options) {
  if (!existsSync(manifestFile(join(options.root, '.benchdoc')))) return buildSiteInThread(options)
  const {buildSite} = await import('./build.js')
  return buildSite(options)
}

/**
 * `buildSite` (build.js) in a thread of its own, whose young generation can
 * be set (a process's main thread takes it from the command line only): the
 * same result, or the same error, with its exit code.
 * @param {Parameters<typeof import('./build.js').buildSite>[0]} options
 * @returns {ReturnType<typeof import('./build.js').buildSite>}
 */
export function buildSiteInThread({root, destination, env}) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./build-worker.js', import.meta.url), {
      workerData: {root, destination, env: {...env}},
      resourceLimits: {maxYoungGenerationSizeMb: YOUNG_GENERATION_MB}
    })
    worker.once('message', (/** @type {{result?: Awaited<ReturnType<typeof import('./build.js').buildSite>>, error?: {name?: string, message: string, stack?: string, exitCode?: number}}} */ m) => {
      if (m.result) resolve(m.result)
      else reject(Object.assign(new Error(m.error?.message), m.error))
    })
    worker.once('error', reject)
    // settled already unless the thread ended without a word (killed, out of memory)
    worker.once('exit', (code) => reject(new Error(`the build thread stopped (exit code ${code})`)))
  })
}
