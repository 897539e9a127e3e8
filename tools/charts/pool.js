import {existsSync} from 'node:fs'
import {availableParallelism} from 'node:os'
import {Worker} from 'node:worker_threads'

/**
 * Charts rendered and written in worker threads, one per core: rendering is
 * most of a cold build, and the main thread goes on validating and deriving
 * the next reports meanwhile. Vega is loaded by the workers only, when the first chart
 * is to be rendered: a build with nothing to render never loads it.
 *
 * Each chart shape (a spec without its data) goes to one worker, chosen in
 * the order shapes first appear: a worker re-uses one Vega view per shape
 * (render.js), and a re-used view's SVG can list axis ticks in another order
 * depending on the charts it drew before. Charts asked for in a fixed order
 * thus come out the same on every build, as they did on one thread.
 *
 * @typedef {{worker: Worker, busy: number}} Slot
 * @typedef {{resolve: (result: {cached: boolean}) => void, reject: (error: Error) => void, slot: Slot}} Task
 */

/** @type {Array<Slot | undefined>} a worker per index, started when first needed */
const slots = []
/** @type {Map<number, Task>} */
const tasks = new Map()
let nextId = 0

/** Workers started: one per core, at most 4 (more only adds memory). */
const SIZE = Math.max(1, Math.min(4, availableParallelism()))

/**
 * Charts rendered in the main thread while no worker runs: a build that
 * changed one report renders a few, and loading Vega once, here, costs half
 * of what a worker per core costs. Past these, the pool takes over.
 */
const IN_MAIN_THREAD = 12
let inMainThread = 0

/**
 * Render a chart and write its copies (job.js): in the main thread when its
 * rendering is in the cache (copies are cheap) or while only a few charts
 * were rendered, else in the pool.
 * @param {import('./job.js').ChartJob} job
 * @returns {Promise<{cached: boolean}>}  whether it came from the cache
 */
export async function renderChart(job) {
  const {cacheFileOf, runChartJob} = await import('./job.js')
  const poolStarted = slots.some(Boolean)
  if (existsSync(cacheFileOf(job.spec, job.cacheDir)) || (!poolStarted && inMainThread++ < IN_MAIN_THREAD)) return runChartJob(job)
  return renderInPool(job)
}

/**
 * @param {import('./job.js').ChartJob} job
 * @returns {Promise<{cached: boolean}>}
 */
function renderInPool(job) {
  const slot = slotOf(job.spec)
  const id = nextId++
  return new Promise((resolve, reject) => {
    tasks.set(id, {resolve, reject, slot})
    // a worker with work keeps the process alive; an idle one does not
    if (slot.busy++ === 0) slot.worker.ref()
    slot.worker.postMessage({id, job})
  })
}

/**
 * Start every worker now, so that they load Vega while the caller still
 * validates and derives: a build that changed one report waits less for
 * its charts.
 */
export function warmPool() {
  for (let i = 0; i < SIZE; i++) slots[i] ??= start()
}

/** @type {Map<string, number>} each chart shape's worker, by index */
const shapes = new Map()

/**
 * The worker for this spec's shape: shapes are dealt to the workers in turn,
 * which are started when first needed.
 * @param {Record<string, any>} spec
 */
function slotOf(spec) {
  const {data, ...shape} = spec
  const key = JSON.stringify(shape)
  let index = shapes.get(key)
  if (index === undefined) {
    index = shapes.size % SIZE
    shapes.set(key, index)
  }
  return (slots[index] ??= start())
}

function start() {
  const worker = new Worker(new URL('./worker.js', import.meta.url))
  /** @type {Slot} */
  const slot = {worker, busy: 0}
  worker.on('message', (/** @type {{id: number, result?: {cached: boolean}, error?: string}} */ {id, result, error}) => {
    const task = tasks.get(id)
    if (!task) return
    done(id, task)
    if (error !== undefined) task.reject(new Error(error))
    else task.resolve(/** @type {{cached: boolean}} */ (result))
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
  if (--task.slot.busy === 0) task.slot.worker.unref()
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
