import {watch} from 'node:fs'
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
  // Re-derive when the sources change; Hugo picks up what .benchdoc/ gains.
  let pending = /** @type {NodeJS.Timeout | undefined} */ (undefined)
  for (const dir of [join(PROJECT_ROOT, 'data'), join(PROJECT_ROOT, 'content', 'narrative')]) {
    watch(dir, {recursive: true}, () => {
      clearTimeout(pending)
      pending = setTimeout(() => void prepare(io), 200)
    })
  }
  const child = spawn(hugoBinary(PROJECT_ROOT, io.env), ['server', '--port', String(values.port), '--bind', '127.0.0.1'], {
    cwd: PROJECT_ROOT,
    stdio: 'inherit'
  })
  return await new Promise((resolve) => child.on('close', (code) => resolve(code ?? 0)))
}
