import {existsSync} from 'node:fs'
import {basename, join, resolve} from 'node:path'
import {argumentKind} from '../lib/input.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {plural} from '../lib/english.js'
import {formatProblem, hasErrors, sortProblems} from '../lib/problems.js'
import {reportFiles, yamlFiles} from './index.js'
import {validateInParallel} from './parallel.js'
import {readNarratives} from '../narrative/index.js'
import {punctuationProblems} from './rules/text-source.js'
import {siteLanguages} from '../i18n/labels.js'
import {reportsRoot} from '../lib/root.js'

export const HELP = `Usage: benchdoc validate [paths...]

Check report data files (default: every file in data/reports/, the plans in
plans/ and the narratives in content/narrative/) against schemas/report.schema.json
and the semantic rules; a plan (a file in a folder plans/, or with \`report:\` and
no \`id:\`) against schemas/plan.schema.json. Prints each problem as
path:line:col: error|warning: message [rule]. Exit 0 when there is no error,
1 when there is one, 2 on wrong usage.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {positionals} = parseArgsOrUsage(argv, {})
  const paths = positionals.map((p) => resolve(io.cwd, p))
  // a mistyped path, a link that loops or leads nowhere, a path too long: wrong usage, named
  paths.forEach((p, i) => argumentKind(p, {shown: positionals[i], what: 'a data file or a folder of them'}))
  // the repository's files are shown from its folder, files given from the current one
  const base = paths.length > 0 ? io.cwd : reportsRoot(io)
  const reports = reportFiles(paths, base)
  const files = paths.length > 0 ? reports : [...reports, ...yamlFiles(join(base, 'plans'), true)]
  /** @type {import('../lib/problems.js').Problem[]} */
  let narrativeProblems = []
  // with no paths, the narratives are checked too (they must belong to a report), while the workers start
  const checkNarratives = () => {
    if (paths.length > 0 || !existsSync(join(base, 'content', 'narrative'))) return
    const ids = new Set(reports.map((f) => basename(f).replace(/\.ya?ml$/, '')))
    const read = readNarratives(base, siteLanguages(base), {reportIds: ids})
    narrativeProblems = [...read.problems, ...read.reports.flatMap((r) => Object.values(r.files)).flatMap(punctuationProblems)]
  }
  // only the problems are wanted: no verdicts, no derivation unless a stated headline needs it
  const results = await validateInParallel(files, base, {derive: false}, checkNarratives)
  const problems = [...results.flatMap((r) => r.problems), ...narrativeProblems]
  for (const p of sortProblems(problems)) io.err(`${formatProblem(p)}\n`)
  const errors = problems.filter((p) => p.severity === 'error').length
  const warnings = problems.length - errors
  io.err(`${plural(results.length, 'file')} checked: ${plural(errors, 'error')}, ${plural(warnings, 'warning')}\n`)
  return hasErrors(problems) ? 1 : 0
}
