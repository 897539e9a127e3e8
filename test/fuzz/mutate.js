import fc from 'fast-check'

/**
 * Structure-aware mutations of a corpus, as fast-check arbitraries: an input is a seed
 * file with a few edits of the kinds people and copy-paste make in YAML, Markdown and
 * logs (a line lost, doubled, moved or taken from another file, a number or a word
 * replaced, indentation changed, the text cut short or a line repeated many times, a
 * few odd characters). fast-check shrinks a failing input to the fewest, smallest edits.
 *
 * @typedef {{kind: 'delete' | 'duplicate', at: number}
 *   | {kind: 'swap', at: number, other: number}
 *   | {kind: 'splice', at: number, line: number}
 *   | {kind: 'number' | 'word', at: number, value: string}
 *   | {kind: 'indent', at: number, by: number}
 *   | {kind: 'cut', at: number}
 *   | {kind: 'repeat', at: number, times: number}
 *   | {kind: 'chars', at: number, text: string}} Edit
 */

/** Numbers that parsers and rules get wrong. */
const NUMBERS = ['0', '-0', '-1', '1e309', '-1e309', '.5', '1.', '1,234', '1,234.5', '99999999999999999999', '0.0000001', '1e-7', '007', '1.2.3', 'NaN', '.inf', '0x1F', '1_000', '２', '1万', '3.5 ms', '2147483648', '-2147483649', '1e21', '4.9e-324']

/** Words that mean something to one of the readers, or to none. */
const WORDS = [
  '', ' ', '\t', ':', ': ', '- ', '|', '||', '*', '**', '#', '## ', '{', '}', '[', ']', '&a ', '*a', '!!binary ', '!foo ', '---', '...', '>', '`', '```', '\\', '"', "'", '%',
  'null', '~', 'true', 'yes', '<<: ', '万', '毫秒', 'ミリ秒', '\u00a0', '\uFEFF', '\r', '\n', '\u2028', '\u0000', '\uFFFD', 'x'.repeat(300), '<script>alert(1)</script>',
  '{#purpose}', '{{< shortcode >}}', '|---|---|', '[x](javascript:alert(1))', '<img src=x onerror=alert(1)>', 'tps', 'qps', 'threads', 'latency', 'p95', 'oltp_point_select',
  'oltp_read_write', 'Number of threads: 0', 'SQL statistics:', 'sysbench 1.0.20 (using bundled LuaJIT 2.1.0-beta2)', '### benchdoc client 1/1 repeat 1/1',
  '[ 1s ] thds: 8 tps: 0.00 qps: 0.00 (r/w/o: 0.00/0.00/0.00) lat (ms,95%): 0.00 err/s: 0.00 reconn/s: 0.00', 'FATAL: ', 'ALERT: ', 'DEBUG: ', '-> ', '→', '%',
  'v1.0', 'id', 'subjects', 'results', 'workloads', 'baseline', 'version', '表', 'スループット', '吞吐量'
]

/** @type {fc.Arbitrary<Edit>} */
const edit = fc.oneof(
  fc.record({kind: fc.constantFrom(/** @type {const} */ ('delete'), /** @type {const} */ ('duplicate')), at: fc.nat()}),
  fc.record({kind: fc.constant(/** @type {const} */ ('swap')), at: fc.nat(), other: fc.nat()}),
  fc.record({kind: fc.constant(/** @type {const} */ ('splice')), at: fc.nat(), line: fc.nat()}),
  fc.record({kind: fc.constant(/** @type {const} */ ('number')), at: fc.nat(), value: fc.oneof(fc.constantFrom(...NUMBERS), fc.double({noNaN: true}).map(String), fc.integer().map(String))}),
  fc.record({kind: fc.constant(/** @type {const} */ ('word')), at: fc.nat(), value: fc.oneof(fc.constantFrom(...WORDS), fc.string({maxLength: 8}))}),
  fc.record({kind: fc.constant(/** @type {const} */ ('indent')), at: fc.nat(), by: fc.integer({min: -4, max: 6})}),
  fc.record({kind: fc.constant(/** @type {const} */ ('cut')), at: fc.nat()}),
  fc.record({kind: fc.constant(/** @type {const} */ ('repeat')), at: fc.nat(), times: fc.integer({min: 2, max: 400})}),
  fc.record({kind: fc.constant(/** @type {const} */ ('chars')), at: fc.nat(), text: fc.string({unit: 'binary', maxLength: 4})})
)

/**
 * Inputs: a seed with up to `maxEdits` edits, each text kept under `maxBytes`.
 * @param {string[]} seeds  the corpus, each file's text
 * @param {{maxEdits?: number, maxBytes?: number}} [options]
 * @returns {fc.Arbitrary<string>}
 */
export function mutatedText(seeds, {maxEdits = 6, maxBytes = 100_000} = {}) {
  const lines = seeds.flatMap((s) => s.split('\n'))
  return fc.record({seed: fc.nat({max: seeds.length - 1}), edits: fc.array(edit, {maxLength: maxEdits})})
    .map(({seed, edits}) => edits.reduce((text, e) => applyEdit(text, e, lines, maxBytes), seeds[seed]))
}

/**
 * @param {string} text @param {Edit} e @param {string[]} pool  every line of the corpus
 * @param {number} maxBytes
 */
export function applyEdit(text, e, pool, maxBytes) {
  const lines = text.split('\n')
  const i = e.at % Math.max(lines.length, 1)
  switch (e.kind) {
    case 'delete': return lines.toSpliced(i, 1).join('\n')
    case 'duplicate': return lines.toSpliced(i, 0, lines[i] ?? '').join('\n')
    case 'swap': {
      const j = e.other % lines.length
      const out = [...lines]
      ;[out[i], out[j]] = [out[j], out[i]]
      return out.join('\n')
    }
    case 'splice': return lines.toSpliced(i, 0, pool[e.line % pool.length] ?? '').join('\n')
    case 'number': return replaceNth(text, /-?\d+(?:\.\d+)?/g, e.at, e.value)
    case 'word': return replaceNth(text, /[^\s:,{}[\]|]+/g, e.at, e.value)
    case 'indent': {
      const line = lines[i] ?? ''
      return lines.toSpliced(i, 1, e.by >= 0 ? ' '.repeat(e.by) + line : line.replace(new RegExp(`^ {0,${-e.by}}`), '')).join('\n')
    }
    case 'cut': return text.slice(0, e.at % (text.length + 1))
    case 'repeat': {
      const line = lines[i] ?? ''
      const times = Math.min(e.times, Math.floor((maxBytes - text.length) / (line.length + 1)))
      return times > 0 ? lines.toSpliced(i, 0, ...Array(times).fill(line)).join('\n') : text
    }
    case 'chars': {
      const at = e.at % (text.length + 1)
      return text.slice(0, at) + e.text + text.slice(at)
    }
  }
}

/** @param {string} text @param {RegExp} pattern  global @param {number} n @param {string} value */
function replaceNth(text, pattern, n, value) {
  const matches = [...text.matchAll(pattern)]
  if (matches.length === 0) return text
  const m = matches[n % matches.length]
  const at = m.index ?? 0
  return text.slice(0, at) + value + text.slice(at + m[0].length)
}
