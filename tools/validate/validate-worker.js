/**
 * A validation thread (parallel.js): checks files from the shared counter, sends back their problems.
 */
import {parentPort, workerData} from 'node:worker_threads'
import {takeFiles} from './parallel.js'

parentPort?.postMessage(takeFiles(workerData))
