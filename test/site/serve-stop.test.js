import {spawn, spawnSync} from 'node:child_process'
import {mkdirSync, readFileSync, symlinkSync} from 'node:fs'
import {connect} from 'node:net'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {fixtureSite} from '../helpers/fixture-site.js'
import {ROOT, fixture} from '../helpers/paths.js'
import {freePort} from '../../tools/run/supervisor.js'

/**
 * `benchdoc serve` run as a user runs it, with real Hugo, then stopped with a
 * signal to the process a shell's `$!` names: its Hugo server must stop too,
 * and nothing of it keep the port.
 */

/** Whether something listens on the port. @param {number} port @returns {Promise<boolean>} */
function listening(port) {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1')
    socket.on('connect', () => (socket.destroy(), resolve(true)))
    socket.on('error', () => resolve(false))
  })
}

/** Poll until `check` holds, for up to 30 s. @param {() => Promise<boolean>} check */
async function eventually(check) {
  for (let i = 0; i < 150; i++) {
    if (await check()) return true
    await new Promise((r) => setTimeout(r, 200))
  }
  return false
}

/** The processes whose command line names `text`, as `pid command` lines. @param {string} text */
const processes = (text) => spawnSync('pgrep', ['-a', '-f', text], {encoding: 'utf8'}).stdout.trim()

/**
 * A reports repository where `npx benchdoc` runs this checkout's command, as after `npm install benchdoc`.
 */
function site() {
  const {root, env} = fixtureSite({'data/reports/alpha.yaml': readFileSync(fixture('validate/minimal.yaml'), 'utf8').replace('id: minimal', 'id: alpha')})
  mkdirSync(join(root, 'node_modules', '.bin'), {recursive: true})
  symlinkSync(join(ROOT, 'tools', 'cli.js'), join(root, 'node_modules', '.bin', 'benchdoc'))
  return {root, env}
}

describe('benchdoc serve, stopped by a signal', () => {
  test.each(/** @type {const} */ ([
    ['npx benchdoc serve', 'SIGTERM'],
    ['benchdoc serve', 'SIGINT'],
    ['benchdoc serve', 'SIGHUP']
  ]))('should stop its Hugo server when `%s` gets %s, leaving the port closed', async (command, signal) => {
    const {root, env} = site()
    const port = await freePort()
    const [file, ...args] = [...command.split(' '), '--port', String(port)]
    const child = spawn(file === 'npx' ? 'npx' : join(root, 'node_modules', '.bin', 'benchdoc'), args, {cwd: root, env, stdio: 'ignore'})
    try {
      expect(await eventually(async () => (await fetch(`http://127.0.0.1:${port}/en/reports/alpha/`).then((r) => r.status, () => 0)) === 200), 'serving').toBe(true)
      // the Hugo of this run names this repository's serve config; its benchdoc, the repository's bin
      expect(processes(`${root}/.benchdoc/hugo/serve.toml`)).not.toBe('')
      child.kill(signal)
      expect(await eventually(async () => !(await listening(port))), `port ${port} closed`).toBe(true)
      expect(await eventually(async () => processes(root) === ''), 'no process of this run left').toBe(true)
    } finally {
      // whatever failed, nothing of this run is left serving
      for (const line of processes(root).split('\n').filter(Boolean)) spawnSync('kill', [line.split(' ')[0]])
    }
  }, 60_000)
})
