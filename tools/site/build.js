import {join} from 'node:path'
import {runHugo} from './hugo.js'
import {prepareSite} from './prepare.js'

/**
 * Validate and derive `root`'s data, then build its site with Hugo. Nothing
 * is built when the data has an error: the problems say why.
 *
 * @param {{root: string, destination?: string, env: Record<string, string | undefined>}} options
 */
export async function buildSite({root, destination = join(root, 'public'), env}) {
  const started = Date.now()
  const prepared = await prepareSite({root})
  const derivedMs = Date.now() - started
  if (prepared.problems.some((p) => p.severity === 'error')) return {...prepared, built: false, derivedMs, hugoMs: 0}
  const hugoStarted = Date.now()
  // no --quiet: it hides Hugo's errors; a failure shows them with file and line
  await runHugo(root, ['--cleanDestinationDir', '--destination', destination], {env})
  return {...prepared, built: true, derivedMs, hugoMs: Date.now() - hugoStarted}
}
