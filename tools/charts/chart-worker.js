/**
 * A chart thread of the pool (pool.js): runs each batch it is sent, in order
 * (a job may find the cache file the one before it wrote).
 */
import {parentPort} from 'node:worker_threads'
import {runChartJobs} from './job.js'

/** @type {Promise<unknown>} the jobs in order, after Vega is loaded: a worker is started before its first job is known (pool.js) */
let queue = import('./render.js').then(() => {}, () => {})

parentPort?.on('message', (/** @type {{id: number, batch: import('./job.js').ChartBatch}} */ {id, batch}) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({id, results: await runChartJobs(batch)})
    } catch (error) {
      parentPort?.postMessage({id, error: error instanceof Error ? error.message : String(error)})
    }
  })
})
