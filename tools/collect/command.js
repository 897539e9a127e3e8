import {resolve} from 'node:path'
import {stringify} from 'yaml'
import {LIMITS, decodeUtf8, gunzipInput, readBytesInput} from '../lib/input.js'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {collectLog} from './collect.js'

export const HELP = `Usage: benchdoc collect LOG... [--merge | --repeats] [--warmup SECONDS]

Parse sysbench output (1.0.x or 1.1.x; plain or .gz) produced elsewhere and
print the points as YAML on stdout, in the form of a report's \`results\`.
A log written by \`benchdoc run\` holds every client and repeat of its point;
a plain sysbench log is one client. Several plain logs of the same point
(one per client) are merged with --merge.

Options:
  --merge            treat all LOGs as parallel clients of one point
  --repeats          treat all LOGs as repeats of one point: the point is their
                     median, with every repeat's figures kept as \`samples\`
  --warmup SECONDS   leave the first SECONDS of intervals out of the time-series
                     (not needed when the run used --report-checkpoints)
  -h, --help         show this help

Exit 0 when every log had final statistics, 1 when one had none, 2 on wrong usage.
`

/**
 * @param {string[]} argv
 * @param {import('../lib/io.js').Io} io
 */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    help: {type: 'boolean', short: 'h'},
    merge: {type: 'boolean'},
    repeats: {type: 'boolean'},
    warmup: {type: 'string'}
  })
  if (values.help) {
    io.out(HELP)
    return 0
  }
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
  const points = values.merge || values.repeats ? [collectLog(logs, {warmup, repeats: values.repeats})] : logs.map((log) => collectLog([log], {warmup}))
  io.out(stringify(points, {lineWidth: 0}))
  for (const p of points) if (p.error) io.err(`${p.log}: ${p.error.split('\n')[0]}\n`)
  return points.some((p) => p.error) ? 1 : 0
}
