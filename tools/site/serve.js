import {spawn} from 'node:child_process'
import {existsSync, readdirSync, statSync, watch} from 'node:fs'
import {join} from 'node:path'
import {formatProblem, sortProblems} from '../lib/problems.js'
import {hugoBinary} from './hugo.js'
import {hugoConfig} from './hugo-config.js'
import {prepareSite} from './prepare.js'
import {RACY_MS} from './stamps.js'

/**
 * `benchdoc serve`: derive, then run Hugo's server, and derive again on every
 * change to data/reports, content/narrative or i18n/. It never goes quiet: problems
 * are printed on every derivation, and while the data is invalid every page
 * shows them (prepareSite writes them to .benchdoc/assets/site/problems.json, which
 * the base layout renders). A deleted report's derived files are removed, so
 * Hugo drops its pages.
 *
 * @typedef {{close: () => Promise<void>, derived: () => Promise<void>}} Serving
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
  if (existsSync(narrative)) {
    for (const d of readdirSync(narrative)) if (statSync(join(narrative, d)).isDirectory()) dirs.push(join(narrative, d))
  }
  return dirs.filter((d) => existsSync(d))
}

/**
 * @param {{root: string, port: number, io: import('../lib/io.js').Io, quietHugo?: boolean}} options
 * @returns {Promise<Serving & {exited: Promise<number>}>}
 */
export async function serveSite({root, port, io, quietHugo = false}) {
  let running = Promise.resolve()
  let again = false
  let ids = reportIds(root)
  const hugo = hugoServer({root, port, io, quietHugo})
  const versions = pausedVersions(io)
  const restamp = laterRestamp(() => {
    running = running.then(async () => {
      await derive({quiet: true})
      versions.later((run) => (running = running.then(run)))
    })
  })
  /**
   * @param {{quiet?: boolean}} [options]  quiet: a derivation to record the files' stamps (laterRestamp), which
   *   says nothing (a change it finds also starts a derivation of its own, which says what it found)
   */
  const derive = async ({quiet = false} = {}) => {
    const started = Date.now()
    try {
      /** @type {Array<() => Promise<void>>} */
      const steps = []
      const {problems, reports, charts, unread} = await prepareSite({root, versions: steps})
      versions.keep(steps)
      if (!quiet) restamp.after(reports - unread)
      const now = reportIds(root)
      const removed = [...ids].filter((id) => !now.has(id))
      ids = now
      if (removed.length > 0 && hugo.started() && !problems.some((p) => p.severity === 'error')) {
        io.err(`serve: ${removed.join(', ')} removed; restarting Hugo's server\n`)
        await hugo.restart()
      }
      if (quiet) return
      for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
      if (problems.some((p) => p.severity === 'error')) io.err('serve: the data has errors; pages show them until they are fixed\n')
      else io.err(`${reports} reports derived, ${charts.rendered} charts rendered, ${charts.cached} unchanged, in ${Date.now() - started} ms\n`)
    } catch (e) {
      // a file caught half-written or removed mid-read: say so and derive again on the next change
      io.err(`serve: could not derive: ${e instanceof Error ? e.message : String(e)}\n`)
    }
  }
  /** Derive once at a time; changes during a derivation start one more. */
  const schedule = () => {
    versions.cancel()
    restamp.cancel()
    if (again) return
    again = true
    running = running.then(async () => {
      again = false
      await derive()
      watching.rewatch()
      versions.later((run) => (running = running.then(run)))
    })
  }
  const watching = watchSources(root, schedule)
  await derive()
  await versions.run()
  watching.rewatch()
  hugo.start()
  // an edit renders its report's charts in this thread (pool.js): Vega loads now, not on the first edit
  import('../charts/render.js').catch(() => {})
  return {
    exited: hugo.exited,
    derived: () => running,
    close: async () => {
      watching.close()
      versions.cancel()
      restamp.cancel()
      await running
      await hugo.stop()
    }
  }
}

/**
 * How long the sources must be quiet before a derivation starts: an editor's
 * save (write, or write a copy and rename) is a burst of events within a few
 * ms; every ms here is a ms before the page shows the edit (budget: 1 s).
 * A file still caught half-written is derived again on its next event.
 */
/**
 * Hugo's server for serve: `exited` settles with its exit code (not that of
 * one stopped to restart it).
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

const SETTLE_MS = 50

/**
 * A file written in the last seconds gets no stamp (stamps.js): after a
 * derivation that read many such reports (the first one, of a project just
 * checked out or generated), the next one would read and hash every report
 * again, and the author's first edit would wait for it. Once the files are
 * old enough to be stamped, a quiet derivation records their stamps, so that
 * the first edit reads only what it changed. An edit before then cancels it
 * (its own derivation records them).
 * @param {() => void} enqueue  runs the quiet derivation after any running one
 */
function laterRestamp(enqueue) {
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined)
  return {
    /** @param {number} read  reports read (not kept by their stamp) by the derivation just done */
    after: (read) => {
      clearTimeout(timer)
      // one report read is the one just edited: reading it again at the next edit costs little
      if (read > 1) timer = setTimeout(enqueue, RACY_MS + RESTAMP_MARGIN_MS)
    },
    cancel: () => clearTimeout(timer)
  }
}

/** Past RACY_MS after a derivation ended, its files are old enough to be stamped (unless written again). */
const RESTAMP_MARGIN_MS = 500

/** How long the sources stay unchanged before serve makes the versions pages again. */
const VERSIONS_PAUSE_MS = 1000

/**
 * The versions pages' step of the last derivation (prepare.js `versions`), run
 * once the edits pause: at 1,000 reports it cost twice what the edited report's
 * own pages did, and an edit made right after another waited for it.
 * @param {{err: (text: string) => void}} io
 */
function pausedVersions(io) {
  let step = /** @type {(() => Promise<void>) | null} */ (null)
  let timer = /** @type {NodeJS.Timeout | undefined} */ (undefined)
  const run = async () => {
    const next = step
    step = null
    try {
      await next?.()
    } catch (e) {
      io.err(`serve: could not make the versions pages: ${e instanceof Error ? e.message : String(e)}\n`)
    }
  }
  return {
    run,
    /** @param {Array<() => Promise<void>>} steps  what a derivation left: none when no report changed */
    keep: (steps) => void (step = steps.at(-1) ?? step),
    /** @param {(run: () => Promise<void>) => void} enqueue  queues `run` behind the derivations */
    later: (enqueue) => void (step && (timer = setTimeout(() => enqueue(run), VERSIONS_PAUSE_MS))),
    cancel: () => clearTimeout(timer)
  }
}

/**
 * Watch the folders of data and narratives, and call `changed` SETTLE_MS after
 * the last change (an editor's save is several events). `rewatch` adds
 * folders that appeared since (a new report's narrative).
 * @param {string} root
 * @param {() => void} changed
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

/**
 * Ids of the report files in data/reports.
 * @param {string} root
 */
function reportIds(root) {
  const dir = join(root, 'data', 'reports')
  return new Set(existsSync(dir) ? readdirSync(dir).filter((f) => /\.ya?ml$/.test(f)).map((f) => f.replace(/\.ya?ml$/, '')) : [])
}
