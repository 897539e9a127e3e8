import {readFileSync} from 'node:fs'
import {describe, expect, it} from 'vitest'
import {collectLogs} from '../../tools/collect/collect.js'
import {parseSysbenchOutput} from '../../tools/parse/sysbench-output.js'

/**
 * What real logs carry around sysbench's own lines must not change what is
 * read: each case takes a real log of the corpus, adds what real logs were
 * seen to carry, and expects the very point of the clean log.
 */

const corpus = (/** @type {string} */ name) => readFileSync(new URL(`../fixtures/sysbench-logs/${name}`, import.meta.url), 'utf8')
const NEW = corpus('1.0.20-plantegg-read-write-64.log')
const OLD = corpus('0.5-hgxl64-oltp-rw-4096-ignored-errors.log')

/** The one point of a log, without its file name. @param {string} text */
function pointOf(text) {
  const {points, refused, notes} = collectLogs([{file: 'x.log', text}])
  expect({refused, notes}).toEqual({refused: [], notes: []})
  expect(points).toHaveLength(1)
  return points[0]
}

describe('what real logs carry', () => {
  const clean = pointOf(NEW)

  it('should read a 1.0 log whose figures it knows', () => {
    expect({...clean, intervals: clean.intervals.length}).toEqual({
      threads: 64, clients: 1, sysbench: '1.0.20', qps: 72613.17, tps: 3630.66, latency_avg: 17.62, latency_p95: 32.53, latency_max: 99.48,
      errors: 0, reconnects: 0, log: 'x.log', intervals: 6
    })
  })

  it('should read the same point after a linker warning and the --test deprecation warning before the banner', () => {
    const noisy = `sysbench: /usr/lib/x86_64-linux-gnu/libmysqlclient.so.18: no version information available (required by sysbench)\nWARNING: the --test option is deprecated. You can pass a script name or path on the command line without any options.\n${NEW}`
    expect(pointOf(noisy)).toEqual(clean)
  })

  it('should read the same point with DEBUG lines among the statistics', () => {
    const noisy = NEW.replace('    transactions:', 'DEBUG: Verbose per-thread statistics:\nDEBUG:     thread #  0: min: 0.0017s  avg: 0.0176s  max: 0.0995s  events: 1703\n    transactions:')
      .replace('Latency (ms):', 'DEBUG:                  total time taken by event execution: 30.0072s\nLatency (ms):')
    expect(pointOf(noisy)).toEqual(clean)
  })

  it('should read the same point with CRLF line endings', () => {
    expect(pointOf(NEW.replace(/\n/g, '\r\n'))).toEqual(clean)
  })

  it('should read the same point with tabs where sysbench printed spaces', () => {
    expect(pointOf(NEW.replace(/ {8,}/g, '\t\t'))).toEqual(clean)
  })

  it('should read the same point with `err/s 0.00` and `( 3630.66 per second)` as some builds print them', () => {
    const noisy = NEW.replace(/err\/s: /g, 'err/s ').replace('(3630.66 per sec.)', '( 3630.66 per second)')
    expect(pointOf(noisy)).toEqual(clean)
  })

  it('should read the same 0.5 point from a log indented as a Markdown code block, with CRLF', () => {
    const clean05 = pointOf(OLD)
    expect(pointOf(OLD.replace(/^/gm, '    ').replace(/\n/g, '\r\n'))).toEqual(clean05)
    expect(clean05.qps).toBe(98302.75)
  })

  it('should tell sysbench 1.0 threads and mutex runs, which name no test, by the command before them', () => {
    const threads = `$ sysbench threads --time=1 run\nsysbench 1.0.20 (using system LuaJIT 2.1.0-beta3)\n\nRunning the test with following options:\nNumber of threads: 1\n\nThreads started!\n\nGeneral statistics:\n    total time:                          1.0015s\n    total number of events:              938\n\nLatency (ms):\n         min:                                    0.59\n         avg:                                    1.07\n         max:                                    8.23\n         95th percentile:                        2.81\n         sum:                                  999.36\n`
    expect(parseSysbenchOutput(threads).test).toEqual({test: 'threads', line: 0, text: '$ sysbench threads --time=1 run'})
    const {refused} = collectLogs([{file: 't.log', text: threads.replace('$ sysbench threads --time=1 run\n', '')}])
    expect(refused).toEqual(["t.log: no `SQL statistics:` or `OLTP test statistics:` in the final statistics (line 8), so not an OLTP test (cpu, memory, fileio, threads and mutex print none): benchdoc reads sysbench's OLTP tests (oltp_*.lua, oltp.lua, --test=oltp), whose final statistics start with `SQL statistics:` or `OLTP test statistics:`"])
  })

  it('should read the banner of sysbench 0.4.8 and older, which wrote `v0.4.8`', () => {
    expect(parseSysbenchOutput(corpus('0.4.12-hgxl64-oltp-ro-4.log').replace('sysbench 0.4.12:', 'sysbench v0.4.8:')).version).toBe('0.4.8')
  })
})

describe('a multi-hour run', () => {
  it('should read 43,200 interval lines of a 12-hour run into at most 120 entries, the statistics unchanged', () => {
    const log = corpus('1.0.17-mcgrof-12-hours-rw-128.log')
    const lines = Array.from({length: 43200}, (_, i) => `[ ${i + 1}s ] thds: 128 tps: 5374.40 qps: 107488.22 (r/w/o: 75241.75/21497.64/10748.83) lat (ms,95%): 33.72 err/s: 0.00 reconn/s: 0.00`)
    const long = log.replace(/(Threads started!\n\n)[^]*?(SQL statistics:)/, `$1${lines.join('\n')}\n$2`)
    expect(long.length).toBeGreaterThan(5_000_000)
    const point = pointOf(long)
    expect({...point, intervals: point.intervals.length}).toEqual({...pointOf(log), intervals: 120})
    expect(point.intervals[119]).toEqual({t: 43200, qps: 107488.22, tps: 5374.4, latency_p95: 33.72})
  })
})
