import {existsSync, readdirSync, rmSync} from 'node:fs'
import {join} from 'node:path'
import {siteLanguages} from '../i18n/labels.js'
import {UsageError} from '../lib/errors.js'
import {runHugo} from './hugo.js'
import {hugoConfig} from './hugo-config.js'
import {prepareSite} from './prepare.js'
import {swapFolder} from './remove-later.js'
import {publishStatic} from './publish-static.js'
import {forgetRendered, planRender, recordRendered, segmentsConfig} from './render-plan.js'
import {writeIfChanged} from '../lib/atomic-write.js'
import {mark} from '../lib/trace.js'

/**
 * `benchdoc build`: prepare .benchdoc/ (prepare.js), render every page with
 * Hugo or only what changed (render-plan.js), and link in the files Hugo does
 * not render. Nothing is built when the data has an error.
 * `hugoMs` runs from Hugo's start to the site's end; `hugoOwnMs` is Hugo's own run.
 * @param {{root: string, destination?: string, env: Record<string, string | undefined>}} options
 */
export async function buildSite({root, destination = join(root, 'public'), env}) {
  const started = Date.now()
  mark('build starts')
  const out = join(root, '.benchdoc')
  const prepared = await prepareSite({root, out})
  const derivedMs = Date.now() - started
  if (!prepared.pages) return {...prepared, built: false, derivedMs, hugoMs: 0, hugoOwnMs: 0, rendered: null, parts: null}
  const hugoStarted = Date.now()
  mark('derived: Hugo starts')
  const {hugoOwnMs, rendered, parts} = await renderSite({root, out, destination, env, prepared: {...prepared, pages: prepared.pages}})
  mark('built')
  return {...prepared, built: true, derivedMs, hugoMs: Date.now() - hugoStarted, hugoOwnMs, rendered, parts}
}

/**
 * Hugo's part of a build whose data has no error: every page, or only what changed (render-plan.js).
 * @param {{root: string, out: string, destination: string, env: Record<string, string | undefined>,
 *   prepared: {common: string, keys: Record<string, string>, pages: {lists: string, versions: string}}}} options
 * @returns {Promise<{hugoOwnMs: number, rendered: 'all' | string[], parts: {lists: boolean, versions: boolean}}>}
 *   `rendered`: every page, or the reports whose pages Hugo rendered; `parts`: whether it rendered the lists and versions pages
 */
async function renderSite({root, out, destination, env, prepared}) {
  const languages = siteLanguages(root)
  const {plan, next} = planRender({root, out, destination, languages, ...prepared})
  const staticDir = join(out, 'static')
  forgetRendered(out)
  mark('Hugo runs')
  // no --quiet: it hides Hugo's errors; a failure shows them with file and line
  if (plan.full) {
    // rendered beside the destination, then swapped in: a failed build leaves the last site whole
    const fresh = `${destination}.new`
    mustBeReplaceable(destination)
    rmSync(fresh, {recursive: true, force: true})
    const {ms} = await runHugo(root, ['--destination', fresh, '--config', hugoConfig(root, out, 'build')], {env})
    publishStatic({staticDir, destination: fresh, languages})
    swapFolder(destination, fresh)
    recordRendered(out, next)
    return {hugoOwnMs: ms, rendered: 'all', parts: {lists: true, versions: true}}
  }
  let ms = 0
  // with no report changed or gone, and no list or versions page to make again, every page is as the last build left it
  if (plan.changed.length > 0 || plan.gone.length > 0 || plan.versions || plan.lists) {
    const segments = join(out, 'hugo', 'segments.toml')
    writeIfChanged(segments, segmentsConfig(plan, Object.keys(prepared.keys)))
    publishStatic({staticDir, destination, languages, ids: plan.changed, gone: plan.gone})
    clearPages(destination, languages, plan)
    ;({ms} = await runHugo(root, ['--destination', destination, '--config', `${hugoConfig(root, out, 'build')},${segments}`, '--renderSegments', 'changed'], {env}))
  }
  recordRendered(out, next)
  return {hugoOwnMs: ms, rendered: plan.changed, parts: {lists: plan.lists, versions: plan.versions}}
}

/**
 * Remove the pages Hugo is about to render again, so that one it no longer
 * makes (a versions page of one release left, an empty section) goes.
 * @param {string} destination @param {string[]} languages @param {{changed: string[], versions: boolean, lists: boolean}} plan
 */
function clearPages(destination, languages, {changed, versions, lists}) {
  for (const lang of languages) {
    const pages = [...changed.map((id) => join('reports', id)), ...(versions ? ['versions'] : []), ...(lists ? ['index.html', join('reports', 'index.html')] : [])]
    for (const page of pages) rmSync(join(destination, lang, page), {recursive: true, force: true})
  }
}

/** A destination that holds files but no index.html is not benchdoc's to replace. @param {string} destination */
function mustBeReplaceable(destination) {
  if (existsSync(destination) && readdirSync(destination).length > 0 && !existsSync(join(destination, 'index.html'))) {
    throw new UsageError(`${destination} holds files but no site: not replacing it (empty it, or choose another --out)`)
  }
}
