import {existsSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {siteLanguages} from '../i18n/labels.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {runHugo} from './hugo.js'
import {hugoConfig} from './hugo-config.js'
import {prepareSite} from './prepare.js'
import {swapFolder} from './remove-later.js'
import {publishStatic} from './publish-static.js'
import {publishExports} from './export-files.js'
import {partStamps, planRender, renderedFile, segmentsConfig} from './render-plan.js'
import {writeIfChanged} from './write.js'
import {fillPages} from './fill-pages.js'
import {mark} from '../lib/trace.js'

/**
 * Validate and derive `root`'s data, then build its site with Hugo: every
 * page, or after a build of the same site only the changed reports' pages
 * and the lists when their order or titles changed (render-plan.js); then fill the lists and the versions pages' charts and
 * tables in (fill-pages.js: they are made while Hugo renders), link the charts and downloads in
 * (publish-static.js) and the Markdown export of each page (export-files.js). Nothing is built when the data has an error: the
 * problems say why.
 *
 * The result's `hugoMs` runs from Hugo's start to the site's end, with what
 * Node does alongside and after; `hugoOwnMs` is Hugo's own run.
 *
 * @param {{root: string, destination?: string, env: Record<string, string | undefined>}} options
 */
export async function buildSite({root, destination = join(root, 'public'), env}) {
  const started = Date.now()
  mark('build starts')
  const out = join(root, '.benchdoc')
  /** @type {Array<() => void>} what no page needs: done while Hugo renders */
  const later = []
  /** @type {Array<() => Promise<void>>} the versions pages' tables and charts: made while Hugo renders, then filled into its pages (fill-pages.js) */
  const whileHugo = []
  try {
    const prepared = await prepareSite({root, out, later, whileHugo})
    const derivedMs = Date.now() - started
    if (prepared.problems.some((p) => p.severity === 'error')) {
      await runLater(later)
      return {...prepared, built: false, derivedMs, hugoMs: 0, hugoOwnMs: 0, rendered: null}
    }
    const hugoStarted = Date.now()
    mark('derived: Hugo starts')
    const {hugoOwnMs, rendered} = await renderSite({root, out, destination, env, prepared, later, whileHugo})
    mark('built')
    return {...prepared, built: true, derivedMs, hugoMs: Date.now() - hugoStarted, hugoOwnMs, rendered}
  } finally {
    // a build that failed before Hugo still waits for the versions charts it set drawing: nothing writes on once it returns
    await runLater(whileHugo).catch(() => {})
  }
}

/**
 * Hugo's part of a build whose data has no error: every page, or only what changed (render-plan.js).
 * @param {{root: string, out: string, destination: string, env: Record<string, string | undefined>, prepared: {common: string, keys: Record<string, string>},
 *   later: Array<() => void>, whileHugo: Array<() => Promise<void>>}} options
 * @returns {Promise<{hugoOwnMs: number, rendered: 'all' | string[]}>}
 */
async function renderSite({root, out, destination, env, prepared, later, whileHugo}) {
  const languages = siteLanguages(root)
  const {plan, next} = planRender({root, out, destination, languages, common: prepared.common, keys: prepared.keys})
  // a build stopped half-way renders everything the next time
  rmSync(renderedFile(out), {force: true})
  const staticDir = join(out, 'static')
  let hugoOwnMs = 0
  // no --quiet: it hides Hugo's errors; a failure shows them with file and line
  if (plan.full) {
    // rendered beside the destination, then swapped in: a failed build leaves the last site whole
    const fresh = `${destination}.new`
    mustBeReplaceable(destination)
    rmSync(fresh, {recursive: true, force: true})
    hugoOwnMs = (await alongside(runHugo(root, ['--destination', fresh, '--config', hugoConfig(root, out, 'whole')], {env}), [...later, ...whileHugo.splice(0)])).ms
    mark('Hugo and the work alongside done')
    next.filled = {stamps: partStamps(out), pages: fillPages({out, destination: fresh, languages}).parts}
    mark('pages filled')
    publishStatic({staticDir, destination: fresh, languages})
    mark('charts and downloads linked')
    publishExports({out, destination: fresh, languages})
    mark('exports linked')
    swapFolder(destination, fresh)
  } else if (plan.changed.length > 0 || plan.gone.length > 0 || plan.versions || plan.lists) {
    // with no report changed or gone, and no list or versions page to make again, every page is as the last build left it
    const segments = join(out, 'hugo', 'segments.toml')
    writeIfChanged(segments, segmentsConfig(plan))
    // a few reports' worth: done first, since their downloads are linked before Hugo runs
    await runLater(later)
    publishStatic({staticDir, destination, languages, ids: plan.changed, gone: plan.gone})
    hugoOwnMs = (await alongside(runHugo(root, ['--destination', destination, '--config', `${hugoConfig(root, out, 'partial')},${segments}`, '--renderSegments', 'changed'], {env}), whileHugo)).ms
    mark('Hugo and the work alongside done')
    next.filled = fillAgain({out, destination, languages, plan})
    mark('pages filled')
    publishExports({out, destination, languages, ids: plan.changed})
  } else {
    // reports derived again with the same keys (a cache removed): their manifest is still to write
    await runLater([...later, ...whileHugo.splice(0)])
    next.filled = fillAgain({out, destination, languages, plan})
  }
  writeFileAtomic(renderedFile(out), JSON.stringify(next))
  return {hugoOwnMs, rendered: plan.full ? 'all' : plan.changed}
}

/**
 * Fill the lists and versions pages (fill-pages.js): each of them when Hugo made them
 * again, or else those with a part that changed since the last build filled them.
 * @param {{out: string, destination: string, languages: string[], plan: import('./render-plan.js').RenderPlan & {full: false}}} options
 * @returns {import('./render-plan.js').Filled}  for the next build
 */
function fillAgain({out, destination, languages, plan}) {
  const stamps = partStamps(out)
  const last = plan.filled
  if (plan.lists || plan.versions || !last) return {stamps, pages: fillPages({out, destination, languages}).parts}
  const pages = Object.keys(last.pages).filter((page) => last.pages[page].some((part) => stamps[part] !== last.stamps[part]))
  if (pages.length === 0) return {stamps, pages: last.pages}
  return {stamps, pages: {...last.pages, ...fillPages({out, destination, languages, pages}).parts}}
}

/**
 * Do `work` while Hugo runs, in its own process: the Markdown exports and
 * downloads, which Hugo does not read, and what is filled into its pages
 * after it (fill-pages.js) take the cores Hugo leaves idle
 * instead of adding to the time before it starts. Both must succeed; Hugo is
 * waited for whichever fails, so that no Hugo is left writing a half site.
 * @template T
 * @param {Promise<T>} hugo  @param {Array<() => void | Promise<void>>} work
 * @returns {Promise<T>}  Hugo's result
 */
async function alongside(hugo, work) {
  // its failure is thrown by the await below, once the work is done
  hugo.catch(() => {})
  try {
    await runLater(work)
    mark('work alongside Hugo done')
  } catch (error) {
    await hugo.catch(() => {})
    throw error
  }
  return hugo
}

/**
 * Run each step, letting the event loop turn between them (Hugo's output is read meanwhile).
 * @param {Array<() => void | Promise<void>>} work  emptied
 */
async function runLater(work) {
  for (const step of work.splice(0)) {
    await step()
    await new Promise((resolve) => setImmediate(resolve))
  }
}

/**
 * A destination that holds files but no site (no index.html) is not
 * benchdoc's to replace.
 * @param {string} destination
 */
function mustBeReplaceable(destination) {
  if (existsSync(destination) && readdirSync(destination).length > 0 && !existsSync(join(destination, 'index.html'))) {
    throw new UsageError(`${destination} holds files but no site: not replacing it (empty it, or choose another --out)`)
  }
}
