import {existsSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {Worker} from 'node:worker_threads'
import {allEnded} from '../lib/all-ended.js'

/**
 * Charts rendered and written in worker threads, while the main thread
 * derives the next reports; a worker loads Vega for its first chart to render.
 *
 * A worker re-uses a Vega view per chart shape (render.js), and a chart's SVG
 * does not depend on what its view drew before: any worker may draw any
 * chart. A shape's charts stay with the worker that compiled it, until it has
 * SPREAD more queued than the least busy one (a cold build's charts are
 * mostly of one shape, and then drawn on every core).
 *
 * @typedef {{worker: Worker, busy: number}} Slot  `busy`: charts sent and not answered yet
 * @typedef {{resolve: (results: import('./job.js').ChartResult[]) => void, reject: (error: Error) => void, slot: Slot, charts: number}} Task
 */

/** @type {Array<Slot | undefined>} a worker per index, started when first needed */
const slots = []
/** @type {Map<number, Task>} */
const tasks = new Map()
let nextId = 0

/** Workers started (`poolSize`). */
const SIZE = poolSize(availableParallelism())

/**
 * A worker per core but the main thread's, which derives meanwhile; at most 4 (more only adds memory).
 * @param {number} cores
 */
export function poolSize(cores) {
  return Math.max(1, Math.min(4, cores - 1))
}

/** Charts rendered in the main thread while no worker runs (`export --docs`): loading Vega here costs less. */
const IN_MAIN_THREAD = 12
let inMainThread = 0

/** @type {Promise<typeof import('./job.js')> | undefined} job.js, imported once (an import per chart costs) */
let jobs

/**
 * Render a chart and write its copies (job.js): see renderCharts.
 * @param {import('./job.js').ChartJob} job
 * @returns {Promise<import('./job.js').ChartResult>}
 */
export async function renderChart(job) {
  const [result] = await renderCharts({jobs: [job]})
  return result
}

/**
 * Render a report's charts and write their files (job.js): in the main thread when all are cached or few
 * were rendered, else in the pool, as one message (a message a chart cost more than the work it handed on).
 * @param {import('./job.js').ChartBatch} batch
 * @returns {Promise<import('./job.js').ChartResult[]>}
 */
export async function renderCharts(batch) {
  const {cacheFileOf, runChartJobs} = await (jobs ??= import('./job.js'))
  const poolStarted = slots.some(Boolean)
  // hashed once, here: the thread that runs a job reads it from the job
  const withFiles = batch.jobs.map((job) => ({...job, cacheFile: job.cacheFile ?? cacheFileOf(job.spec, job.cacheDir)}))
  const cached = withFiles.every(({cacheFile}) => existsSync(cacheFile))
  if (cached || (!poolStarted && inMainThread < IN_MAIN_THREAD)) {
    if (!cached) inMainThread += withFiles.length
    return runChartJobs({...batch, jobs: withFiles})
  }
  return renderInPool({...batch, jobs: withFiles})
}

/**
 * Render charts that the caller waits for with nothing else to do (a versions page's, once every report is
 * derived), as renderChart does each: all have ended before this returns, even after one failed, so that
 * nothing writes on after the build.
 * @param {import('./job.js').ChartJob[]} list
 * @returns {Promise<import('./job.js').ChartResult[]>}  in the order of `list`
 */
export function renderAll(list) {
  return allEnded(list.map(renderChart))
}

/**
 * @param {import('./job.js').ChartBatch} batch  drawn by the worker of its first chart's shape (`slotOf`)
 * @returns {Promise<import('./job.js').ChartResult[]>}
 */
function renderInPool(batch) {
  const slot = slotOf(batch.jobs[0].spec)
  const id = nextId++
  const charts = batch.jobs.length
  return new Promise((resolve, reject) => {
    tasks.set(id, {resolve, reject, slot, charts})
    // a worker with work keeps the process alive; an idle one does not
    if (slot.busy === 0) slot.worker.ref()
    slot.busy += charts
    slot.worker.postMessage({id, batch})
  })
}

/** Start every worker now, so that they load Vega while the caller still derives. */
export function warmPool() {
  for (let i = 0; i < SIZE; i++) slots[i] ??= start()
  jobs ??= import('./job.js')
}

/**
 * Start one worker now, for a build with one changed report: it loads Vega
 * while the main thread derives the report, off the build's critical path.
 */
export function warmOne() {
  slots[0] ??= start()
  // now: loaded when the charts are handed on, they waited until the main thread next let go
  jobs ??= import('./job.js')
}

/** @type {Map<string, Slot>} the worker that draws each chart shape */
const shapes = new Map()

/** Charts more than the least busy worker's queue that a shape's worker takes before it hands the shape on. */
const SPREAD = 8

/**
 * The worker for this spec: its shape's, unless SPREAD charts behind the least busy one, which then takes it.
 * @param {import('./job.js').ChartSpec} spec
 */
function slotOf(spec) {
  const {data, ...shape} = spec
  const key = JSON.stringify(shape)
  const own = shapes.get(key)
  const fewest = slots.filter(Boolean).length < SIZE ? 0 : Math.min(...slots.map((s) => s?.busy ?? 0))
  if (own && slots.includes(own) && own.busy < fewest + SPREAD) return own
  const slot = leastBusy()
  shapes.set(key, slot)
  return slot
}

/** An idle worker, else a new one while there are fewer than SIZE, else the one with the fewest charts queued. */
function leastBusy() {
  const started = /** @type {Slot[]} */ (slots.filter(Boolean))
  const idle = started.find((s) => s.busy === 0)
  if (idle) return idle
  for (let i = 0; i < SIZE; i++) if (!slots[i]) return (slots[i] = start())
  return started.reduce((a, b) => (b.busy < a.busy ? b : a))
}

function start() {
  const worker = new Worker(new URL('./chart-worker.js', import.meta.url))
  /** @type {Slot} */
  const slot = {worker, busy: 0}
  worker.on('message', (/** @type {{id: number, results?: import('./job.js').ChartResult[], error?: string}} */ {id, results, error}) => {
    const task = tasks.get(id)
    if (!task) return
    done(id, task)
    if (error !== undefined) task.reject(new Error(error))
    else task.resolve(/** @type {import('./job.js').ChartResult[]} */ (results))
  })
  // a worker that dies takes its queued charts with it: each fails with the reason
  worker.on('error', (error) => failAll(slot, error))
  worker.on('exit', (code) => failAll(slot, new Error(`chart worker stopped (exit code ${code})`)))
  worker.unref()
  return slot
}

/** @param {number} id @param {Task} task */
function done(id, task) {
  tasks.delete(id)
  task.slot.busy -= task.charts
  if (task.slot.busy === 0) task.slot.worker.unref()
}

/** @param {Slot} slot @param {Error} error */
function failAll(slot, error) {
  // a new worker takes its place when next needed
  const i = slots.indexOf(slot)
  if (i >= 0) slots[i] = undefined
  for (const [id, task] of tasks) {
    if (task.slot !== slot) continue
    done(id, task)
    task.reject(error)
  }
}
