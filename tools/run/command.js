import {dirname, join, resolve, relative} from 'node:path'
import {checkOutputFolder, readTextInput} from '../lib/input.js'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {processIo} from '../lib/io.js'
import {reportsRootOrHere} from '../lib/root.js'
import {localLauncher} from './launcher.js'
import {parsePlan, planForEngine} from './plan.js'
import {sshLauncher} from './ssh-launcher.js'
import {runPlan} from './runner.js'

export const HELP = `Usage: benchdoc run PLAN [--resume] [--dry-run] [--data DIR]

Run the sysbench plan PLAN (YAML, schemas/plan.schema.json) and write its
results into the report it names: DIR/reports/<report>.yaml, with the raw
output and a run record in DIR/runs/<report>/<subject>/. A plan without
\`target\` runs against a throwaway MariaDB on a free port of 127.0.0.1.

Options:
  --resume      keep the points this subject already has, run the rest
  --dry-run     print the commands (passwords redacted) and run nothing
  --data DIR    data folder (default: the reports repository's data/)
  -h, --help    show this help

Progress goes to stderr. Each point is written as soon as it is measured;
Ctrl-C stops sysbench and leaves the points measured so far.
Exit 0 when every point was measured, 1 on invalid input, a failed point or
an unreachable server, 2 on wrong usage, 130 when interrupted.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    resume: {type: 'boolean'},
    'dry-run': {type: 'boolean'},
    data: {type: 'string'}
  })
  if (positionals.length !== 1) throw new UsageError(`Expected one plan file, got ${positionals.length}\n\n${HELP}`)
  const file = resolve(io.cwd, positionals[0])
  const shownFile = relative(io.cwd, file) || file
  const plan = parsePlan(shownFile, readTextInput(file, {shown: shownFile, what: 'plan file', missing: 'usage'}))
  const dataDir = values.data === undefined ? join(reportsRootOrHere(io), 'data') : resolve(io.cwd, values.data)
  // before any server starts: the report and the raw logs are written under --data
  const shown = (/** @type {string} */ p) => relative(io.cwd, p) || p
  for (const dir of [dataDir, join(dataDir, 'reports'), join(dataDir, 'runs')]) {
    checkOutputFolder(dir, {label: dir === dataDir && values.data !== undefined ? `--data ${values.data}` : shown(dir), shown})
  }
  const controller = new AbortController()
  const onSignal = (/** @type {string} */ name) => {
    io.err(`\n${name}: stopping sysbench; the points measured so far are kept\n`)
    controller.abort()
  }
  const handlers = /** @type {const} */ (['SIGINT', 'SIGTERM']).map((name) => {
    const handler = () => onSignal(name)
    process.on(name, handler)
    return () => process.off(name, handler)
  })
  try {
    let code = 0
    // a plan with several engines runs the whole matrix on each in turn
    for (const engine of plan.engines) {
      if (controller.signal.aborted) break
      code = Math.max(code, await runPlan({
        plan: planForEngine(plan, engine),
        planFile: shownFile,
        dataDir,
        resume: Boolean(values.resume),
        dryRun: Boolean(values['dry-run']),
        io,
        launcher: plan.hosts ? sshLauncher({hosts: plan.hosts, planFile: shownFile, baseDir: dirname(file)}) : localLauncher(),
        signal: controller.signal,
        live: io.err === processIo.err && Boolean(process.stderr.isTTY)
      }))
    }
    return code
  } finally {
    for (const off of handlers) off()
  }
}
