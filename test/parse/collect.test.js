import {fileURLToPath} from 'node:url'
import {describe, expect, it} from 'vitest'
import {parse} from 'yaml'
import {main} from '../../tools/cli.js'
import {HELP} from '../../tools/collect/command.js'

const fixtures = fileURLToPath(new URL('../fixtures/sysbench/', import.meta.url))

/** @param {string[]} argv */
async function collect(argv) {
  let out = ''
  let err = ''
  const code = await main(['collect', ...argv], {out: (t) => void (out += t), err: (t) => void (err += t), cwd: fixtures, env: {}})
  return {code, out, err}
}

describe('benchdoc collect', () => {
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

  it('should exit 2 on a missing file', async () => {
    const {code, err} = await collect(['nope.log'])
    expect(code).toBe(2)
    expect(err).toBe('benchdoc collect: nope.log: no such file, expected a sysbench log\n')
  })
})
