import {spawn, execFileSync} from 'node:child_process'
import {chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync} from 'node:fs'
import {tmpdir, userInfo} from 'node:os'
import {join} from 'node:path'
import {freePort} from '../../tools/run/supervisor.js'

/**
 * A throwaway OpenSSH server, for the tests and `npm run bench:ssh`, on one
 * port of 127.0.0.1 and 127.0.0.2 (two client "hosts"), as the user who starts it.
 *
 * @typedef {{
 *   dir: string, port: number, user: string, identity: string, knownHosts: string,
 *   entry: (host: string, address: string, extra?: string) => string,
 *   stop: () => Promise<void>
 * }} EmbeddedSshd
 */

/** @returns {Promise<EmbeddedSshd>} */
export async function startSshd() {
  const dir = mkdtempSync(join(tmpdir(), 'benchdoc-sshd-'))
  const key = (/** @type {string} */ name) => execFileSync('ssh-keygen', ['-q', '-t', 'ed25519', '-N', '', '-C', name, '-f', join(dir, name)])
  key('host_key')
  key('user_key')
  writeFileSync(join(dir, 'authorized_keys'), readFileSync(join(dir, 'user_key.pub')))
  chmodSync(join(dir, 'authorized_keys'), 0o600)
  const port = await freePort()
  const hostKey = readFileSync(join(dir, 'host_key.pub'), 'utf8').split(' ').slice(0, 2).join(' ')
  writeFileSync(join(dir, 'known_hosts'), `[127.0.0.1]:${port} ${hostKey}\n[127.0.0.2]:${port} ${hostKey}\n`)
  writeFileSync(join(dir, 'sshd_config'), `ListenAddress 127.0.0.1:${port}
ListenAddress 127.0.0.2:${port}
HostKey ${join(dir, 'host_key')}
AuthorizedKeysFile ${join(dir, 'authorized_keys')}
PidFile ${join(dir, 'sshd.pid')}
StrictModes no
PasswordAuthentication no
KbdInteractiveAuthentication no
PermitRootLogin prohibit-password
UsePAM no
MaxStartups 50
MaxSessions 50
`)
  // as root, sshd wants its privilege separation directory (Debian's package makes it at boot)
  if (process.getuid?.() === 0 && !existsSync('/run/sshd')) mkdirSync('/run/sshd', {mode: 0o755})
  const child = spawn('/usr/sbin/sshd', ['-D', '-e', '-f', join(dir, 'sshd_config')], {stdio: ['ignore', 'ignore', 'pipe']})
  let log = ''
  child.stderr.on('data', (d) => void (log += d))
  const exited = new Promise((resolve) => child.on('exit', resolve))
  const started = Date.now()
  while ((log.match(/Server listening/g) ?? []).length < 2) {
    if (child.exitCode !== null || Date.now() - started > 10_000) {
      // nothing of a server that did not start stays behind: neither sshd nor its keys
      child.kill('SIGKILL')
      rmSync(dir, {recursive: true, force: true})
      throw new Error(`sshd did not start: ${log}`)
    }
    await new Promise((r) => setTimeout(r, 50))
  }
  const user = userInfo().username
  return {
    dir,
    port,
    user,
    identity: join(dir, 'user_key'),
    knownHosts: join(dir, 'known_hosts'),
    entry: (host, address, extra = '') => `{host: ${host}, ssh: ${user}@${address}, port: ${port}, identity_file: ${join(dir, 'user_key')}, known_hosts: ${join(dir, 'known_hosts')}${extra}}`,
    async stop() {
      child.kill('SIGTERM')
      await exited
      rmSync(dir, {recursive: true, force: true})
    }
  }
}
