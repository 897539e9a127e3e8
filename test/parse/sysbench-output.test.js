import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {parseIntervalLine, parseSysbenchOutput} from '../../tools/parse/sysbench-output.js'
import {splitCombinedLog, sectionHeader} from '../../tools/parse/combined-log.js'

const fixture = (/** @type {string} */ name) => readFileSync(new URL(`../fixtures/sysbench/${name}`, import.meta.url), 'utf8')

describe('parseSysbenchOutput', () => {
  it('should read the final statistics of a real sysbench 1.0.20 oltp_read_write run', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-read-write-1-client.log'))
    expect(out.version).toBe('1.0.20')
    expect(out.threads).toBe(2)
    expect(out.statistics).toEqual({
      line: 150, sql: true,
      transactions: 2469, tps: 821.89, queries: 49396, qps: 16443.22,
      errors: 1, errors_per_sec: 0.33, reconnects: 0, reconnects_per_sec: 0,
      eps: null, total_time: 3.0037, events: 2469,
      latency_min: 0.98, latency_avg: 2.43, latency_max: 11.9, latency_pct: 4.82, percentile: 95, latency_sum: 5999.82
    })
    expect(out.test).toEqual({test: 'oltp', line: 150, text: 'SQL statistics:'})
    expect(out.fatal).toEqual([])
  })

  it('should read every --report-interval line with its figures', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-read-write-1-client.log'))
    expect(out.intervals).toEqual([
      {t: 1, threads: 2, tps: 644.53, qps: 12911.52, eps: null, latency_pct: 7.3, percentile: 95, errors: 0, reconnects: 0},
      {t: 2, threads: 2, tps: 1018.22, qps: 20367.43, eps: null, latency_pct: 2.71, percentile: 95, errors: 0, reconnects: 0},
      {t: 3, threads: 2, tps: 804.03, qps: 16086.66, eps: null, latency_pct: 3.96, percentile: 95, errors: 1, reconnects: 0}
    ])
  })

  it('should read the --histogram table, one bucket per printed row', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-read-write-1-client.log'))
    expect(out.histogram?.length).toBe(132)
    expect(out.histogram?.reduce((n, b) => n + b.count, 0)).toBe(2469)
  })

  it('should take the statistics after a checkpoint, not the checkpoint’s own', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-point-select-warmup-checkpoint.log'))
    expect(out.checkpoints).toEqual([1])
    expect(out.statistics?.transactions).toBe(180935)
    expect(out.statistics?.latency_pct).toBe(0.03)
    // sysbench resets its counters and its histogram a moment apart at a
    // checkpoint: 9 of 180935 events fall between the two
    expect(out.histogram?.reduce((n, b) => n + b.count, 0)).toBe(180926)
  })

  it('should read hand-written sysbench 1.1 output with its Throughput block', () => {
    const out = parseSysbenchOutput(fixture('1.1-style-read-write.log'))
    expect(out.version).toBe('1.1.0-df89d34')
    expect(out.statistics).toEqual({
      line: 26, sql: true,
      transactions: 4585, tps: 1527.58, queries: 91700, qps: 30551.6,
      errors: 1, errors_per_sec: 0.33, reconnects: 0, reconnects_per_sec: 0,
      eps: 1527.58, total_time: 3.0015, events: 4585,
      latency_min: 2.01, latency_avg: 5.23, latency_max: 21.44, latency_pct: 7.43, percentile: 95, latency_sum: 23986.12
    })
    expect(out.histogram).toEqual([
      {value: 2.01, count: 100}, {value: 3.02, count: 1000}, {value: 4.487, count: 2000}, {value: 5.573, count: 1000},
      {value: 6.913, count: 250}, {value: 7.43, count: 150}, {value: 9.56, count: 60}, {value: 21.44, count: 25}
    ])
  })

  it('should read a non-SQL 1.1 test, whose intervals show eps', () => {
    const out = parseSysbenchOutput(fixture('1.1-style-cpu.log'))
    expect(out.intervals[0]).toEqual({t: 1, threads: 2, tps: null, qps: null, eps: 2410.93, latency_pct: 0.84, percentile: 95, errors: null, reconnects: null})
    expect(out.statistics?.eps).toBe(2404.47)
    expect(out.statistics?.qps).toBe(null)
    expect(out.test).toEqual({test: 'cpu', line: 8, text: 'Prime numbers limit: 10000'})
  })

  it('should keep the FATAL lines of a run that could not connect', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-access-denied.log'))
    expect(out.statistics).toBe(null)
    expect(out.fatal[1]).toBe("FATAL: error 1045: Access denied for user 'nobody'@'127.0.0.1' (using password: YES)")
  })

  it('should keep the MySQL error of a run whose table is missing', () => {
    const out = parseSysbenchOutput(fixture('1.0.20-table-missing.log'))
    expect(out.fatal[1]).toBe(`FATAL: MySQL error: 1146 "Table 'sbtest.sbtest3' doesn't exist"`)
  })
})

describe('parseSysbenchOutput of sysbench 0.4 and 0.5', () => {
  const corpus = (/** @type {string} */ name) => readFileSync(new URL(`../fixtures/sysbench-logs/${name}`, import.meta.url), 'utf8')

  it('should read 0.5 statistics into the fields of 1.0: queries as read/write requests plus other operations, the sum in ms', () => {
    const out = parseSysbenchOutput(corpus('0.5-hgxl64-oltp-rw-4096-ignored-errors.log'))
    expect([out.version, out.threads, out.test?.test]).toEqual(['0.5', 4096, 'oltp'])
    expect(out.statistics).toEqual({
      line: 17, sql: true,
      transactions: 478446, tps: 4732.28, queries: 9938662, qps: 98302.75,
      errors: 23683, errors_per_sec: 234.25, reconnects: 0, reconnects_per_sec: 0,
      eps: null, total_time: 101.1026, events: 478446,
      latency_min: 2.49, latency_avg: 855.29, latency_max: 62156.57, latency_pct: 4857.32, percentile: 95, latency_sum: 409209890.3
    })
  })

  it('should take 0.4 deadlocks as errors and its per-request statistics as latencies', () => {
    const out = parseSysbenchOutput(corpus('0.4.12-hgxl64-oltp-ro-4.log'))
    expect(out.statistics).toMatchObject({errors: 0, errors_per_sec: 0, reconnects: null, latency_avg: 0.29, latency_pct: 0.38, percentile: 95, latency_sum: 238443.2})
  })

  it('should keep a 99th percentile as the 99th, never as the 95th', () => {
    const out = parseSysbenchOutput(corpus('0.5-simonklee-oltp-rw-8-p99.log'))
    expect([out.percentile, out.statistics?.percentile, out.statistics?.latency_pct]).toEqual([99, 99, 27.2])
  })
})

describe('parseIntervalLine', () => {
  it('should return null for a line that is no interval report', () => {
    expect(parseIntervalLine('Threads started!')).toBe(null)
  })

  it('should read 0.5 interval lines, whose queries per second are unknown (no other operations printed)', () => {
    expect(parseIntervalLine('[   5s] threads: 64, tps: 7897.77, reads/s: 110681.95, writes/s: 0.00 response time: 12.65ms (99%)')?.interval).toEqual(
      {t: 5, threads: 64, tps: 7897.77, qps: null, eps: null, latency_pct: 12.65, percentile: 99, errors: null, reconnects: null}
    )
    expect(parseIntervalLine('[   3s] threads: 4096, tps: 1694.21, reads: 38065.23, writes: 8126.74, response time: 2662.10ms (95%), errors: 53.00, reconnects:  0.00')?.interval).toEqual(
      {t: 3, threads: 4096, tps: 1694.21, qps: null, eps: null, latency_pct: 2662.1, percentile: 95, errors: 53, reconnects: 0}
    )
  })

  it('should read the percentile sysbench was asked for', () => {
    expect(parseIntervalLine('[ 10s ] thds: 4 tps: 1.00 qps: 2.00 (r/w/o: 2.00/0.00/0.00) lat (ms,99%): 3.50 err/s: 0.00 reconn/s: 0.00')?.percentile).toBe(99)
  })

  it('should read no figure from a number sysbench does not write, not its first digits (test/fuzz/regressions/collect/interval-thousands-separator.log)', () => {
    expect(parseIntervalLine('[  10s] threads: 8, tps: 1,234.5, reads/s: 8530.60, writes/s: 2437.31, response time: 25.79ms (99%)')?.interval.tps).toBe(null)
    expect(parseIntervalLine('[ 10s ] thds: 4 tps: 12.5.1 qps: 2.00 (r/w/o: 2.00/0.00/0.00) lat (ms,95%): 3.50 err/s: 0.00 reconn/s: 0.00')?.interval).toMatchObject({tps: null, qps: 2})
  })
})

describe('the counts of a sysbench output', () => {
  it('should read a thread count and an event count only when the whole value is a count (`4.0e-262` is no 4 threads)', () => {
    const text = readFileSync(new URL('../fixtures/sysbench/1.0.20-read-write-1-client.log', import.meta.url), 'utf8')
      .replace(/(Number of threads: +)\d+/, '$14.0e-262').replace(/(total number of events: +)\d+/, '$12e-304')
    const output = parseSysbenchOutput(text)
    expect(output.threads).toBe(null)
    expect(output.statistics?.tps).toBe(parseSysbenchOutput(readFileSync(new URL('../fixtures/sysbench/1.0.20-read-write-1-client.log', import.meta.url), 'utf8')).statistics?.tps)
    expect(output.statistics?.events).toBe(null)
  })
})

describe('splitCombinedLog', () => {
  it('should split a benchdoc log into its clients and repeats with their commands', () => {
    const header = sectionHeader({client: 2, clients: 2, repeat: 1, repeats: 1, workload: 'oltp_insert', threads: 8, command: 'sysbench oltp_insert --threads=8 run'})
    const sections = splitCombinedLog(`${header}out two\n`)
    expect(sections).toEqual([{client: 2, clients: 2, repeat: 1, repeats: 1, workload: 'oltp_insert', threads: 8, command: 'sysbench oltp_insert --threads=8 run', text: 'out two\n', line: 2, header: true}])
  })

  it('should treat a plain sysbench log as one client', () => {
    expect(splitCombinedLog('plain')).toEqual([{client: 1, clients: 1, repeat: 1, repeats: 1, workload: null, threads: null, command: null, text: 'plain', line: 0, header: false}])
  })
})
