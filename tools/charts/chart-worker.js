/**
 * A chart thread of the pool (pool.js): runs each chart job it is sent, one
 * after the other in the order sent (a job may find the cache file the one
 * before it wrote), and answers with the result or the error's message.
 */
import {parentPort} from 'node:worker_threads'
import {runChartJob} from './job.js'

/** @type {Promise<unknown>} the jobs in order, after Vega is loaded: a worker is started before its first job is known (pool.js) */
let queue = import('./render.js').then(() => {}, () => {})

parentPort?.on('message', (/** @type {{id: number, job: import('./job.js').ChartJob}} */ {id, job}) => {
  queue = queue.then(async () => {
    try {
      parentPort?.postMessage({id, result: await runChartJob(job)})
    } catch (error) {
      parentPort?.postMessage({id, error: error instanceof Error ? error.message : String(error)})
    }
  })
})
