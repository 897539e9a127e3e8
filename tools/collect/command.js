import {resolve} from 'node:path'
import {stringify} from 'yaml'
import {LIMITS, decodeUtf8, gunzipInput, readBytesInput} from '../lib/input.js'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {collectLogs} from './collect.js'

export const HELP = `Usage: benchdoc collect LOG... [--merge | --repeats] [--warmup SECONDS]

Parse the output of sysbench OLTP runs (0.4, 0.5, 1.0 or 1.1; plain or .gz)
produced elsewhere and print the points as YAML on stdout, in the form of a
report's \`results\`, each with the sysbench version that printed it.
A log written by \`benchdoc run\` holds every client and repeat of its point;
a plain sysbench log is one client, and each run in it one point. Several
plain logs of the same point (one per client) are merged with --merge.
Other tests (cpu, memory, fileio, threads, mutex), excerpts without the
start of the output, and statistics without throughput are refused.

Options:
  --merge            treat all LOGs as parallel clients of one point
  --repeats          treat all LOGs as repeats of one point: the point is their
                     median, with every repeat's figures kept as \`samples\`
  --warmup SECONDS   leave the first SECONDS of intervals out of the time-series
                     (not needed when the run used --report-checkpoints)
  -h, --help         show this help

Exit 0 when every log gave a point with figures, 1 when one was refused or its
run failed (its point then holds the error), 2 on wrong usage.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    merge: {type: 'boolean'},
    repeats: {type: 'boolean'},
    warmup: {type: 'string'}
  })
  if (positionals.length === 0) throw new UsageError(`Expected at least one log file\n\n${HELP}`)
  const warmup = values.warmup === undefined ? 0 : Number(values.warmup)
  if (!Number.isFinite(warmup) || warmup < 0) throw new UsageError(`Unexpected --warmup \`${values.warmup}\`, expected seconds ≥ 0`)
  const logs = positionals.map((p) => {
    const file = resolve(io.cwd, p)
    const bytes = readBytesInput(file, {shown: p, what: 'sysbench log', missing: 'usage', maxBytes: LIMITS.logBytes})
    // logs kept by `benchdoc run` are gzip; the limit holds after decompression too
    const text = decodeUtf8(gunzipInput(bytes, p), p)
    return {file: p, text}
  })
  if (values.merge && values.repeats) throw new UsageError(`Unexpected --merge with --repeats, expected one of them\n\n${HELP}`)
  const {points, refused, notes} = collectLogs(logs, {warmup, mode: values.merge ? 'merge' : values.repeats ? 'repeats' : 'each'})
  if (points.length > 0) io.out(stringify(points, {lineWidth: 0}))
  for (const line of [...refused, ...notes]) io.err(`${line}\n`)
  for (const p of points) if (p.error) io.err(`${p.log}: ${p.error.split('\n')[0]}\n`)
  return refused.length > 0 || points.some((p) => p.error) ? 1 : 0
}
