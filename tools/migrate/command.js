import {join, relative} from 'node:path'
import {parseArgsOrUsage} from '../lib/args.js'
import {writeFileAtomic} from '../lib/atomic-write.js'
import {UsageError} from '../lib/errors.js'
import {readTextInput} from '../lib/input.js'
import {plural} from '../lib/english.js'
import {reportsRoot} from '../lib/root.js'
import {formatProblem} from '../lib/problems.js'
import {SCHEMA_VERSIONS} from '../lib/schema-version.js'
import {parseYamlSource, syntaxProblems} from '../lib/yaml-source.js'
import {yamlFiles} from '../validate/files.js'
import {migrateText} from './migrate.js'

export const HELP = `Usage: benchdoc migrate [--dry-run]

Bring the reports repository's data (data/reports/*.yaml) and plans
(plans/**/*.yaml) to the schema versions of this benchdoc (report
${SCHEMA_VERSIONS.report}, plan ${SCHEMA_VERSIONS.plan}): each file of an older
version is rewritten by the migrations of every incompatible change since
(comments kept), and records the version it now has (\`schema_version\`). A
file that records none is of version 1. Files that are current are left alone.

Options:
  --dry-run   say what would change, write nothing
  -h, --help  show this help

Exit 0 when every file is current or was rewritten, 1 when one could not be
read (it is named), 2 on wrong usage.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {'dry-run': {type: 'boolean'}})
  if (positionals.length > 0) throw new UsageError(`Unexpected \`${positionals[0]}\`, expected no arguments (migrate rewrites the whole repository)`)
  const root = reportsRoot(io)
  const files = [...yamlFiles(join(root, 'data', 'reports'), false).map((f) => ({file: f, kind: /** @type {const} */ ('report')})),
    ...yamlFiles(join(root, 'plans'), true).map((f) => ({file: f, kind: /** @type {const} */ ('plan')}))]
  let failed = 0
  let rewritten = 0
  for (const {file, kind} of files) {
    const shown = relative(io.cwd, file) || file
    const text = readTextInput(file, {shown, root, what: `${kind} file`})
    const [bad] = syntaxProblems(parseYamlSource(shown, text))
    const result = bad ? {error: ''} : migrateText(text, kind)
    if ('error' in result) {
      io.err(bad ? `${formatProblem(bad)}\n` : `${shown}: not migrated: ${result.error}\n`)
      failed++
      continue
    }
    if (result.text === text) continue
    if (!values['dry-run']) writeFileAtomic(file, result.text)
    rewritten++
    const what = result.changes.length > 0 ? `${result.from} → ${result.to}: ${result.changes.join('; ')}` : `schema_version ${result.to} recorded`
    io.err(`${shown}: ${values['dry-run'] ? 'would be rewritten' : 'rewritten'} (${what})\n`)
  }
  io.err(`${plural(files.length, 'file')} checked: ${rewritten} ${values['dry-run'] ? 'to rewrite' : 'rewritten'}, ${failed} not readable\n`)
  return failed > 0 ? 1 : 0
}
