import {existsSync, readdirSync, readFileSync, statSync, writeFileSync, chmodSync} from 'node:fs'
import {tmpdir} from 'node:os'
import {join} from 'node:path'
import {gunzipSync} from 'node:zlib'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {splitCombinedLog} from '../../tools/parse/combined-log.js'
import {mergeClients} from '../../tools/parse/merge.js'
import {parseSysbenchOutput} from '../../tools/parse/sysbench-output.js'
import {startEmbeddedMariadb} from '../../tools/run/embedded.js'
import {query} from '../../tools/run/sql-client.js'
import {freePort} from '../../tools/run/supervisor.js'
import {startSshd} from '../helpers/embedded-sshd.js'
import {RATE, readYaml, runCli, startCli, sysbenchProcesses, tempDir, waitFor, writePlan} from './helpers.js'
import {schemaValidator} from '../../tools/validate/schema-check.js'

const PASSWORD = 'Ssh-pw-7d2a90-never-seen'

describe('benchdoc run with clients on two SSH hosts', () => {
  /** @type {import('../../tools/run/embedded.js').Embedded} */
  let server
  /** @type {import('../helpers/embedded-sshd.js').EmbeddedSshd} */
  let sshd
  beforeAll(async () => {
    ;[server, sshd] = await Promise.all([startEmbeddedMariadb(), startSshd()])
    await query(server.target, undefined, `CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON *.* TO 'bench'@'127.0.0.1'`)
  })
  afterAll(async () => {
    await Promise.all([server?.stop(), sshd?.stop()])
  })

  /** @param {{clients: string, time?: number, threads?: string, extra?: string}} p */
  const plan = ({clients, time = 2, threads = '[2]', extra = ''}) => `report: hosts
subject: mariadb
target: {host: 127.0.0.1, port: ${server.target.port}, user: bench, password_env: BENCH_PW}
tables: 1
table_size: 1000
time: ${time}
clients:
${clients}
workloads:
  - {name: oltp_read_only, threads: ${threads}}
options: {${RATE}}
${extra}`
  const threeClients = () => `  - ${sshd.entry('one', '127.0.0.1', ', count: 2')}\n  - ${sshd.entry('two', '127.0.0.2')}`
  const env = {BENCH_PW: PASSWORD}
  const port = () => `--mysql-port=${server.target.port}`

  it('should merge three clients across two hosts exactly as the merge of their three logs, with no password on any command line or left in any file', async () => {
    const dir = tempDir()
    writePlan(dir, plan({clients: threeClients(), threads: '[1, 2]'}))
    /** @type {string[]} */
    const leaks = []
    /** @type {string[]} */
    const secretFiles = []
    const {done} = startCli(['run', 'plan.yaml'], {cwd: dir, env})
    let finished = false
    void done.then(() => void (finished = true))
    while (!finished) {
      for (const p of readdirSync('/proc').filter((x) => /^\d+$/.test(x))) {
        try {
          if (readFileSync(`/proc/${p}/cmdline`, 'utf8').includes(PASSWORD)) leaks.push(readFileSync(`/proc/${p}/cmdline`, 'utf8'))
        } catch {}
      }
      for (const f of readdirSync(tmpdir()).filter((f) => f.startsWith('benchdoc-'))) {
        const path = join(tmpdir(), f)
        try {
          if (statSync(path).isFile() && readFileSync(path, 'utf8').includes(PASSWORD)) secretFiles.push(`${f} ${(statSync(path).mode & 0o777).toString(8)}`)
        } catch {}
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    const result = await done
    expect(result.stderr).toMatch(/^\[2\/2\] oltp_read_only 2 threads × 3 clients · /m)
    expect(result.code).toBe(0)
    expect(leaks).toEqual([])
    expect(secretFiles.length).toBeGreaterThan(0) // the clients' config files, while sysbench ran
    expect(new Set(secretFiles.map((f) => f.split(' ')[1]))).toEqual(new Set(['600']))
    // other runs on this machine create and remove their benchdoc-* folders meanwhile: one gone between listing and reading is no secret left
    const holdsPassword = (/** @type {string} */ f) => {
      try {
        return statSync(join(tmpdir(), f)).isFile() && readFileSync(join(tmpdir(), f), 'utf8').includes(PASSWORD)
      } catch {
        return false
      }
    }
    expect(readdirSync(tmpdir()).filter((f) => f.startsWith('benchdoc-') && holdsPassword(f))).toEqual([])

    const report = readYaml(join(dir, 'data', 'reports', 'hosts.yaml'))
    for (const point of report.results) {
      expect(point.clients).toBe(3)
      const sections = splitCombinedLog(gunzipSync(readFileSync(join(dir, 'data', 'reports', point.log))).toString('utf8'))
      expect(sections.map((s) => s.client)).toEqual([1, 2, 3])
      const merged = mergeClients(sections.map((s) => parseSysbenchOutput(s.text)))
      for (const k of ['qps', 'tps', 'latency_avg', 'latency_p95', 'latency_max', 'intervals']) expect(point[k]).toEqual(/** @type {any} */ (merged)[k])
    }
    expect(report.topology.slice(1)).toEqual([
      {hosts: ['one'], instances: [{component: 'Sysbench', count: 2}]},
      {hosts: ['two'], instances: [{component: 'Sysbench', count: 1}]}
    ])
    expect(report.environment.machines.map((/** @type {any} */ m) => m.host)).toEqual(['one', 'two'])
    const record = readYaml(join(dir, 'data', 'runs', 'hosts', 'mariadb', 'run.yaml'))
    expect(record.launcher).toBe('ssh')
    const valid = schemaValidator('run')
    expect([valid(record), valid.errors ?? null]).toEqual([true, null])
    expect(record.client_hosts.map((/** @type {any} */ h) => [h.host, h.sysbench])).toEqual([['one', '1.0.20'], ['two', '1.0.20']])
    for (const p of record.points) expect(p.start_spread_ms).toBeGreaterThanOrEqual(0)
    expect(JSON.stringify(record)).not.toContain(PASSWORD)
    expect(sysbenchProcesses(port())).toEqual([])
  })

  it('should record a client killed mid-point as failed, with its host', async () => {
    const dir = tempDir()
    // host two's sysbench run says where it runs, so the test can kill it: only the run (its last argument), not the
    // version probe nor prepare, which exit at once (a pid file of theirs was killed when gone: ESRCH), and whole or not at all
    const wrapper = join(dir, 'sysbench-two')
    const pidFile = join(dir, 'two.pid')
    writeFileSync(wrapper, `#!/bin/sh\ncase "$*" in *' run') echo $$ > ${pidFile}.tmp && mv ${pidFile}.tmp ${pidFile} ;; esac\nexec sysbench "$@"\n`)
    chmodSync(wrapper, 0o755)
    writePlan(dir, plan({clients: `  - ${sshd.entry('one', '127.0.0.1', ', count: 2')}\n  - ${sshd.entry('two', '127.0.0.2', `, sysbench: ${wrapper}`)}`, time: 8, extra: 'steps: {prepare: true, analyze: false, cleanup: false}\n'}))
    const {done} = startCli(['run', 'plan.yaml'], {cwd: dir, env})
    await waitFor(() => sysbenchProcesses(`${port()} `).some((p) => p.cmdline.includes('oltp_read_only')) && existsSync(join(dir, 'two.pid')) && sysbenchProcesses('oltp_read_only').length === 3, 60_000)
    await new Promise((r) => setTimeout(r, 1500))
    process.kill(Number(readFileSync(join(dir, 'two.pid'), 'utf8')), 'SIGKILL')
    const result = await done
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(/^\[1\/1\] oltp_read_only 2 threads: failed: client 3 on two: sysbench exit 137$/m)
    const report = readYaml(join(dir, 'data', 'reports', 'hosts.yaml'))
    expect(report.results[0].error.split('\n')[0]).toBe('client 3 on two: sysbench exit 137')
    expect(report.results[0].qps ?? null).toBe(null)
    expect(readYaml(join(dir, 'data', 'runs', 'hosts', 'mariadb', 'run.yaml')).points[0]).toMatchObject({status: 'failed'})
    await waitFor(() => sysbenchProcesses(port()).length === 0, 10_000)
  })

  it('should stop every remote sysbench when the runner is killed with SIGKILL, and --resume should finish the matrix', async () => {
    const dir = tempDir()
    writePlan(dir, plan({clients: threeClients(), time: 4, threads: '[1, 2]'}))
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir, env})
    await waitFor(() => sysbenchProcesses(port()).filter((p) => p.cmdline.includes('oltp_read_only')).length === 3, 60_000)
    child.kill('SIGKILL')
    expect((await done).signal).toBe('SIGKILL')
    await waitFor(() => sysbenchProcesses(port()).length === 0, 10_000)
    const resumed = await runCli(['run', 'plan.yaml', '--resume'], {cwd: dir, env})
    expect(resumed.code).toBe(0)
    const report = readYaml(join(dir, 'data', 'reports', 'hosts.yaml'))
    expect(report.results.map((/** @type {any} */ p) => [p.threads, p.clients, p.qps > 0])).toEqual([[1, 3, true], [2, 3, true]])
  })

  it('should stop remote sysbench on SIGINT and keep the points measured', async () => {
    const dir = tempDir()
    writePlan(dir, plan({clients: threeClients(), time: 20}))
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir, env})
    await waitFor(() => sysbenchProcesses(port()).filter((p) => p.cmdline.includes('oltp_read_only')).length === 3, 60_000)
    child.kill('SIGINT')
    const result = await done
    expect(result.code).toBe(130)
    expect(sysbenchProcesses(port())).toEqual([])
  })

  it('should name the plan line of a host whose key does not match known_hosts', async () => {
    const dir = tempDir()
    const known = join(dir, 'known_hosts')
    writeFileSync(known, readFileSync(sshd.knownHosts, 'utf8').replace(/^\[127\.0\.0\.2\].*$/m, `[127.0.0.2]:${sshd.port} ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIDnH6Ps3jJm7z0lYqU9S8m1tP2Ck3tLx7rT3Qv4Xv1Yk`))
    writePlan(dir, plan({clients: `  - ${sshd.entry('one', '127.0.0.1')}\n  - ${sshd.entry('two', '127.0.0.2').replace(sshd.knownHosts, known)}`}))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env})
    expect(result.code).toBe(1)
    expect(result.stderr).toMatch(new RegExp(`^benchdoc run: plan\\.yaml:9:5: error: client host two \\(${sshd.user}@127\\.0\\.0\\.2 port ${sshd.port}\\): host key mismatch: the host offers ED25519 key SHA256:\\S+ that differs from the one in ${known.replace(/[.]/g, '\\.')}:2; check the host before you replace its key \\(ssh-keygen -R\\)\\n$`))
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('should name the plan line of an unreachable host', async () => {
    const dir = tempDir()
    const closed = await freePort()
    writePlan(dir, plan({clients: `  - ${sshd.entry('one', '127.0.0.1')}\n  - ${sshd.entry('two', '127.0.0.2').replace(`port: ${sshd.port}`, `port: ${closed}`)}`}))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`benchdoc run: plan.yaml:9:5: error: client host two (${sshd.user}@127.0.0.2 port ${closed}): unreachable: ssh: connect to host 127.0.0.2 port ${closed}: Connection refused\n`)
  })

  it('should refuse client hosts with different sysbench versions before the run', async () => {
    const dir = tempDir()
    const old = join(dir, 'sysbench-old')
    writeFileSync(old, '#!/bin/sh\necho "sysbench 1.0.18"\n')
    chmodSync(old, 0o755)
    writePlan(dir, plan({clients: `  - ${sshd.entry('one', '127.0.0.1')}\n  - ${sshd.entry('two', '127.0.0.2', `, sysbench: ${old}`)}`}))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`benchdoc run: plan.yaml:9:5: error: client host two (${sshd.user}@127.0.0.2 port ${sshd.port}): has sysbench 1.0.18, client host one has 1.0.20; expected the same sysbench on every client host\n`)
  })
})
