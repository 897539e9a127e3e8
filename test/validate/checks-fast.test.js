import {isUtf8} from 'node:buffer'
import {readFileSync} from 'node:fs'
import {join} from 'node:path'
import {describe, expect, test} from 'vitest'
import {ROOT} from '../helpers/paths.js'
import {parseYamlSource} from '../../tools/lib/yaml-source.js'
import {checkSuspicious} from '../../tools/validate/suspicious.js'
import {decodeUtf8, firstInvalidUtf8} from '../../tools/lib/input.js'

// The checks that run over every file validated, written for speed: they must find what they found before, at the same place.

describe('the nesting limits, checked in the text before any parser', () => {
  /** @param {string} text */
  const limits = (text) => parseYamlSource('r.yaml', text).syntaxErrors.filter((e) => /^(Nested|Indented) more than/.test(e.message))
  const nested = (/** @type {number} */ line, /** @type {number} */ col) => [{message: 'Nested more than 64 levels deep, expected at most 64', place: {line, col}}]
  const indented = (/** @type {number} */ line) => [{message: 'Indented more than 256 columns, expected at most 256', place: {line, col: 257}}]

  test('should not count brackets in quoted text or in a comment, and count them after a # that opens no comment', () => {
    expect(limits(`a: "${'['.repeat(70)}"\nb: '${'{'.repeat(70)}'\n`)).toEqual([])
    expect(limits(`a: 1 # ${'['.repeat(70)}\nb: x#${'['.repeat(65)}\n`)).toEqual(nested(2, 70))
    expect(limits(`a: "x\\" ${'['.repeat(65)}"\nb: ${'['.repeat(65)}${']'.repeat(65)}\n`)).toEqual(nested(2, 68))
    expect(limits(`a: ${']'.repeat(10)}${'['.repeat(64)}${']'.repeat(64)}\nb: ${'['.repeat(65)}\n`)).toEqual(nested(2, 68))
  })

  test('should count the indentation of every line, of dashes too and inside quoted text', () => {
    expect(limits(`a: "x\n${' '.repeat(257)}y"\n`)).toEqual(indented(2))
    expect(limits(`a:\n${'- '.repeat(129)}x\n`)).toEqual(indented(2))
    expect(limits(`${' '.repeat(256)}a: 1\n`)).toEqual([])
  })

  test('should say where a file goes wrong that yaml\'s parser recurses into too deep to follow (test/fuzz/regressions/report/31372ee436d4.yaml)', () => {
    // its lines from the 16th are ` \0 - {subject: b, …}`: a NUL, or any other character, before the dash
    const text = readFileSync(join(ROOT, 'test', 'fuzz', 'regressions', 'report', '31372ee436d4.yaml'), 'utf8').replaceAll('\0', 'x')
    expect(parseYamlSource('r.yaml', text).syntaxErrors).toEqual([{message: 'Unexpected `x - {subject: b, workload: oltp_insert, …` here, expected YAML that lines up with what it belongs to (this line and those after it do not)', place: {line: 58, col: 2}}])
  })
})

describe('latencies in another unit', () => {
  test('should compare a group with the median of all the others, when values repeat and their count is even', () => {
    const results = []
    for (const [subject, scale] of /** @type {const} */ ([['a', 1], ['b', 1], ['c', 1000]])) {
      for (const workload of ['oltp_insert', 'oltp_read_only']) {
        for (const threads of [8, 16]) results.push({subject, workload, threads, qps: 1000, latency_avg: 2 * scale, latency_p95: (2 + threads / 8) * scale})
      }
    }
    const report = {subjects: [{id: 'a'}, {id: 'b'}, {id: 'c'}], plan: {clients: 1, workloads: [{name: 'oltp_insert', threads: [8, 16]}, {name: 'oltp_read_only', threads: [8, 16]}]}, results}
    /** @type {unknown[]} */
    const warnings = []
    checkSuspicious(/** @type {import('../../tools/types/report.js').Report} */ (/** @type {unknown} */ (report)), (...w) => warnings.push(w))
    const unit = (/** @type {string} */ m, /** @type {number} */ i, /** @type {string} */ w, /** @type {string} */ f, /** @type {number} */ mine, /** @type {number} */ theirs) =>
      ['suspicious-latency-unit', ['results', i, m], `Suspicious ${m} of c × ${w}: 2 points about ${f}× above the report's other latencies (median ${mine} against ${theirs} ms); latencies are in ms: typed in µs?`]
    expect(warnings).toEqual([
      unit('latency_avg', 8, 'oltp_insert', '1000', 2000, 2),
      unit('latency_avg', 10, 'oltp_read_only', '1000', 2000, 2),
      unit('latency_p95', 8, 'oltp_insert', '875', 3500, 4),
      unit('latency_p95', 10, 'oltp_read_only', '875', 3500, 4)
    ])
  })
})

describe('latencies all within the unit factor of each other', () => {
  test('should give no warning however they group, and a latency just past the factor still gives one', () => {
    /** @param {number} high */
    const warnings = (high) => {
      const results = [1, 2, 3].flatMap((t) => [{subject: 'a', workload: 'oltp_insert', threads: t, qps: 10, latency_avg: 1}, {subject: 'b', workload: 'oltp_insert', threads: t, qps: 10, latency_avg: high}])
      results.push({subject: 'c', workload: 'oltp_insert', threads: 1, qps: 10, latency_avg: 1})
      /** @type {string[]} */
      const found = []
      const report = {subjects: [{id: 'a'}, {id: 'b'}, {id: 'c'}], plan: {clients: 1, workloads: [{name: 'oltp_insert', threads: [1, 2, 3]}]}, results}
      checkSuspicious(/** @type {import('../../tools/types/report.js').Report} */ (/** @type {unknown} */ (report)), (rule) => found.push(rule))
      return found
    }
    expect(warnings(284)).toEqual([])
    expect(warnings(299)).toEqual([])
    expect(warnings(300)).toEqual(['suspicious-latency-unit', 'suspicious-latency-unit'])
  })
})

describe('a file read as UTF-8', () => {
  test('should be refused exactly where the bytes are not UTF-8 or hold a NUL, for every sequence of up to four boundary bytes', () => {
    const bytes = [0x00, 0x41, 0x7f, 0x80, 0x8f, 0x90, 0x9f, 0xa0, 0xbf, 0xc0, 0xc1, 0xc2, 0xdf, 0xe0, 0xed, 0xee, 0xef, 0xf0, 0xf4, 0xf5, 0xfe, 0xff]
    let refused = 0
    /** @type {number[][]} */
    const disagree = []
    /** @param {number[]} seq */
    const check = (seq) => {
      const b = Uint8Array.from(seq)
      const expected = isUtf8(b) && !seq.includes(0)
      // the place named: all before it is UTF-8, and no character starts there
      const bad = firstInvalidUtf8(b)
      const valid = (/** @type {number} */ from, /** @type {number} */ to) => isUtf8(b.subarray(from, to))
      if ((bad === -1) !== isUtf8(b) || (bad !== -1 && (!valid(0, bad) || [1, 2, 3, 4].some((k) => bad + k <= b.length && valid(bad, bad + k))))) disagree.push(seq)
      let accepted = true
      try {
        decodeUtf8(b, 'r.yaml')
      } catch {
        accepted = false
        refused++
      }
      if (accepted !== expected) disagree.push(seq)
      if (seq.length < 4) for (const x of bytes) check([...seq, x])
    }
    check([])
    expect(disagree).toEqual([])
    expect(refused).toBe(244276)
  })
})
