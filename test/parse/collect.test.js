import {readFileSync, writeFileSync} from 'node:fs'
import {join} from 'node:path'
import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {HELP} from '../../tools/collect/command.js'
import {tempFolder} from '../helpers/temp.js'

const fixtures = fileURLToPath(new URL('../fixtures/sysbench/', import.meta.url))

/** @param {string[]} argv */
async function collect(argv) {
  let out = ''
  let err = ''
  const code = await main(['collect', ...argv], {out: (t) => void (out += t), err: (t) => void (err += t), cwd: fixtures, env: {}})
  return {code, out, err}
}

describe('benchdoc collect', () => {
  it('should name the line of each section of a benchdoc run log it refuses', async () => {
    const log = readFileSync(join(fixtures, '1.0.20-read-write-1-client.log'), 'utf8')
    const dir = tempFolder('benchdoc-collect-')
    const header = (/** @type {number} */ client) => `### benchdoc client ${client}/2 repeat 1/1 workload oltp_read_write threads 2\n### command: sysbench oltp_read_write run\n`
    writeFileSync(join(dir, 'run.log'), `${header(1)}${log}\n${header(2)}${log.replace('sysbench 1.0.20 ', 'sysbench 1.1.0 ')}`)
    let err = ''
    expect(await main(['collect', 'run.log'], {out: () => {}, err: (t) => void (err += t), cwd: dir, env: {}})).toBe(1)
    // the second section's output starts after the first's lines, a blank line and its two header lines
    const second = log.split('\n').length + 5
    expect(err).toBe(`run.log:3, run.log:${second}: printed by different sysbench versions (1.0.20, 1.1.0); the clients and repeats of one point run one version\n`)
  })

  it('should print its help', async () => {
    expect(await collect(['--help'])).toEqual({code: 0, out: HELP, err: ''})
  })

  it('should print the point of a plain log as YAML', async () => {
    const {code, out} = await collect(['1.0.20-read-write-1-client.log'])
    expect(code).toBe(0)
    const [point] = parse(out)
    expect({...point, intervals: point.intervals.length}).toEqual({
      threads: 2, clients: 1, sysbench: '1.0.20', qps: 16443.22, tps: 821.89, latency_avg: 2.43, latency_p95: 4.82, latency_max: 11.9,
      errors: 0.33, reconnects: 0, log: '1.0.20-read-write-1-client.log', intervals: 3
    })
  })

  it('should merge the logs of parallel clients with --merge', async () => {
    const {out} = await collect(['--merge', '1.0.20-point-select-client-1-of-2.log', '1.0.20-point-select-client-2-of-2.log'])
    const [point] = parse(out)
    expect([point.clients, point.qps, point.latency_avg, point.latency_p95]).toEqual([2, 33524.36, 0.12, 0.23])
  })

  it('should take logs as repeats of one point with --repeats: their median, with every repeat kept as samples', async () => {
    const {code, out} = await collect(['--repeats', '1.0.20-point-select-client-1-of-2.log', '1.0.20-point-select-client-2-of-2.log', '1.0.20-point-select-warmup-checkpoint.log'])
    expect(code).toBe(0)
    const [point] = parse(out)
    expect([point.repeats, point.qps, point.samples.map((/** @type {any} */ s) => s.qps)]).toEqual([3, 21126.89, [12397.47, 21126.89, 60291.65]])
  })

  it('should refuse --merge with --repeats', async () => {
    const {code, err} = await collect(['--merge', '--repeats', '1.0.20-unreachable.log'])
    expect(code).toBe(2)
    expect(err).toMatch(/^benchdoc collect: Unexpected --merge with --repeats, expected one of them/)
  })

  it('should exit 1 and say why when a log has no final statistics', async () => {
    const {code, err} = await collect(['1.0.20-unreachable.log'])
    expect(code).toBe(1)
    expect(err).toBe("1.0.20-unreachable.log: FATAL: unable to connect to MySQL server on host '127.0.0.1', port 1, aborting...\n")
  })

  it('should refuse a negative figure in the final statistics, naming it and its line (fuzz findings, kept in test/fuzz/regressions/collect/)', async () => {
    const dir = fileURLToPath(new URL('../fuzz/regressions/collect/', import.meta.url))
    let err = ''
    const code = await main(['collect', 'negative-latency-avg.log', 'negative-deadlocks-per-sec.log'], {out: () => {}, err: (t) => void (err += t), cwd: dir, env: {}})
    expect(code).toBe(1)
    expect(err).toBe('negative-latency-avg.log: a negative figure in the final statistics (line 12): `latency_avg` is -1.002, where sysbench prints none; the log was edited or damaged\n' +
      'negative-deadlocks-per-sec.log: a negative figure in the final statistics (line 18): `errors_per_sec` is -0.007500000000000001, where sysbench prints none; the log was edited or damaged\n')
  })

  it('should warn, at its file and line, of each error sysbench reported in a run that still printed its final statistics, in 0.4, 1.0 and 1.1 output and in a log of benchdoc run', async () => {
    // errors as those sysbench versions print them; the 0.5 one is in the corpus (0.5-simonklee-oltp-rw-32-alert.log)
    const dir = tempFolder('benchdoc-collect-')
    const withErrors = (/** @type {string} */ from, /** @type {string} */ name, /** @type {string[]} */ errors) => {
      writeFileSync(join(dir, name), readFileSync(join(fixtures, from), 'utf8').replace('Threads started!\n', `Threads started!\n${errors.join('\n')}\n`))
      return join(dir, name)
    }
    const logs = [
      withErrors('../sysbench-logs/0.4.12-hgxl64-oltp-ro-4.log', '0.4.log', ['ALERT: failed to execute mysql_stmt_execute(): Err1317 Query execution was interrupted', "FATAL: failed to execute function `event': (null)"]),
      withErrors('1.0.20-read-write-1-client.log', '1.0.log', ['ALERT: attempt to use an already closed connection']),
      withErrors('1.1-style-read-write.log', '1.1.log', ['ALERT: attempt to use an already closed connection']),
      join(dir, 'run.log')
    ]
    writeFileSync(logs[3], `### benchdoc client 1/1 repeat 1/1 workload oltp_read_write threads 2\n### command: sysbench oltp_read_write run\n${readFileSync(logs[1], 'utf8')}`)
    const {code, out, err} = await collect(logs)
    expect(code).toBe(0)
    expect(parse(out).map((/** @type {any} */ p) => p.tps)).toEqual([13760.62, 821.89, 1527.58, 821.89])
    const rest = (/** @type {number} */ n) => (n === 0 ? '' : ` and ${n} more ALERT or FATAL line${n === 1 ? '' : 's'}`)
    const warning = (/** @type {string} */ at, /** @type {string} */ text, n = 0) => `${at}: warning: sysbench reported an error, then went on to its final statistics: \`${text}\`${rest(n)}; the point is read from them: check that the error did not spoil the run\n`
    expect(err).toBe([
      warning(`${logs[0]}:14`, 'ALERT: failed to execute mysql_stmt_execute(): Err1317 Query execution was interrupted', 1),
      warning(`${logs[1]}:12`, 'ALERT: attempt to use an already closed connection'),
      warning(`${logs[2]}:12`, 'ALERT: attempt to use an already closed connection'),
      warning(`${logs[3]}:14`, 'ALERT: attempt to use an already closed connection')
    ].join(''))
  })

  it('should exit 2 on a missing file', async () => {
    const {code, err} = await collect(['nope.log'])
    expect(code).toBe(2)
    expect(err).toBe('benchdoc collect: nope.log: no such file, expected a sysbench log\n')
  })
})
