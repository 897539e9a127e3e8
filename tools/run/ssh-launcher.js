import {spawn} from 'node:child_process'
import {resolve} from 'node:path'
import {InvalidError} from '../lib/errors.js'
import {formatMachine} from './environment.js'
import {collectOutput} from './output.js'
import {secretLines, splitSecrets} from './secrets.js'

/**
 * Run sysbench on client hosts through the system `ssh`, in BatchMode, host
 * keys checked against known_hosts (never added). Each client is a POSIX
 * shell script on its host (RUN_SCRIPT) that reads the secrets from its stdin
 * into a 0600 temporary file (no password on a command line), says it is
 * ready and waits for `go` (the start barrier), and kills sysbench as soon as
 * its stdin closes (the runner ended it or died, or the connection broke):
 * nothing is left running on the host.
 *
 * @typedef {import('./plan.js').ClientHost} ClientHost
 */

const READY = 'benchdoc-ready'

/** $1 is the sysbench command, the rest its arguments. */
export const RUN_SCRIPT = `exec 3<&0
umask 077
f=$(mktemp "\${TMPDIR:-/tmp}/benchdoc-XXXXXXXX") || exit 97
trap 'rm -f "$f"' EXIT
trap 'kill $p 2>/dev/null; exit 143' HUP INT TERM
while IFS= read -r l <&3 && [ -n "$l" ]; do printf '%s\\n' "$l" >>"$f"; done
command -v "$1" >/dev/null 2>&1 || { echo "benchdoc: $1: not found" >&2; exit 127; }
echo ${READY} >&2
IFS= read -r go <&3 && [ "$go" = go ] || exit 0
b=$1; shift
"$b" --config-file="$f" "$@" </dev/null & p=$!
(cat >/dev/null; kill $p 2>/dev/null) <&3 >/dev/null 2>&1 &
wait $p`

/** What environment() reads on a host, one `key=value` a line. $1 is the sysbench command. */
const ENV_SCRIPT = `command -v "$1" >/dev/null 2>&1 || { echo "benchdoc: $1: not found" >&2; exit 127; }
echo "sysbench=$("$1" --version)"
echo "cores=$(nproc)"
echo "cpu=$(sed -n 's/^model name[^:]*: *//p' /proc/cpuinfo | head -n 1)"
echo "mem_kb=$(sed -n 's/^MemTotal: *\\([0-9]*\\).*/\\1/p' /proc/meminfo)"
echo "os=$(. /etc/os-release 2>/dev/null; echo "\${PRETTY_NAME:-$(uname -s)}")"
echo "kernel=$(uname -r)"`

/**
 * @param {{hosts: ClientHost[], planFile: string, baseDir: string}} options
 *   planFile: the plan as messages name it; baseDir: where its relative paths start
 * @returns {import('./launcher.js').Launcher}
 */
export function sshLauncher({hosts, planFile, baseDir}) {
  const clients = hosts.flatMap((h) => Array.from({length: h.count}, () => h))
  const ssh = {baseDir, planFile}
  return {
    name: 'ssh',
    spawn(args, options) {
      const one = launchClient(hosts[0], args, options, ssh)
      void one.ready.then((ok) => ok && one.go())
      return one
    },
    spawnClients(args, count, {onLine, secrets} = {}) {
      const launched = clients.slice(0, count).map((h, c) => launchClient(h, args, {secrets, onLine: onLine && ((line) => onLine(line, c))}, ssh))
      // the barrier: all connected and ready, then all started at once
      void Promise.all(launched.map((l) => l.ready)).then((ok) => {
        if (ok.every(Boolean)) for (const l of launched) l.go()
        else for (const l of launched) l.kill()
      })
      return launched
    },
    async environment() {
      const found = await Promise.all(hosts.map((h) => captureHost(h, ssh)))
      const first = found[0]
      const other = found.find((e) => e.sysbench !== first.sysbench)
      if (other) {
        const host = /** @type {ClientHost} */ (hosts.find((h) => h.host === other.host))
        throw new InvalidError(`${hostPlace(host, planFile)}: has sysbench ${other.sysbench}, client host ${first.host} has ${first.sysbench}; expected the same sysbench on every client host`)
      }
      return found
    }
  }
}

/**
 * @typedef {{baseDir: string, planFile: string}} Ssh  where the plan's relative paths start, and the plan as messages name it
 */

/**
 * A client host as an error names it: the plan's line and the host.
 * @param {ClientHost} h @param {string} planFile
 */
const hostPlace = (h, planFile) => `${planFile}:${h.place.line}:${h.place.col}: error: client host ${h.host} (${h.ssh}${h.port ? ` port ${h.port}` : ''})`

/** @param {ClientHost} host @param {Ssh} ssh @param {string} script @param {string[]} args */
const sshArgs = (host, ssh, script, args) => [...sshOptions(host, ssh.baseDir), '--', host.ssh, remoteCommand(script, args)]

/**
 * One client on its host (RUN_SCRIPT): secrets over its stdin, `ready` when it says so, sysbench on `go`.
 * @param {ClientHost} host @param {string[]} args
 * @param {import('./launcher.js').SpawnOptions} options
 * @param {Ssh} ssh
 * @returns {import('./launcher.js').Launched & {ready: Promise<boolean>, go: () => void}}
 */
function launchClient(host, args, {onLine, secrets = {}} = {}, ssh) {
  const split = splitSecrets(args, secrets)
  const child = spawn('ssh', sshArgs(host, ssh, RUN_SCRIPT, [host.sysbench, ...split.args]), {stdio: ['pipe', 'pipe', 'pipe'], detached: true})
  child.stdin.on('error', () => {}) // the client may be gone already; its exit says why
  child.stdin.write(secretLines(split.secrets))
  const output = collectOutput(onLine)
  const gate = readyGate(child, output)
  child.stdout.on('data', (data) => output.take(data))
  /** @type {Promise<import('./launcher.js').Finished>} */
  const done = new Promise((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code, signal) => {
      gate.settle(false)
      output.end()
      const text = gate.before() + output.text()
      resolve({code, signal, output: text, host: host.host, ...(gate.passed() ? {} : {reason: explainSshFailure(gate.before(), code)})})
    })
  })
  return {
    pid: child.pid,
    host: host.host,
    ready: gate.ready,
    go: () => void child.stdin.write('go\n'),
    firstOutput: output.firstOutput,
    done,
    kill: stopper(child)
  }
}

/**
 * What a client's script prints before it is ready (ssh's own complaints) is
 * kept apart; from the ready line on, stderr is sysbench's.
 * @param {import('node:child_process').ChildProcessWithoutNullStreams} child
 * @param {ReturnType<typeof collectOutput>} output
 */
function readyGate(child, output) {
  /** @type {(ok: boolean) => void} */
  let settle = () => {}
  /** @type {Promise<boolean>} */
  const ready = new Promise((r) => {
    settle = r
  })
  let before = ''
  let isReady = false
  child.stderr.on('data', (/** @type {Buffer} */ data) => {
    if (isReady) return output.take(data)
    before += data.toString('utf8')
    const at = before.indexOf(`${READY}\n`)
    if (at < 0) return
    isReady = true
    const rest = before.slice(at + READY.length + 1)
    before = before.slice(0, at)
    settle(true)
    if (rest) output.take(rest)
  })
  return {ready, settle: (/** @type {boolean} */ ok) => settle(ok), before: () => before, passed: () => isReady}
}

/**
 * How a client is stopped: closing its stdin stops sysbench on the host, and
 * ssh follows when it has (SIGTERM after 5 s if not); SIGKILL kills ssh at once.
 * @param {import('node:child_process').ChildProcessWithoutNullStreams} child
 */
function stopper(child) {
  let ending = false
  /** @param {NodeJS.Signals} [signal] */
  return (signal = 'SIGTERM') => {
    if (child.exitCode !== null || child.signalCode !== null) return
    if (signal === 'SIGKILL') child.kill('SIGKILL')
    else if (!ending) {
      ending = true
      child.stdin.end()
      setTimeout(() => child.exitCode === null && child.signalCode === null && child.kill('SIGTERM'), 5000).unref()
    }
  }
}

/**
 * A host's machine and sysbench version (ENV_SCRIPT); an unreachable host is named at its plan line.
 * @param {ClientHost} host @param {Ssh} ssh
 * @returns {Promise<import('./launcher.js').HostEnvironment>}
 */
function captureHost(host, ssh) {
  return new Promise((resolve, reject) => {
    const child = spawn('ssh', sshArgs(host, ssh, ENV_SCRIPT, [host.sysbench]), {stdio: ['ignore', 'pipe', 'pipe']})
    let out = ''
    let err = ''
    child.stdout.on('data', (d) => void (out += d))
    child.stderr.on('data', (d) => void (err += d))
    child.on('error', (error) => reject(/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT' ? new InvalidError(`ssh is not installed: install it with \`apt-get install openssh-client\``) : error))
    child.on('close', (code) => {
      if (code !== 0) return reject(new InvalidError(`${hostPlace(host, ssh.planFile)}: ${explainSshFailure(err, code)}`))
      const v = Object.fromEntries(out.split('\n').map((l) => /^(\w+)=(.*)$/.exec(l)).filter((m) => m !== null).map((m) => [m[1], m[2]]))
      resolve({
        host: host.host,
        sysbench: /sysbench (\S+)/.exec(v.sysbench ?? '')?.[1] ?? 'unknown',
        ...formatMachine({cpu: v.cpu || 'unknown', cores: Number(v.cores) || 1, memoryBytes: Number(v.mem_kb) * 1024, os: v.os ?? 'unknown', kernel: v.kernel ?? ''})
      })
    })
  })
}

/**
 * The options every ssh call gets: never prompt, never trust an unknown or
 * changed host key, give up on a dead host within seconds. A user's
 * ~/.ssh/config may not change what a client is: its own connection (a
 * ControlMaster would outlive a killed runner on the host), no compression,
 * no agent or X11 forwarding.
 *
 * @param {ClientHost} host
 * @param {string} baseDir
 */
export function sshOptions(host, baseDir) {
  return [
    '-T', '-a', '-x', '-o', 'BatchMode=yes', '-o', 'StrictHostKeyChecking=yes', '-o', 'ConnectTimeout=10',
    '-o', 'ServerAliveInterval=5', '-o', 'ServerAliveCountMax=3', '-o', 'LogLevel=ERROR',
    '-o', 'ControlMaster=no', '-o', 'ControlPath=none', '-o', 'Compression=no',
    ...(host.port ? ['-p', String(host.port)] : []),
    ...(host.identity_file ? ['-i', resolve(baseDir, host.identity_file), '-o', 'IdentitiesOnly=yes'] : []),
    ...(host.known_hosts ? ['-o', `UserKnownHostsFile=${resolve(baseDir, host.known_hosts)}`, '-o', 'GlobalKnownHostsFile=/dev/null'] : [])
  ]
}

/**
 * The command line for the host's login shell: the script and its arguments, quoted.
 * @param {string} script @param {string[]} args
 */
export function remoteCommand(script, args) {
  return ['sh', '-c', script, 'benchdoc', ...args].map(shellQuote).join(' ')
}

/** @param {string} word */
function shellQuote(word) {
  return /^[\w@%+=:,./-]+$/.test(word) ? word : `'${word.replace(/'/g, `'\\''`)}'`
}

/**
 * Why ssh could not run the client, in words a person can act on.
 * @param {string} stderr  what ssh (or the script) printed before it was ready
 * @param {number | null} code
 */
export function explainSshFailure(stderr, code) {
  const said = stderr.split('\n').map((l) => l.trim()).filter((l) => l && !l.startsWith('@@@')).join(' ')
  if (/REMOTE HOST IDENTIFICATION HAS CHANGED|Host key for .* has changed/i.test(stderr)) {
    const offered = /The fingerprint for the (\S+) key sent by the remote host is\s+(\S+?)\.?\s*$/m.exec(stderr)
    const known = /Offending \S+ key in (\S+)/.exec(stderr)?.[1]
    return `host key mismatch: the host offers ${offered ? `${offered[1]} key ${offered[2]}` : 'a key'} that differs from the one in ${known ?? 'known_hosts'}; check the host before you replace its key (ssh-keygen -R)`
  }
  if (/No \S+ host key is known|Host key verification failed/i.test(stderr)) {
    return 'host key not verified: known_hosts has no matching key for this host; check its key and add it (ssh-keyscan) before running'
  }
  if (/Permission denied/i.test(stderr)) return `login refused: ${said} (no password prompts in BatchMode; name an identity_file or load the key into ssh-agent)`
  if (/Connection refused|timed out|No route to host|Network is unreachable|Could not resolve hostname|Connection closed|Connection reset/i.test(stderr)) {
    return `unreachable: ${said}`
  }
  if (code === 127 && /benchdoc: .*: not found/.test(stderr)) return `${said.replace(/^benchdoc: /, '')}: install sysbench on the host`
  return said || `ssh exit ${code}`
}
