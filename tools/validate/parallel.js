import {availableParallelism} from 'node:os'
import {Worker} from 'node:worker_threads'
import {validateFiles} from './index.js'

/**
 * Report files checked on every core: the main thread and a worker per other core take
 * the next file from a shared counter until none is left; results in file order.
 *
 * @typedef {{path: string, problems: import('../lib/problems.js').Problem[]}} FileResult
 * @typedef {{files: string[], cwd: string, options: {derive?: boolean}, next: Int32Array}} Shared
 */

/** Below this many files a worker costs more than it saves (its start-up is worth about 100 files). */
const FILES_PER_WORKER = 200

/**
 * @param {string[]} files
 * @param {string} cwd  as for validateFiles
 * @param {{derive?: boolean}} [options]
 * @param {() => void} [meanwhile]  other work for the main thread, done while the workers start
 * @returns {Promise<FileResult[]>}
 */
export async function validateInParallel(files, cwd, options = {}, meanwhile = () => {}) {
  const workers = Math.min(availableParallelism() - 1, Math.floor(files.length / FILES_PER_WORKER))
  const next = new Int32Array(new SharedArrayBuffer(4))
  /** @type {Shared} */
  const shared = {files, cwd, options, next}
  const running = Array.from({length: Math.max(0, workers)}, () => inWorker(shared))
  meanwhile()
  /** @type {Array<FileResult | undefined>} */
  const results = new Array(files.length)
  for (const [i, result] of takeFiles(shared)) results[i] = result
  for (const part of await Promise.all(running)) for (const [i, result] of part) results[i] = result
  return /** @type {FileResult[]} */ (results)
}

/**
 * Check files from the shared counter until none is left.
 * @param {Shared} shared
 * @returns {Array<[number, FileResult]>}  by index in `files`
 */
export function takeFiles({files, cwd, options, next}) {
  /** @type {Array<[number, FileResult]>} */
  const done = []
  for (let i = Atomics.add(next, 0, 1); i < files.length; i = Atomics.add(next, 0, 1)) {
    const [{path, problems}] = validateFiles([files[i]], cwd, options)
    done.push([i, {path, problems}])
  }
  return done
}

/**
 * @param {Shared} shared
 * @returns {Promise<Array<[number, FileResult]>>}
 */
function inWorker(shared) {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./validate-worker.js', import.meta.url), {workerData: shared})
    worker.once('message', resolve)
    worker.once('error', reject)
    worker.once('exit', (code) => reject(new Error(`validation worker stopped (exit code ${code})`)))
  })
}
