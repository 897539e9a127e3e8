import {parseArgsOrUsage} from '../lib/args.js'
import {reportsRoot} from '../lib/root.js'
import {hugoBinary} from './hugo.js'
import {serveSite} from './serve.js'

export const HELP = `Usage: benchdoc serve [--port N]

Derive the data, then serve the site with Hugo at http://localhost:1313/
(default port). Edits to data/reports/ and content/narrative/ are derived
again and the page reloads. While the data is invalid, the validator's
messages are printed here and shown on every page until they are fixed; a
deleted report's pages disappear.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values} = parseArgsOrUsage(argv, {port: {type: 'string', default: '1313'}})
  const root = reportsRoot(io)
  hugoBinary(root, io.env) // no Hugo: said before the data is derived
  const serving = await serveSite({root, port: Number(values.port), io})
  // stopped by a signal to this process alone (a service manager, `kill`, a closed terminal), or left by
  // its parent (`npx`'s shell killed: this process is handed to init): Hugo's server stops too
  const stop = () => void serving.close()
  const signals = /** @type {const} */ (['SIGINT', 'SIGTERM', 'SIGHUP'])
  for (const signal of signals) process.once(signal, stop)
  const parent = process.ppid
  const orphaned = setInterval(() => process.ppid !== parent && (clearInterval(orphaned), stop()), 500)
  try {
    return await serving.exited
  } finally {
    clearInterval(orphaned)
    for (const signal of signals) process.off(signal, stop)
  }
}
