import {coordinateText, coordinatesKey, metricOf} from '../../derive/report.js'
import {repeatsNeeded} from '../../derive/stats.js'
import {noiseOf, sampleValues, verdictSettings} from '../../derive/verdict.js'

/** Repeats that spread more than the verdict margin δ: at that noise (as `benchdoc noise` has it) ±δ takes 16 repeats or more (docs/validating.md). @type {import('./context.js').ReportRule} */
export const noisyRepeats = {
  name: 'noisy-repeats',
  check({report, results, planClients, doc, warning}) {
    const [metric, {margin}] = [metricOf(report), verdictSettings(report)]
    results.forEach((p, i) => {
      const cv = noiseOf([sampleValues(p, metric).map(Math.log)]).cv ?? 0
      if (cv * 100 > margin) warning('noisy-repeats', ['results', i, 'samples'], `Noisy repeats of ${p.subject} × ${p.workload} × ${coordinateText(p, planClients)}: ${metric} CV ${(cv * 100).toFixed(1)} % over ${p.samples?.length} repeats, expected at most the verdict margin ${margin} %; ±${margin} % at 80 % power would need ${repeatsNeeded(cv, margin / 100)} repeats per subject (\`benchdoc noise ${doc.file}\` pools the workload's points)`)
    })
  }
}

/**
 * Cells a stopping rule (`plan.repeats`) measured to its max and left inconclusive: the noise defeated
 * the plan, said with the cell's CV and the repeats `benchdoc noise` would advise.
 * @param {import('./context.js').RuleContext} context
 * @param {import('../../derive/verdict.js').Cell[]} cells  the report's verdicts
 */
export function undecidedAtMax({report, results, planClients, doc, warning}, cells) {
  const rule = report.plan.repeats
  if (!rule) return
  const {margin} = verdictSettings(report)
  for (const c of cells) {
    if (c.verdict !== 'inconclusive' || Math.min(c.n, c.n_baseline) < rule.max) continue
    const i = results.findIndex((p) => p.subject === c.subject && p.workload === c.workload && !p.error && coordinatesKey(p, planClients) === c.key)
    const cv = c.cv ?? 0
    warning('undecided-at-max', ['results', i, 'samples'], `Undecided verdict of ${c.subject} × ${c.workload} × ${coordinateText(results[i], planClients)}: ${c.measure} inconclusive after ${rule.max} rounds, the most \`repeats\` allows, at CV ${(cv * 100).toFixed(1)} %; ±${margin} % at 80 % power would need ${repeatsNeeded(cv, margin / 100)} repeats per subject (\`benchdoc noise ${doc.file}\` pools the workload's points)`)
  }
}
