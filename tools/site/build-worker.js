/**
 * The thread a `benchdoc build` runs in (build-thread.js): one build, its
 * result or its error posted back.
 */
import {parentPort, workerData} from 'node:worker_threads'
import {buildSite} from './build.js'

try {
  parentPort?.postMessage({result: await buildSite(workerData)})
} catch (error) {
  const e = /** @type {Error & {exitCode?: number}} */ (error)
  // an error's own fields do not survive a message: its exit code is what the command needs
  parentPort?.postMessage({error: {name: e?.name, message: e?.message ?? String(error), stack: e?.stack, exitCode: e?.exitCode}})
}
