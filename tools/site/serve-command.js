import {existsSync, readdirSync, watch} from 'node:fs'
import {join} from 'node:path'
import {parseArgsOrUsage} from '../lib/args.js'
import {PROJECT_ROOT} from '../lib/root.js'
import {hugoBinary} from './hugo.js'
import {prepare} from './build-command.js'
import {spawn} from 'node:child_process'

export const HELP = `Usage: benchdoc serve [--port N]

Derive the data, then serve the site with Hugo at http://localhost:1313/
(default port). Edits to data/reports/ and content/narrative/ are derived
again and the page reloads.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values} = parseArgsOrUsage(argv, {help: {type: 'boolean', short: 'h'}, port: {type: 'string', default: '1313'}})
  if (values.help) {
    io.out(HELP)
    return 0
  }
  if (!(await prepare(io))) return 1
  // Re-derive when the sources change (only what changed is derived again);
  // Hugo picks up what .benchdoc/ gains. One derivation at a time.
  let pending = /** @type {NodeJS.Timeout | undefined} */ (undefined)
  let running = Promise.resolve(true)
  watchSources(PROJECT_ROOT, () => {
    clearTimeout(pending)
    pending = setTimeout(() => (running = running.then(() => prepare(io))), 100)
  })
  const child = spawn(hugoBinary(PROJECT_ROOT, io.env), ['server', '--port', String(values.port), '--bind', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit'
  })
  return await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 0)))
}

/**
 * Call `changed` whenever a report file or a narrative changes. Each folder
 * is watched by itself: editors and `sed -i` replace a file rather than write
 * it, which a folder's watch always sees (Node's recursive watch on Linux can
 * lose a replaced file). A new narrative folder is watched when it appears.
 * @param {string} root
 * @param {() => void} changed
 */
function watchSources(root, changed) {
  const watched = new Set()
  /** @param {string} dir */
  const add = (dir) => {
    if (watched.has(dir) || !existsSync(dir)) return
    watched.add(dir)
    watch(dir, () => {
      if (dir === narratives) for (const d of readdirSync(narratives)) add(join(narratives, d))
      changed()
    })
  }
  const narratives = join(root, 'content', 'narrative')
  add(join(root, 'data', 'reports'))
  add(narratives)
  for (const d of existsSync(narratives) ? readdirSync(narratives) : []) add(join(narratives, d))
}
