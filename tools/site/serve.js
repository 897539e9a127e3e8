import {spawn} from 'node:child_process'
import {existsSync, readdirSync, statSync, watch} from 'node:fs'
import {getPriority, setPriority} from 'node:os'
import {join} from 'node:path'
import {plural} from '../lib/english.js'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {hugoBinary} from './hugo.js'
import {hugoConfig} from './hugo-config.js'
import {prepareSite} from './prepare.js'

/**
 * `benchdoc serve`: derive, run Hugo's server, derive again on every change to data/reports,
 * content/narrative or i18n/; every page shows the problems while the data is invalid.
 */

/**
 * Folders to watch: each is watched on its own (not recursively), because an
 * editor's save by rename replaces the file a per-file watch would follow.
 * @param {string} root
 */
function watchedDirs(root) {
  // i18n/: the labels name workloads and axes in the charts, which Hugo's own watch does not redraw
  const dirs = [join(root, 'data'), join(root, 'data', 'reports'), join(root, 'content', 'narrative'), join(root, 'i18n')]
  const narrative = join(root, 'content', 'narrative')
  for (const d of existsSync(narrative) ? readdirSync(narrative) : []) if (statSync(join(narrative, d)).isDirectory()) dirs.push(join(narrative, d))
  return dirs.filter((d) => existsSync(d))
}

/**
 * @param {{root: string, port: number, io: import('../lib/io.js').Io, quietHugo?: boolean}} options
 * @returns {Promise<{close: () => Promise<void>, exited: Promise<number>}>}
 */
export async function serveSite({root, port, io, quietHugo = false}) {
  let running = Promise.resolve()
  let again = false
  let ids = reportIds(root)
  // the problems the last derivation found: an edit prints every error, and only the warnings that are new
  let said = /** @type {Set<string>} */ (new Set())
  const hugo = hugoServer({root, port, io, quietHugo})
  // entries and texts kept between derivations: an edit reads and derives only what it changed, and reads no entry back
  const memory = {entries: new Map(), texts: new Map()}
  const derive = async () => {
    const started = Date.now()
    try {
      const {problems, reports, unchanged, charts} = await prepareSite({root, memory, pagesAfter: HUGO_BATCH_MS + 50})
      const now = reportIds(root)
      const removed = [...ids].filter((id) => !now.has(id))
      ids = now
      if (removed.length > 0 && hugo.started() && !problems.some((p) => p.severity === 'error')) {
        io.err(`serve: ${removed.join(', ')} removed; restarting Hugo's server\n`)
        await hugo.restart()
      }
      const lines = sortProblems(problems).map((p) => ({line: formatProblem(p), warning: p.severity === 'warning'}))
      const repeated = new Set(lines.filter(({line, warning}) => warning && said.has(line)))
      for (const l of lines) if (!repeated.has(l)) io.err(`${l.line}\n`)
      said = new Set(lines.map((l) => l.line))
      if (problems.some((p) => p.severity === 'error')) io.err('serve: the data has errors; pages show them until they are fixed\n')
      else io.err(`${reports - unchanged} of ${plural(reports, 'report')} derived, ${plural(charts.rendered, 'chart')} rendered, ${charts.cached} unchanged, in ${Date.now() - started} ms${repeated.size ? `; ${plural(repeated.size, 'warning')} as before` : ''}\n`)
    } catch (e) {
      // a file caught half-written or removed mid-read: say so and derive again on the next change
      io.err(`serve: could not derive: ${e instanceof Error ? e.message : String(e)}\n`)
    }
  }
  /** Derive once at a time; changes during a derivation start one more. */
  const schedule = () => {
    if (again) return
    again = true
    running = running.then(async () => {
      again = false
      await derive()
      watching.rewatch()
    })
  }
  const watching = watchSources(root, schedule)
  await derive()
  watching.rewatch()
  hugo.start()
  // serve's own work yields the CPU to Hugo's server, which renders the page the author waits for (docs/performance.md)
  setPriority(Math.max(getPriority(), 10))
  // an edit derives its report and renders its charts in this thread (pool.js): their modules and Vega load now, not on the first edit
  for (const loading of [import('./prepare-report.js'), import('../charts/render.js'), import('../charts/job.js')]) loading.catch(() => {})
  return {
    exited: hugo.exited,
    close: async () => {
      watching.close()
      await running
      await hugo.stop()
    }
  }
}

/**
 * Hugo's server: `exited` settles with its exit code (not that of one stopped to restart it).
 * @param {{root: string, port: number, io: import('../lib/io.js').Io, quietHugo: boolean}} options
 */
function hugoServer({root, port, io, quietHugo}) {
  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null
  /** @type {(code: number) => void} */
  let finish = () => {}
  /** @type {Promise<number>} */
  const exited = new Promise((resolve) => (finish = resolve))
  const start = () => {
    // not fast render mode: an open tab may miss a reload, and only the next rebuild of a page it shows reloads it (docs/performance.md)
    const c = spawn(hugoBinary(root, io.env), ['server', '--config', hugoConfig(root, join(root, '.benchdoc'), 'serve'), '--port', String(port), '--bind', '127.0.0.1', '--disableFastRender', '--cleanDestinationDir'], {
      cwd: root,
      env: {...process.env, ...io.env},
      stdio: quietHugo ? 'ignore' : 'inherit'
    })
    c.on('close', (code) => c === child && finish(code ?? 0))
    child = c
  }
  return {
    exited,
    start,
    started: () => child !== null,
    /** Hugo's server keeps a page whose report is gone, so it starts afresh. */
    restart: async () => {
      const old = child
      child = null
      if (old) await new Promise((resolve) => (old.on('close', resolve), old.kill('SIGTERM')))
      start()
    },
    stop: async () => {
      child?.kill('SIGTERM')
      await exited
    }
  }
}

/** How often Hugo's server acts on the file changes it collected (its watcher's ticker): files further apart reach it in two batches. */
const HUGO_BATCH_MS = 500

/**
 * How long the sources must be quiet before a derivation starts: an editor's
 * save is a burst of events within a few ms, and every ms here delays the page.
 */
const SETTLE_MS = 50

/**
 * Call `changed` SETTLE_MS after the last change; `rewatch` adds folders new since (a report's narrative).
 * @param {string} root @param {() => void} changed
 */
function watchSources(root, changed) {
  /** @type {Map<string, import('node:fs').FSWatcher>} */
  const watchers = new Map()
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined)
  return {
    rewatch() {
      for (const dir of watchedDirs(root)) {
        if (watchers.has(dir)) continue
        const w = watch(dir, () => {
          clearTimeout(timer)
          timer = setTimeout(changed, SETTLE_MS)
        })
        w.on('error', () => void watchers.delete(dir))
        watchers.set(dir, w)
      }
    },
    close() {
      clearTimeout(timer)
      for (const w of watchers.values()) w.close()
    }
  }
}

/** Ids of the report files in data/reports. @param {string} root */
function reportIds(root) {
  const dir = join(root, 'data', 'reports')
  return new Set(existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => f.replace(/\.ya?ml$/, '')) : [])
}
