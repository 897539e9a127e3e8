import {existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {afterAll, beforeAll, describe, expect, it} from 'vitest'
import {startEmbeddedMariadb, freePort} from '../../tools/run/embedded.js'
import {query} from '../../tools/run/sql-client.js'
import {secretDir} from '../../tools/run/secret-file.js'
import {RATE, allFiles, readYaml, runCli, startCli, tempDir, writePlan} from './helpers.js'

/** Command lines of every process on the machine, with their secret files' modes. */
function snapshotProcesses() {
  /** @type {Array<{pid: string, cmdline: string}>} */
  const seen = []
  for (const pid of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
    try {
      seen.push({pid, cmdline: readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').join(' ')})
    } catch {}
  }
  return seen
}

const PASSWORD = 'Pw-4e1f9c-never-written'

/** @param {number} port @param {string} [extra] */
const plan = (port, extra = '') => `report: remote
subject: server-a
target: {host: 127.0.0.1, port: ${port}, user: bench, password_env: BENCH_PW}
tables: 1
table_size: 500
time: 1
options: {${RATE}}
workloads:
  - {name: oltp_point_select, threads: [1]}
${extra}`

describe('benchdoc run against a named target with a password', () => {
  /** @type {import('../../tools/run/embedded.js').Embedded} */
  let server
  beforeAll(async () => {
    server = await startEmbeddedMariadb()
    await query(server.target, undefined, `CREATE USER 'bench'@'127.0.0.1' IDENTIFIED BY '${PASSWORD}'; GRANT ALL ON *.* TO 'bench'@'127.0.0.1'`)
  })
  afterAll(async () => {
    await server?.stop()
  })

  it('should write the password to no file under data/ or public/, nor to its output', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    mkdirSync(join(dir, 'public'))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    expect(result.code).toBe(0)
    writeFileSync(join(dir, 'run.log'), result.stdout + result.stderr)
    const files = allFiles(dir)
    expect(files.some((f) => f.path.endsWith('.log.gz'))).toBe(true)
    expect(files.some((f) => f.path === 'data/runs/remote/server-a/run.yaml')).toBe(true)
    expect(files.filter((f) => f.text.includes(PASSWORD)).map((f) => f.path)).toEqual([])
    const record = readYaml(join(dir, 'data', 'runs', 'remote', 'server-a', 'run.yaml'))
    expect(record.commands.run[0].command).toContain('--mysql-user=bench --mysql-db=sbtest ')
    expect(record.commands.run[0].command).not.toContain('password')
  })

  it('should put the password on no process command line during a real run, only in a 0600 file removed afterwards', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port).replace('time: 1', 'time: 3'))
    const {child, done} = startCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    let sysbenchSeen = 0
    /** @type {string[]} */
    const leaks = []
    /** @type {number[]} */
    const modes = []
    let finished = false
    done.then(() => void (finished = true))
    while (!finished) {
      for (const p of snapshotProcesses()) {
        if (p.cmdline.includes(PASSWORD)) leaks.push(p.cmdline)
        const file = /--config-file=(\S+)/.exec(p.cmdline)?.[1]
        if (p.cmdline.startsWith('sysbench ') && file) {
          sysbenchSeen++
          try {
            modes.push(statSync(file).mode & 0o777)
          } catch {}
        }
      }
      await new Promise((r) => setTimeout(r, 50))
    }
    const result = await done
    expect(child.pid).toBeGreaterThan(0)
    expect(result.code).toBe(0)
    expect(sysbenchSeen).toBeGreaterThan(0)
    expect(leaks).toEqual([])
    expect(new Set(modes)).toEqual(new Set([0o600]))
    expect(readdirSync(secretDir()).filter((f) => f.startsWith(`${child.pid}-`))).toEqual([])
  })

  it('should keep the figures and the log whole when a short password also occurs in sysbench output', async () => {
    await query(server.target, undefined, `CREATE USER 'short'@'127.0.0.1' IDENTIFIED BY '1'; GRANT ALL ON *.* TO 'short'@'127.0.0.1'`)
    const dir = tempDir()
    writePlan(dir, plan(server.target.port).replace('user: bench', 'user: short'))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: '1'}})
    expect(result.code).toBe(0)
    const report = readYaml(join(dir, 'data', 'reports', 'remote.yaml'))
    expect(report.results[0].qps).toBeGreaterThan(0)
    expect(report.results[0].latency_p95).toBeGreaterThan(0)
    const log = allFiles(dir).find((f) => f.path.endsWith('.log.gz'))?.text ?? ''
    expect(log).toContain('--threads=1 ')
    expect(log).toMatch(/queries: +\d+/)
  })

  it('should remove secret files left by a run that was killed before it could', async () => {
    mkdirSync(secretDir(), {recursive: true, mode: 0o700})
    const stale = join(secretDir(), '999999999-0123456789ab.conf')
    writeFileSync(stale, 'mysql-password=left-behind\n', {mode: 0o600})
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    expect(result.code).toBe(0)
    expect(existsSync(stale)).toBe(false)
  })

  it('should print the commands with the password redacted on --dry-run and run nothing', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    const result = await runCli(['run', 'plan.yaml', '--dry-run'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('# the password (from BENCH_PW) reaches sysbench in a private --config-file, never on its command line\n')
    expect(result.stdout).toContain(`# point 1/1: oltp_point_select, 1 threads\nsysbench oltp_point_select \\\n  --db-driver=mysql \\\n  --mysql-host=127.0.0.1 \\\n  --mysql-port=${server.target.port} \\\n  --mysql-user=bench \\\n  --mysql-db=sbtest \\\n`)
    expect(result.stdout).not.toContain(PASSWORD)
    expect(existsSync(join(dir, 'data'))).toBe(false)
  })

  it('should say the password is wrong, without a stack trace', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: 'wrong'}})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`benchdoc run: access denied for user \`bench\` at 127.0.0.1:${server.target.port}: wrong password or user (the password comes from the environment variable named by target.password_env)\n`)
  })

  it('should say the server is unreachable', async () => {
    const dir = tempDir()
    const port = await freePort()
    writePlan(dir, plan(port))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe(`benchdoc run: server unreachable at 127.0.0.1:${port}: is it running, and are host and port right?\n`)
  })

  it('should exit 2 when the password variable is not set', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    const env = {...process.env}
    delete env.BENCH_PW
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: /** @type {Record<string, string>} */ (env)})
    expect(result.code).toBe(2)
    expect(result.stderr).toBe('benchdoc run: plan.yaml:2:10: the environment variable BENCH_PW (named by target.password_env) is not set\n')
  })

  it('should say how to install sysbench when it is missing', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD, PATH: dir}})
    expect(result.code).toBe(1)
    expect(result.stderr).toBe('benchdoc run: sysbench is not installed: install it with `apt-get install sysbench`\n')
  })

  it('should record a failing point with its error text and go on', async () => {
    const dir = tempDir()
    writePlan(dir, plan(server.target.port).replace('threads: [1]}', 'threads: [1]}\n  - {name: oltp_read_only, threads: [1], options: {tables: 3}}\n  - {name: oltp_update_index, threads: [1]}'))
    const result = await runCli(['run', 'plan.yaml'], {cwd: dir, env: {BENCH_PW: PASSWORD}})
    expect(result.code).toBe(1)
    expect(result.stderr).toContain('[2/3] oltp_read_only 1 threads: failed: FATAL: mysql_stmt_prepare() failed\n')
    expect(result.stderr).toMatch(/^3 points written to .*remote\.yaml \(1 failed\) in \d:\d\d$/m)
    const report = readYaml(join(dir, 'data', 'reports', 'remote.yaml'))
    expect(report.results[1].error).toContain(`FATAL: MySQL error: 1146 "Table 'sbtest.sbtest2' doesn't exist"`)
    expect(report.results[2].tps).toBeGreaterThan(0)
  })
})
