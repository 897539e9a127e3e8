import {resolve, relative} from 'node:path'
import {readTextInput} from '../lib/input.js'
import {UsageError} from '../lib/errors.js'
import {parseArgsOrUsage} from '../lib/args.js'
import {formatProblem} from '../lib/problems.js'
import {deriveReport} from '../derive/report.js'
import {repeatsNeeded} from '../derive/stats.js'
import {validateReportText} from '../validate/index.js'

export const HELP = `Usage: benchdoc noise REPORT.yaml... [--margin PERCENT] [--power FRACTION]

Noise calibration and repeats planner. For each workload and measure of a
report measured with repeats, print the run-to-run noise (the coefficient of
variation pooled over all its points, as the verdicts use it) and the repeats
per subject needed to tell a change of ±margin at the given power:
n = 2 (z₀.₉₇₅ + z_power)² CV² / δ².

Calibrate with an A/A run: a plan whose subjects are the same server twice
(docs/running.md, "Comparisons in one plan"), then \`benchdoc noise data/reports/<id>.yaml\`.

Options:
  --margin PERCENT   the change to detect (default: the report's verdict margin, else 2)
  --power FRACTION   chance of detecting it (default 0.8)
  -h, --help         show this help

Exit 0, 1 when a report is invalid, 2 on wrong usage.
`

/** @type {import('../lib/io.js').Command} */
export async function run(argv, io) {
  const {values, positionals} = parseArgsOrUsage(argv, {
    margin: {type: 'string'},
    power: {type: 'string'}
  })
  if (positionals.length === 0) throw new UsageError(`Expected at least one report file\n\n${HELP}`)
  const margin = values.margin === undefined ? undefined : Number(values.margin)
  if (margin !== undefined && !(margin > 0 && margin < 100)) throw new UsageError(`Unexpected --margin \`${values.margin}\`, expected a percentage above 0`)
  const power = Number(values.power ?? 0.8)
  if (!(power > 0 && power < 1)) throw new UsageError(`Unexpected --power \`${values.power}\`, expected a fraction between 0 and 1`)
  let invalid = false
  for (const p of positionals) {
    const file = resolve(io.cwd, p)
    const shown = relative(io.cwd, file) || file
    const {doc, problems, derived} = validateReportText(shown, readTextInput(file, {shown, what: 'report file', missing: 'usage'}))
    const errors = problems.filter((x) => x.severity === 'error')
    if (errors.length > 0 || !doc.data) {
      for (const e of errors) io.err(`${formatProblem(e)}\n`)
      invalid = true
      continue
    }
    const {verdicts} = derived ?? deriveReport(/** @type {import('../types/report.js').Report} */ (doc.data))
    const delta = margin ?? verdicts.settings.margin
    io.out(`${shown}: repeats per subject for ±${delta} % at ${Math.round(power * 100)} % power\n`)
    for (const n of verdicts.noise) {
      const text = n.cv == null
        ? 'no repeats, no noise estimate'
        : `CV ${(n.cv * 100).toFixed(2)} % (df ${n.df}) → ${repeatsNeeded(n.cv, delta / 100, {power})} repeats`
      io.out(`  ${n.name} ${n.measure}: ${text}\n`)
    }
  }
  return invalid ? 1 : 0
}
